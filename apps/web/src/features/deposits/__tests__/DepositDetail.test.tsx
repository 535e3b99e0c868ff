/**
 * A deposit's screen: its facts, the interest schedule with paid and upcoming
 * months, the mutations, and the early break sent with the deposit and the
 * penalty left to the product (the server decides).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { ReactElement, ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { i18n } from '../../../lib/i18n';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import DepositDetailPage from '../pages/DepositDetailPage';

beforeAll(async () => {
  await i18n.loadNamespaces(['deposits']);
});

function Signed({ children }: { children: ReactNode }) {
  return useAuth().user ? children : null;
}
const renderAt = (element: ReactElement, path: string) =>
  renderWithProviders(
    <Signed>
      <Routes>
        <Route path="/transactions/deposits/:id" element={element} />
      </Routes>
    </Signed>,
    { auth: true, path },
  );

const deposit = {
  id: 'dep-1',
  accountNumber: 'SB.000001',
  certificateNumber: 'BLY/2026/000001',
  memberId: 'm-1',
  cifNumber: '2026000001',
  memberName: 'Budi Santoso',
  productId: 'p-1',
  productCode: 'SB',
  productName: 'Simpanan Berjangka',
  status: 'ACTIVE',
  principal: 60_000_000,
  placedAmount: 60_000_000,
  tenor: 3,
  rate: 6,
  dayCount: 'MONTHLY',
  termNo: 1,
  startDate: '2026-10-15',
  maturityDate: '2099-01-15',
  placedDate: '2026-10-15',
  paidThrough: '2026-11-15',
  interestDestination: 'HOLDING',
  interestSavingId: null,
  interestSavingNumber: null,
  rollover: 'NONE',
  funding: 'CASH',
  interestPaid: 300_000,
  taxPaid: 30_000,
  penalty: 0,
  breakRequested: false,
  closedDate: null,
};

const setup = {
  deposit,
  terms: {
    rates: { 3: 6 },
    penalty: 1,
    penaltyBasis: 'PRINCIPAL',
    breakNeedsApproval: false,
    interestWithdrawalNeedsApproval: false,
    profitSharing: 0,
  },
  tax: { basis: 'MEMBER', taxFreeAmount: 240_000, ratePct: 10 },
  accruedInterest: 120_000,
  schedule: [
    {
      period: 1,
      from: '2026-10-15',
      to: '2026-11-15',
      days: 31,
      gross: 300_000,
      tax: 30_000,
      net: 270_000,
      status: 'PAID',
      destination: 'HOLDING',
    },
    {
      period: 2,
      from: '2026-11-15',
      to: '2026-12-15',
      days: 30,
      gross: 300_000,
      tax: 30_000,
      net: 270_000,
      status: 'UPCOMING',
      destination: null,
    },
  ],
  history: [],
};

const text = (el: Element) => el.textContent?.replace(/\s+/g, ' ').trim();

describe('deposit detail', () => {
  beforeEach(() => Cookies.set('csrf_token', 't'));

  it('shows the facts, the schedule and the mutations, and breaks with the product penalty', async () => {
    const calls = stubFetch((url, init) => {
      if (url.pathname === '/api/users/detail')
        return { body: ok(user({ permissions: { member_transaction: { view: true, add: true, update: true, delete: false } } })) };
      if (url.pathname === '/api/transaction/deposit/dep-1/detail-setup-interest') return { body: ok(setup) };
      if (url.pathname === '/api/transaction/product/dep-1/detail-mutation-deposit')
        return {
          body: ok({
            content: [
              {
                id: 't1',
                code: 'TRX1',
                transactionDate: '2026-10-15',
                kind: 'TOPUP',
                activity: 'PLACEMENT',
                amount: 60_000_000,
                balanceAfter: 60_000_000,
                status: 'POSTED',
                description: null,
                journalNumber: 'JU/2026/000001',
              },
              {
                id: 't2',
                code: 'TRX2',
                transactionDate: '2026-11-15',
                kind: 'WITHDRAW_TAX',
                activity: 'TAX',
                amount: 30_000,
                balanceAfter: 60_000_000,
                status: 'POSTED',
                description: null,
                journalNumber: 'JU/2026/000002',
              },
            ],
            page: 0,
            limit: 200,
            totalElements: 2,
            totalPages: 1,
          }),
        };
      if (url.pathname === '/api/transaction/deposit/break' && init.method === 'POST')
        return {
          body: ok(
            { status: 'BROKEN', deposit: { ...deposit, status: 'BROKEN', principal: 0 }, penalty: 600_000, payout: 59_400_000 },
            'Deposito berhasil dicairkan sebelum jatuh tempo',
          ),
        };
      return { status: 404, body: { status: false, code: 404, message: 'Tidak ditemukan', data: null } };
    });
    renderAt(<DepositDetailPage />, '/transactions/deposits/dep-1');
    const schedule = await screen.findByTestId('interest-schedule', {}, { timeout: 8000 });
    expect(screen.getByText('Budi Santoso (2026000001)')).toBeTruthy();
    expect(screen.getByText('BLY/2026/000001')).toBeTruthy();
    const rows = within(schedule).getAllByRole('row').slice(1).map(text);
    expect(rows[0]).toBe('115 Nov 202631Rp 300.000Rp 30.000Rp 270.000Dibayar');
    expect(rows[1]).toContain('Akan datang');
    const mutations = within(await screen.findByTestId('deposit-mutations'))
      .getAllByRole('row')
      .slice(1)
      .map(text);
    expect(mutations[0]).toContain('Penempatan');
    expect(mutations[1]).toContain('Pajak bunga');
    expect(mutations[1]).toContain('-Rp 30.000');
    expect(screen.queryByTestId('withdraw-open')).toBeNull();

    fireEvent.click(screen.getByTestId('break-open'));
    expect(await screen.findByText(/Perkiraan penalti Rp 600\.000/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('break-submit'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/transaction/deposit/break')).toBe(true));
    const sent = JSON.parse(String(calls.find((c) => c.url.pathname === '/api/transaction/deposit/break')!.init.body));
    expect(sent).toEqual({ accountProductId: 'dep-1', pinaltyBreak: null, reason: null });
  });

  it('shows an interest payout waiting for approval and lets another user approve it', async () => {
    const holding = {
      depositId: 'dep-1',
      accountNumber: deposit.accountNumber,
      open: { principal: 0, interest: 270_000, total: 270_000 },
      entries: [],
      payouts: [],
      pendingRequest: {
        id: 'req-1',
        method: 'CASH',
        kinds: ['INTEREST'],
        principal: 0,
        interest: 270_000,
        amount: 270_000,
        requestedBy: 'u-2',
        requestedByName: 'Teller Satu',
        requestedAt: '2026-11-20T03:00:00.000Z',
      },
    };
    const calls = stubFetch((url, init) => {
      if (url.pathname === '/api/users/detail')
        return { body: ok(user({ permissions: { member_transaction: { view: true, add: true, update: true, delete: false } } })) };
      if (url.pathname === '/api/transaction/deposit/dep-1/detail-setup-interest') return { body: ok(setup) };
      if (url.pathname === '/api/transaction/deposit/dep-1/holding') return { body: ok(holding) };
      if (url.pathname === '/api/transaction/product/dep-1/detail-mutation-deposit')
        return { body: ok({ content: [], page: 0, limit: 200, totalElements: 0, totalPages: 0 }) };
      if (url.pathname === '/api/transaction/deposit/dep-1/payout-approval' && init.method === 'POST')
        return { body: ok({ status: 'PAID', id: 'p-1', amount: 270_000 }, 'Dana penampung deposito berhasil dibayarkan') };
      return { status: 404, body: { status: false, code: 404, message: 'Tidak ditemukan', data: null } };
    });
    renderAt(<DepositDetailPage />, '/transactions/deposits/dep-1');
    const waiting = await screen.findByTestId('payout-request-waiting', {}, { timeout: 8000 });
    expect(text(waiting)).toContain('Teller Satu');
    expect(text(waiting)).toContain('Rp 270.000');
    fireEvent.click(screen.getByTestId('payout-decide'));
    fireEvent.click(await screen.findByTestId('payout-approve'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/transaction/deposit/dep-1/payout-approval')).toBe(true));
    const sent = JSON.parse(String(calls.find((c) => c.url.pathname === '/api/transaction/deposit/dep-1/payout-approval')!.init.body));
    expect(sent).toEqual({ status: 'APPROVED' });
  });
});
