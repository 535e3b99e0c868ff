/**
 * Fixtures of the deposit tests: the deposits sub-ledger for the shared
 * reconciliation (deposit control account = sum of principals; principal =
 * its movements), a deposit product, and moving a deposit's term into the
 * past (the release pays periods due up to today).
 */
import { addMonthsSameDay } from '@koperasi/finance/deposit';
import { todayJakarta } from '../src/modules/ledger/dates.ts';
import { body, type TestTenant, testDb } from './helpers.ts';
import { registerInnerCheck, registerSubledger } from './reconcile.ts';

registerSubledger('deposits', {
  balances: `SELECT g.coa_id, sum(d.principal) AS amount FROM deposit d
             JOIN product_gl_account g ON g.tenant_id = d.tenant_id AND g.product_id = d.product_id AND g.role = 'CONTROL'
             WHERE d.tenant_id = app_tenant() GROUP BY g.coa_id`,
  controls: `SELECT DISTINCT g.coa_id FROM product_gl_account g JOIN product p ON p.tenant_id = g.tenant_id AND p.id = g.product_id
             WHERE g.tenant_id = app_tenant() AND g.role = 'CONTROL' AND p.kind = 'SAVING_DEPOSIT'`,
});

registerInnerCheck(
  'deposits',
  `SELECT 'deposit ' || d.account_number || ': principal ' || d.principal || ' <> movements ' || coalesce(x.total, 0) AS problem
   FROM deposit d
   LEFT JOIN LATERAL (
     SELECT sum(CASE WHEN t.kind = 'TOPUP' THEN t.amount WHEN t.kind = 'WITHDRAW' THEN -t.amount ELSE 0 END) AS total
     FROM member_transaction t WHERE t.tenant_id = d.tenant_id AND t.deposit_id = d.id
   ) x ON true
   WHERE d.tenant_id = app_tenant() AND d.principal <> coalesce(x.total, 0)`,
);

export const today = () => todayJakarta();

export async function glDefaults(t: TestTenant): Promise<Record<string, string>> {
  const res = await t.admin.get('/api/product/gl-defaults', { kind: 'SAVING_DEPOSIT' });
  const rows = body<Array<{ role: string; coaId: string }>>(res).data;
  return Object.fromEntries(rows.map((r) => [r.role, r.coaId]));
}

export async function createDepositProduct(t: TestTenant, over: Record<string, unknown> = {}): Promise<string> {
  const res = await t.admin.post('/api/product', {
    kind: 'SAVING_DEPOSIT',
    name: `Deposito ${Math.random().toString(36).slice(2, 8)}`,
    rate1Month: 4,
    rate3Month: 5,
    rate6Month: 5.5,
    rate12Month: 6,
    rate24Month: 6.5,
    minDeposit: 1000000,
    maxDeposit: 1000000000,
    earlyWithdrawalPenalty: 1,
    penaltyBasis: 'PRINCIPAL',
    dayCount: 'MONTHLY',
    autoRollover: false,
    effectiveDate: '2020-01-01',
    glAccounts: await glDefaults(t),
    ...over,
  });
  if (res.statusCode !== 200) throw new Error(`product failed: ${res.body}`);
  return body<{ id: string }>(res).data.id;
}

/** Moves a deposit's current term to start `monthsAgo` months before today (nothing paid yet). */
export async function backdate(t: TestTenant, depositId: string, start: string): Promise<void> {
  const db = await testDb();
  await db.owner(async (tx) => {
    const d = await tx.one<{ tenor: number }>('SELECT tenor FROM deposit WHERE tenant_id = $1 AND id = $2', [t.tenantId, depositId]);
    await tx.exec(
      `UPDATE deposit SET start_date = $3, placed_date = $3, paid_through = $3, maturity_date = $4 WHERE tenant_id = $1 AND id = $2`,
      [t.tenantId, depositId, start, addMonthsSameDay(start, d!.tenor)],
    );
  });
}

export function monthsAgo(n: number, from = today()): string {
  return addMonthsSameDay(from, -n);
}
