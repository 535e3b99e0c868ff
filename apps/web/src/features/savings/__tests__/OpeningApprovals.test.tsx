/**
 * Account openings waiting for approval (?tab=openings of
 * /transactions/online-requests): the PENDING accounts listed, approval after
 * a confirmation step, rejection only with a reason, the server's refusal
 * shown; hidden for a role that may not decide.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import OnlineRequestsPage from '../pages/OnlineRequestsPage';
import { account } from './fixtures';
import { Signed } from './signed';

beforeAll(async () => {
  await i18n.loadNamespaces(['savings']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('token', 't');
});

const staff = (update: boolean) => user({ permissions: { member_transaction: { view: true, add: true, update, delete: false } } });

const pending = account({
  id: 'acc-tp',
  accountNumber: 'TP.000004',
  productName: 'Tabungan Pendidikan',
  savingType: 'PLAN',
  status: 'PENDING',
  balance: 0,
  availableBalance: 0,
  openDate: null,
});

function open(update: boolean, decideAnswer?: (body: Record<string, unknown>) => { status?: number; body: unknown }) {
  const posts: Array<Record<string, unknown>> = [];
  const lists: URLSearchParams[] = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail') return { body: ok(staff(update)) };
    if (url.pathname === '/api/transaction/saving/datatable') {
      lists.push(url.searchParams);
      return { body: ok({ content: [pending], page: 0, limit: 10, totalElements: 1, totalPages: 1 }) };
    }
    if (url.pathname === '/api/home/request-cashing-out-online') {
      return { body: ok({ content: [], page: 0, limit: 10, totalElements: 0, totalPages: 0, waitingCount: 0, waitingAmount: 0 }) };
    }
    if (url.pathname === '/api/transaction/approve-open-product-member' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posts.push(body);
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
    { auth: true, path: '/transactions/online-requests?tab=openings' },
  );
  return { posts, lists };
}

describe('account openings waiting for approval', () => {
  it('is not offered to a role that may not decide', async () => {
    const { lists } = open(false);
    await screen.findByTestId('table-search', {}, { timeout: 8000 });
    expect(screen.queryByTestId('tab-openings')).toBeNull();
    expect(lists).toHaveLength(0);
  });

  it('lists the pending accounts, asks for a reason to reject and shows the server refusal', async () => {
    const u = userEvent.setup({ delay: null });
    const refusal = {
      status: 422,
      body: {
        status: false,
        code: 422,
        message: 'Rekening TP.000004 tidak sedang menunggu persetujuan',
        errorCode: 'ACCOUNT_NOT_PENDING',
        data: null,
      },
    };
    const { posts, lists } = open(true, () => refusal);
    await u.click(await screen.findByText('Wati Putri Fitriani', {}, { timeout: 8000 }));
    expect(lists[0]!.get('status')).toBe('PENDING');
    await screen.findByTestId('opening-dialog');

    await u.click(screen.getByTestId('request-reject'));
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByText('Alasan wajib diisi')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await u.type(screen.getByTestId('reject-reason'), 'Dokumen belum lengkap');
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByTestId('posting-error')).toHaveTextContent('Rekening TP.000004 tidak sedang menunggu persetujuan');
    expect(posts[0]).toEqual({ memberSavingId: 'acc-tp', status: 'REJECTED', reason: 'Dokumen belum lengkap' });
  });

  it('approves after the confirmation', async () => {
    const u = userEvent.setup({ delay: null });
    const { posts } = open(true, () => ({ body: ok({ ...pending, status: 'ACTIVE' }, 'Pembukaan rekening disetujui') }));
    await u.click(await screen.findByText('Wati Putri Fitriani', {}, { timeout: 8000 }));
    await u.click(await screen.findByTestId('request-approve'));
    expect(screen.getByTestId('approve-note')).toHaveTextContent('TP.000004 (Tabungan Pendidikan)');
    expect(posts).toHaveLength(0);
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByTestId('opening-done')).toHaveTextContent('Pembukaan rekening TP.000004 disetujui');
    expect(posts).toEqual([{ memberSavingId: 'acc-tp', status: 'APPROVED', reason: null }]);
  });
});
