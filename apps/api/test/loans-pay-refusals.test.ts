/**
 * Every refusal of a loan payment (loan_pay_decide.sql, mapped to its message
 * once in modules/money/refusals.ts) reached through each payment route it
 * applies to: payment-open-amount, payment-partial, payment-installment and
 * payment-full. The message is checked against the catalogue with the
 * parameters the SQL must have answered (numbers, amounts in rupiah). Nothing
 * is written by a refusal: the books reconcile after each route.
 * (The teller session rule is a hook before these routes: teller-coverage.test.ts.)
 */
import { translate } from '@koperasi/contracts';
import { describe, expect, it } from 'vitest';
import { type LoanRefusalCode, type RefusalCode, refusalError } from '../src/modules/money/refusals.ts';
import { body, type newTenant } from './helpers.ts';
import { loanSetup, runningLoan } from './loans-fixtures.ts';
import { createActiveMember } from './members-fixtures.ts';
import { assertReconciled, defaultProducts } from './reconcile.ts';

const L = '/api/transaction/product/loan';
type Route = 'payment-open-amount' | 'payment-partial' | 'payment-installment' | 'payment-full';
const ROUTES: Route[] = ['payment-open-amount', 'payment-partial', 'payment-installment', 'payment-full'];

/** The route's own fields: an amount within what is due for the amount routes. */
const own = (r: Route, amount = 10_000): Record<string, unknown> =>
  r === 'payment-installment' ? { count: 1 } : r === 'payment-full' ? {} : { amount };

function expected(code: RefusalCode | LoanRefusalCode, params: Record<string, unknown> = {}) {
  const e = refusalError('id', code, params);
  return { status: e.statusCode, errorCode: e.errorCode, message: translate(e.messageKey, 'id', e.params) };
}

async function sql(t: Awaited<ReturnType<typeof newTenant>>, text: string, params: unknown[] = []) {
  await t.app.db.tenant(t.tenantId, (tx) => tx.exec(text, params));
}

describe('loan payment refusals, each through every route', () => {
  it('the loan, the amount and the product', async () => {
    const s = await loanSetup();
    const t = s.t;
    const loan = await runningLoan(s, { amount: 2_000_000, tenorInMonth: 2 });
    const closed = await runningLoan(s, { amount: 1_000_000, tenorInMonth: 1 });
    expect((await t.admin.post(`${L}/payment-full`, { loanId: closed.id })).statusCode).toBe(200);
    const cases: Array<{
      code: RefusalCode | LoanRefusalCode;
      route: Route;
      req: Record<string, unknown>;
      params?: Record<string, unknown>;
    }> = [];
    for (const route of ROUTES) {
      cases.push({ code: 'LOAN_NOT_FOUND', route, req: { loanId: crypto.randomUUID(), ...own(route) } });
      cases.push({
        code: 'LOAN_NOT_RUNNING',
        route,
        req: { loanId: closed.id, ...own(route) },
        params: { number: closed.loanNumber, status: 'PAID_OFF' },
      });
    }
    // 2.000.000 over 2 months at 1 %: 1.020.000 per installment, nothing due yet (the first is due in a month).
    cases.push({
      code: 'INSTALLMENTS_LEFT',
      route: 'payment-installment',
      req: { loanId: loan.id, count: 3 },
      params: { number: loan.loanNumber, left: 2 },
    });
    cases.push({
      code: 'PARTIAL_ABOVE_DUE',
      route: 'payment-partial',
      req: { loanId: loan.id, amount: 1_020_001 },
      params: { amount: 1_020_001, due: 1_020_000 },
    });
    cases.push({
      code: 'PAY_ABOVE_OWED',
      route: 'payment-open-amount',
      req: { loanId: loan.id, amount: 2_040_001 },
      params: { amount: 2_040_001, owed: 2_040_000 },
    });
    for (const c of cases) {
      const r = await t.admin.post(`${L}/${c.route}`, c.req);
      const want = expected(c.code, c.params);
      expect({ code: c.code, route: c.route, status: r.statusCode, errorCode: body(r).errorCode, message: body(r).message }).toEqual({
        code: c.code,
        route: c.route,
        ...want,
      });
    }
    await assertReconciled(t.tenantId);

    // Everything paid but the loan still running (as only a broken row could leave it): nothing to pay in full.
    await sql(
      t,
      `UPDATE loan_installment SET principal_paid = principal, interest_paid = interest, paid_date = current_date
       WHERE tenant_id = app_tenant() AND loan_id = $1`,
      [loan.id],
    );
    const none = await t.admin.post(`${L}/payment-full`, { loanId: loan.id });
    expect({ status: none.statusCode, errorCode: body(none).errorCode, message: body(none).message }).toEqual(
      expected('NOTHING_DUE', { number: loan.loanNumber }),
    );
    await sql(
      t,
      `UPDATE loan_installment SET principal_paid = 0, interest_paid = 0, paid_date = NULL WHERE tenant_id = app_tenant() AND loan_id = $1`,
      [loan.id],
    );

    // The product without its interest income account.
    await sql(t, `DELETE FROM product_gl_account WHERE tenant_id = app_tenant() AND product_id = $1 AND role = 'INTEREST_INCOME'`, [
      s.productId,
    ]);
    for (const route of ROUTES) {
      const r = await t.admin.post(`${L}/${route}`, { loanId: loan.id, ...own(route) });
      expect({ route, status: r.statusCode, errorCode: body(r).errorCode, message: body(r).message }).toEqual({
        route,
        ...expected('LOAN_GL_MISSING', { product: loan.productName }),
      });
    }
  }, 60_000);

  it('the member savings account and the cash account', async () => {
    const s = await loanSetup();
    const t = s.t;
    const loan = await runningLoan(s, { amount: 20_000_000, tenorInMonth: 2 });
    const p = await defaultProducts(t.tenantId);
    const other = await createActiveMember(t.admin, { fullName: 'Siti Aminah', gender: 'P' });
    const open = await t.admin.post('/api/transaction/request-open-product-member', {
      memberId: other.id,
      productId: p.voluntary,
      initialDeposit: 100_000,
    });
    const otherSaving = body<any>(open).data.account;
    const equity = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ id: string; account_number: string }>(
        `SELECT id, account_number FROM member_saving WHERE tenant_id = app_tenant() AND member_id = $1 AND kind <> 'SAVING' LIMIT 1`,
        [s.member.id],
      ),
    );
    const own5m = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ account_number: string }>('SELECT account_number FROM member_saving WHERE tenant_id = app_tenant() AND id = $1', [
        s.savingId,
      ]),
    );
    for (const route of ROUTES) {
      const amountOk = own(route);
      const fromSaving = (id: string) => ({ loanId: loan.id, source: 'SAVING', memberSavingId: id, ...amountOk });
      const cases: Array<[RefusalCode | LoanRefusalCode, Record<string, unknown>, Record<string, unknown>?]> = [
        ['ACCOUNT_NOT_FOUND', fromSaving(crypto.randomUUID())],
        ['SAVING_NOT_MEMBER', fromSaving(otherSaving.id), { number: otherSaving.accountNumber }],
        ['COA_NOT_FOUND', { loanId: loan.id, coaId: crypto.randomUUID(), ...amountOk }],
        ['COA_NOT_CASH_BANK', { loanId: loan.id, coaId: s.acc['40101'], ...amountOk }, { code: '40101', name: 'Pendapatan Jasa Pinjaman' }],
      ];
      if (equity) cases.push(['SAVING_NOT_VOLUNTARY', fromSaving(equity.id), { number: equity.account_number }]);
      if (route === 'payment-full' || route === 'payment-installment') {
        // 10.000.000 + 200.000 due from an account holding 5.000.000 less its minimum.
        const r = await t.admin.post(`${L}/${route}`, {
          ...fromSaving(s.savingId),
          ...(route === 'payment-installment' ? { count: 2 } : {}),
        });
        expect({ route, status: r.statusCode, errorCode: body(r).errorCode }).toEqual({
          route,
          status: 422,
          errorCode: 'INSUFFICIENT_BALANCE',
        });
        expect(body(r).message).toContain(own5m!.account_number);
      }
      for (const [code, req, params] of cases) {
        const r = await t.admin.post(`${L}/${route}`, req);
        const want = expected(code, params);
        if (code === 'COA_NOT_CASH_BANK') {
          expect({ code, route, status: r.statusCode, errorCode: body(r).errorCode }).toEqual({
            code,
            route,
            status: want.status,
            errorCode: want.errorCode,
          });
          expect(body(r).message).toContain('40101');
        } else
          expect({ code, route, status: r.statusCode, errorCode: body(r).errorCode, message: body(r).message }).toEqual({
            code,
            route,
            ...want,
          });
      }
      // The savings account still waiting for approval.
      await sql(t, `UPDATE member_saving SET status = 'PENDING' WHERE tenant_id = app_tenant() AND id = $1`, [s.savingId]);
      const closedAcc = await t.admin.post(`${L}/${route}`, fromSaving(s.savingId));
      expect({ status: closedAcc.statusCode, errorCode: body(closedAcc).errorCode, message: body(closedAcc).message }).toEqual(
        expected('ACCOUNT_PENDING', { number: own5m!.account_number }),
      );
      await sql(t, `UPDATE member_saving SET status = 'ACTIVE' WHERE tenant_id = app_tenant() AND id = $1`, [s.savingId]);
    }
    await assertReconciled(t.tenantId);
  }, 60_000);
});
