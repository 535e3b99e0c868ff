/**
 * The teller session rule reaches the cash routes of every money module (loans, term deposits, savings, business
 * units, bills) through the root hook (teller.guard.ts), not through code in those modules: a TELLER without an open
 * session, sending a well-formed body, is refused with TELLER_SESSION_REQUIRED before the route looks anything up
 * (with a session, the same body reaches the route and answers its own "not found"). Bills have no routes yet.
 */
import { describe, expect, it } from 'vitest';
import { body, newTenant } from './helpers.ts';
import { createUser } from './members-fixtures.ts';
import { coaIds } from './reconcile.ts';

const id = () => crypto.randomUUID();

/** Every cash-moving POST of the money modules, with a body that passes its schema. */
const ROUTES: Array<[string, Record<string, unknown>]> = [
  ['/api/transaction/topup-saving', { memberSavingId: id(), amount: 1000 }],
  ['/api/transaction/withdraw', { memberSavingId: id(), amount: 1000 }],
  ['/api/transaction/product/loan/release', { loanId: id() }],
  ['/api/transaction/product/loan/payment-installment', { loanId: id() }],
  ['/api/transaction/product/loan/payment-partial', { loanId: id(), amount: 1000 }],
  ['/api/transaction/product/loan/payment-open-amount', { loanId: id(), amount: 1000 }],
  ['/api/transaction/product/loan/payment-full', { loanId: id() }],
  ['/api/transaction/product/loan/cancel-payment', { paymentId: id(), reason: 'x' }],
  ['/api/transaction/deposit/withdraw', { accountProductId: id() }],
  ['/api/transaction/deposit/break', { accountProductId: id() }],
  ['/api/transaction/product/bill/payment-open-amount', { billId: id(), amount: 1000 }],
  ['/api/transaction/request-open-product-member', { memberId: id(), productId: id(), amount: 1_000_000, tenor: 3 }],
];

describe('the teller session rule covers every money module', () => {
  it('refuses a teller without a session on loans, deposits and savings cash routes; with a session they go through', async () => {
    const t = await newTenant();
    const acc = await coaIds(t.tenantId);
    const u = await createUser(t, { roleCode: 'TELLER' });
    expect((await t.admin.post('/api/users/coa', { userId: u.id, coaId: acc['10103'] })).statusCode).toBe(200);
    for (const [path, b] of ROUTES) {
      const res = await u.client.post(path, b);
      expect([res.statusCode, body(res).errorCode], path).toEqual([422, 'TELLER_SESSION_REQUIRED']);
    }
    const open = await u.client.post('/api/transaction-user/open-teller', { openingBalance: 0 });
    expect(open.statusCode, open.body).toBe(200);
    for (const [path, b] of ROUTES) {
      const res = await u.client.post(path, b);
      expect(body(res).errorCode, path).not.toBe('TELLER_SESSION_REQUIRED');
      expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(500);
    }
  });
});
