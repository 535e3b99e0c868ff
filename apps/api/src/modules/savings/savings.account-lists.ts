import { ZERO } from '@koperasi/finance';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { quickSearchArgs, searchPatterns } from '../members/members.list.ts';
import {
  type AccountFilter,
  accountRow,
  accountRowsPage,
  memberAccountRows,
  memberVisible,
  searchAccountRows,
  waitingRequests,
} from './savings.account-lists.repo.ts';
import { isAgentCtx } from './savings.core.ts';
import { accountView } from './savings.repo.ts';

// ---------------------------------------------------------------- lists

/** GET /api/member/{id}/saving-product: a member's saving and equity accounts (the member detail's saving tab). */
export async function memberAccounts(ctx: Ctx, memberId: string, q: { status?: string; kind?: string }) {
  return withTx(ctx, async (tx) => {
    const agent = isAgentCtx(ctx) ? ctx.userId : null;
    if (!(await memberVisible(tx, memberId, agent))) throw notFound('member.not_found');
    const rows = await memberAccountRows(tx, memberId, q);
    const accounts = rows.map(accountView);
    const sum = (pred: (a: (typeof accounts)[number]) => boolean) => accounts.filter(pred).reduce((s, a) => s.plus(a.balance), ZERO);
    return {
      accounts,
      totals: {
        equity: sum((a) => a.kind === 'SAVING_EQUITY' && a.status === 'ACTIVE'),
        saving: sum((a) => a.kind === 'SAVING' && a.status === 'ACTIVE'),
        available: accounts.filter((a) => a.status === 'ACTIVE').reduce((s, a) => s.plus(a.availableBalance), ZERO),
      },
    };
  });
}

export async function accountDetail(ctx: Ctx, savingId: string) {
  return withTx(ctx, async (tx) => {
    const agent = isAgentCtx(ctx) ? ctx.userId : null;
    const r = await accountRow(tx, savingId, agent);
    if (!r) throw notFound('saving.account_not_found');
    const waiting = await waitingRequests(tx, savingId);
    return {
      ...accountView(r),
      totalCredit: r.total_credit,
      totalDebit: r.total_debit,
      waitingRequests: waiting.map((w) => ({ id: w.id, type: w.type, amount: w.amount, requestedAt: w.requested_at.toISOString() })),
    };
  });
}

/**
 * As-you-type lookup of open accounts by CIF, phone or identity number (prefix), name (contains; starts with under
 * three letters), as the member search reads the text (searchPatterns), or account number (prefix).
 */
export async function searchAccounts(ctx: Ctx, q: { q: string; kind?: string; limit: number }) {
  const patterns = searchPatterns(q.q);
  if (!patterns) return [];
  return withTx(ctx, async (tx) => {
    const rows = await searchAccountRows(tx, q, quickSearchArgs(patterns), q.q.trim().toUpperCase(), isAgentCtx(ctx) ? ctx.userId : null);
    return rows.map(accountView);
  });
}

/** GET /api/transaction/saving/datatable: accounts with filters (savingAccountDatatableQuery in contracts/savings.ts). */
export async function accountsDatatable(ctx: Ctx, q: AccountFilter) {
  return withTx(ctx, async (tx) => {
    const { total, rows } = await accountRowsPage(tx, q, isAgentCtx(ctx) ? ctx.userId : null);
    return paged(rows.map(accountView), total, q.page, q.limit);
  });
}
