/**
 * The officer's change dialogs in the DOM: waiving a fine (all or a part,
 * reason required, nothing posted), changing future installments (only the
 * unpaid ones, principal must keep its total, the changed fields only are
 * sent), cancelling a release (reason, destructive confirmation, the
 * reversal journal in the result) — each with its Idempotency-Key and the
 * server's refusal shown in the dialog.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { ReactElement } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok, renderWithProviders, stubFetch } from '../../../test/render';
import { Signed } from '../../../test/signed';
import { CancelReleaseDialog, UpdateInstallmentDialog, WaiveFineDialog } from '../components/ChangeDialogs';
import { runningLoan } from './fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['loans']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

interface Sent {
  path: string;
  key: string | null;
  body: Record<string, unknown>;
}

function setup(ui: ReactElement, answers: Array<{ status: number; body: unknown }>) {
  const sent: Sent[] = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/users/detail') return { body: ok(user()) };
    if (init.method === 'POST') {
      sent.push({ path: url.pathname, key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
      const a = answers[Math.min(sent.length - 1, answers.length - 1)]!;
      return { status: a.status, body: a.body };
    }
    return { status: 404, body: { status: false, code: 404, message: 'Tidak ditemukan', data: null } };
  });
  renderWithProviders(<Signed>{ui}</Signed>, { auth: true });
  return sent;
}

const refusal = (message: string, errorCode: string) => ({ status: false, code: 422, errorCode, message, data: null });

describe('waive fine', () => {
  it('asks for a reason, waives a part, and shows that nothing is posted', async () => {
    const u = userEvent.setup({ delay: null });
    const loan = runningLoan();
    const sent = setup(<WaiveFineDialog loan={loan} onClose={() => undefined} />, [{ status: 200, body: ok(loan, 'Denda dihapus') }]);
    expect(await screen.findByTestId('waive-fine-due')).toHaveTextContent('Rp 4.542');
    await u.type(screen.getByTestId('waive-amount'), '5000');
    await u.click(screen.getByTestId('posting-continue'));
    expect(await screen.findByText('Isi antara Rp 1 dan Rp 4.542')).toBeInTheDocument();
    await u.clear(screen.getByTestId('waive-amount'));
    await u.type(screen.getByTestId('waive-amount'), '2000');
    await u.click(screen.getByTestId('posting-continue'));
    expect(await screen.findByText('Alasan wajib diisi')).toBeInTheDocument();
    await u.type(screen.getByTestId('waive-reason'), 'Musibah banjir');
    await u.click(screen.getByTestId('posting-continue'));
    expect(within(await screen.findByTestId('posting-summary')).getByText(/tidak membuat jurnal/)).toBeInTheDocument();
    await u.click(screen.getByTestId('posting-confirm'));
    await screen.findByTestId('posting-done');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      path: `/api/transaction/product/loan/${loan.id}/waive-fine`,
      body: { amount: 2000, reason: 'Musibah banjir' },
    });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('update installments', () => {
  it('offers only the unpaid installments, keeps the principal total, and sends only what changed', async () => {
    const u = userEvent.setup({ delay: null });
    const loan = runningLoan();
    const sent = setup(<UpdateInstallmentDialog loan={loan} onClose={() => undefined} />, [
      { status: 422, body: refusal('Tanggal jatuh tempo angsuran harus berurutan', 'INSTALLMENT_DATES_ORDER') },
    ]);
    const table = await screen.findByTestId('update-installment-table');
    // Installment 1 is paid: rows 2–6 only.
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.queryByTestId('principal-1')).toBeNull();
    await u.click(screen.getByTestId('posting-continue'));
    expect(await screen.findByTestId('update-form-error')).toHaveTextContent('Belum ada angsuran yang diubah');

    // Move 100.000 of principal from installment 3 to installment 4: the total holds.
    const p3 = screen.getByTestId('principal-3');
    const p4 = screen.getByTestId('principal-4');
    await u.clear(p3);
    await u.type(p3, '733400');
    expect(screen.getByTestId('update-principal-sum')).toHaveTextContent('Rp 4.066.600 dari Rp 4.166.600');
    await u.click(screen.getByTestId('posting-continue'));
    expect(screen.getByTestId('update-form-error')).toHaveTextContent('harus sama dengan Rp 4.166.600');
    await u.clear(p4);
    await u.type(p4, '933400');
    await u.type(screen.getByTestId('update-reason'), 'Panen mundur');
    await u.click(screen.getByTestId('posting-continue'));
    const summary = await screen.findByTestId('posting-summary');
    expect(within(summary).getByText('Angsuran ke-3')).toBeInTheDocument();
    await u.click(screen.getByTestId('posting-confirm'));
    expect(await screen.findByTestId('posting-error')).toHaveTextContent('harus berurutan');
    expect(screen.getByTestId('posting-confirm')).toBeDisabled();
    expect(sent[0]!.body).toEqual({
      loanId: loan.id,
      installments: [
        { number: 3, principal: 733_400 },
        { number: 4, principal: 933_400 },
      ],
      reason: 'Panen mundur',
    });
  });
});

describe('cancel release', () => {
  it('needs a reason, confirms as a destructive action and shows the reversal journal', async () => {
    const u = userEvent.setup({ delay: null });
    const loan = runningLoan({ principalPaid: 0, interestPaid: 0 });
    const sent = setup(<CancelReleaseDialog loan={loan} onClose={() => undefined} />, [
      { status: 503, body: { status: false, code: 503, errorCode: 'SERVICE_UNAVAILABLE', message: 'Server sedang sibuk', data: null } },
      {
        status: 200,
        body: ok({ loan: { ...loan, status: 'APPROVED' }, reversalJournalId: 'j', reversalJournalNumber: 'JU/2026/000777' }),
      },
    ]);
    await screen.findByTestId('cancel-release-dialog');
    expect(screen.getByText(/Rp 4.900.000/)).toBeInTheDocument();
    await u.click(screen.getByTestId('posting-continue'));
    expect(await screen.findByText('Alasan wajib diisi')).toBeInTheDocument();
    await u.type(screen.getByTestId('cancel-release-reason'), 'Salah rekening tujuan');
    await u.click(screen.getByTestId('posting-continue'));
    await u.click(await screen.findByTestId('posting-confirm'));
    expect(await screen.findByTestId('posting-error')).toHaveTextContent('Server sedang sibuk');
    await u.click(screen.getByRole('button', { name: 'Kirim ulang' }));
    await screen.findByTestId('posting-done');
    expect(screen.getByText('JU/2026/000777')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]!.body).toEqual({ loanId: loan.id, reason: 'Salah rekening tujuan' });
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });
});
