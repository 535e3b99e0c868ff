/**
 * The dashboard's loan summary (the `loans` part of GET /api/home/saving-loan):
 * outstanding and released this month, the counts with their links (arrears to
 * the NPL report for a user with report:view), and the empty state.
 */
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { Signed } from '../../../test/signed';
import LoanSummaryWidget from '../components/widgets/LoanSummaryWidget';

beforeAll(async () => {
  await i18n.loadNamespaces(['loans']);
  await loadFullCatalog();
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const staff = user({
  permissions: {
    member_transaction: { view: true, add: false, update: false, delete: false },
    report: { view: true, add: false, update: false, delete: false },
  },
});

function setup(loans: unknown) {
  stubFetch((url) => {
    if (url.pathname === '/api/users/detail') return { body: ok(staff) };
    if (url.pathname === '/api/home/saving-loan') return { body: ok({ savings: null, loans }) };
    return { status: 404, body: { status: false, code: 404, message: 'Tidak ditemukan', data: null } };
  });
  renderWithProviders(
    <Signed>
      <LoanSummaryWidget />
    </Signed>,
    { auth: true },
  );
}

describe('LoanSummaryWidget', () => {
  it('shows the loan side of the dashboard with its links', async () => {
    setup({ running: 3, outstanding: 34_000_000, waiting: 1, overdue: 2, releasedThisMonth: 12_000_000 });
    expect((await screen.findByTestId('loans-outstanding')).textContent).toMatch(/34[.,]000[.,]000/);
    expect(screen.getByTestId('loans-releasedThisMonth').textContent).toMatch(/12[.,]000[.,]000/);
    expect(screen.getByTestId('loans-overdue').textContent).toBe('In arrears: 2');
    expect(screen.getByTestId('loans-overdue').getAttribute('href')).toBe('/reports/npl');
    expect(screen.getByTestId('loans-running').getAttribute('href')).toBe('/transactions/loans?tab=all');
  });

  it('shows the empty state without a loan', async () => {
    setup({ running: 0, outstanding: 0, waiting: 0, overdue: 0, releasedThisMonth: 0 });
    expect(await screen.findByText('No loan is running yet.')).toBeTruthy();
  });
});
