/** The bills' plugs into other modules: the BILL opener, the member's exit check, product usage. */
import { dec } from '@koperasi/finance';
import { registerExitCheck } from '../members/members.registry.ts';
import { registerProductUsage } from '../products/products.repo.ts';
import { registerOpenHandler } from '../savings/savings.accounts.ts';
import { openBillTx } from './bills.apply.ts';

export function registerBillHooks() {
  registerOpenHandler('BILL', (tx, ctx, body) => openBillTx(tx, ctx, body));
  registerExitCheck('bills', async (tx, _ctx, member) => {
    const rows = await tx.query<{ id: string; bill_number: string; name: string; debt: never }>(
      `SELECT id, bill_number, name, debt FROM bill
       WHERE tenant_id = app_tenant() AND member_id = $1 AND status IN ('RUNNING', 'WAITING_APPROVAL')`,
      [member.id],
    );
    return { blocking: rows.map((r) => ({ kind: 'BILL', id: r.id, label: `${r.name} ${r.bill_number}`, amount: r.debt })) };
  });
  registerProductUsage('bills', async (tx, productIds) => {
    const rows = await tx.query<{ product_id: string; n: number; balance: never }>(
      `SELECT product_id, count(*)::int AS n, coalesce(sum(debt) FILTER (WHERE status = 'RUNNING'), 0) AS balance
       FROM bill WHERE tenant_id = app_tenant() AND product_id = ANY($1::uuid[]) GROUP BY product_id`,
      [`{${productIds.join(',')}}`],
    );
    return new Map(rows.map((r) => [r.product_id, { count: r.n, balance: dec(r.balance) }]));
  });
}
