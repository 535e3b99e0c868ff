/**
 * The loan recapitulation screen in the DOM: the loan's terms, the schedule
 * and payments with their totals, the empty payments state, the server's
 * refusal (loan not found) with a retry, and the "Rekapitulasi" link of a
 * realization row pointing at the screen by URL.
 */
import { screen, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { ReportView } from '../components/ReportView';
import { RecapitulationPage } from '../pages/RecapitulationPage';

beforeAll(async () => {
  await i18n.loadNamespaces(['loan-portfolio', 'loans']);
  await loadFullCatalog();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const LOAN_ID = '11111111-1111-4111-8111-111111111111';
const recap = (payments: boolean) => ({
  loan: {
    loanId: LOAN_ID,
    loanNumber: 'PJ.000001',
    memberName: 'Siti Aminah',
    productName: 'Pinjaman Umum',
    status: 'RUNNING',
    amount: 6_000_000,
    tenorInMonth: 3,
    interestRate: 12,
    interestMethod: 'FLAT',
    releaseDate: '2026-09-01',
    maturityDate: '2026-12-01',
    paidOffDate: null,
    netDisbursed: 5_940_000,
    remainingPrincipal: 4_000_000,
    principalPaid: 2_000_000,
    interestPaid: 60_000,
    finePaid: 0,
  },
  installments: [1, 2, 3].map((n) => ({
    number: n,
    dueDate: `2026-1${n - 1}-01`,
    principal: 2_000_000,
    interest: 60_000,
    total: 2_060_000,
    principalPaid: n === 1 ? 2_000_000 : 0,
    interestPaid: n === 1 ? 60_000 : 0,
    finePaid: 0,
    paidDate: n === 1 ? '2026-10-01' : null,
  })),
  installmentTotals: {
    principal: 6_000_000,
    interest: 180_000,
    total: 6_180_000,
    principalPaid: 2_000_000,
    interestPaid: 60_000,
    finePaid: 0,
  },
  payments: payments
    ? [
        {
          seq: 1,
          paymentDate: '2026-10-01',
          kind: 'INSTALLMENT',
          source: 'CASH',
          amount: 2_060_000,
          principal: 2_000_000,
          interest: 60_000,
          fine: 0,
          status: 'POSTED',
          journalNumber: 'JU.000009',
        },
      ]
    : [],
  paymentTotals: payments
    ? { amount: 2_060_000, principal: 2_000_000, interest: 60_000, fine: 0 }
    : { amount: 0, principal: 0, interest: 0, fine: 0 },
});

function renderRecap() {
  return renderWithProviders(
    <Routes>
      <Route path="/reports/loans/:id/recapitulation" element={<RecapitulationPage />} />
    </Routes>,
    { path: `/reports/loans/${LOAN_ID}/recapitulation` },
  );
}

describe('RecapitulationPage', () => {
  it('shows the terms, the schedule and the payments with their totals', async () => {
    const calls = stubFetch((url) =>
      url.pathname === `/api/report/loan/${LOAN_ID}/recapitulation` ? { body: ok(recap(true)) } : { status: 404 },
    );
    renderRecap();
    expect(screen.getByTestId('recap-loading')).toBeTruthy();
    await screen.findByTestId('recap');
    expect(screen.getByText('PJ.000001 · Siti Aminah')).toBeTruthy();
    expect(screen.getByTestId('recap-tenorInMonth').textContent).toBe('3 months');
    expect(screen.getByTestId('recap-status').textContent).toBe('Running');
    expect(screen.getByText('Schedule (3 installments)')).toBeTruthy();
    expect(screen.getByText('Payments (1)')).toBeTruthy();
    const inst = screen.getByTestId('recap-installments');
    expect(within(inst).getAllByTestId('report-row')).toHaveLength(3);
    expect(within(inst).getByTestId('report-total').textContent).toContain('Total');
    const pays = screen.getByTestId('recap-payments');
    expect(within(pays).getAllByTestId('report-row')).toHaveLength(1);
    expect(within(pays).getByText('JU.000009')).toBeTruthy();
    expect(within(pays).getByText('Installment')).toBeTruthy();
    expect(calls.every((c) => c.url.pathname.startsWith('/api/report/loan/'))).toBe(true);
    expect((screen.getByTestId('recap-excel') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the empty state when the loan has no payment yet', async () => {
    stubFetch(() => ({ body: ok(recap(false)) }));
    renderRecap();
    const pays = await screen.findByTestId('recap-payments');
    expect(within(pays).queryAllByTestId('report-row')).toHaveLength(0);
    expect(within(pays).queryByTestId('report-total')).toBeNull();
    expect(screen.getByText('Payments (0)')).toBeTruthy();
  });

  it("shows the server's refusal with a retry", async () => {
    stubFetch(() => ({
      status: 404,
      body: { status: false, code: 404, errorCode: 'LOAN_NOT_FOUND', message: 'Loan not found', data: null },
    }));
    renderRecap();
    expect(await screen.findByText('Loan not found')).toBeTruthy();
    expect(screen.queryByTestId('recap')).toBeNull();
  });
});

describe('the Rekapitulasi action of a report row', () => {
  it('links each loan of the realization report to its recapitulation by URL', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/report/loan/realization-periode')
        return {
          body: ok({
            rows: [{ loanId: LOAN_ID, loanNumber: 'PJ.000001', memberName: 'Siti Aminah', amount: 6_000_000 }],
            totals: { amount: 6_000_000 },
          }),
        };
      return { body: ok([]) };
    });
    renderWithProviders(<ReportView report="realization" />, { path: '/reports/loans' });
    const link = await screen.findByTestId('recap-link');
    expect(link.getAttribute('href')).toBe(`/reports/loans/${LOAN_ID}/recapitulation`);
    expect(link.getAttribute('aria-label')).toBe('Recapitulation of loan PJ.000001');
  });
});
