/**
 * Teller movements in batches (savings.batch.ts, migration 0404): movements
 * arriving together share transactions, yet each keeps its own rules, row,
 * journal and number, audit entry, Idempotency-Key and answer, exactly as if
 * it had run alone; what a batch cannot decide runs alone.
 */
import { describe, expect, it } from 'vitest';
import { systemCtx } from '../src/lib/context.ts';
import { todayJakarta } from '../src/modules/ledger/dates.ts';
import { post } from '../src/modules/ledger/posting.ts';
import { body, countCalls, newTenant, testDb } from './helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled, coaIds, defaultProducts } from './reconcile.ts';

async function openAccounts(n: number, initialDeposit: number) {
  const t = await newTenant();
  const p = await defaultProducts(t.tenantId);
  const accounts: Array<{ id: string; memberId: string; accountNumber: string; cif: string }> = [];
  for (let i = 0; i < n; i++) {
    const m = await createActiveMember(t.admin, { fullName: `Anggota Batch ${i + 1}` });
    const open = await t.admin.post('/api/transaction/request-open-product-member', {
      memberId: m.id,
      productId: p.voluntary,
      initialDeposit,
    });
    expect(open.statusCode).toBe(200);
    const a = body<any>(open).data.account;
    accounts.push({ id: a.id, memberId: m.id, accountNumber: a.accountNumber, cif: m.cifNumber });
  }
  return { t, p, accounts };
}

describe('teller movements in batches', () => {
  it('movements arriving together share transactions, each with its own row, journal, number, audit entry and answer', async () => {
    const { t, accounts } = await openAccounts(12, 100000);
    const db = await testDb();
    const requests = accounts.flatMap((a, i) => [
      {
        name: 'deposit',
        a,
        run: () =>
          t.admin.post('/api/transaction/topup-saving', { memberSavingId: a.id, amount: 10000 }, { 'idempotency-key': `bd-${a.id}` }),
      },
      { name: 'withdraw', a, run: () => t.admin.post('/api/transaction/withdraw', { memberSavingId: a.id, amount: 50000.25 }) },
      // Always refused: the minimum balance (10.000) stays whatever the order.
      { name: 'overdraw', a, run: () => t.admin.post('/api/transaction/withdraw', { memberSavingId: a.id, amount: 1000000 }) },
      // A retry of the deposit with the same key, for half of the accounts.
      ...(i % 2
        ? [
            {
              name: 'retry',
              a,
              run: () =>
                t.admin.post('/api/transaction/topup-saving', { memberSavingId: a.id, amount: 10000 }, { 'idempotency-key': `bd-${a.id}` }),
            },
          ]
        : []),
    ]);
    const results = await Promise.all(requests.map((r) => r.run()));
    const by = (name: string) => results.filter((_, i) => requests[i].name === name);

    for (const r of [...by('deposit'), ...by('withdraw'), ...by('retry')]) expect(r.statusCode).toBe(200);
    for (const r of by('overdraw')) {
      expect(r.statusCode).toBe(422);
      expect(body(r).errorCode).toBe('INSUFFICIENT_BALANCE');
      expect(body(r).message).toMatch(/^Saldo rekening SS\.\d+ tidak cukup/);
    }
    // Each retry answers its deposit: the same transaction, replayed.
    for (const [i, r] of by('retry').entries()) {
      const a = requests.filter((x) => x.name === 'retry')[i].a;
      const first = by('deposit')[accounts.indexOf(a)];
      expect(body<any>(r).data.transaction.id).toBe(body<any>(first).data.transaction.id);
    }
    const posted = [...by('deposit'), ...by('withdraw')].map((r) => body<any>(r).data.transaction);
    expect(new Set(posted.map((x) => x.id)).size).toBe(24);
    expect(new Set(posted.map((x) => x.code)).size).toBe(24);
    for (const x of posted) expect(x.journalNumber).toMatch(/^JU\/\d{4}\/\d{6}$/);
    expect(new Set(posted.map((x) => x.journalNumber)).size).toBe(24);
    expect(posted.every((x) => x.cashCoa?.code === '10101' && x.tellerName === 'Admin Uji')).toBe(true);

    // Exact balances: 100.000 + 10.000 - 50.000,25 on every account, members = control account, ledger balanced.
    for (const a of accounts) {
      const acc = body<any>(await t.admin.get(`/api/transaction/saving/${a.id}/detail`)).data;
      expect(acc.balance).toBe(59999.75);
    }
    await assertReconciled(t.tenantId);

    const ids = posted.map((x) => x.id);
    const facts = await db.tenant(t.tenantId, (tx) =>
      tx.one<{ rows: number; txs: number; journals: number; audits: number; stored: number }>(
        `SELECT count(*)::int AS rows, count(DISTINCT m.xmin::text)::int AS txs, count(j.number)::int AS journals,
                (SELECT count(*)::int FROM audit_log a WHERE a.entity = 'member_transaction' AND a.entity_id = ANY($1::text[])
                    AND a.action IN ('saving.deposit', 'saving.withdraw')) AS audits,
                (SELECT count(*)::int FROM idempotency_key k WHERE split_part(k.key, '|', 3) = ANY($2::text[]) AND k.status_code = 200) AS stored
           FROM member_transaction m JOIN journal j ON j.tenant_id = m.tenant_id AND j.id = m.journal_id
          WHERE m.id = ANY($1::uuid[])`,
        [ids, accounts.map((a) => `bd-${a.id}`)],
      ),
    );
    expect(facts).toMatchObject({ rows: 24, journals: 24, audits: 24, stored: 12 });
    // Batched: fewer transactions than movements (on PGlite, whose one connection also serves each request's
    // sign-in check, the requests reach the queue one at a time and each batch is one movement).
    if (db.kind === 'postgres') expect(facts!.txs).toBeLessThan(24);
  });

  it('the teller screen by-CIF calls share the batches of by-account movements, the account found in the transaction', async () => {
    const { t, p, accounts } = await openAccounts(8, 100000);
    const db = await testDb();
    const coa = await coaIds(t.tenantId);
    const byCif = (path: string, a: (typeof accounts)[number], amount: number, key?: string) =>
      t.admin.post(
        `/api/transaction/${path}`,
        { cif: a.cif.toLowerCase(), productId: p.voluntary, coaId: coa['10101'], amount },
        key ? { 'idempotency-key': key } : undefined,
      );
    const requests = accounts.flatMap((a, i) => [
      { name: 'deposit', a, run: () => byCif('topup-saving-by-cif-product-kas-bank', a, 20000, `cif-${a.id}`) },
      { name: 'withdraw', a, run: () => byCif('withdraw-saving-by-cif-product-kas-bank', a, 30000.5) },
      // The same account by account, in the same moment (one movement per account in a batch: the other waits).
      { name: 'by-account', a, run: () => t.admin.post('/api/transaction/topup-saving', { memberSavingId: a.id, amount: 1000 }) },
      { name: 'voluntary', a, run: () => t.admin.post('/api/transaction/topup-saving-by-cif', { cif: a.cif, amount: 500 }) },
      { name: 'overdraw', a, run: () => byCif('withdraw-saving-by-cif-product-kas-bank', a, 1000000) },
      ...(i % 2 ? [{ name: 'retry', a, run: () => byCif('topup-saving-by-cif-product-kas-bank', a, 20000, `cif-${a.id}`) }] : []),
    ]);
    requests.push({
      name: 'unknown',
      a: accounts[0],
      run: () => t.admin.post('/api/transaction/topup-saving-by-cif', { cif: 'NOPE99', amount: 1000 }),
    });
    const results = await Promise.all(requests.map((r) => r.run()));
    const by = (name: string) => results.filter((_, i) => requests[i].name === name);
    const of = (name: string) => requests.filter((r) => r.name === name);

    for (const r of [...by('deposit'), ...by('withdraw'), ...by('by-account'), ...by('voluntary'), ...by('retry')]) {
      expect(r.statusCode, JSON.stringify(body(r))).toBe(200);
    }
    for (const [i, r] of by('deposit').entries()) {
      const x = body<any>(r).data.transaction;
      expect({ account: x.memberSavingId, cash: x.cashCoa.code, amount: x.amount }).toEqual({
        account: of('deposit')[i].a.id,
        cash: '10101',
        amount: 20000,
      });
      expect(x.journalNumber).toMatch(/^JU\/\d{4}\/\d{6}$/);
    }
    for (const [i, r] of by('retry').entries()) {
      const first = by('deposit')[accounts.indexOf(of('retry')[i].a)];
      expect(body<any>(r).data.transaction.id).toBe(body<any>(first).data.transaction.id);
    }
    for (const r of by('overdraw')) {
      expect(r.statusCode).toBe(422);
      expect(body(r).errorCode).toBe('INSUFFICIENT_BALANCE');
    }
    expect(by('unknown')[0].statusCode).toBe(404);
    expect(body(by('unknown')[0]).errorCode).toBe('MEMBER_NOT_FOUND');
    for (const a of accounts) {
      expect(body<any>(await t.admin.get(`/api/transaction/saving/${a.id}/detail`)).data.balance).toBe(
        100000 + 20000 - 30000.5 + 1000 + 500,
      );
    }
    await assertReconciled(t.tenantId);
    const ids = [...by('deposit'), ...by('withdraw')].map((r) => body<any>(r).data.transaction.id);
    const facts = await db.tenant(t.tenantId, (tx) =>
      tx.one<{ rows: number; txs: number }>(
        `SELECT count(*)::int AS rows, count(DISTINCT xmin::text)::int AS txs FROM member_transaction WHERE id = ANY($1::uuid[])`,
        [ids],
      ),
    );
    expect(facts!.rows).toBe(16);
    if (db.kind === 'postgres') expect(facts!.txs).toBeLessThan(16);
  });

  it('a batch posts its journals numbered right before COMMIT: the journals waiting before it first, no gap, none left waiting', async () => {
    const { t, accounts } = await openAccounts(3, 100000);
    const db = await testDb();
    const coa = await coaIds(t.tenantId);
    // A journal committed unnumbered (as a movement alone leaves it until its numbering step or the job).
    const waiting = await db.tenant(t.tenantId, (tx) =>
      post(
        tx,
        systemCtx(db, t.tenantId, { userId: t.adminUserId, requestId: 'waiting' }),
        {
          date: todayJakarta(),
          description: 'Menunggu nomor',
          source: { module: 'MANUAL' },
          lines: [
            { accountId: coa['10101'], debit: 1000 },
            { accountId: coa['30901'], credit: 1000 },
          ],
        },
        { numberAfterCommit: true },
      ),
    );
    expect(waiting.number).toBeNull();
    const results = await Promise.all(
      accounts.map((a) => t.admin.post('/api/transaction/topup-saving', { memberSavingId: a.id, amount: 10000 })),
    );
    for (const r of results) expect(r.statusCode).toBe(200);
    const numbers = await db.tenant(t.tenantId, (tx) =>
      tx.query<{ id: string; seq: number | null }>('SELECT id, seq FROM journal WHERE tenant_id = app_tenant() ORDER BY seq'),
    );
    // Every journal numbered, 1..n without a gap; the waiting one before the batch's.
    expect(numbers.every((n) => n.seq !== null)).toBe(true);
    expect(numbers.map((n) => n.seq)).toEqual(numbers.map((_, i) => i + 1));
    const seqOf = new Map(numbers.map((n) => [n.id, n.seq!]));
    for (const r of results) {
      const x = body<any>(r).data.transaction;
      expect(x.journalNumber).toMatch(/^JU\/\d{4}\/\d{6}$/);
      expect(seqOf.get(x.journalId)).toBeGreaterThan(seqOf.get(waiting.id)!);
    }
    await assertReconciled(t.tenantId);
  });

  it('checks each signed-in principal once per batch, not once per movement', async () => {
    // saving_move_many (through money_admit) checks the principals of a batch (auth_principal_ok: three SECURITY
    // DEFINER calls deep) once per distinct (session, user, digest). Written as a CTE read only inside a correlated
    // EXISTS, PostgreSQL inlined it and ran the check again for every movement (~7 % of a teller batch's database
    // time); MATERIALIZED keeps it once.
    const { t, accounts } = await openAccounts(4, 100000);
    const { result: outcomes, calls } = await countCalls(t.tenantId, t.adminUserId, 'auth_principal_ok', async (tx, p) => {
      const items = accounts.map((a, ord) => ({
        ord,
        op: 'TOPUP',
        activity: 'DEPOSIT',
        label: 'Setoran',
        saving: a.id,
        amount: '5000.00',
        usr: t.adminUserId,
        channel: 'TELLER',
        grp: crypto.randomUUID(),
        journal: crypto.randomUUID(),
        audit_action: 'saving.deposit',
        session: p.session,
        // The last one's digest no longer matches (its principal changed since it was read): it must not pass.
        digest: ord === 3 ? 'stale' : p.digest,
      }));
      const rows = await tx.query<{ ord: number; outcome: string }>(
        `SELECT ord, outcome FROM saving_move_many(CURRENT_DATE, NULL, $1::jsonb) ORDER BY ord`,
        [JSON.stringify(items)],
      );
      return rows.map((r) => r.outcome);
    });
    expect(outcomes).toEqual(['POSTED', 'POSTED', 'POSTED', 'RETRY']);
    // Two distinct principals (the good one, the stale one): two checks for four movements.
    expect(calls).toBe(2);
  });

  it('a journal the engine refuses sends every movement of the batch alone: each gets its own answer', async () => {
    const { t, accounts } = await openAccounts(4, 50000);
    const db = await testDb();
    const coa = await coaIds(t.tenantId);
    // The members' mandatory savings (another control account) keep working; the voluntary control account is
    // made inactive, so the engine refuses those journals (a rule the batch leaves to the ledger).
    const mandatory = await db.tenant(t.tenantId, (tx) =>
      tx.query<{ id: string }>(
        `SELECT s.id FROM member_saving s WHERE s.tenant_id = app_tenant() AND s.member_id = ANY($1::uuid[]) AND s.saving_type = 'MANDATORY' ORDER BY s.id`,
        [accounts.map((a) => a.memberId)],
      ),
    );
    expect(mandatory).toHaveLength(4);
    await db.owner((tx) =>
      tx.exec('UPDATE coa_account SET is_active = false WHERE tenant_id = $1 AND id = $2', [t.tenantId, coa['20101']]),
    );
    try {
      const results = await Promise.all([
        ...accounts.map((a) => t.admin.post('/api/transaction/topup-saving', { memberSavingId: a.id, amount: 5000 })),
        ...mandatory.map((m) => t.admin.post('/api/transaction/topup-saving', { memberSavingId: m.id, amount: 25000 })),
      ]);
      for (const r of results.slice(0, 4)) {
        expect(r.statusCode).toBe(422);
        expect(body(r).errorCode).toBe('ACCOUNT_INACTIVE');
      }
      for (const r of results.slice(4)) {
        expect(r.statusCode).toBe(200);
        expect(body<any>(r).data.transaction.journalNumber).toMatch(/^JU\//);
      }
    } finally {
      await db.owner((tx) =>
        tx.exec('UPDATE coa_account SET is_active = true WHERE tenant_id = $1 AND id = $2', [t.tenantId, coa['20101']]),
      );
    }
    for (const a of accounts) expect(body<any>(await t.admin.get(`/api/transaction/saving/${a.id}/detail`)).data.balance).toBe(50000);
    await assertReconciled(t.tenantId);
  });
});
