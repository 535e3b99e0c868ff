/**
 * The teller session rule reaches the cash routes of every money module (savings, loans, term deposits, bills,
 * business units, SHU, member exit, manual journals) through the root hook (teller.guard.ts), not through code in
 * those modules:
 *  - a TELLER without an open session, sending a well-formed body, is refused with TELLER_SESSION_REQUIRED before
 *    the route looks anything up (with a session, the same body reaches the route and answers for itself);
 *  - a TELLER with an open session who names another CASH account (Kas Besar) is refused with TELLER_CASH_NOT_OWN
 *    on every route whose body names an account, while a BANK account and her own drawer go through; the list of
 *    such routes is checked against the API's own description (OpenAPI), so a new route naming an account cannot
 *    escape the test.
 */
import { MENU_SECTION_KEYS, type PermissionMatrix } from '@koperasi/contracts';
import { describe, expect, it } from 'vitest';
import { body, newTenant, type TestTenant } from './helpers.ts';
import { createUser } from './members-fixtures.ts';
import { coaIds } from './reconcile.ts';

const id = () => crypto.randomUUID();
const TODAY = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

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
  ['/api/transaction-business-unit', { businessUnitId: id(), kind: 'SALE_CASH', amount: 1000 }],
  ['/api/transaction-business-unit/payment-debt', { businessUnitId: id(), memberId: id(), amount: 1000 }],
  [`/api/transaction-business-unit/${id()}/payment-cancel`, { reason: 'x' }],
];

/**
 * Every POST whose body names a cash or bank account (`coaId`), with such a body: the rule "only her own
 * drawer" must refuse each when the account is another CASH account.
 */
const NAMING: Array<[string, (coaId: string) => Record<string, unknown>]> = [
  ['/api/transaction/request-open-product-member', (coaId) => ({ memberId: id(), productId: id(), initialDeposit: 1000, coaId })],
  ['/api/transaction/topup-saving', (coaId) => ({ memberSavingId: id(), amount: 1000, coaId })],
  ['/api/transaction/withdraw', (coaId) => ({ memberSavingId: id(), amount: 1000, coaId })],
  ['/api/transaction/topup-saving-by-cif', (coaId) => ({ cif: '999999', amount: 1000, coaId })],
  ['/api/transaction/topup-saving-by-cif-product-kas-bank', (coaId) => ({ cif: '999999', productId: id(), amount: 1000, coaId })],
  ['/api/transaction/withdraw-saving-by-cif-product-kas-bank', (coaId) => ({ cif: '999999', productId: id(), amount: 1000, coaId })],
  ['/api/transaction/close-product-saving', (coaId) => ({ memberSavingId: id(), coaId })],
  ['/api/transaction/withdraw-request/decide', (coaId) => ({ id: id(), status: 'APPROVED', coaId })],
  ['/api/home/request-cashing-out-online', (coaId) => ({ id: id(), status: 'APPROVED', coaId })],
  ['/api/transaction/deposit/{id}/payout', (coaId) => ({ method: 'CASH', coaId })],
  ['/api/transaction/product/loan/release', (coaId) => ({ loanId: id(), coaId })],
  ['/api/transaction/product/loan/payment-installment', (coaId) => ({ loanId: id(), coaId })],
  ['/api/transaction/product/loan/payment-partial', (coaId) => ({ loanId: id(), amount: 1000, coaId })],
  ['/api/transaction/product/loan/payment-open-amount', (coaId) => ({ loanId: id(), amount: 1000, coaId })],
  ['/api/transaction/product/loan/payment-full', (coaId) => ({ loanId: id(), coaId })],
  ['/api/transaction/product/bill/payment-open-amount', (coaId) => ({ billId: id(), amount: 1000, coaId })],
  ['/api/shu/pay-cash', (coaId) => ({ year: 2020, memberId: id(), coaId })],
  ['/api/coa/opening-balance', (coaId) => ({ date: TODAY, items: [{ coaId, balance: 0 }] })],
  ['/api/journal-manual', (coaId) => ({ date: TODAY, description: 'x', lines: [{ coaId, debit: 1000 }] })],
  ['/api/journal-manual/adjust', (coaId) => ({ date: TODAY, description: 'x', lines: [{ coaId, debit: 1000 }] })],
  // Not in the OpenAPI list: the settlements' options are free-form (member exit pays out in cash).
  ['/api/member/exit-confirm', (coaId) => ({ memberId: id(), coaId })],
];

/** POSTs whose body names an account but move no cash: user settings. */
const NOT_MONEY = new Set(['/api/users', '/api/users/coa']);

const url = (path: string) => path.replace('{id}', id());

/** A TELLER whose role may do everything, so the answer comes from the session rule rather than a 403. */
async function powerfulTeller(t: TestTenant, drawer: string) {
  const all: PermissionMatrix = Object.fromEntries(
    MENU_SECTION_KEYS.map((k) => [k, { view: true, add: true, update: true, delete: true }]),
  ) as PermissionMatrix;
  await t.app.db.tenant(t.tenantId, (tx) =>
    tx.exec(`UPDATE role SET permissions = $2::jsonb WHERE tenant_id = $1 AND code = 'TELLER'`, [t.tenantId, JSON.stringify(all)]),
  );
  const u = await createUser(t, { roleCode: 'TELLER' });
  expect((await t.admin.post('/api/users/coa', { userId: u.id, coaId: drawer })).statusCode).toBe(200);
  return u;
}

describe('the teller session rule covers every money module', () => {
  it('refuses a teller without a session on every cash route; with a session they go through', async () => {
    const t = await newTenant();
    const acc = await coaIds(t.tenantId);
    const u = await powerfulTeller(t, acc['10103']);
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

  it('a session teller may name no other CASH account (Kas Besar) on any route; a BANK account and her own drawer go through', async () => {
    const t = await newTenant();
    const acc = await coaIds(t.tenantId);
    // Every POST whose body names an account (OpenAPI) is in NAMING, or moves no cash.
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    const names = (s: unknown, depth = 0): boolean =>
      Boolean(s) &&
      typeof s === 'object' &&
      depth < 10 &&
      (('properties' in (s as object) && 'coaId' in ((s as { properties: object }).properties ?? {})) ||
        Object.values(s as object).some((v) => names(v, depth + 1)));
    const described = Object.entries(doc.paths)
      .filter(([path, ops]) => ops.post && names(ops.post.requestBody) && !NOT_MONEY.has(path))
      .map(([path]) => path)
      .sort();
    expect(described).toEqual(
      NAMING.map(([p]) => p)
        .filter((p) => p !== '/api/member/exit-confirm')
        .sort(),
    );

    const u = await powerfulTeller(t, acc['10103']);
    expect((await u.client.post('/api/transaction-user/open-teller', { openingBalance: 0 })).statusCode).toBe(200);
    for (const [path, make] of NAMING) {
      const refused = await u.client.post(url(path), make(acc['10101']));
      expect([refused.statusCode, body(refused).errorCode], path).toEqual([422, 'TELLER_CASH_NOT_OWN']);
      expect(body(refused).message).toBe(
        'Teller hanya boleh memakai kas sesinya sendiri (10103 Kas Teller); akun kas 10101 Kas Besar tidak dapat dipilih. Akun bank tetap boleh dipilih',
      );
      for (const allowed of [acc['10104'], acc['10103']]) {
        const res = await u.client.post(url(path), make(allowed));
        expect(body(res).errorCode, `${path}: ${res.body}`).not.toBe('TELLER_CASH_NOT_OWN');
        expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(500);
      }
    }
    // Another CASH account that is not Kas Besar (Kas Kecil) is refused as well; in English too.
    const en = await u.client.post(
      '/api/transaction/topup-saving',
      { memberSavingId: id(), amount: 1000, coaId: acc['10102'] },
      { 'accept-language': 'en' },
    );
    expect(body(en)).toMatchObject({
      errorCode: 'TELLER_CASH_NOT_OWN',
      message:
        'A teller may only use her own session cash (10103 Kas Teller); cash account 10102 Kas Kecil cannot be chosen. Bank accounts are still allowed',
    });
  });

  it('the rule follows the setting: with tellerSessionRequired off a teller may name Kas Besar; other roles are never concerned', async () => {
    const t = await newTenant();
    const acc = await coaIds(t.tenantId);
    const u = await powerfulTeller(t, acc['10103']);
    expect((await t.admin.post('/api/configuration', { transactionPolicy: { tellerSessionRequired: false } })).statusCode).toBe(200);
    const res = await u.client.post('/api/transaction/topup-saving', { memberSavingId: id(), amount: 1000, coaId: acc['10101'] });
    expect(body(res).errorCode).not.toBe('TELLER_CASH_NOT_OWN');
    expect(res.statusCode).toBeLessThan(500);
    const admin = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: id(), amount: 1000, coaId: acc['10101'] });
    expect(body(admin).errorCode).not.toBe('TELLER_CASH_NOT_OWN');
  });
});
