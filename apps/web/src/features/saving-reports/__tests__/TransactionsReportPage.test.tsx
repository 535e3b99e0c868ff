/**
 * The transactions report screen's filters in the DOM: the first request
 * carries the address's period and the first page; a filter chosen asks
 * again from page 0 with the API's name for it; paging asks for the next
 * page; a search is sent lower-cased after the pause; the figures show the
 * server's totals; an end before the start asks nothing and says why.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import type { Transaction } from '../lib/types';
import TransactionsReportPage from '../pages/TransactionsReportPage';

vi.mock('../../../lib/notify', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyWarning: vi.fn(),
  notifyInfo: vi.fn(),
  clearLastError: vi.fn(),
  errorMessage: (e: Error) => e.message,
}));

beforeAll(async () => {
  await loadFullCatalog();
  await i18n.changeLanguage('id');
  await i18n.loadNamespaces(['saving-reports', 'common']);
});

const PRODUCT = '0a557ec3-27e2-4c9c-90f1-fa5d2adfecd1';

function tx(n: number): Transaction {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    code: `TRX2611010000${String(n).padStart(4, '0')}`,
    transactionDate: '2026-11-01',
    createdAt: '2026-11-01T01:00:00Z',
    approvedAt: '2026-11-01T01:00:00Z',
    memberId: 'm',
    cifNumber: '2025000007',
    memberName: `Anggota ${n}`,
    productId: PRODUCT,
    productCode: 'SS',
    productName: 'Simpanan Sukarela',
    productKind: 'SAVING',
    memberSavingId: 's',
    accountNumber: 'SS.000030',
    kind: 'TOPUP',
    activity: 'DEPOSIT',
    amount: 1440000,
    signedAmount: 1440000,
    balanceAfter: 6427000,
    channel: 'TELLER',
    cashCoa: null,
    groupId: 'g',
    journalId: null,
    journalNumber: null,
    status: 'POSTED',
    isReversal: false,
    reversalOfId: null,
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    description: null,
    tellerId: null,
    tellerName: 'Siti Rahmawati',
    requestId: null,
  };
}

describe('<TransactionsReportPage> filters', () => {
  it('asks the API with the filters, from the first page, and shows its totals', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname === '/api/product/SAVING/categories')
        return {
          body: ok([{ id: PRODUCT, code: 'SS', name: 'Simpanan Sukarela', kind: 'SAVING', savingType: 'VOLUNTARY', isActive: true }]),
        };
      if (url.pathname === '/api/product/SAVING_EQUITY/categories') return { body: ok([]) };
      if (url.pathname === '/api/report/transactions') {
        const page = Number(url.searchParams.get('page'));
        return {
          body: ok({
            content: [tx(page * 25 + 1), tx(page * 25 + 2)],
            page,
            limit: 25,
            totalElements: 60,
            totalPages: 3,
            start: url.searchParams.get('start'),
            end: url.searchParams.get('end'),
            totals: { credit: 57355000, debit: 24141000, net: 33214000, count: 60 },
          }),
        };
      }
      return { status: 404, body: { status: false, code: 404, message: 'x' } };
    });
    const reports = () =>
      calls.filter((c) => c.url.pathname === '/api/report/transactions').map((c) => Object.fromEntries(c.url.searchParams));
    renderWithProviders(<TransactionsReportPage />, { path: '/reports/transactions?start=2026-11-01&end=2026-11-21', auth: true });
    const user = userEvent.setup({ delay: null });

    await waitFor(() => expect(reports()).toHaveLength(1));
    expect(reports()[0]).toEqual({ start: '2026-11-01', end: '2026-11-21', page: '0', limit: '25' });
    expect(await screen.findByTestId('fig-credit')).toHaveTextContent('Rp 57.355.000');
    expect(screen.getByTestId('fig-debit')).toHaveTextContent('Rp 24.141.000');
    expect(screen.getByTestId('fig-net')).toHaveTextContent('Rp 33.214.000');
    expect(screen.getAllByTestId('report-row')).toHaveLength(2);

    // Next page.
    await user.click(within(screen.getByTestId('report-pagination')).getByRole('button', { name: /berikutnya|next/i }));
    await waitFor(() => expect(reports().at(-1)).toMatchObject({ page: '1' }));

    // A filter: back to the first page, with the API's name for it.
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Transaksi berlaku' }));
    await waitFor(() => expect(reports().at(-1)).toMatchObject({ isActive: 'true', page: '0' }));

    await user.click(screen.getByRole('combobox', { name: 'Produk' }));
    await user.click(await screen.findByRole('option', { name: 'SS · Simpanan Sukarela' }));
    await waitFor(() => expect(reports().at(-1)).toMatchObject({ productId: PRODUCT, isActive: 'true', page: '0' }));

    // Search, lower-cased, after the pause.
    await user.type(screen.getByTestId('filter-search'), 'Anggota 2');
    await waitFor(() => expect(reports().at(-1)).toMatchObject({ search: 'anggota 2' }), { timeout: 3000 });
    expect(screen.getByTestId('filter-clear')).toBeInTheDocument();
  }, 60_000);

  it('asks nothing while the period ends before it starts', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname.startsWith('/api/product/')) return { body: ok([]) };
      return { body: ok({}) };
    });
    renderWithProviders(<TransactionsReportPage />, { path: '/reports/transactions?start=2026-11-21&end=2026-11-01', auth: true });
    expect(await screen.findByTestId('report-invalid')).toHaveTextContent('tanggal akhir tidak boleh sebelum tanggal mulai');
    expect(calls.some((c) => c.url.pathname === '/api/report/transactions')).toBe(false);
    expect(screen.getByTestId('download-excel')).toBeDisabled();
  });
});
