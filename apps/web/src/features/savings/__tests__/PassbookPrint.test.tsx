/**
 * The passbook-style statement's print view: it asks the server for the
 * period in the address, shows the cooperative, account, member and period,
 * the opening balance, each movement with its running balance (a cancelled
 * one and its reversal marked), the totals and the closing balance, names
 * the tab after the account, and prints once loaded (not with ?preview=1).
 */
import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { user } from '../../../test/fixtures';
import { ok, stubFetch } from '../../../test/render';
import { renderSignedRoute } from '../../../test/signed';
import type { Passbook } from '../api/types';
import PassbookPrintPage from '../pages/PassbookPrintPage';
import { account } from './fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['savings']);
});

function passbook(over: Partial<Passbook> = {}): Passbook {
  return {
    cooperative: { name: 'Koperasi Demo Sejahtera', address: 'Jl. Malioboro No. 12' },
    account: account(),
    start: '2026-11-01',
    end: '2026-11-30',
    openingBalance: 5_000_000,
    totalCredit: 600_000,
    totalDebit: 279_000,
    closingBalance: 5_321_000,
    rows: [
      {
        no: 1,
        date: '2026-11-03',
        code: 'TRX001',
        description: 'Setoran tunai',
        debit: 0,
        credit: 500_000,
        balance: 5_500_000,
        teller: 'Siti',
        status: 'POSTED',
      },
      {
        no: 2,
        date: '2026-11-04',
        code: 'TRX002',
        description: 'Penarikan tunai',
        debit: 179_000,
        credit: 0,
        balance: 5_321_000,
        teller: 'Siti',
        status: 'CANCELLED',
      },
      {
        no: 3,
        date: '2026-11-04',
        code: 'TRX003',
        description: 'Pembatalan TRX002',
        debit: 0,
        credit: 100_000,
        balance: 5_421_000,
        teller: 'Siti',
        status: 'REVERSAL',
      },
      {
        no: 4,
        date: '2026-11-05',
        code: 'TRX004',
        description: 'Biaya admin',
        debit: 100_000,
        credit: 0,
        balance: 5_321_000,
        teller: null,
        status: 'POSTED',
      },
    ],
    ...over,
  };
}

const text = (el: Element) => el.textContent?.replace(/\s+/g, ' ').trim();

describe('passbook print view', () => {
  const print = vi.fn();
  beforeEach(() => {
    Cookies.set('csrf_token', 't');
    print.mockReset();
    window.print = print;
  });

  function open(path: string, answer: Passbook = passbook()) {
    const calls = stubFetch((url) => {
      if (url.pathname === '/api/users/detail') return { body: ok(user()) };
      if (url.pathname === '/api/transaction/product/acc-ss/passbook') return { body: ok(answer) };
      return { status: 404, body: { status: false, code: 404, message: 'Rekening tidak ditemukan', data: null } };
    });
    renderSignedRoute('/transactions/savings/accounts/:id/passbook', <PassbookPrintPage />, path);
    return calls;
  }

  it('asks for the period, shows every movement with its running balance and the totals, and prints once', async () => {
    const calls = open('/transactions/savings/accounts/acc-ss/passbook?start=2026-11-01&end=2026-11-30');
    const table = await screen.findByTestId('passbook-table', {}, { timeout: 8000 });
    const asked = calls.find((c) => c.url.pathname.endsWith('/passbook'))!.url.searchParams;
    expect([asked.get('start'), asked.get('end')]).toEqual(['2026-11-01', '2026-11-30']);

    expect(text(screen.getByTestId('passbook-cooperative'))).toBe('Koperasi Demo Sejahtera');
    const head = text(screen.getByTestId('passbook-account'));
    expect(head).toContain('SS.000028 · Simpanan Sukarela');
    expect(head).toContain('Wati Putri Fitriani (2025000004)');
    expect(head).toContain('Periode: 1 November 2026 – 30 November 2026');
    expect(head).toMatch(/Dicetak oleh Admin Demo, /);

    expect(text(within(table).getByTestId('passbook-opening'))).toContain('Saldo awalRp 5.000.000');
    const rows = within(table).getAllByTestId('passbook-row').map(text);
    expect(rows).toHaveLength(4);
    // No, date, code, description, (no debit), credit, balance.
    expect(rows[0]).toBe('13 Nov 2026TRX001Setoran tunaiRp 500.000Rp 5.500.000');
    expect(rows[1]).toContain('Penarikan tunai (Dibatalkan)');
    expect(rows[2]).toContain('Pembatalan TRX002 (Pembatalan)');
    expect(rows[3]).toMatch(/Biaya adminRp 100\.000Rp 5\.321\.000$/);
    expect(text(screen.getByTestId('passbook-total-debit'))).toBe('Rp 279.000');
    expect(text(screen.getByTestId('passbook-total-credit'))).toBe('Rp 600.000');
    expect(text(screen.getByTestId('passbook-closing'))).toBe('Rp 5.321.000');
    expect(screen.queryByText('Tidak ada mutasi pada periode ini.')).toBeNull();

    await waitFor(() => expect(document.title).toBe('Buku Tabungan / Rekening Koran SS.000028'));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 500));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says when the period has no movement, and a preview does not print', async () => {
    open(
      '/transactions/savings/accounts/acc-ss/passbook?preview=1',
      passbook({ rows: [], totalCredit: 0, totalDebit: 0, closingBalance: 5_000_000 }),
    );
    await screen.findByTestId('passbook-table', {}, { timeout: 8000 });
    expect(screen.getByText('Tidak ada mutasi pada periode ini.')).toBeInTheDocument();
    expect(text(screen.getByTestId('passbook-closing'))).toBe('Rp 5.000.000');
    await new Promise((r) => setTimeout(r, 600));
    expect(print).not.toHaveBeenCalled();
  });

  it("shows the server's message when the account is not found, and prints nothing", async () => {
    open('/transactions/savings/accounts/acc-x/passbook');
    expect(await screen.findByText('Rekening tidak ditemukan', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByTestId('passbook-table')).toBeNull();
    expect(print).not.toHaveBeenCalled();
  });
});
