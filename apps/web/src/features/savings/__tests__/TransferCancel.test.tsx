/**
 * The transfer form (destination from the member's other accounts, query
 * parameters with one timeOfRequest and Idempotency-Key per submission, the
 * same on a retry) and the cancellation on the transaction detail: hidden for
 * a role that may not cancel, a reason required, the server's refusal shown,
 * the result with the reversing journal.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { renderSignedRoute, Signed } from '../../../test/signed';
import { TransferDialog } from '../components/TransferDialog';
import TransactionDetailPage from '../pages/TransactionDetailPage';
import { account } from './fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['savings']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const staff = (canCancel: boolean) =>
  user({
    permissions: { member_transaction: { view: true, add: true, update: true, delete: false } },
    limits: { savingWithdrawal: null, loanRequest: null, loanApproval: null, canReleaseLoan: false, canCancelTransaction: canCancel },
  });

describe('transfer form', () => {
  it('sends the query parameters once per submission and the same timeOfRequest and key again on a retry', async () => {
    const u = userEvent.setup({ delay: null });
    const sent: Array<{ q: URLSearchParams; key: string | null }> = [];
    stubFetch((url, init) => {
      if (url.pathname === '/api/users/detail') return { body: ok(staff(false)) };
      if (url.pathname === '/api/transaction/v2/transfer' && init.method === 'POST') {
        sent.push({ q: url.searchParams, key: new Headers(init.headers).get('Idempotency-Key') });
        // The first attempt gets no answer (the connection drops): a network failure.
        if (sent.length === 1) throw new TypeError('Failed to fetch');
        return {
          body: ok({
            status: 'POSTED',
            transactions: [
              {
                id: 'out',
                code: 'TRX1',
                activity: 'TRANSFER_OUT',
                accountNumber: 'SS.000028',
                amount: 50_000,
                balanceAfter: 5_371_000,
                journalNumber: 'JU/2026/000010',
              },
              {
                id: 'in',
                code: 'TRX2',
                activity: 'TRANSFER_IN',
                accountNumber: 'TP.000003',
                amount: 50_000,
                balanceAfter: 2_060_000,
                journalNumber: 'JU/2026/000010',
              },
            ],
          }),
        };
      }
      return { status: 404, body: { status: false, code: 404, message: 'x', data: null } };
    });
    const from = account();
    const plan = account({
      id: 'acc-tp',
      accountNumber: 'TP.000003',
      productName: 'Tabungan Pendidikan',
      savingType: 'PLAN',
      balance: 2_010_000,
    });
    const wajib = account({
      id: 'acc-sw',
      accountNumber: 'SW.000032',
      productName: 'Simpanan Wajib',
      kind: 'SAVING_EQUITY',
      savingType: 'MANDATORY',
    });
    renderWithProviders(
      <Signed>
        <TransferDialog account={from} own={[from, wajib, plan]} onClose={() => undefined} />
      </Signed>,
      { auth: true },
    );
    await screen.findByTestId('transfer-dialog');
    await u.click(screen.getByTestId('posting-continue'));
    expect(await screen.findByText('Rekening tujuan wajib diisi')).toBeInTheDocument();

    // The member's other accounts, voluntary and plan before equity; the source itself is not offered.
    await u.click(screen.getByTestId('transfer-to'));
    const options = (await screen.findAllByTestId('destination-option')).map((o) => o.textContent);
    expect(options).toHaveLength(2);
    expect(options[0]).toContain('TP.000003');
    expect(options[1]).toContain('SW.000032');
    await u.click(screen.getAllByTestId('destination-option')[0]!);
    await u.type(document.querySelector<HTMLInputElement>('input[name="amount"]')!, '50000');
    await u.click(screen.getByTestId('posting-continue'));
    await screen.findByTestId('posting-summary');
    expect(screen.getByTestId('summary-after')).toHaveTextContent('Rp 5.371.000');
    expect(screen.getByTestId('summary-to-after')).toHaveTextContent('Rp 2.060.000');

    await u.click(screen.getByTestId('posting-confirm'));
    expect(await screen.findByTestId('posting-error')).toHaveTextContent('Failed to fetch');
    await u.click(screen.getByTestId('posting-confirm'));
    await screen.findByTestId('posting-done');
    expect(sent).toHaveLength(2);
    const [a, b] = sent as [(typeof sent)[0], (typeof sent)[0]];
    expect(Object.fromEntries(a.q)).toEqual({
      fromSavingId: 'acc-ss',
      toSavingId: 'acc-tp',
      amount: '50000',
      timeOfRequest: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(b.q.get('timeOfRequest')).toBe(a.q.get('timeOfRequest'));
    expect(b.key).toBe(a.key);
    expect(screen.getByTestId('done-balance')).toHaveTextContent('Rp 5.371.000');
    expect(screen.getByTestId('done-to-balance')).toHaveTextContent('Rp 2.060.000');
    expect(screen.getByTestId('print-receipt-a5')).toHaveAttribute('href', '/transactions/receipt/out?paper=A5');
  });
});

describe('cancelling a transaction', () => {
  const detail = {
    ...account(),
    id: 'tx-1',
    code: 'TRX26112200002105',
    transactionDate: '2026-11-22',
    createdAt: '2026-11-21T17:25:47Z',
    approvedAt: null,
    memberSavingId: 'acc-ss',
    kind: 'WITHDRAW',
    activity: 'WITHDRAWAL',
    activityLabel: 'Penarikan',
    amount: 100_000,
    signedAmount: -100_000,
    balanceAfter: 5_961_000,
    channel: 'TELLER',
    cashCoa: { id: 'c', code: '10103', name: 'Kas Teller' },
    groupId: 'g',
    journalId: 'j1',
    journalNumber: 'JU/2026/001192',
    status: 'POSTED',
    isReversal: false,
    reversalOfId: null,
    cancelledAt: null,
    cancelledBy: null,
    cancelReason: null,
    description: null,
    tellerId: 'u2',
    tellerName: 'Siti Rahmawati',
    requestId: null,
    reversal: null,
    journals: [{ id: 'j1', number: 'JU/2026/001192', date: '2026-11-22', lines: [] }],
  };

  function open(canCancel: boolean, cancelAnswer?: { status: number; body: unknown }) {
    const posts: Array<{ body: unknown; key: string | null }> = [];
    stubFetch((url, init) => {
      if (url.pathname === '/api/users/detail') return { body: ok(staff(canCancel)) };
      if (url.pathname === '/api/transaction/tx-1/detail') return { body: ok({ ...detail, operation: [detail] }) };
      if (url.pathname === '/api/transaction/cancel' && init.method === 'POST') {
        posts.push({ body: JSON.parse(String(init.body)), key: new Headers(init.headers).get('Idempotency-Key') });
        return cancelAnswer ?? { status: 500, body: null };
      }
      return { status: 404, body: { status: false, code: 404, message: 'x', data: null } };
    });
    renderSignedRoute('/transactions/history/:id', <TransactionDetailPage />, '/transactions/history/tx-1');
    return posts;
  }

  it('is not offered to a role that may not cancel', async () => {
    open(false);
    await screen.findByTestId('tx-card', {}, { timeout: 8000 });
    expect(screen.getByTestId('tx-amount')).toHaveTextContent('-Rp 100.000');
    expect(screen.getByTestId('print-receipt-a5')).toBeInTheDocument();
    expect(screen.queryByTestId('tx-cancel')).toBeNull();
  });

  it('asks for a reason and shows the server refusal', async () => {
    const u = userEvent.setup({ delay: null });
    const refusal = {
      status: 403,
      body: {
        status: false,
        code: 403,
        message: 'Role KASIR tidak memiliki hak membatalkan transaksi',
        errorCode: 'CANNOT_CANCEL_TRANSACTION',
        data: null,
      },
    };
    const posts = open(true, refusal);
    await u.click(await screen.findByTestId('tx-cancel', {}, { timeout: 8000 }));
    await screen.findByTestId('cancel-dialog');
    await u.click(screen.getByTestId('cancel-confirm'));
    expect(await screen.findByText('Alasan wajib diisi')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await u.type(screen.getByTestId('cancel-reason'), 'Salah input nominal');
    await u.click(screen.getByTestId('cancel-confirm'));
    expect(await screen.findByTestId('posting-error')).toHaveTextContent('Role KASIR tidak memiliki hak membatalkan transaksi');
    expect(posts[0]!.body).toEqual({ transactionId: 'tx-1', reason: 'Salah input nominal' });
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('cancels and reports the reversing journal', async () => {
    const u = userEvent.setup({ delay: null });
    const posts = open(true, {
      status: 200,
      body: ok(
        {
          transactionId: 'tx-1',
          code: 'TRX26112200002105',
          status: 'CANCELLED',
          reason: 'x',
          reversalJournalId: 'j2',
          reversalJournalNumber: 'JU/2026/001193',
          reversals: [],
        },
        'Transaksi berhasil dibatalkan',
      ),
    });
    await u.click(await screen.findByTestId('tx-cancel', {}, { timeout: 8000 }));
    await u.type(await screen.findByTestId('cancel-reason'), 'Salah input nominal');
    await u.click(screen.getByTestId('cancel-confirm'));
    await waitFor(() => expect(screen.getByTestId('cancel-result')).toHaveTextContent('jurnal pembalik JU/2026/001193'));
    expect(posts).toHaveLength(1);
  });
});
