/**
 * Many deposits written straight into the tables, for the tests and benches that need a large list (no API posts
 * 100,000 movements in seconds): `n` deposits of Rp 1,000 into one voluntary account of one member (both made on the
 * first call, found on the next), numbered from a block of the cooperative's movement sequence, the balance moved and
 * one journal for them all, as the interest bench seeds its opening balances. `dateSql`: each movement's business
 * date as SQL over `g` (1..n). Used by excel-limit.test.ts and bench/exports.ts.
 */
import { dec } from '@koperasi/finance';
import type { Db } from '../src/db/db.ts';
import { systemCtx } from '../src/lib/context.ts';
import { post } from '../src/modules/ledger/posting.ts';

export async function bulkDeposits(
  db: Db,
  t: { tenantId: string; userId: string },
  n: number,
  opts: { cif: string; dateSql: string; journalDate: string },
): Promise<void> {
  const ctx = systemCtx(db, t.tenantId, { userId: t.userId, requestId: 'bulk-deposits' });
  await db.tenant(t.tenantId, async (tx) => {
    await tx.exec('SET LOCAL statement_timeout = 0');
    const product = (await tx.one<{ id: string; code: string }>(
      `SELECT id, code FROM product WHERE tenant_id = app_tenant() AND system_key = 'VOLUNTARY'`,
    ))!;
    const member =
      (await tx.one<{ id: string }>('SELECT id FROM member WHERE tenant_id = app_tenant() AND cif_number = $1', [opts.cif])) ??
      (await tx.one<{ id: string }>(
        `INSERT INTO member (tenant_id, cif_number, full_name, gender, identity_type, identity_number, member_type, status, join_date, principal_status)
         VALUES (app_tenant(), $1, 'Anggota ' || $1, 'L', 'KTP', lpad(regexp_replace($1, '\\D', '', 'g'), 16, '3'), 'MEMBER', 'ACTIVE', '2024-01-15', 'PAID')
         RETURNING id`,
        [opts.cif],
      ))!;
    const saving =
      (await tx.one<{ id: string }>('SELECT id FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1', [member.id])) ??
      (await tx.one<{ id: string }>(
        `INSERT INTO member_saving (tenant_id, account_number, member_id, product_id, kind, saving_type, status, balance, total_credit, open_date)
         VALUES (app_tenant(), $3 || '.' || $4, $1, $2, 'SAVING', 'VOLUNTARY', 'ACTIVE', 0, 0, '2024-01-15') RETURNING id`,
        [member.id, product.id, product.code, opts.cif],
      ))!;
    const group = crypto.randomUUID();
    await tx.exec(
      `WITH b AS (SELECT tenant_sequence_block('member_transaction_seq', $5::int) AS seqs),
            s AS (SELECT balance FROM member_saving WHERE tenant_id = app_tenant() AND id = $3)
       INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                       amount, balance_after, channel, group_id, created_by, approved_by)
       SELECT app_tenant(), b.seqs[g], 'TRXB' || lpad(b.seqs[g]::text, 12, '0'), ${opts.dateSql},
              $1, $2, 'SAVING', $3, 'TOPUP', 'DEPOSIT', 1000, s.balance + 1000 * g, 'TELLER', $4, $6, $6
         FROM generate_series(1, $5::int) g, b, s`,
      [member.id, product.id, saving.id, group, n, t.userId],
    );
    await tx.exec(
      'UPDATE member_saving SET balance = balance + $2, total_credit = total_credit + $2 WHERE tenant_id = app_tenant() AND id = $1',
      [saving.id, n * 1000],
    );
    const acc = Object.fromEntries(
      (
        await tx.query<{ id: string; code: string }>(
          `SELECT id, code FROM coa_account WHERE tenant_id = app_tenant() AND code IN ('10101', '20101')`,
        )
      ).map((r) => [r.code, r.id]),
    );
    const j = await post(tx, ctx, {
      date: opts.journalDate,
      description: `Setoran massal ${opts.cif}`,
      source: { module: 'SAVING', id: group },
      lines: [
        { accountId: acc['10101']!, debit: dec(n * 1000) },
        { accountId: acc['20101']!, credit: dec(n * 1000) },
      ],
    });
    await tx.exec('UPDATE member_transaction SET journal_id = $2 WHERE tenant_id = app_tenant() AND group_id = $1', [group, j.id]);
  });
}
