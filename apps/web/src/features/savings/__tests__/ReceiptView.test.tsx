/**
 * The receipt's print view: what an A5 and an 80 mm receipt show (the
 * cooperative, title, code, date and time, member, account, amount in
 * figures and words, balance after, cash account, teller, journal,
 * signatures on A5 only), both legs of a transfer, the cancellation stamp,
 * the paper's @page rule, and window.print called once the receipt has
 * loaded (not with ?preview=1).
 */
import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { renderSignedRoute } from '../../../test/signed';
import type { Receipt } from '../api/types';
import { ReceiptDocument } from '../components/ReceiptDocument';
import ReceiptPrintPage, { pageCss, pxToMm } from '../pages/ReceiptPrintPage';

beforeAll(async () => {
  await i18n.loadNamespaces(['savings']);
});

const cooperative = {
  name: 'Koperasi Demo Sejahtera',
  address: 'Jl. Malioboro No. 12',
  phone: '+6281200000001',
  email: 'demo@koperasi.id',
  logoUrl: null,
  cooperativeNumber: '3471020010001',
  legalEntityNumber: 'AHU-0001234.AH.01.26.2026',
};

function receipt(over: Partial<Receipt> = {}): Receipt {
  return {
    paper: 'A5',
    title: 'BUKTI PENARIKAN SIMPANAN',
    cooperative,
    code: 'TRX26112200002105',
    status: 'POSTED',
    date: '2026-11-22',
    dateText: '22-11-2026',
    time: '00:25:47 WIB',
    member: { cifNumber: '2025000004', name: 'Wati Putri Fitriani' },
    account: { number: 'SS.000028', productName: 'Simpanan Sukarela' },
    lines: [
      { label: 'Penarikan Simpanan Sukarela', accountNumber: 'SS.000028', kind: 'WITHDRAW', amount: 100_000, balanceAfter: 5_961_000 },
    ],
    amount: 100_000,
    amountText: 'Rp 100.000',
    amountInWords: 'Seratus ribu rupiah',
    balanceAfter: 5_961_000,
    cashAccount: '10103 Kas Teller',
    teller: 'Siti Rahmawati',
    channel: 'TELLER',
    description: null,
    journalNumber: 'JU/2026/001192',
    cancelReason: null,
    printedAt: '2026-11-21T17:26:03.788Z',
    footer: 'Simpan bukti ini sebagai tanda terima yang sah. Terima kasih.',
    ...over,
  };
}

const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s+/g, ' ').trim();

describe('receipt document', () => {
  it('shows everything an A5 withdrawal receipt needs, with signatures', () => {
    renderWithProviders(<ReceiptDocument receipt={receipt()} />);
    expect(screen.getByTestId('receipt')).toHaveAttribute('data-paper', 'A5');
    expect(text('receipt-cooperative')).toBe('Koperasi Demo Sejahtera');
    // The legal-entity number under "No. Badan Hukum", never the registration number (NIK).
    expect(text('receipt-legal-entity')).toBe('No. Badan Hukum AHU-0001234.AH.01.26.2026');
    expect(screen.getByTestId('receipt')).not.toHaveTextContent('3471020010001');
    expect(text('receipt-title')).toBe('BUKTI PENARIKAN SIMPANAN');
    expect(text('receipt-code')).toBe('TRX26112200002105');
    expect(text('receipt-date')).toBe('22-11-2026 00:25:47 WIB');
    expect(text('receipt-member')).toBe('Wati Putri Fitriani (2025000004)');
    expect(text('receipt-account')).toBe('SS.000028 · Simpanan Sukarela');
    expect(text('receipt-line')).toBe('Penarikan Simpanan Sukarela');
    expect(text('receipt-amount')).toBe('Rp 100.000');
    expect(text('receipt-words')).toBe('Terbilang: Seratus ribu rupiah');
    expect(text('receipt-balance')).toBe('Rp 5.961.000');
    expect(text('receipt-cash')).toBe('10103 Kas Teller');
    expect(text('receipt-journal')).toBe('JU/2026/001192');
    expect(text('receipt-teller')).toBe('Siti Rahmawati');
    // The member receives the money: they sign as the receiver.
    expect(text('receipt-signatures')).toContain('Anggota / Penerima');
    expect(text('receipt-signatures')).toContain('Wati Putri Fitriani');
    expect(screen.queryByText('DIBATALKAN')).toBeNull();
    // Printed at 17:26 UTC is 00:26 WIB the next day, whatever the browser's zone.
    expect(screen.getByTestId('receipt')).toHaveTextContent(/Dicetak 22 Nov 2026,? 00[.:]26 WIB/);
  });

  it('prints both legs of a transfer with their balances, and a thermal receipt has no signature block', () => {
    renderWithProviders(
      <ReceiptDocument
        receipt={receipt({
          paper: '80MM',
          title: 'BUKTI TRANSFER SIMPANAN',
          lines: [
            {
              label: 'Transfer keluar Simpanan Sukarela',
              accountNumber: 'SS.000028',
              kind: 'WITHDRAW',
              amount: 50_000,
              balanceAfter: 5_911_000,
            },
            {
              label: 'Transfer masuk Tabungan Pendidikan',
              accountNumber: 'TP.000003',
              kind: 'TOPUP',
              amount: 50_000,
              balanceAfter: 2_060_000,
            },
          ],
          amount: 50_000,
          amountInWords: 'Lima puluh ribu rupiah',
        })}
      />,
    );
    const legs = screen.getAllByTestId('receipt-line').map((l) => l.textContent?.replace(/\s+/g, ' '));
    expect(legs).toEqual([
      'Transfer keluar Simpanan SukarelaSS.000028Rp 50.000Saldo akhirRp 5.911.000',
      'Transfer masuk Tabungan PendidikanTP.000003Rp 50.000Saldo akhirRp 2.060.000',
    ]);
    expect(text('receipt-amount')).toBe('Rp 50.000');
    expect(screen.queryByTestId('receipt-signatures')).toBeNull();
    expect(screen.queryByTestId('receipt-account')).toBeNull();
  });

  it('stamps a cancelled receipt with the reason', () => {
    renderWithProviders(<ReceiptDocument receipt={receipt({ status: 'CANCELLED', cancelReason: 'Salah input nominal' })} />);
    expect(screen.getByText('DIBATALKAN')).toBeInTheDocument();
    expect(text('receipt-status')).toBe('Dibatalkan — Salah input nominal');
  });

  it('uses the paper size as the print page', () => {
    expect(pageCss('A5')).toEqual({ size: 'A5 portrait', margin: '8mm' });
    // The roll's page is as long as the receipt (at least 80 mm); never the invalid `80mm auto`.
    expect(pageCss('80MM', 151.3)).toEqual({ size: '80mm 152mm', margin: '0' });
    expect(pageCss('80MM', 40)).toEqual({ size: '80mm 80mm', margin: '0' });
    expect(pxToMm(96)).toBeCloseTo(25.4);
  });
});

describe('receipt print view', () => {
  const print = vi.fn();
  beforeEach(() => {
    Cookies.set('csrf_token', 't');
    print.mockReset();
    window.print = print;
  });

  function open(path: string) {
    const calls = stubFetch((url) => {
      if (url.pathname === '/api/users/detail') return { body: ok(user()) };
      if (url.pathname === '/api/transaction/tx-1/receipt')
        return { body: ok(receipt({ paper: url.searchParams.get('paper') === '80MM' ? '80MM' : 'A5' })) };
      return { status: 404, body: { status: false, code: 404, message: 'Transaksi tidak ditemukan', data: null } };
    });
    renderSignedRoute('/transactions/receipt/:id', <ReceiptPrintPage />, path);
    return calls;
  }

  it('loads the receipt on the asked paper and opens the print dialog once', async () => {
    const calls = open('/transactions/receipt/tx-1?paper=80MM');
    const doc = await screen.findByTestId('receipt', {}, { timeout: 8000 });
    expect(doc).toHaveAttribute('data-paper', '80MM');
    expect(calls.find((c) => c.url.pathname.endsWith('/receipt'))!.url.searchParams.get('paper')).toBe('80MM');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(within(doc).getByTestId('receipt-code')).toHaveTextContent('TRX26112200002105');
    await new Promise((r) => setTimeout(r, 500));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('does not print a preview', async () => {
    open('/transactions/receipt/tx-1?preview=1');
    await screen.findByTestId('receipt', {}, { timeout: 8000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(print).not.toHaveBeenCalled();
  });

  it('shows the server message when the transaction is not found', async () => {
    open('/transactions/receipt/tx-2');
    expect(await screen.findByTestId('receipt-error', {}, { timeout: 8000 })).toHaveTextContent('Transaksi tidak ditemukan');
    expect(print).not.toHaveBeenCalled();
  });
});
