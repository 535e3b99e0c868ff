/**
 * The references of member_transaction and journal_line are checked once per statement (migration 1640,
 * docs/ledger.md "References checked per statement"), not by a foreign-key query per row. Each rule the keys
 * enforced still refuses, with the key's SQLSTATE (23503) and constraint name: a movement's account with another
 * member, an unknown cash account, a journal never posted (at COMMIT: a journal posted later in the same transaction
 * is accepted, as the deferred key accepted it), a line's unknown account, branch or journal; and from the parents'
 * side, deleting or re-keying an account, a ledger account or a branch still referenced. On PostgreSQL, a
 * transaction writing a movement holds its account FOR KEY SHARE, so a concurrent delete of the account waits and is
 * then refused.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/db.ts';
import { body, newTenant, type TestTenant, testDb } from './helpers.ts';
import { createActiveMember, createBranch } from './members-fixtures.ts';
import { defaultProducts } from './reconcile.ts';

interface Movement {
  id: string;
  saving_id: string;
  member_id: string;
  product_id: string;
  journal_id: string;
}

async function setUp(): Promise<{ t: TestTenant; mv: Movement; otherMember: string; emptyAccount: { id: string; memberId: string } }> {
  const t = await newTenant();
  const p = await defaultProducts(t.tenantId);
  const m = await createActiveMember(t.admin);
  const open = await t.admin.post('/api/transaction/request-open-product-member', {
    memberId: m.id,
    productId: p.voluntary,
    initialDeposit: 500_000,
  });
  expect(open.statusCode, open.body).toBe(200);
  const account = body<{ account: { id: string } }>(open).data.account;
  const other = await createActiveMember(t.admin);
  const empty = await t.admin.post('/api/transaction/request-open-product-member', { memberId: other.id, productId: p.voluntary });
  expect(empty.statusCode, empty.body).toBe(200);
  const db = await testDb();
  const mv = await db.owner((tx) =>
    tx.one<Movement>(
      'SELECT id, saving_id, member_id, product_id, journal_id FROM member_transaction WHERE tenant_id = $1 AND saving_id = $2 LIMIT 1',
      [t.tenantId, account.id],
    ),
  );
  expect(mv?.journal_id).toBeTruthy();
  return {
    t,
    mv: mv!,
    otherMember: other.id,
    emptyAccount: { id: body<{ account: { id: string } }>(empty).data.account.id, memberId: other.id },
  };
}

/** A copy of movement `from` with some columns replaced (NULL keeps the original's). */
function copyMovement(tx: Tx, tenantId: string, from: string, over: Partial<Record<'member' | 'saving' | 'cash' | 'journal', string>>) {
  return tx.exec(
    `INSERT INTO member_transaction (tenant_id, id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                     amount, balance_after, channel, cash_coa_id, group_id, description, created_by, approved_by, journal_id)
     SELECT tenant_id, gen_random_uuid(), seq, 'REFTEST' || floor(random() * 1e12)::bigint, transaction_date, coalesce($3::uuid, member_id),
            product_id, product_kind, coalesce($4::uuid, saving_id), kind, activity, amount, balance_after, channel, coalesce($5::uuid, cash_coa_id),
            group_id, description, created_by, approved_by, coalesce($6::uuid, journal_id)
       FROM member_transaction WHERE tenant_id = $1 AND id = $2`,
    [tenantId, from, over.member ?? null, over.saving ?? null, over.cash ?? null, over.journal ?? null],
  );
}

/** A copy of one line of `journal` with some columns replaced, as line 99. */
function copyLine(tx: Tx, tenantId: string, journal: string, over: Partial<Record<'account' | 'branch' | 'journal', string>>) {
  return tx.exec(
    `INSERT INTO journal_line (tenant_id, journal_id, line_no, account_id, debit, credit, description, branch_id, business_unit_id, date)
     SELECT tenant_id, coalesce($5::uuid, journal_id), 99, coalesce($3::uuid, account_id), debit, credit, description, coalesce($4::uuid, branch_id),
            business_unit_id, date
       FROM journal_line WHERE tenant_id = $1 AND journal_id = $2 ORDER BY line_no LIMIT 1`,
    [tenantId, journal, over.account ?? null, over.branch ?? null, over.journal ?? null],
  );
}

const rollback = new Error('rollback');
/** Runs fn in an owner transaction that is then rolled back. */
async function inRolledBack(fn: (tx: Tx) => Promise<void>): Promise<void> {
  const db = await testDb();
  await expect(
    db.owner(async (tx) => {
      await fn(tx);
      throw rollback;
    }),
  ).rejects.toBe(rollback);
}

const fk = (constraint: string) => ({ code: '23503', constraint });

describe('references checked per statement (migration 1640)', () => {
  it('a movement: its account with its member, its cash account and its journal (at COMMIT) must exist', async () => {
    const { t, mv, otherMember } = await setUp();
    const db = await testDb();
    await expect(db.owner((tx) => copyMovement(tx, t.tenantId, mv.id, { member: otherMember }))).rejects.toMatchObject(
      fk('member_transaction_saving_owner_fk'),
    );
    await expect(db.owner((tx) => copyMovement(tx, t.tenantId, mv.id, { cash: randomUUID() }))).rejects.toMatchObject(
      fk('member_transaction_tenant_id_cash_coa_id_fkey'),
    );
    await expect(db.owner((tx) => copyMovement(tx, t.tenantId, mv.id, { journal: randomUUID() }))).rejects.toMatchObject(
      fk('member_transaction_tenant_id_journal_id_fkey'),
    );
    // A valid copy goes in, and nothing is left waiting after COMMIT.
    await inRolledBack(async (tx) => {
      await copyMovement(tx, t.tenantId, mv.id, {});
    });
    await db.owner((tx) => copyMovement(tx, t.tenantId, mv.id, {}));
    const pending = await db.owner((tx) => tx.one<{ n: number }>('SELECT count(*)::int AS n FROM journal_ref_pending'));
    expect(pending?.n).toBe(0);
  });

  it('a journal posted after its movements in the same transaction is accepted, as the deferred key accepted it', async () => {
    const { t, mv } = await setUp();
    const db = await testDb();
    const journal = randomUUID();
    await db.tenant(t.tenantId, async (tx) => {
      await copyMovement(tx, t.tenantId, mv.id, { journal });
      const waiting = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM journal_ref_pending');
      expect(waiting?.n).toBe(1);
      const lines = await tx.query<{ account_id: string; debit: string; credit: string }>(
        'SELECT account_id, debit, credit FROM journal_line WHERE journal_id = $1 ORDER BY line_no',
        [mv.journal_id],
      );
      await tx.query(
        `SELECT * FROM ledger_post_arrays(ARRAY[$1::uuid], ARRAY[current_date], ARRAY['reference test'], ARRAY[NULL::text], ARRAY['SAVING'],
           ARRAY[NULL::text], ARRAY[false], ARRAY[false], ARRAY[NULL::uuid], ARRAY[NULL::text], ARRAY[NULL::uuid], $2::int[], $3::int[], $4::uuid[],
           $5::numeric[], $6::numeric[], $7::text[], $8::uuid[], $8::uuid[], false, false)`,
        [
          journal,
          `{${lines.map(() => 1).join(',')}}`,
          `{${lines.map((_, i) => i + 1).join(',')}}`,
          `{${lines.map((l) => l.account_id).join(',')}}`,
          `{${lines.map((l) => l.debit).join(',')}}`,
          `{${lines.map((l) => l.credit).join(',')}}`,
          `{${lines.map(() => 'NULL').join(',')}}`,
          `{${lines.map(() => 'NULL').join(',')}}`,
        ],
      );
    });
    const after = await db.owner((tx) =>
      tx.one<{ n: number; pending: number }>(
        `SELECT (SELECT count(*)::int FROM member_transaction WHERE tenant_id = $1 AND journal_id = $2) AS n,
                (SELECT count(*)::int FROM journal_ref_pending) AS pending`,
        [t.tenantId, journal],
      ),
    );
    expect(after).toEqual({ n: 1, pending: 0 });
  });

  it('a line: its account, its branch and its journal (at COMMIT) must exist', async () => {
    const { t, mv } = await setUp();
    const db = await testDb();
    await expect(db.owner((tx) => copyLine(tx, t.tenantId, mv.journal_id, { account: randomUUID() }))).rejects.toMatchObject(
      fk('journal_line_tenant_id_account_id_fkey'),
    );
    await expect(db.owner((tx) => copyLine(tx, t.tenantId, mv.journal_id, { branch: randomUUID() }))).rejects.toMatchObject(
      fk('journal_line_tenant_id_branch_id_fkey'),
    );
    await expect(db.owner((tx) => copyLine(tx, t.tenantId, mv.journal_id, { journal: randomUUID() }))).rejects.toMatchObject(
      fk('journal_line_tenant_id_journal_id_fkey'),
    );
    await inRolledBack(async (tx) => {
      await copyLine(tx, t.tenantId, mv.journal_id, {});
    });
  });

  it('a movement keeps its account, member, product and journal: changing them to ones that do not exist is refused', async () => {
    const { t, mv, otherMember } = await setUp();
    const db = await testDb();
    await expect(
      db.owner((tx) =>
        tx.exec('UPDATE member_transaction SET member_id = $2 WHERE tenant_id = $1 AND id = $3', [t.tenantId, otherMember, mv.id]),
      ),
    ).rejects.toMatchObject(fk('member_transaction_saving_owner_fk'));
    await expect(
      db.owner((tx) =>
        tx.exec('UPDATE member_transaction SET journal_id = $2 WHERE tenant_id = $1 AND id = $3', [t.tenantId, randomUUID(), mv.id]),
      ),
    ).rejects.toMatchObject(fk('member_transaction_tenant_id_journal_id_fkey'));
    await expect(
      db.owner((tx) =>
        tx.exec('UPDATE member_transaction SET cash_coa_id = $2 WHERE tenant_id = $1 AND id = $3', [t.tenantId, randomUUID(), mv.id]),
      ),
    ).rejects.toMatchObject(fk('member_transaction_tenant_id_cash_coa_id_fkey'));
    // What does not touch a reference passes untouched (a cancellation's status).
    await inRolledBack(async (tx) => {
      await tx.exec("UPDATE member_transaction SET description = 'x' WHERE tenant_id = $1 AND id = $2", [t.tenantId, mv.id]);
    });
  });

  it('a parent still referenced is neither deleted nor re-keyed: savings account, ledger account, branch', async () => {
    const { t, mv, otherMember } = await setUp();
    const db = await testDb();
    await expect(
      db.owner((tx) => tx.exec('DELETE FROM member_saving WHERE tenant_id = $1 AND id = $2', [t.tenantId, mv.saving_id])),
    ).rejects.toMatchObject(fk('member_transaction_saving_owner_fk'));
    await expect(
      db.owner((tx) =>
        tx.exec('UPDATE member_saving SET member_id = $3 WHERE tenant_id = $1 AND id = $2', [t.tenantId, mv.saving_id, otherMember]),
      ),
    ).rejects.toMatchObject(fk('member_transaction_saving_owner_fk'));
    // A write that keeps the key (the balance, or the key set to itself) passes.
    await inRolledBack(async (tx) => {
      await tx.exec('UPDATE member_saving SET member_id = member_id, balance = balance WHERE tenant_id = $1 AND id = $2', [
        t.tenantId,
        mv.saving_id,
      ]);
    });
    const account = await db.owner((tx) =>
      tx.one<{ account_id: string }>('SELECT account_id FROM journal_line WHERE tenant_id = $1 AND journal_id = $2 LIMIT 1', [
        t.tenantId,
        mv.journal_id,
      ]),
    );
    await expect(
      db.owner((tx) => tx.exec('DELETE FROM coa_account WHERE tenant_id = $1 AND id = $2', [t.tenantId, account!.account_id])),
    ).rejects.toMatchObject(fk('journal_line_tenant_id_account_id_fkey'));
    const branch = await createBranch(t, `Cabang ${randomUUID().slice(0, 6)}`, null);
    await expect(
      db.owner(async (tx) => {
        await copyLine(tx, t.tenantId, mv.journal_id, { branch });
        await tx.exec('DELETE FROM branch WHERE tenant_id = $1 AND id = $2', [t.tenantId, branch]);
      }),
    ).rejects.toMatchObject(fk('journal_line_tenant_id_branch_id_fkey'));
    // Unreferenced, the branch goes.
    await inRolledBack(async (tx) => {
      await tx.exec('DELETE FROM branch WHERE tenant_id = $1 AND id = $2', [t.tenantId, branch]);
    });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a movement being written holds its account: a concurrent delete waits, then is refused (PostgreSQL)',
    async () => {
      const { t, mv, emptyAccount } = await setUp();
      const db = await testDb();
      let deleting: Promise<unknown> | null = null;
      let settled = false;
      await db.owner(async (tx) => {
        await copyMovement(tx, t.tenantId, mv.id, { saving: emptyAccount.id, member: emptyAccount.memberId });
        deleting = db
          .owner((d) => d.exec('DELETE FROM member_saving WHERE tenant_id = $1 AND id = $2', [t.tenantId, emptyAccount.id]))
          .finally(() => {
            settled = true;
          });
        deleting.catch(() => undefined);
        await new Promise((r) => setTimeout(r, 400));
        expect(settled).toBe(false);
      });
      await expect(deleting).rejects.toMatchObject(fk('member_transaction_saving_owner_fk'));
    },
  );
});
