/**
 * The dashboard's member lists (principal saving owed, mandatory arrears),
 * both drawn by MemberListWidget: the totals in the subheader, the columns
 * in order, the member's name linked to their savings at the teller (plain
 * text for a role without member_transaction) over the grey detail line,
 * the widget's own text when nobody owes, and a retry when the call failed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { Signed } from '../../../test/signed';
import MandatoryArrearsWidget from '../components/widgets/MandatoryArrearsWidget';
import PrincipalOwedWidget from '../components/widgets/PrincipalOwedWidget';

beforeAll(async () => {
  await i18n.changeLanguage('id');
  await i18n.loadNamespaces(['savings', 'common']);
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const member = { phone: null, memberSavingId: 's1', accountNumber: 'SP.000001' };
const page = <R,>(content: R[], extra: object) => ({ content, totalElements: content.length, page: 0, limit: 6, ...extra });

const owed = page(
  [
    {
      ...member,
      memberId: 'm1',
      cifNumber: '2025000001',
      fullName: 'Budi Santoso',
      joinDate: '2026-03-02',
      principalAmount: 100_000,
      paid: 40_000,
      remaining: 60_000,
    },
    {
      ...member,
      memberId: 'm2',
      cifNumber: '2025000002',
      fullName: 'Siti Aminah',
      joinDate: '2026-04-10',
      principalAmount: 100_000,
      paid: 0,
      remaining: 100_000,
    },
  ],
  { totalRemaining: 160_000 },
);

const arrears = page(
  [
    {
      ...member,
      memberId: 'm3',
      cifNumber: '2025000003',
      fullName: 'Wati Putri',
      joinDate: '2026-01-05',
      totalDue: 500_000,
      paid: 200_000,
      arrears: 300_000,
      periodsDue: 5,
      periodsUnpaid: 3,
      paidThrough: '2026-08-01',
      oldestUnpaid: '2026-09-01',
    },
  ],
  { totalArrears: 300_000, product: { id: 'p', name: 'Simpanan Wajib', period: 'BULANAN' }, throughPeriod: '2026-11' },
);

function show(widget: 'owed' | 'arrears', opts: { linkable?: boolean; body?: unknown; fail?: boolean } = {}) {
  const calls = stubFetch((url) => {
    if (url.pathname === '/api/users/detail')
      return {
        body: ok(
          user({
            permissions: {
              dashboard: { view: true, add: false, update: false, delete: false },
              member_transaction: { view: opts.linkable ?? true, add: false, update: false, delete: false },
            },
          }),
        ),
      };
    if (opts.fail) return { status: 500, body: { status: false, code: 500, message: 'x', data: null } };
    if (url.pathname === '/api/home/member-not-paid-pokok') return { body: ok(opts.body ?? owed) };
    if (url.pathname === '/api/home/member-not-paid-wajib') return { body: ok(opts.body ?? arrears) };
    return { status: 404, body: { status: false, code: 404, message: 'x', data: null } };
  });
  renderWithProviders(<Signed>{widget === 'owed' ? <PrincipalOwedWidget /> : <MandatoryArrearsWidget />}</Signed>, { auth: true });
  return calls;
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent?.replace(/\s+/g, ' ').trim());
const headers = (card: HTMLElement) =>
  within(card)
    .getAllByRole('columnheader')
    .map((c) => c.textContent);

describe('dashboard member lists', () => {
  it('lists the members owing the principal saving, CIF first, with paid and remaining', async () => {
    show('owed');
    const rows = await screen.findAllByTestId('principal-owed-row', {}, { timeout: 8000 });
    const card = screen.getByTestId('widget-principal-owed');
    expect(card).toHaveTextContent('Anggota belum lunas simpanan pokok');
    expect(card).toHaveTextContent(/2 anggota, sisa Rp\s?160\.000/);
    expect(headers(card)).toEqual(['ID Anggota', 'Anggota', 'Dibayar', 'Sisa']);
    expect(rows).toHaveLength(2);
    expect(cells(rows[0])).toEqual(['2025000001', 'Budi SantosoBergabung 2 Mar 2026', 'Rp 40.000', 'Rp 60.000']);
    expect(within(rows[0]).getByRole('link', { name: 'Budi Santoso' })).toHaveAttribute('href', '/transactions/savings?memberId=m1');
  });

  it('lists the mandatory arrears with the unpaid periods and the month since, names plain without member_transaction', async () => {
    show('arrears', { linkable: false });
    const [row] = await screen.findAllByTestId('mandatory-arrears-row', {}, { timeout: 8000 });
    const card = screen.getByTestId('widget-mandatory-arrears');
    expect(card).toHaveTextContent(/1 anggota, tunggakan Rp\s?300\.000/);
    expect(headers(card)).toEqual(['Anggota', 'Periode', 'Tunggakan']);
    expect(cells(row)[0]).toMatch(/^Wati Putri2025000003 · sejak \S+ 2026$/);
    expect(cells(row).slice(1)).toEqual(['3', 'Rp 300.000']);
    expect(within(row).queryByRole('link')).toBeNull();
  });

  it('says everyone has paid when nobody is listed', async () => {
    show('arrears', { body: page([], { totalArrears: 0, product: null, throughPeriod: null }) });
    expect(await screen.findByText('Tidak ada anggota yang menunggak simpanan wajib.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('mandatory-arrears-row')).toBeNull();
  });

  it('offers a retry when the list failed to load', async () => {
    const calls = show('owed', { fail: true });
    const retry = await screen.findByRole('button', { name: /coba lagi/i }, { timeout: 8000 });
    const before = calls.filter((c) => c.url.pathname === '/api/home/member-not-paid-pokok').length;
    await userEvent.click(retry);
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/home/member-not-paid-pokok').length).toBe(before + 1));
  });
});
