/**
 * Pengajuan Online's header names the tab shown: the online cash-outs, the
 * withdrawals awaiting approval and the account openings each have their own
 * title and last breadcrumb (the approval tabs with a crumb back to the
 * first tab), in Indonesian and English.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, stubFetch } from '../../../test/render';
import { renderOnlineRequests } from './approvals';

beforeAll(async () => {
  await i18n.loadNamespaces(['savings']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});
afterEach(async () => {
  await i18n.changeLanguage('id');
});

const staff = user({ permissions: { member_transaction: { view: true, add: true, update: true, delete: false } } });
const empty = { content: [], page: 0, limit: 10, totalElements: 0, totalPages: 0, waitingCount: 0, waitingAmount: 0 };

function open(path: string) {
  stubFetch((url) => {
    if (url.pathname === '/api/users/detail') return { body: ok(staff) };
    if (
      url.pathname === '/api/home/request-cashing-out-online' ||
      url.pathname === '/api/transaction/withdraw-request/datatable' ||
      url.pathname === '/api/transaction/saving/datatable'
    )
      return { body: ok(empty) };
    return { status: 404, body: { status: false, code: 404, message: 'x', data: null } };
  });
  renderOnlineRequests(path);
}

const title = () => screen.getByTestId('page-title').textContent;
const crumbs = () =>
  within(screen.getByRole('navigation', { name: 'Navigasi halaman' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('online requests header', () => {
  it('names each tab in the title and the breadcrumbs', async () => {
    const u = userEvent.setup({ delay: null });
    open('/transactions/online-requests?tab=withdrawals');
    await screen.findByTestId('tab-withdrawals', {}, { timeout: 8000 });
    expect(title()).toBe('Penarikan Menunggu Persetujuan');
    expect(crumbs()).toEqual(['Beranda', 'Transaksi Anggota', 'Pengajuan Online', 'Penarikan Menunggu Persetujuan']);
    expect(screen.getByRole('link', { name: 'Pengajuan Online' })).toHaveAttribute('href', '/transactions/online-requests');

    await u.click(screen.getByTestId('tab-openings'));
    expect(title()).toBe('Pembukaan Rekening Menunggu Persetujuan');
    expect(crumbs().at(-1)).toBe('Pembukaan Rekening Menunggu Persetujuan');

    await u.click(screen.getByTestId('tab-cash-out'));
    expect(title()).toBe('Pengajuan Penarikan Online');
    expect(crumbs()).toEqual(['Beranda', 'Transaksi Anggota', 'Pengajuan Penarikan Online']);

    await i18n.loadLanguages('en');
    await i18n.changeLanguage('en');
    await u.click(await screen.findByTestId('tab-withdrawals'));
    expect(await screen.findByText('Withdrawals Awaiting Approval', { selector: 'h1' })).toBeInTheDocument();
    await u.click(screen.getByTestId('tab-openings'));
    expect(title()).toBe('Account Openings Awaiting Approval');
  });
});
