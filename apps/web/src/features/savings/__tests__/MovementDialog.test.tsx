/**
 * The deposit and withdrawal form in the DOM: required and positive amount,
 * the teller's own cash account chosen by default, warnings before sending
 * (more than may be taken, above the role's limit), the confirmation with the
 * balance before and after, the server's refusal shown in the dialog, a retry
 * after a 5xx sent with the same Idempotency-Key, a definitive (4xx) refusal
 * never offered for resending, the configuration's answer above the role's
 * limit (request approval, or refuse with posting disabled), a changed
 * amount with a new key, and
 * the result offering the receipt. Several accounts of one product post by
 * account instead of by CIF.
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
import { MovementDialog } from '../components/MovementDialog';
import { account, CASH, MY_CASH } from './fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['savings']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const teller = user({
  role: { id: 'r2', name: 'TELLER', code: 'TELLER' },
  permissions: { member_transaction: { view: true, add: true, update: true, delete: false } },
  limits: { savingWithdrawal: 10_000_000, loanRequest: 0, loanApproval: 0, canReleaseLoan: false, canCancelTransaction: false },
});

interface Sent {
  path: string;
  key: string | null;
  body: Record<string, unknown>;
}

function setup(opts: {
  kind: 'deposit' | 'withdraw';
  byAccount?: boolean;
  answers: Array<{ status: number; body: unknown }>;
  aboveLimit?: 'REFUSE' | 'REQUEST_APPROVAL';
}) {
  const sent: Sent[] = [];
  const me = opts.aboveLimit ? { ...teller, aboveLimit: { savingWithdrawal: opts.aboveLimit, loanRequest: 'REQUEST_APPROVAL' } } : teller;
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail') return { body: ok(me) };
    if (url.pathname === '/api/coa/101/search-by-parent') return { body: ok(CASH) };
    if (url.pathname === '/api/coa/assign-to-me') return { body: ok(MY_CASH) };
    if (init.method === 'POST') {
      sent.push({ path: url.pathname, key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
      const a = opts.answers[Math.min(sent.length - 1, opts.answers.length - 1)]!;
      return { status: a.status, body: a.body };
    }
    return { status: 404, body: { status: false, code: 404, message: 'Tidak ditemukan', data: null } };
  });
  renderWithProviders(
    <Signed>
      <MovementDialog kind={opts.kind} account={account()} byAccount={opts.byAccount ?? false} onClose={() => undefined} />
    </Signed>,
    { auth: true },
  );
  return sent;
}

const posted = (over: Record<string, unknown> = {}) =>
  ok(
    {
      status: 'POSTED',
      transaction: {
        id: 'tx-1',
        code: 'TRX26112200002105',
        amount: 100_000,
        balanceAfter: 5_321_000,
        journalNumber: 'JU/2026/001192',
        cashCoa: { id: 'coa-10103', code: '10103', name: 'Kas Teller' },
        ...over,
      },
    },
    'Penarikan berhasil',
  );

const refusal = {
  status: false,
  code: 422,
  errorCode: 'INSUFFICIENT_BALANCE',
  message:
    'Saldo rekening SS.000028 tidak cukup: saldo Rp 5.421.000, dapat ditarik Rp 5.411.000 (saldo minimum Rp 10.000, diblokir/dijaminkan Rp 0)',
  data: { fields: [{ field: 'amount', message: 'Saldo rekening {number} tidak cukup' }] },
};

const unavailable = { status: false, code: 503, message: 'Layanan sedang sibuk, coba lagi sebentar' };

const amountInput = () => document.querySelector<HTMLInputElement>('input[name="amount"]')!;
const fact = (id: string) => screen.getByTestId(id).textContent?.replace(/\s+/g, ' ').trim();

describe('withdrawal form', () => {
  it('checks the amount, warns before sending, confirms with the balance after, retries a 5xx with the same key, never resends a refusal', async () => {
    const u = userEvent.setup({ delay: null });
    const sent = setup({
      kind: 'withdraw',
      answers: [
        { status: 503, body: unavailable },
        { status: 422, body: refusal },
        { status: 200, body: posted() },
      ],
    });
    const dialog = await screen.findByTestId('withdraw-dialog');
    expect(within(dialog).getByTestId('form-balance')).toHaveTextContent('Rp 5.421.000');
    expect(within(dialog).getByTestId('form-available')).toHaveTextContent('Rp 5.411.000');

    // The teller's own cash account is chosen once both lists have answered.
    await waitFor(() => expect(screen.getByTestId('cash-account-select')).toHaveTextContent('10103 · Kas Teller (kas Anda)'));

    // Nothing typed: the catalogue's "required" message with the field's label.
    await u.click(screen.getByTestId('posting-continue'));
    expect(await screen.findByText('Nominal penarikan wajib diisi')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await u.type(amountInput(), '15000000');
    expect(amountInput()).toHaveValue('15.000.000');
    expect(screen.getByTestId('warn-available')).toHaveTextContent('Rp 5.411.000');
    expect(screen.getByTestId('warn-limit')).toHaveTextContent('TELLER (Rp 10.000.000)');

    await u.clear(amountInput());
    await u.type(amountInput(), '6000000');
    expect(screen.queryByTestId('warn-limit')).toBeNull();
    await u.click(screen.getByTestId('posting-continue'));

    // Confirmation: before, amount, after (exact), cash account.
    const summary = await screen.findByTestId('posting-summary');
    expect(fact('summary-before')).toBe('Rp 5.421.000');
    expect(fact('summary-amount')).toBe('-Rp 6.000.000');
    expect(fact('summary-after')).toBe('-Rp 579.000');
    expect(summary).toHaveTextContent('10103 · Kas Teller');

    await u.click(screen.getByTestId('posting-confirm'));
    expect(await screen.findByTestId('posting-error')).toHaveTextContent('Layanan sedang sibuk');
    expect(sent[0]).toEqual({
      path: '/api/transaction/withdraw-saving-by-cif-product-kas-bank',
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      body: { cif: '2025000004', productId: 'p-ss', amount: 6_000_000, description: null, coaId: 'coa-10103' },
    });

    // No usable answer (5xx): "Kirim ulang" sends the same request with the same key.
    await u.click(screen.getByRole('button', { name: 'Kirim ulang' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[1]!.body).toEqual(sent[0]!.body);

    // A business refusal is definitive: its message, posting disabled, never "Kirim ulang".
    await waitFor(() =>
      expect(screen.getByTestId('posting-error')).toHaveTextContent(
        'Saldo rekening SS.000028 tidak cukup: saldo Rp 5.421.000, dapat ditarik Rp 5.411.000',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Kirim ulang' })).toBeNull();
    expect(screen.getByTestId('posting-confirm')).toBeDisabled();
    await u.keyboard('{Enter}');
    expect(sent).toHaveLength(2);

    // Back to the form, a smaller amount: a new submission with a new key.
    await u.click(screen.getByTestId('posting-back'));
    await u.clear(amountInput());
    await u.type(amountInput(), '100000');
    await u.keyboard('{Enter}');
    await screen.findByTestId('posting-summary');
    expect(fact('summary-after')).toBe('Rp 5.321.000');
    await u.keyboard('{Enter}');
    const done = await screen.findByTestId('posting-done');
    expect(sent).toHaveLength(3);
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
    expect(sent[2]!.body.amount).toBe(100_000);
    expect(fact('done-code')).toBe('TRX26112200002105');
    expect(fact('done-balance')).toBe('Rp 5.321.000');
    expect(within(done).getByTestId('print-receipt-a5')).toHaveAttribute('href', '/transactions/receipt/tx-1?paper=A5');
    expect(within(done).getByTestId('print-receipt-80mm')).toHaveAttribute('href', '/transactions/receipt/tx-1?paper=80MM');
  });

  it('tells the teller when a withdrawal above the limit waits for approval', async () => {
    const u = userEvent.setup({ delay: null });
    setup({ kind: 'withdraw', answers: [{ status: 200, body: ok({ status: 'WAITING_APPROVAL', request: { id: 'rq1' } }, 'Menunggu') }] });
    await screen.findByTestId('withdraw-dialog');
    await waitFor(() => expect(screen.getByTestId('cash-account-select')).toHaveTextContent('10103'));
    await u.type(amountInput(), '15000000');
    await u.keyboard('{Enter}');
    await screen.findByTestId('posting-summary');
    await u.keyboard('{Enter}');
    const waiting = await screen.findByTestId('posting-waiting');
    expect(waiting).toHaveTextContent('Penarikan menunggu persetujuan');
    expect(waiting).toHaveTextContent('Rp 15.000.000');
    expect(screen.queryByTestId('print-receipt-a5')).toBeNull();
  });

  it('above the limit with REQUEST_APPROVAL: "Ajukan persetujuan", where it waits, then a link to the queue', async () => {
    const u = userEvent.setup({ delay: null });
    const sent = setup({
      kind: 'withdraw',
      aboveLimit: 'REQUEST_APPROVAL',
      answers: [{ status: 200, body: ok({ status: 'WAITING_APPROVAL', request: { id: 'rq1' } }, 'Menunggu') }],
    });
    await screen.findByTestId('withdraw-dialog');
    await waitFor(() => expect(screen.getByTestId('cash-account-select')).toHaveTextContent('10103'));
    await u.type(amountInput(), '15000000');
    expect(screen.getByTestId('warn-limit')).toHaveTextContent('TELLER (Rp 10.000.000)');
    expect(screen.getByTestId('warn-limit')).toHaveTextContent('diajukan untuk persetujuan');
    await u.keyboard('{Enter}');
    const summary = await screen.findByTestId('posting-summary');
    expect(summary).toHaveTextContent('Pengajuan Online › Penarikan Menunggu Persetujuan');
    expect(screen.getByTestId('posting-confirm')).toHaveTextContent('Ajukan persetujuan');
    await u.click(screen.getByTestId('posting-confirm'));
    await screen.findByTestId('posting-waiting');
    expect(sent).toHaveLength(1);
    expect(screen.getByTestId('waiting-queue-link')).toHaveAttribute('href', '/transactions/online-requests?tab=withdrawals');
  });

  it('above the limit with REFUSE: posting disabled on the confirm step, the limit named, nothing sent', async () => {
    const u = userEvent.setup({ delay: null });
    const sent = setup({ kind: 'withdraw', aboveLimit: 'REFUSE', answers: [{ status: 200, body: posted() }] });
    await screen.findByTestId('withdraw-dialog');
    await waitFor(() => expect(screen.getByTestId('cash-account-select')).toHaveTextContent('10103'));
    await u.type(amountInput(), '15000000');
    expect(screen.getByTestId('warn-limit')).toHaveTextContent('menolak penarikan di atas batas');
    await u.keyboard('{Enter}');
    const summary = await screen.findByTestId('posting-summary');
    expect(summary).toHaveTextContent('TELLER (Rp 10.000.000)');
    expect(screen.getByTestId('posting-confirm')).toBeDisabled();
    await u.keyboard('{Enter}');
    expect(sent).toHaveLength(0);
    // A smaller amount within the limit posts.
    await u.click(screen.getByTestId('posting-back'));
    await u.clear(amountInput());
    await u.type(amountInput(), '100000');
    await u.keyboard('{Enter}');
    await screen.findByTestId('posting-summary');
    expect(screen.getByTestId('posting-confirm')).toBeEnabled();
  });
});

describe('deposit form', () => {
  it('posts by account when the member holds several accounts of the product, through the chosen cash account', async () => {
    const u = userEvent.setup({ delay: null });
    const sent = setup({
      kind: 'deposit',
      byAccount: true,
      answers: [{ status: 200, body: posted({ id: 'tx-9', amount: 250_000.5, balanceAfter: 5_671_000.5 }) }],
    });
    await screen.findByTestId('deposit-dialog');
    await waitFor(() => expect(screen.getByTestId('cash-account-select')).toHaveTextContent('10103'));
    await u.click(screen.getByTestId('cash-account-select'));
    await u.click(await screen.findByTestId('cash-option-10104'));
    await u.type(amountInput(), '250000,5');
    expect(amountInput()).toHaveValue('250.000,5');
    await u.type(screen.getByTestId('movement-description'), 'Setoran tunai');
    await u.keyboard('{Enter}');
    await screen.findByTestId('posting-summary');
    expect(fact('summary-after')).toBe('Rp 5.671.000,50');
    expect(screen.getByTestId('posting-summary')).toHaveTextContent('10104 · Bank BRI');
    await u.click(screen.getByTestId('posting-confirm'));
    await screen.findByTestId('posting-done');
    expect(sent).toEqual([
      {
        path: '/api/transaction/topup-saving',
        key: expect.any(String),
        body: { memberSavingId: 'acc-ss', amount: 250_000.5, description: 'Setoran tunai', coaId: 'coa-10104' },
      },
    ]);
    expect(fact('done-balance')).toBe('Rp 5.671.000,50');
  });
});
