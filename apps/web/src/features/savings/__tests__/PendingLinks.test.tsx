/** The dashboard's waiting counts link to their lists; the approval lists only for staff who may decide. */
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { Signed } from '../../../test/signed';
import SavingLoanWidget from '../components/widgets/SavingLoanWidget';

beforeAll(async () => {
  await i18n.loadNamespaces(['savings']);
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const summary = {
  savings: {
    totalBalance: 10_000_000,
    totalSaving: 6_000_000,
    totalEquity: 4_000_000,
    accounts: 12,
    byType: [],
    thisMonth: { deposits: 0, withdrawals: 0, transactions: 0 },
    trend: [],
    membersPrincipalOwed: 0,
    pending: { cashOutOnline: 2, withdrawalApprovals: 3, accountOpenings: 1 },
  },
  loans: null,
};

function show(update: boolean) {
  stubFetch((url) => {
    if (url.pathname === '/api/users/detail')
      return { body: ok(user({ permissions: { member_transaction: { view: true, add: true, update, delete: false } } })) };
    if (url.pathname === '/api/home/saving-loan') return { body: ok(summary) };
    return { status: 404, body: { status: false, code: 404, message: 'x', data: null } };
  });
  renderWithProviders(
    <Signed>
      <SavingLoanWidget />
    </Signed>,
    { auth: true },
  );
}

describe('waiting counts on the dashboard', () => {
  it('link to the cash-out, withdrawal and opening lists', async () => {
    show(true);
    const withdrawals = await screen.findByTestId('pending-withdrawals', {}, { timeout: 8000 });
    expect(withdrawals).toHaveAttribute('href', '/transactions/online-requests?tab=withdrawals');
    expect(screen.getByTestId('pending-openings')).toHaveAttribute('href', '/transactions/online-requests?tab=openings');
    expect(screen.getByTestId('pending-cash-out')).toHaveAttribute('href', '/transactions/online-requests');
  });

  it('are plain counts for the approval lists when the role may not decide', async () => {
    show(false);
    const withdrawals = await screen.findByTestId('pending-withdrawals', {}, { timeout: 8000 });
    expect(withdrawals).not.toHaveAttribute('href');
    expect(screen.getByTestId('pending-openings')).not.toHaveAttribute('href');
    expect(screen.getByTestId('pending-cash-out')).toHaveAttribute('href', '/transactions/online-requests');
  });
});
