import { defineModule } from '../types.ts';
import { registerBillHooks } from './bills.hooks.ts';
import { billRoutes } from './bills.routes.ts';

/**
 * Bills (Tagihan): a member's bills of BILL products (FIXED_BILL,
 * NOT_FIXED_BILL, WITH_TOTAL_DEBT), approval, payments, stop, installment
 * changes. Opens BILL products through request-open-product-member (savings'
 * opener registry) and plugs into members (summary, exit) and products
 * (usage). The realization report is reports/bill.routes.ts. docs/bills.md.
 */
registerBillHooks();

export default defineModule({
  name: 'bills',
  order: 46,
  async routes(app) {
    await billRoutes(app);
  },
});
