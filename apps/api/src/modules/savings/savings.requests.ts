/**
 * Withdrawals waiting for a decision:
 *  - WITHDRAWAL: a teller's withdrawal above the role's limit when the
 *    cooperative's configuration says REQUEST_APPROVAL (savings.service).
 *  - CASH_OUT_ONLINE: a withdrawal asked for in the member app (GET/POST
 *    /api/home/request-cashing-out-online), paid by transfer to the member's
 *    bank account when staff approve it.
 *
 * Decisions (docs/savings.md):
 *  - Approving posts the withdrawal in the same transaction; the approver's
 *    own saving-withdrawal limit must cover the amount (no second queue), and
 *    the account's rules apply again at that moment (balance, blocks, member
 *    still active). Rejecting needs a reason. A decided request is final.
 *  - The payout comes from the cash or bank account chosen at approval, else
 *    the one of the request, else the approver's assigned cash account
 *    (online cash-outs usually go out from a bank account).
 *  - Online cash-outs are accepted only while the cooperative's mobile
 *    configuration allows online withdrawal, within its minimum and maximum
 *    (memberServices), from a voluntary account, and up to what may be
 *    withdrawn less the requests already waiting on the account.
 *  - Agents see and decide only their members' requests.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { limitDecision } from '../money/limits.ts';
import { getConfig } from '../settings/configuration.ts';
import { assertCanMove, isAgentCtx, rupiah, today, withdrawable } from './savings.core.ts';
import { lockAccounts } from './savings.repo.ts';
import {
  cancelWaitingRequestsOf,
  insertCashOutRequest,
  type RequestRow,
  type RequestType,
  requestPage,
  requestRow,
  setRequestDecision,
  waitingRequestTotal,
} from './savings.requests.repo.ts';
import { withdrawTx } from './savings.service.ts';

function view(r: RequestRow) {
  return {
    id: r.id,
    type: r.type,
    memberSavingId: r.saving_id,
    accountNumber: r.account_number,
    productName: r.product_name,
    balance: r.balance,
    memberId: r.member_id,
    cifNumber: r.cif_number,
    memberName: r.member_name,
    phone: r.phone,
    amount: r.amount,
    description: r.description,
    bankName: r.bank_name,
    bankAccountNumber: r.bank_account_number,
    bankAccountName: r.bank_account_name,
    cashCoa: r.cash_coa_id ? { id: r.cash_coa_id, code: r.cash_code, name: r.cash_name } : null,
    channel: r.channel,
    status: r.status,
    reason: r.reason,
    requestedBy: r.requested_by,
    requestedByName: r.requested_by_name,
    requestedAt: r.requested_at.toISOString(),
    decidedBy: r.decided_by,
    decidedByName: r.decided_by_name,
    decidedAt: r.decided_at?.toISOString() ?? null,
    transactionId: r.transaction_id,
    transactionCode: r.transaction_code,
  };
}

export async function listRequests(
  ctx: Ctx,
  type: RequestType,
  q: {
    page: number;
    limit: number;
    search?: string;
    status?: string;
    start?: string;
    end?: string;
    sortBy?: string;
    ascOrDesc: 'ASC' | 'DESC';
  },
) {
  return withTx(ctx, async (tx) => {
    const status = q.status ?? 'WAITING';
    // Waiting requests are served oldest first unless a sort is asked for.
    const dir = q.sortBy ? q.ascOrDesc : status === 'WAITING' ? 'ASC' : 'DESC';
    const { rows, counts } = await requestPage(tx, type, {
      page: q.page,
      limit: q.limit,
      search: q.search,
      status,
      start: q.start,
      end: q.end,
      sortBy: q.sortBy,
      dir,
      agentUserId: isAgentCtx(ctx) ? ctx.userId : undefined,
    });
    return {
      ...paged(rows.map(view), counts?.n ?? 0, q.page, q.limit),
      waitingCount: counts?.waiting ?? 0,
      waitingAmount: counts?.waiting_amount ?? ZERO,
    };
  });
}

async function findRequest(tx: Tx, ctx: Ctx, type: RequestType, id: string, lock = false): Promise<RequestRow> {
  const r = await requestRow(tx, type, id, isAgentCtx(ctx) ? ctx.userId : undefined, lock);
  if (!r) throw notFound('saving.request_not_found');
  return r;
}

export async function requestDetail(ctx: Ctx, type: RequestType, id: string) {
  return withTx(ctx, async (tx) => view(await findRequest(tx, ctx, type, id)));
}

/** Approve (the withdrawal posts) or reject (with a reason) a waiting request. */
export async function decideRequest(
  ctx: Ctx,
  type: RequestType,
  body: { id: string; status: 'APPROVED' | 'REJECTED'; reason?: string | null; coaId?: string | null },
) {
  return withTx(
    ctx,
    async (tx) => {
      const r = await findRequest(tx, ctx, type, body.id, true);
      if (r.status !== 'WAITING') throw unprocessable('REQUEST_DECIDED', 'saving.request_decided', { status: r.status });
      let transaction = null;
      if (body.status === 'APPROVED') {
        // The approver's own limit must cover it: no second queue (above it, the refusal).
        await limitDecision(tx, ctx, 'SAVING_WITHDRAWAL', r.amount, { mayQueue: false });
        const bank = r.bank_name ? `${r.bank_name} ${r.bank_account_number} a.n. ${r.bank_account_name}` : null;
        const result = await withdrawTx(tx, ctx, {
          savingId: r.saving_id,
          amount: r.amount,
          description: [r.description, bank].filter(Boolean).join(' - ') || null,
          coaId: body.coaId ?? r.cash_coa_id,
          activity: type === 'CASH_OUT_ONLINE' ? 'CASH_OUT_ONLINE' : 'WITHDRAWAL',
          channel: r.channel,
          requestId: r.id,
          skipLimit: true,
          cashHolderOk: r.requested_by,
        });
        transaction = result.transaction;
      }
      await setRequestDecision(tx, r.id, {
        status: body.status,
        reason: body.reason ?? null,
        userId: ctx.userId,
        transactionId: transaction?.id ?? null,
      });
      await audit(tx, ctx, {
        action: body.status === 'APPROVED' ? 'saving.request_approve' : 'saving.request_reject',
        entity: 'saving_request',
        entityId: r.id,
        before: { status: 'WAITING' },
        after: { status: body.status, reason: body.reason ?? null, transactionId: transaction?.id ?? null, amount: r.amount },
      });
      return { request: view(await findRequest(tx, ctx, type, r.id)), transaction };
    },
    { idempotent: true, message: body.status === 'APPROVED' ? 'saving.request_approved' : 'saving.request_rejected' },
  );
}

/** A cash-out request from the member app (or entered by staff for the member). */
export async function submitCashOut(
  ctx: Ctx,
  b: {
    memberSavingId: string;
    amount: Dec;
    bankName: string;
    bankAccountNumber: string;
    bankAccountName: string;
    description?: string | null;
  },
) {
  return withTx(
    ctx,
    async (tx) => {
      const apps = await getConfig(tx, ctx.tenantId, 'mobileApps');
      if (!apps.onlineWithdrawal) throw unprocessable('ONLINE_WITHDRAWAL_DISABLED', 'saving.online_withdrawal_disabled');
      const services = await getConfig(tx, ctx.tenantId, 'memberServices');
      if (b.amount.lt(services.onlineWithdrawalMin)) {
        throw new AppError(
          422,
          'ONLINE_WITHDRAWAL_MIN',
          'saving.online_withdrawal_min',
          { min: rupiah(ctx, dec(services.onlineWithdrawalMin)) },
          [{ field: 'amount', message: 'saving.online_withdrawal_min' }],
        );
      }
      if (services.onlineWithdrawalMax !== null && b.amount.gt(services.onlineWithdrawalMax)) {
        throw new AppError(
          422,
          'ONLINE_WITHDRAWAL_MAX',
          'saving.online_withdrawal_max',
          { max: rupiah(ctx, dec(services.onlineWithdrawalMax)) },
          [{ field: 'amount', message: 'saving.online_withdrawal_max' }],
        );
      }
      const a = (await lockAccounts(tx, [b.memberSavingId], today(), isAgentCtx(ctx) ? ctx.userId : null)).get(b.memberSavingId);
      assertCanMove(ctx, a);
      if (a.kind !== 'SAVING')
        throw unprocessable('EQUITY_NOT_WITHDRAWABLE', 'saving.equity_not_withdrawable', { product: a.product_name });
      const waiting = await waitingRequestTotal(tx, a.id);
      const available = withdrawable(a).available.minus(waiting?.total ?? ZERO);
      if (b.amount.gt(available)) {
        throw new AppError(
          422,
          'INSUFFICIENT_BALANCE',
          'saving.insufficient_with_requests',
          { available: rupiah(ctx, available.isNegative() ? ZERO : available), waiting: rupiah(ctx, waiting?.total ?? ZERO) },
          [{ field: 'amount', message: 'saving.insufficient_with_requests' }],
        );
      }
      const requestId = await insertCashOutRequest(tx, {
        savingId: a.id,
        memberId: a.member_id,
        amount: b.amount.toFixed(2),
        description: b.description ?? null,
        bankName: b.bankName,
        bankAccountNumber: b.bankAccountNumber,
        bankAccountName: b.bankAccountName,
        userId: ctx.userId,
      });
      await audit(tx, ctx, {
        action: 'saving.cash_out_request',
        entity: 'saving_request',
        entityId: requestId,
        after: {
          savingId: a.id,
          accountNumber: a.account_number,
          amount: b.amount,
          bankName: b.bankName,
          bankAccountNumber: b.bankAccountNumber,
        },
      });
      return view(await findRequest(tx, ctx, 'CASH_OUT_ONLINE', requestId));
    },
    { idempotent: true, message: 'saving.cash_out_submitted' },
  );
}

/** Waiting requests of a member's accounts are cancelled when the member exits. */
export async function cancelWaitingRequests(tx: Tx, ctx: Ctx, memberId: string, reason: string): Promise<number> {
  return cancelWaitingRequestsOf(tx, memberId, reason, ctx.userId);
}
