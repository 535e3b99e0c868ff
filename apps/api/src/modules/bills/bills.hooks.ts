/** The bills' plugs into other modules: the BILL opener, the member's exit check, product usage. */
import { registerExitCheck } from '../members/members.registry.ts';
import { registerProductUsage } from '../products/products.repo.ts';
import { registerOpenHandler } from '../savings/savings.accounts.ts';
import { openBillTx } from './bills.apply.ts';
import { billUsage, openBillsOf } from './bills.ops.repo.ts';

export function registerBillHooks() {
  registerOpenHandler('BILL', (tx, ctx, body) => openBillTx(tx, ctx, body));
  registerExitCheck('bills', async (tx, _ctx, member) => {
    const rows = await openBillsOf(tx, member.id);
    return { blocking: rows.map((r) => ({ kind: 'BILL', id: r.id, label: `${r.name} ${r.bill_number}`, amount: r.debt })) };
  });
  registerProductUsage('bills', (tx, productIds) => billUsage(tx, productIds));
}
