/**
 * Account openings waiting for approval (?tab=openings of
 * /transactions/online-requests): the PENDING accounts listed, approval after
 * a confirmation step, rejection only with a reason, the server's refusal
 * shown; hidden for a role that may not decide.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { loadFullCatalog } from '../../../lib/i18n/messages';
import { user } from '../../../test/fixtures';
import { ok } from '../../../test/render';
import { type Answer, expectReasonRequired, expectTabHidden, openApprovalTab, refusal } from './approvals';
import { account } from './fixtures';

beforeAll(async () => {
  await i18n.loadNamespaces(['savings']);
  await loadFullCatalog();
});
beforeEach(() => {
  Cookies.set('csrf_token', 't');
});

const staff = (update: boolean) => user({ permissions: { member_transaction: { view: true, add: true, update, delete: false } } });

const pending = account({
  id: 'acc-tp',
  accountNumber: 'TP.000004',
  productName: 'Tabungan Pendidikan',
  savingType: 'PLAN',
  status: 'PENDING',
  balance: 0,
  availableBalance: 0,
  openDate: null,
});

function open(update: boolean, answer?: (body: Record<string, unknown>) => Answer) {
  return openApprovalTab({
    tab: 'openings',
    user: staff(update),
    list: { path: '/api/transaction/saving/datatable', page: { content: [pending], page: 0, limit: 10, totalElements: 1, totalPages: 1 } },
    decide: { path: '/api/transaction/approve-open-product-member', answer },
    more: {
      '/api/home/request-cashing-out-online': {
        content: [],
        page: 0,
        limit: 10,
        totalElements: 0,
        totalPages: 0,
        waitingCount: 0,
        waitingAmount: 0,
      },
    },
  });
}

describe('account openings waiting for approval', () => {
  it('is not offered to a role that may not decide', async () => {
    const { lists } = open(false);
    await expectTabHidden('openings', lists);
  });

  it('lists the pending accounts, asks for a reason to reject and shows the server refusal', async () => {
    const u = userEvent.setup({ delay: null });
    const { posts, lists } = open(true, () => refusal(422, 'Rekening TP.000004 tidak sedang menunggu persetujuan', 'ACCOUNT_NOT_PENDING'));
    await u.click(await screen.findByText('Wati Putri Fitriani', {}, { timeout: 8000 }));
    expect(lists[0]!.get('status')).toBe('PENDING');
    await screen.findByTestId('opening-dialog');

    await expectReasonRequired(u, posts);
    await u.type(screen.getByTestId('reject-reason'), 'Dokumen belum lengkap');
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByTestId('posting-error')).toHaveTextContent('Rekening TP.000004 tidak sedang menunggu persetujuan');
    expect(posts[0]!.body).toEqual({ memberSavingId: 'acc-tp', status: 'REJECTED', reason: 'Dokumen belum lengkap' });
  });

  it('approves after the confirmation', async () => {
    const u = userEvent.setup({ delay: null });
    const { posts } = open(true, () => ({ body: ok({ ...pending, status: 'ACTIVE' }, 'Pembukaan rekening disetujui') }));
    await u.click(await screen.findByText('Wati Putri Fitriani', {}, { timeout: 8000 }));
    await u.click(await screen.findByTestId('request-approve'));
    expect(screen.getByTestId('approve-note')).toHaveTextContent('TP.000004 (Tabungan Pendidikan)');
    expect(posts).toHaveLength(0);
    await u.click(screen.getByTestId('request-confirm'));
    expect(await screen.findByTestId('opening-done')).toHaveTextContent('Pembukaan rekening TP.000004 disetujui');
    expect(posts.map((p) => p.body)).toEqual([{ memberSavingId: 'acc-tp', status: 'APPROVED', reason: null }]);
  });
});
