/**
 * Withdrawals waiting for approval (tab of /transactions/online-requests):
 * listed from the withdraw-request datatable, approved after a confirmation
 * step (the withdrawal posts, the receipt is offered), rejected only with a
 * reason; the server's refusal shown; hidden for a role that may not decide.
 * An approver whose own withdrawal limit is below the amount is warned
 * before approving (in Indonesian and English), and may still try: the
 * server's refusal decides.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok } from '../../../test/render';
import { type Answer, expectReasonRequired, expectTabHidden, openApprovalTab, refusal } from './approvals';
import { account, CASH, MY_CASH } from './fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['savings']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const staff = (update: boolean, savingWithdrawal: number | null = null) =>
  user({
    role: { id: 'r2', name: 'TELLER', code: 'TELLER' },
    permissions: { member_transaction: { view: true, add: true, update, delete: false } },
    limits: { savingWithdrawal, loanRequest: 0, loanApproval: 0, canReleaseLoan: false, canCancelTransaction: false },
  });

const request = {
  id: 'wr-1',
  type: 'WITHDRAWAL',
  memberSavingId: 'acc-ss',
  accountNumber: 'SS.000028',
  productName: 'Simpanan Sukarela',
  balance: 5_421_000,
  memberId: 'm1',
  cifNumber: '2025000004',
  memberName: 'Wati Putri Fitriani',
  phone: null,
  amount: 3_000_000,
  description: null,
  bankName: null,
  bankAccountNumber: null,
  bankAccountName: null,
  cashCoa: { id: 'coa-10103', code: '10103', name: 'Kas Teller' },
  channel: 'TELLER',
  status: 'WAITING',
  reason: null,
  requestedBy: 'u2',
  requestedByName: 'Siti Rahmawati',
  requestedAt: '2026-11-21T03:00:00Z',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  transactionId: null,
  transactionCode: null,
};

function open(update: boolean, answer?: (body: Record<string, unknown>) => Answer, limit: number | null = null) {
  return openApprovalTab({
    tab: 'withdrawals',
    user: staff(update, limit),
    list: {
      path: '/api/transaction/withdraw-request/datatable',
      page: { content: [request], page: 0, limit: 10, totalElements: 1, totalPages: 1, waitingCount: 1, waitingAmount: 3_000_000 },
    },
    decide: { path: '/api/transaction/withdraw-request/decide', answer },
    more: {
      '/api/coa/101/search-by-parent': CASH,
      '/api/coa/assign-to-me': MY_CASH,
      '/api/transaction/saving/acc-ss/detail': { ...account(), plan: null },
      '/api/transaction/withdraw-request/wr-1/detail': request,
    },
  });
}

describe('withdrawals waiting for approval', () => {
  it('is not offered to a role that may not decide', async () => {
    const { lists } = open(false);
    // The cash-out list is shown instead; the withdrawal queue is neither offered nor fetched.
    await expectTabHidden('withdrawals', lists);
  });

  it('asks for a reason to reject and shows the server refusal of an approval', async () => {
    const u = userEvent.setup({ delay: null });
    const { posts, lists } = open(true, () => refusal(422, 'Nominal melebihi batas penarikan peran Anda', 'WITHDRAWAL_LIMIT'));
    await u.click(await screen.findByText('Wati Putri Fitriani', {}, { timeout: 8000 }));
    expect(lists[0]!.get('status')).toBe('WAITING');
    const dialog = await screen.findByTestId('request-dialog');
    expect(await within(dialog).findByText('Siti Rahmawati')).toBeInTheDocument();

    await expectReasonRequired(u, posts);

    await u.click(screen.getByText('Kembali'));
    await u.click(screen.getByTestId('request-approve'));
    // Approving asks for a confirmation before anything is sent.
    expect(screen.getByTestId('approve-note')).toHaveTextContent('SS.000028');
    expect(posts).toHaveLength(0);
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByTestId('posting-error')).toHaveTextContent('Nominal melebihi batas penarikan peran Anda');
    expect(posts[0]!.body).toEqual({ id: 'wr-1', status: 'APPROVED', reason: null, coaId: 'coa-10103' });
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects with the reason', async () => {
    const u = userEvent.setup({ delay: null });
    const { posts } = open(true, (b) => ({
      body: ok({ request: { ...request, status: 'REJECTED', reason: b.reason }, transaction: null }, 'Pengajuan ditolak'),
    }));
    await u.click(await screen.findByText('Wati Putri Fitriani', {}, { timeout: 8000 }));
    await screen.findByTestId('request-dialog');
    await u.click(await screen.findByTestId('request-reject'));
    await u.type(screen.getByTestId('reject-reason'), 'Saldo dibutuhkan untuk jaminan');
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByTestId('posting-done')).toHaveTextContent('Pengajuan ditolak');
    expect(posts[0]!.body).toEqual({ id: 'wr-1', status: 'REJECTED', reason: 'Saldo dibutuhkan untuk jaminan', coaId: null });
  });

  it('warns an approver whose own limit is below the amount, and leaves the decision to the server', async () => {
    const u = userEvent.setup({ delay: null });
    const limitRefusal = refusal(
      403,
      'Nominal Rp 3.000.000 melebihi batas penarikan simpanan role TELLER sebesar Rp 2.000.000',
      'LIMIT_EXCEEDED',
    );
    const { posts } = open(true, () => limitRefusal, 2_000_000);
    await u.click(await screen.findByText('Wati Putri Fitriani', {}, { timeout: 8000 }));
    const warning = await screen.findByTestId('warn-approver-limit');
    const text = () => screen.getByTestId('warn-approver-limit').textContent?.replace(/\s+/g, ' ');
    expect(warning).toBeInTheDocument();
    expect(text()).toBe(
      'Nominal Rp 3.000.000 melebihi batas penarikan role Anda, TELLER (Rp 2.000.000): persetujuan Anda akan ditolak server. ' +
        'Minta pengguna dengan batas yang cukup untuk menyetujuinya, atau tolak pengajuan.',
    );
    // Approving is still offered and sent: the server decides, and its refusal is shown.
    await u.click(screen.getByTestId('request-approve'));
    expect(screen.getByTestId('warn-approver-limit')).toBeInTheDocument();
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByTestId('posting-error')).toHaveTextContent(
      'Nominal Rp 3.000.000 melebihi batas penarikan simpanan role TELLER sebesar Rp 2.000.000',
    );
    expect(posts).toHaveLength(1);
    // Rejecting is not limited: no warning there.
    await u.click(screen.getByText('Kembali'));
    await u.click(screen.getByTestId('request-reject'));
    expect(screen.queryByTestId('warn-approver-limit')).toBeNull();

    // In English.
    await i18n.loadLanguages('en');
    await i18n.changeLanguage('en');
    try {
      await u.click(await screen.findByRole('button', { name: 'Back' }));
      expect(await screen.findByTestId('warn-approver-limit')).toHaveTextContent(
        'The amount Rp 3,000,000 is above the withdrawal limit of your role, TELLER (Rp 2,000,000)',
      );
    } finally {
      await i18n.changeLanguage('id');
    }
  });

  it('approves, posts and offers the receipt', async () => {
    const u = userEvent.setup({ delay: null });
    // A limit equal to the amount covers it: no warning.
    const { posts } = open(
      true,
      () => ({
        body: ok(
          {
            request: { ...request, status: 'APPROVED', transactionId: 'tx-9', transactionCode: 'TRX9' },
            transaction: { id: 'tx-9', code: 'TRX9', amount: 3_000_000, balanceAfter: 2_421_000 },
          },
          'Penarikan disetujui',
        ),
      }),
      3_000_000,
    );
    await u.click(await screen.findByText('Wati Putri Fitriani', {}, { timeout: 8000 }));
    await u.click(await screen.findByTestId('request-approve'));
    expect(screen.queryByTestId('warn-approver-limit')).toBeNull();
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByTestId('done-code')).toHaveTextContent('TRX9');
    expect(screen.getByText('Penarikan disetujui dan diposting')).toBeInTheDocument();
    expect(screen.getByTestId('print-receipt-a5')).toHaveAttribute('href', '/transactions/receipt/tx-9?paper=A5');
    expect(posts).toHaveLength(1);
  });
});
