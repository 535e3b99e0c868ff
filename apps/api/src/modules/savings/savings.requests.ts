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
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { limitDecision } from '../money/limits.ts';
import { getConfig } from '../settings/configuration.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { assertCanMove, isAgentCtx, rupiah, today, withdrawable } from './savings.core.ts';
import { lockAccounts } from './savings.repo.ts';
import { withdrawTx } from './savings.service.ts';

type RequestType = 'WITHDRAWAL' | 'CASH_OUT_ONLINE';

interface RequestRow {
  id: string;
  type: RequestType;
  saving_id: string;
  member_id: string;
  amount: Dec;
  description: string | null;
  bank_name: string | null;
  bank_account_number: string | null;
  bank_account_name: string | null;
  cash_coa_id: string | null;
  channel: 'TELLER' | 'AGENT' | 'MOBILE' | 'SYSTEM';
  status: 'WAITING' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
  reason: string | null;
  requested_by: string | null;
  requested_at: Date;
  decided_by: string | null;
  decided_at: Date | null;
  transaction_id: string | null;
  account_number: string;
  balance: Dec;
  product_name: string;
  cif_number: string;
  member_name: string;
  phone: string | null;
  requested_by_name: string | null;
  decided_by_name: string | null;
  transaction_code: string | null;
  cash_code: string | null;
  cash_name: string | null;
}

const SELECT = `
  SELECT r.*, s.account_number, s.balance, p.name AS product_name, m.cif_number, m.full_name AS member_name, m.phone,
         nullif(concat_ws(' ', ru.first_name, ru.last_name), '') AS requested_by_name,
         nullif(concat_ws(' ', du.first_name, du.last_name), '') AS decided_by_name,
         t.code AS transaction_code, c.code AS cash_code, c.name AS cash_name
  FROM saving_request r
  JOIN member_saving s ON s.tenant_id = r.tenant_id AND s.id = r.saving_id
  JOIN product p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
  JOIN member m ON m.tenant_id = r.tenant_id AND m.id = r.member_id
  LEFT JOIN app_user ru ON ru.tenant_id = r.tenant_id AND ru.id = r.requested_by
  LEFT JOIN app_user du ON du.tenant_id = r.tenant_id AND du.id = r.decided_by
  LEFT JOIN member_transaction t ON t.tenant_id = r.tenant_id AND t.id = r.transaction_id
  LEFT JOIN coa_account c ON c.tenant_id = r.tenant_id AND c.id = r.cash_coa_id`;

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

const SORT = {
  created_date: 'r.requested_at',
  requested_at: 'r.requested_at',
  amount: 'r.amount',
  member_name: 'lower(m.full_name)',
  status: 'r.status',
};

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
    const params: unknown[] = [type];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const where = ['r.tenant_id = app_tenant()', 'r.type = $1'];
    const status = q.status ?? 'WAITING';
    if (status !== 'ALL') where.push(`r.status = ${p(status)}`);
    if (q.search) {
      const s = p(likePattern(q.search));
      where.push(`(lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s} OR lower(s.account_number) LIKE ${s})`);
    }
    if (q.start) where.push(`r.requested_at >= (${p(q.start)}::date - interval '7 hours')`);
    if (q.end) where.push(`r.requested_at < (${p(q.end)}::date + interval '17 hours')`);
    if (isAgentCtx(ctx)) where.push(agentMemberCondition('m', p(ctx.userId)));
    const from = `FROM saving_request r JOIN member_saving s ON s.tenant_id = r.tenant_id AND s.id = r.saving_id
                  JOIN member m ON m.tenant_id = r.tenant_id AND m.id = r.member_id`;
    const counts = await tx.one<{ n: number; waiting: number; waiting_amount: Dec }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE r.status = 'WAITING')::int AS waiting,
              coalesce(sum(r.amount) FILTER (WHERE r.status = 'WAITING'), 0) AS waiting_amount
       ${from} WHERE ${where.join(' AND ')}`,
      params,
    );
    // Waiting requests are served oldest first unless a sort is asked for.
    const dir = q.sortBy ? q.ascOrDesc : status === 'WAITING' ? 'ASC' : 'DESC';
    const rows = await tx.query<RequestRow>(
      `${SELECT} WHERE ${where.join(' AND ')} ${orderBy(q.sortBy, dir, SORT, 'requested_at', 'r.id')}
       LIMIT ${p(q.limit)} OFFSET ${p(q.page * q.limit)}`,
      params,
    );
    return {
      ...paged(rows.map(view), counts?.n ?? 0, q.page, q.limit),
      waitingCount: counts?.waiting ?? 0,
      waitingAmount: counts?.waiting_amount ?? ZERO,
    };
  });
}

async function findRequest(tx: Tx, ctx: Ctx, type: RequestType, id: string, lock = false): Promise<RequestRow> {
  const params: unknown[] = [id, type];
  let where = 'r.tenant_id = app_tenant() AND r.id = $1 AND r.type = $2';
  if (isAgentCtx(ctx)) {
    params.push(ctx.userId);
    where += ` AND ${agentMemberCondition('m', '$3')}`;
  }
  const r = await tx.one<RequestRow>(`${SELECT} WHERE ${where}${lock ? ' FOR UPDATE OF r' : ''}`, params);
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
      await tx.exec(
        `UPDATE saving_request SET status = $2, reason = $3, decided_by = $4, decided_at = now(), transaction_id = $5
         WHERE tenant_id = app_tenant() AND id = $1`,
        [r.id, body.status, body.reason ?? null, ctx.userId, transaction?.id ?? null],
      );
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
      const waiting = await tx.one<{ total: Dec }>(
        `SELECT coalesce(sum(amount), 0) AS total FROM saving_request WHERE tenant_id = app_tenant() AND saving_id = $1 AND status = 'WAITING'`,
        [a.id],
      );
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
      const r = await tx.one<{ id: string }>(
        `INSERT INTO saving_request (tenant_id, type, saving_id, member_id, amount, description, bank_name, bank_account_number, bank_account_name,
                                     channel, requested_by)
         VALUES (app_tenant(), 'CASH_OUT_ONLINE', $1, $2, $3, $4, $5, $6, $7, 'MOBILE', $8) RETURNING id`,
        [a.id, a.member_id, b.amount.toFixed(2), b.description ?? null, b.bankName, b.bankAccountNumber, b.bankAccountName, ctx.userId],
      );
      await audit(tx, ctx, {
        action: 'saving.cash_out_request',
        entity: 'saving_request',
        entityId: r!.id,
        after: {
          savingId: a.id,
          accountNumber: a.account_number,
          amount: b.amount,
          bankName: b.bankName,
          bankAccountNumber: b.bankAccountNumber,
        },
      });
      return view(await findRequest(tx, ctx, 'CASH_OUT_ONLINE', r!.id));
    },
    { idempotent: true, message: 'saving.cash_out_submitted' },
  );
}

/** Waiting requests of a member's accounts are cancelled when the member exits. */
export async function cancelWaitingRequests(tx: Tx, ctx: Ctx, memberId: string, reason: string): Promise<number> {
  return tx.exec(
    `UPDATE saving_request SET status = 'CANCELLED', reason = $2, decided_by = $3, decided_at = now()
     WHERE tenant_id = app_tenant() AND member_id = $1 AND status = 'WAITING'`,
    [memberId, reason, ctx.userId],
  );
}
