/**
 * The payment dialog in the DOM: the next installments with the fine owed,
 * the confirmation with the allocation and the principal after, the
 * server's failure (5xx) shown in the dialog and sent again with the same
 * Idempotency-Key, a business refusal (4xx) definitive, the result with the receipt; an open amount allocated
 * fine → interest → principal (oldest first) with a warning above the debt;
 * the payoff from detail-outstanding; a payment from the member's savings.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { Signed } from '../../../test/signed';
import { PaymentDialog } from '../components/PaymentDialog';
import { runningLoan } from './fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['loans']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const teller = user({
  role: { id: 'r2', name: 'TELLER', code: 'TELLER' },
  permissions: { member_transaction: { view: true, add: true, update: false, delete: false } },
});
const CASH = [
  { id: 'coa-10101', code: '10101', name: 'Kas Besar', balance: 20_000_000, isActive: true, systemKey: 'CASH_MAIN' },
  { id: 'coa-10103', code: '10103', name: 'Kas Teller', balance: 2_000_000, isActive: true, systemKey: null },
];
const SAVINGS = {
  accounts: [
    {
      id: 'sav-1',
      accountNumber: 'SS.000003',
      productName: 'Simpanan Sukarela',
      savingType: 'VOLUNTARY',
      kind: 'SAVING',
      status: 'ACTIVE',
      balance: 3_000_000,
      availableBalance: 2_990_000,
      isBlocked: false,
    },
  ],
};

interface Sent {
  path: string;
  key: string | null;
  body: Record<string, unknown>;
}

function setup(answers: Array<{ status: number; body: unknown }>, opts: { kind?: 'INSTALLMENT' | 'OPEN_AMOUNT' | 'PAYOFF' } = {}) {
  const sent: Sent[] = [];
  const loan = runningLoan();
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail') return { body: ok(teller) };
    if (url.pathname === '/api/coa/101/search-by-parent') return { body: ok(CASH) };
    if (url.pathname === '/api/coa/assign-to-me')
      return {
        body: ok({
          content: [{ id: 'coa-10103', code: '10103', name: 'Kas Teller', isActive: true }],
          page: 0,
          limit: 10,
          totalElements: 1,
          totalPages: 1,
        }),
      };
    if (url.pathname === `/api/member/${loan.memberId}/saving-product`) return { body: ok(SAVINGS) };
    if (url.pathname === `/api/transaction/product/loan/${loan.id}/detail-outstanding`)
      return {
        body: ok({
          loanId: loan.id,
          date: '2026-12-26',
          remainingPrincipal: 4_166_600,
          interest: 80_000,
          fine: 4_542,
          total: 4_251_142,
          overdueInstallments: 1,
          overdueAmount: 908_400,
          daysLate: 5,
        }),
      };
    if (init.method === 'POST') {
      sent.push({ path: url.pathname, key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
      const a = answers[Math.min(sent.length - 1, answers.length - 1)]!;
      return { status: a.status, body: a.body };
    }
    return { status: 404, body: { status: false, code: 404, message: 'Tidak ditemukan', data: null } };
  });
  renderWithProviders(
    <Signed>
      <PaymentDialog loan={loan} initialKind={opts.kind} onClose={() => undefined} today="2026-12-26" />
    </Signed>,
    { auth: true },
  );
  return { sent, loan };
}

const fact = (id: string) => screen.getByTestId(id).textContent?.replace(/\s+/g, ' ').trim();
const paid = (over: Record<string, unknown> = {}) =>
  ok(
    {
      payment: {
        id: 'pay-1',
        loanId: 'l',
        transactionId: 'tx',
        kind: 'INSTALLMENT',
        paymentDate: '2026-12-26',
        amount: 912_942,
        principal: 833_400,
        interest: 75_000,
        fine: 4_542,
        source: 'CASH',
        memberSavingId: null,
        status: 'POSTED',
        journalNumber: 'JU/2026/001181',
        description: null,
        createdByName: 'Siti',
        createdDate: '2026-12-26T03:00:00Z',
        ...over,
      },
      loan: { ...runningLoan(), remainingPrincipal: 3_333_200 },
    },
    'Pembayaran pinjaman berhasil',
  );
const refusal = {
  status: false,
  code: 422,
  errorCode: 'LOAN_PAY_ABOVE_OWED',
  message: 'Pembayaran Rp 9.000.000 melebihi yang terutang Rp 4.542.342',
  data: null,
};

describe('payment dialog', () => {
  it('pays the next installment with its fine, shows a server failure, retries with the same key and offers the receipt', async () => {
    const u = userEvent.setup({ delay: null });
    const { sent, loan } = setup([
      { status: 503, body: { ...refusal, code: 503, errorCode: 'SERVICE_UNAVAILABLE', message: 'Server sedang sibuk' } },
      { status: 200, body: paid() },
    ]);
    const dialog = await screen.findByTestId('payment-dialog');
    expect(fact('payment-remaining')).toBe('Rp 4.166.600');
    // Due by 26 Dec: installment 2 (908.400) and its fine (4.542).
    expect(within(dialog).getByTestId('payment-due')).toHaveTextContent('Rp 912.942');
    expect(fact('pay-next-total')).toBe('Rp 912.942');
    await waitFor(() => expect(screen.getByTestId('cash-account-select')).toHaveTextContent('10103 · Kas Teller'));

    await u.click(screen.getByTestId('posting-continue'));
    await screen.findByTestId('posting-summary');
    expect(fact('summary-amount')).toBe('Rp 912.942');
    expect(fact('summary-principal')).toBe('Rp 833.400');
    expect(fact('summary-interest')).toBe('Rp 75.000');
    expect(fact('summary-after')).toBe('Rp 3.333.200');

    await u.click(screen.getByTestId('posting-confirm'));
    expect(await screen.findByTestId('posting-error')).toHaveTextContent('Server sedang sibuk');
    await u.click(screen.getByRole('button', { name: 'Kirim ulang' }));
    await screen.findByTestId('posting-done');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.path).toBe('/api/transaction/product/loan/payment-installment');
    expect(sent[0]!.body).toEqual({ loanId: loan.id, count: 1, source: 'CASH', coaId: 'coa-10103' });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(fact('done-remaining')).toBe('Rp 3.333.200');
    expect(screen.getByTestId('print-receipt-a5')).toHaveAttribute('href', `/transactions/loans/${loan.id}/receipt/pay-1?paper=A5`);
  });

  it('allocates an open amount fine → interest → principal, warns above the debt, and a changed amount gets a new key', async () => {
    const u = userEvent.setup({ delay: null });
    const { sent, loan } = setup([{ status: 422, body: refusal }], { kind: 'OPEN_AMOUNT' });
    await screen.findByTestId('payment-dialog');
    const amount = () => document.querySelector<HTMLInputElement>('input[name="amount"]')!;
    await u.click(screen.getByTestId('posting-continue'));
    expect(await screen.findByTestId('payment-form-error')).toHaveTextContent('Isi jumlah yang dibayar');

    await u.type(amount(), '100000');
    // Installment 2 first: its fine 4.542, its interest 75.000, then 20.458 of its principal.
    expect(screen.getByTestId('pay-allocation')).toHaveTextContent('denda Rp 4.542, jasa Rp 75.000, pokok Rp 20.458');
    expect(screen.queryByTestId('warn-over')).toBeNull();

    await u.clear(amount());
    await u.type(amount(), '9000000');
    // Everything owed: 4.166.600 principal + 5 × 75.000 interest + 4.542 fine.
    expect(screen.getByTestId('warn-over')).toHaveTextContent('Rp 4.546.142');

    await u.click(screen.getByTestId('posting-continue'));
    await u.click(await screen.findByTestId('posting-confirm'));
    expect(await screen.findByTestId('posting-error')).toHaveTextContent('melebihi yang terutang');
    // A business refusal is definitive: posting disabled, never "Kirim ulang".
    expect(screen.getByTestId('posting-confirm')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Kirim ulang' })).toBeNull();
    await u.click(screen.getByTestId('posting-back'));
    await u.clear(amount());
    await u.type(amount(), '500000');
    await u.click(screen.getByTestId('posting-continue'));
    await u.click(await screen.findByTestId('posting-confirm'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]!.body).toMatchObject({ loanId: loan.id, amount: 9_000_000, source: 'CASH' });
    expect(sent[1]!.path).toBe('/api/transaction/product/loan/payment-open-amount');
    expect(sent[1]!.body).toMatchObject({ amount: 500_000 });
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it("pays off from the member's savings with what detail-outstanding says settles the loan", async () => {
    const u = userEvent.setup({ delay: null });
    const { sent, loan } = setup([{ status: 200, body: paid({ kind: 'PAYOFF', amount: 4_251_142 }) }], { kind: 'PAYOFF' });
    await screen.findByTestId('payment-dialog');
    expect(await screen.findByText('Rp 4.251.142')).toBeInTheDocument();
    await u.click(within(screen.getByTestId('source-saving')).getByRole('radio'));
    await waitFor(() => expect(screen.getByTestId('saving-select')).toHaveTextContent('SS.000003'));
    await u.click(screen.getByTestId('posting-continue'));
    await screen.findByTestId('posting-summary');
    expect(fact('summary-amount')).toBe('Rp 4.251.142');
    expect(fact('summary-after')).toBe('Rp 0');
    await u.click(screen.getByTestId('posting-confirm'));
    await screen.findByTestId('posting-done');
    expect(sent[0]!.path).toBe('/api/transaction/product/loan/payment-full');
    expect(sent[0]!.body).toEqual({ loanId: loan.id, source: 'SAVING', memberSavingId: 'sav-1' });
  });
});
