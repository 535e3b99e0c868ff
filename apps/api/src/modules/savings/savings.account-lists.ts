import { type Dec, ZERO } from '@koperasi/finance';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { isAgentCtx } from './savings.core.ts';
import { ACCOUNT_FROM, ACCOUNT_SELECT, type AccountRow, accountView } from './savings.repo.ts';

// ---------------------------------------------------------------- lists

/** GET /api/member/{id}/saving-product: a member's saving and equity accounts (the member detail's saving tab). */
export async function memberAccounts(ctx: Ctx, memberId: string, q: { status?: string; kind?: string }) {
  return withTx(ctx, async (tx) => {
    const agent = isAgentCtx(ctx) ? ctx.userId : null;
    const m = await tx.one(
      `SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1 ${agent ? `AND ${agentMemberCondition('m', '$2')}` : ''}`,
      agent ? [memberId, agent] : [memberId],
    );
    if (!m) throw notFound('member.not_found');
    const params: unknown[] = [memberId];
    let where = 's.tenant_id = app_tenant() AND s.member_id = $1';
    if (q.status) {
      params.push(q.status.toUpperCase());
      where += ` AND s.status = $${params.length}`;
    }
    if (q.kind) {
      params.push(q.kind.toUpperCase());
      where += ` AND s.kind = $${params.length}`;
    }
    const rows = await tx.query<AccountRow>(
      `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE ${where}
       ORDER BY (s.status = 'ACTIVE') DESC, array_position(ARRAY['PRINCIPAL','MANDATORY','PARTICIPATION','VOLUNTARY','PLAN'], s.saving_type), s.created_date, s.id`,
      params,
    );
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
    const r = await tx.one<AccountRow>(
      `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE s.tenant_id = app_tenant() AND s.id = $1
       ${agent ? `AND ${agentMemberCondition('m', '$2')}` : ''}`,
      agent ? [savingId, agent] : [savingId],
    );
    if (!r) throw notFound('saving.account_not_found');
    const waiting = await tx.query<{ id: string; type: string; amount: Dec; requested_at: Date }>(
      `SELECT id, type, amount, requested_at FROM saving_request WHERE tenant_id = app_tenant() AND saving_id = $1 AND status = 'WAITING' ORDER BY requested_at`,
      [savingId],
    );
    return {
      ...accountView(r),
      totalCredit: r.total_credit,
      totalDebit: r.total_debit,
      waitingRequests: waiting.map((w) => ({ id: w.id, type: w.type, amount: w.amount, requestedAt: w.requested_at.toISOString() })),
    };
  });
}

/** As-you-type lookup of open accounts by CIF, account number, phone (prefix) or name (contains). */
export async function searchAccounts(ctx: Ctx, q: { q: string; kind?: string; limit: number }) {
  return withTx(ctx, async (tx) => {
    const text = q.q.trim();
    const params: unknown[] = [text.toUpperCase(), `${text.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`, likePattern(text.toLowerCase())];
    let where = `s.tenant_id = app_tenant() AND s.status = 'ACTIVE' AND (m.cif_number = $1 OR m.cif_number LIKE $2 OR s.account_number LIKE $2
                 OR m.phone LIKE $2 OR lower(m.full_name) LIKE $3)`;
    const digits = text.replace(/\D/g, '');
    if (/^0?8\d{3,}$/.test(digits)) {
      params.push(`+62${digits.replace(/^0/, '')}%`);
      where = where.replace('OR m.phone LIKE $2', `OR m.phone LIKE $2 OR m.phone LIKE $${params.length}`);
    }
    if (q.kind) {
      params.push(q.kind.toUpperCase());
      where += ` AND s.kind = $${params.length}`;
    }
    if (isAgentCtx(ctx)) {
      params.push(ctx.userId);
      where += ` AND ${agentMemberCondition('m', `$${params.length}`)}`;
    }
    params.push(q.limit);
    const rows = await tx.query<AccountRow>(
      `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE ${where}
       ORDER BY (m.cif_number = $1) DESC, (m.cif_number LIKE $2) DESC, lower(m.full_name), s.account_number LIMIT $${params.length}`,
      params,
    );
    return rows.map(accountView);
  });
}

const ACCOUNT_SORT = {
  created_date: 's.created_date',
  account_number: 's.account_number',
  balance: 's.balance',
  member_name: 'lower(m.full_name)',
  cif_number: 'm.cif_number',
  last_transaction_date: 's.last_transaction_date',
};

/** GET /api/transaction/saving/datatable: accounts with filters (savingAccountDatatableQuery in contracts/savings.ts). */
export async function accountsDatatable(
  ctx: Ctx,
  q: {
    page: number;
    limit: number;
    search?: string;
    sortBy?: string;
    ascOrDesc: 'ASC' | 'DESC';
    productId?: string;
    memberId?: string;
    memberIds?: string[];
    kind?: string;
    savingType?: string[];
    status?: string;
    isActive?: boolean;
    branchId?: string;
    isAutoDebit?: boolean;
    isSourceOfFund?: boolean;
  },
) {
  return withTx(ctx, async (tx) => {
    const where = ['s.tenant_id = app_tenant()'];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (q.search) {
      const s = p(likePattern(q.search));
      where.push(`(lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s} OR lower(s.account_number) LIKE ${s})`);
    }
    if (q.productId) where.push(`s.product_id = ${p(q.productId)}`);
    if (q.memberId) where.push(`s.member_id = ${p(q.memberId)}`);
    if (q.memberIds?.length) where.push(`s.member_id = ANY(${p(`{${q.memberIds.join(',')}}`)}::uuid[])`);
    if (q.kind) where.push(`s.kind = ${p(q.kind.toUpperCase())}`);
    if (q.savingType?.length) where.push(`s.saving_type = ANY(${p(`{${q.savingType.join(',')}}`)}::text[])`);
    if (q.isAutoDebit !== undefined) where.push(q.isAutoDebit ? 's.is_auto_debit' : 'NOT s.is_auto_debit');
    if (q.isSourceOfFund !== undefined) where.push(q.isSourceOfFund ? 's.is_source_of_fund' : 'NOT s.is_source_of_fund');
    if (q.status) where.push(`s.status = ${p(q.status.toUpperCase())}`);
    if (q.isActive !== undefined) where.push(q.isActive ? `s.status = 'ACTIVE'` : `s.status <> 'ACTIVE'`);
    if (q.branchId) where.push(`m.branch_id = ${p(q.branchId)}`);
    if (isAgentCtx(ctx)) where.push(agentMemberCondition('m', p(ctx.userId)));
    const total = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM member_saving s JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id WHERE ${where.join(' AND ')}`,
      params,
    );
    const rows = await tx.query<AccountRow>(
      `SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE ${where.join(' AND ')}
       ${orderBy(q.sortBy, q.ascOrDesc, ACCOUNT_SORT, 'created_date', 's.id')} LIMIT ${p(q.limit)} OFFSET ${p(q.page * q.limit)}`,
      params,
    );
    return paged(rows.map(accountView), total?.n ?? 0, q.page, q.limit);
  });
}
