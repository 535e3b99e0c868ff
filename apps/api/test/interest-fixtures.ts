/**
 * Fixtures of the consolidation and interest-upload tests: a voluntary savings product and accounts whose history is
 * moved back to April 2026 (the demo and a fresh cooperative have no balances in a past month). The same fixture as
 * interest.test.ts: opened 20 March with Rp 1,000,000, Rp 2,000,000 more on 11 April, 3 % a year:
 *  - HARIAN: 70,000,000 balance-days x 3 % / 365 = 5,753.42 for April.
 */
import { expect } from 'vitest';
import { body, type TestTenant, testDb } from './helpers.ts';
import { createActiveMember } from './members-fixtures.ts';

export const START = '2026-04-01';
export const END = '2026-04-30';

export async function voluntaryProduct(t: TestTenant, terms: Record<string, unknown> = {}): Promise<string> {
  const gl = Object.fromEntries(
    body<Array<{ role: string; coaId: string }>>(
      await t.admin.get('/api/product/gl-defaults', { kind: 'SAVING', savingType: 'VOLUNTARY' }),
    ).data.map((r) => [r.role, r.coaId]),
  );
  const p = await t.admin.post('/api/product', {
    kind: 'SAVING',
    savingType: 'VOLUNTARY',
    name: `Sukarela Jasa ${Math.random().toString(36).slice(2, 7)}`,
    baseRate: 3,
    effectiveDate: '2020-01-01',
    balanceBasis: 'HARIAN',
    glAccounts: gl,
    ...terms,
  });
  if (p.statusCode !== 200) throw new Error(`product failed: ${p.body}`);
  return body<{ id: string }>(p).data.id;
}

/** An account of `productId` for a new member (or `memberId`): Rp 1,000,000 from 20 March, + Rp 2,000,000 on 11 April. */
export async function aprilAccount(t: TestTenant, productId: string, opts: { memberId?: string; name?: string; branchId?: string } = {}) {
  const memberId =
    opts.memberId ??
    (
      await createActiveMember(t.admin, {
        fullName: opts.name ?? 'Dewi Lestari',
        gender: 'P',
        ...(opts.branchId ? { branchId: opts.branchId } : {}),
      })
    ).id;
  const o = await t.admin.post('/api/transaction/request-open-product-member', { memberId, productId, initialDeposit: 1_000_000 });
  if (o.statusCode !== 200) throw new Error(`open failed: ${o.body}`);
  const s = body<any>(o).data.account as { id: string; accountNumber: string };
  const top = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: s.id, amount: 2_000_000 });
  expect(top.statusCode, top.body).toBe(200);
  const db = await testDb();
  await db.owner(async (tx) => {
    await tx.exec(`UPDATE member_saving SET open_date = '2026-03-20' WHERE tenant_id = $1 AND id = $2`, [t.tenantId, s.id]);
    await tx.exec(
      `UPDATE member_transaction SET transaction_date = CASE WHEN balance_after = 1000000 THEN '2026-03-20'::date ELSE '2026-04-11'::date END
       WHERE tenant_id = $1 AND saving_id = $2`,
      [t.tenantId, s.id],
    );
  });
  return { memberId, savingId: s.id, accountNumber: s.accountNumber };
}

export async function balanceOf(t: TestTenant, id: string): Promise<string> {
  const db = await testDb();
  return db.owner(async (tx) =>
    String(
      (await tx.one<{ balance: string }>('SELECT balance::text AS balance FROM member_saving WHERE tenant_id = $1 AND id = $2', [
        t.tenantId,
        id,
      ]))!.balance,
    ),
  );
}

export async function movementsOf(t: TestTenant, savingId: string, date: string) {
  const db = await testDb();
  return db.owner((tx) =>
    tx.query<{ kind: string; activity: string; amount: string; status: string }>(
      `SELECT kind, activity, amount::text, status FROM member_transaction WHERE tenant_id = $1 AND saving_id = $2 AND transaction_date = $3 ORDER BY seq`,
      [t.tenantId, savingId, date],
    ),
  );
}

export const key = () => ({ 'idempotency-key': crypto.randomUUID() });
