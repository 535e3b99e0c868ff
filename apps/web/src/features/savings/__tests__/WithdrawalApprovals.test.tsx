/**
 * Withdrawals waiting for approval (tab of /transactions/online-requests):
 * listed from the withdraw-request datatable, approved after a confirmation
 * step (the withdrawal posts, the receipt is offered), rejected only with a
 * reason; the server's refusal shown; hidden for a role that may not decide.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import OnlineRequestsPage from '../pages/OnlineRequestsPage';
import { account, CASH, MY_CASH } from './fixtures';
import { Signed } from './signed';

beforeAll(async () => {
  await i18n.loadNamespaces(['savings']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('token', 't');
});

const staff = (update: boolean) => user({ permissions: { member_transaction: { view: true, add: true, update, delete: false } } });

const request = {
  id: 'wr-1',
  type: 'WITHDRAWAL',
  memberSavingId: 'acc-ss',
  accountNumber: 'SS.000028',
  productName: 'Simpanan Sukarela',
  balance: 5_421_000,
  memberId: 'm1',
  cifNumber: '2025000004',
  memberName: 'Wati Putri Fitriani',
  phone: null,
  amount: 3_000_000,
  description: null,
  bankName: null,
  bankAccountNumber: null,
  bankAccountName: null,
  cashCoa: { id: 'coa-10103', code: '10103', name: 'Kas Teller' },
  channel: 'TELLER',
  status: 'WAITING',
  reason: null,
  requestedBy: 'u2',
  requestedByName: 'Siti Rahmawati',
  requestedAt: '2026-11-21T03:00:00Z',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  transactionId: null,
  transactionCode: null,
};

function open(update: boolean, decideAnswer?: (body: Record<string, unknown>) => { status?: number; body: unknown }) {
  const posts: Array<{ body: Record<string, unknown>; key: string | null }> = [];
  const lists: URLSearchParams[] = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail') return { body: ok(staff(update)) };
    if (url.pathname === '/api/coa/101/search-by-parent') return { body: ok(CASH) };
    if (url.pathname === '/api/coa/assign-to-me') return { body: ok(MY_CASH) };
    if (url.pathname === '/api/transaction/saving/acc-ss/detail') return { body: ok({ ...account(), plan: null }) };
    if (url.pathname === '/api/transaction/withdraw-request/datatable') {
      lists.push(url.searchParams);
      return {
        body: ok({ content: [request], page: 0, limit: 10, totalElements: 1, totalPages: 1, waitingCount: 1, waitingAmount: 3_000_000 }),
      };
    }
    if (url.pathname === '/api/transaction/withdraw-request/wr-1/detail') return { body: ok(request) };
    if (url.pathname === '/api/transaction/withdraw-request/decide' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posts.push({ body, key: new Headers(init.headers).get('Idempotency-Key') });
      return decideAnswer?.(body) ?? { status: 500, body: null };
    }
    return { status: 404, body: { status: false, code: 404, message: 'x', data: null } };
  });
  renderWithProviders(
    <Signed>
      <Routes>
        <Route path="/transactions/online-requests" element={<OnlineRequestsPage />} />
      </Routes>
    </Signed>,
    { auth: true, path: '/transactions/online-requests?tab=withdrawals' },
  );
  return { posts, lists };
}

describe('withdrawals waiting for approval', () => {
  it('is not offered to a role that may not decide', async () => {
    const { lists } = open(false);
    await screen.findByTestId('table-search', {}, { timeout: 8000 });
    // The cash-out list is shown instead; the withdrawal queue is neither offered nor fetched.
    expect(screen.queryByTestId('tab-withdrawals')).toBeNull();
    expect(lists).toHaveLength(0);
  });

  it('asks for a reason to reject and shows the server refusal of an approval', async () => {
    const u = userEvent.setup({ delay: null });
    const refusal = {
      status: 422,
      body: {
        status: false,
        code: 422,
        message: 'Nominal melebihi batas penarikan peran Anda',
        errorCode: 'WITHDRAWAL_LIMIT',
        data: null,
      },
    };
    const { posts, lists } = open(true, () => refusal);
    await u.click(await screen.findByText('Wati Putri Fitriani', {}, { timeout: 8000 }));
    expect(lists[0]!.get('status')).toBe('WAITING');
    const dialog = await screen.findByTestId('request-dialog');
    expect(await within(dialog).findByText('Siti Rahmawati')).toBeInTheDocument();

    await u.click(screen.getByTestId('request-reject'));
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByText('Alasan wajib diisi')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await u.click(screen.getByText('Kembali'));
    await u.click(screen.getByTestId('request-approve'));
    // Approving asks for a confirmation before anything is sent.
    expect(screen.getByTestId('approve-note')).toHaveTextContent('SS.000028');
    expect(posts).toHaveLength(0);
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByTestId('posting-error')).toHaveTextContent('Nominal melebihi batas penarikan peran Anda');
    expect(posts[0]!.body).toEqual({ id: 'wr-1', status: 'APPROVED', reason: null, coaId: 'coa-10103' });
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects with the reason', async () => {
    const u = userEvent.setup({ delay: null });
    const { posts } = open(true, (b) => ({
      body: ok({ request: { ...request, status: 'REJECTED', reason: b.reason }, transaction: null }, 'Pengajuan ditolak'),
    }));
    await u.click(await screen.findByText('Wati Putri Fitriani', {}, { timeout: 8000 }));
    await screen.findByTestId('request-dialog');
    await u.click(await screen.findByTestId('request-reject'));
    await u.type(screen.getByTestId('reject-reason'), 'Saldo dibutuhkan untuk jaminan');
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByTestId('posting-done')).toHaveTextContent('Pengajuan ditolak');
    expect(posts[0]!.body).toEqual({ id: 'wr-1', status: 'REJECTED', reason: 'Saldo dibutuhkan untuk jaminan', coaId: null });
  });

  it('approves, posts and offers the receipt', async () => {
    const u = userEvent.setup({ delay: null });
    const { posts } = open(true, () => ({
      body: ok(
        {
          request: { ...request, status: 'APPROVED', transactionId: 'tx-9', transactionCode: 'TRX9' },
          transaction: { id: 'tx-9', code: 'TRX9', amount: 3_000_000, balanceAfter: 2_421_000 },
        },
        'Penarikan disetujui',
      ),
    }));
    await u.click(await screen.findByText('Wati Putri Fitriani', {}, { timeout: 8000 }));
    await u.click(await screen.findByTestId('request-approve'));
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByTestId('done-code')).toHaveTextContent('TRX9');
    expect(screen.getByText('Penarikan disetujui dan diposting')).toBeInTheDocument();
    expect(screen.getByTestId('print-receipt-a5')).toHaveAttribute('href', '/transactions/receipt/tx-9?paper=A5');
    expect(posts).toHaveLength(1);
  });
});
