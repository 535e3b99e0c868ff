/**
 * The holding-account list marks a deposit whose payout waits for another user's approval (payoutRequestPending),
 * and only that one.
 */
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { i18n } from '../../../lib/i18n';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import HoldingPage from '../pages/HoldingPage';

beforeAll(async () => {
  await i18n.loadNamespaces(['deposits']);
});

function Signed({ children }: { children: ReactNode }) {
  return useAuth().user ? children : null;
}

const row = (n: number, pending: boolean) => ({
  id: `dep-${n}`,
  accountNumber: `SB.00000${n}`,
  certificateNumber: `BLY/2026/00000${n}`,
  memberId: `m-${n}`,
  memberName: `Anggota ${n}`,
  cifNumber: `202600000${n}`,
  productName: 'Simpanan Berjangka',
  status: 'MATURED',
  principal: 10_000_000,
  interest: 50_000,
  total: 10_050_000,
  since: '2026-11-15',
  payoutRequestPending: pending,
});

describe('holding list', () => {
  beforeEach(() => Cookies.set('csrf_token', 't'));

  it('marks the deposit with a payout request waiting for approval', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/users/detail')
        return { body: ok(user({ permissions: { member_transaction: { view: true, add: true, update: true, delete: false } } })) };
      if (url.pathname === '/api/transaction/deposit/holding')
        return {
          body: ok({
            content: [row(1, true), row(2, false)],
            totalElements: 2,
            totalPages: 1,
            page: 0,
            size: 10,
            totalPrincipal: 20_000_000,
            totalInterest: 100_000,
          }),
        };
      return { status: 404, body: { status: false, code: 404, message: 'not found' } };
    });
    renderWithProviders(
      <Signed>
        <HoldingPage />
      </Signed>,
      { auth: true, path: '/transactions/deposits/holding' },
    );
    await screen.findByText('SB.000002', {}, { timeout: 10_000 });
    const chip = screen.getByTestId('payout-pending-SB.000001');
    expect(chip.textContent).toBe(i18n.t('deposits:holding.pendingChip'));
    expect(screen.queryByTestId('payout-pending-SB.000002')).toBeNull();
  });
});
