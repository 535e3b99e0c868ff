/**
 * Business-unit transactions (Transaksi Unit Usaha) and members' debts to a unit.
 *
 * Every transaction posts one balanced journal on the unit's accounts, tagged
 * with the unit, in the same transaction as the rows it changes; the unit row
 * is locked first, then the member's debt row (fixed order). Journals
 * (business-units.posting.ts linesOf):
 *  - SALE_CREDIT: receivable / revenue, and the member's debt grows;
 *  - SALE_CASH: cash / revenue;
 *  - PURCHASE: inventory / cash; PURCHASE_CREDIT: inventory / payable;
 *  - PAYABLE_PAYMENT: payable / cash (never more than the unit still owes);
 *  - STOCK_LOSS: inventory loss / inventory;
 *  - EXPENSE (an operating expense of the unit: rent, wages, electricity): expense / cash;
 *  - DEBT_PAYMENT: business-units.debts.ts.
 * "cash" is the unit's cash account, or the drawer of the signed-in teller's session when she must work in one
 * (teller.guard.ts sessionDrawer): the cash she takes belongs to her session.
 * So the sum of the unit's debts always equals what its transactions put on
 * the receivable account.
 */

import { type Dec, dec, formatRupiah } from '@koperasi/finance';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { findJournal } from '../ledger/ledger.repo.ts';
import { sessionDrawer } from '../teller/teller.guard.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import {
  addDebt,
  agentOf,
  CASH_KINDS,
  lockDebt,
  lockUnit,
  memberExists,
  record,
  TX_SELECT,
  type TxRow,
  txOut,
  unitPayable,
} from './business-units.posting.ts';

export async function createTransaction(
  ctx: Ctx,
  b: { businessUnitId: string; kind: string; memberId?: string; amount: number | string; date?: string; description?: string },
) {
  return withTx(
    ctx,
    async (tx) => {
      const u = await lockUnit(tx, b.businessUnitId);
      const amount = dec(b.amount);
      let memberId: string | null = null;
      if (b.kind === 'SALE_CREDIT' || b.memberId) {
        if (!b.memberId) throw unprocessable('MEMBER_REQUIRED', 'business_unit.member_required');
        if (!(await memberExists(tx, b.memberId, agentOf(ctx)))) throw notFound('business_unit.member_not_found');
        memberId = b.memberId;
      }
      if (b.kind === 'PAYABLE_PAYMENT') {
        const owed = await unitPayable(tx, u.id);
        if (amount.gt(owed))
          throw unprocessable('PAYMENT_EXCEEDS_PAYABLE', 'business_unit.payment_exceeds_payable', {
            amount: formatRupiah(amount, ctx.lang),
            owed: formatRupiah(owed, ctx.lang),
          });
      }
      if (b.kind === 'SALE_CREDIT') {
        await lockDebt(tx, u.id, memberId!, true);
        await addDebt(tx, u.id, memberId!, amount);
      }
      const cashCoaId = CASH_KINDS.has(b.kind) ? ((await sessionDrawer(tx, ctx)) ?? u.cash_account_id) : null;
      return record(tx, ctx, u, {
        kind: b.kind,
        cashCoaId,
        memberId,
        amount,
        date: b.date ?? todayJakarta(),
        description: b.description ?? null,
        source: null,
      });
    },
    { idempotent: true, message: 'business_unit.transaction_posted' },
  );
}

/** One transaction with its journal and, when cancelled, the reversal (detail-journal-transaction-business-unit). */
export async function transactionJournals(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const agent = agentOf(ctx);
    const r = await tx.one<TxRow>(
      `${TX_SELECT} WHERE t.tenant_id = $1 AND t.id = $2${agent ? ` AND m.id IS NOT NULL AND ${agentMemberCondition('m', '$3')}` : ''}`,
      agent ? [tx.tenantId, id, agent] : [tx.tenantId, id],
    );
    if (!r) throw notFound('business_unit.transaction_not_found');
    return {
      transaction: txOut(r),
      journal: (await findJournal(tx, r.journal_id)) ?? null,
      cancelJournal: r.cancel_journal_id ? ((await findJournal(tx, r.cancel_journal_id)) ?? null) : null,
    };
  });
}

type ListQ = { page: number; limit: number; search?: string; sortBy?: string; ascOrDesc: 'ASC' | 'DESC' };

/** Transactions (datatable-detail; mutation-debt is the member's credit sales and payments). */
export async function listTransactions(
  ctx: Ctx,
  q: ListQ & { businessUnitId?: string; memberId?: string; kind?: string },
  debtOnly = false,
) {
  return withTx(ctx, async (tx) => {
    const where = ['t.tenant_id = $1'];
    const params: unknown[] = [ctx.tenantId];
    const add = (cond: string, v: unknown) => {
      params.push(v);
      where.push(cond.replaceAll('?', `$${params.length}`));
    };
    if (q.businessUnitId) add('t.business_unit_id = ?', q.businessUnitId);
    if (q.memberId) add('t.member_id = ?', q.memberId);
    const agent = agentOf(ctx);
    if (agent) add(`m.id IS NOT NULL AND ${agentMemberCondition('m', '?')}`, agent);
    if (q.kind) add('t.kind = ?', q.kind);
    if (debtOnly) where.push(`t.kind IN ('SALE_CREDIT', 'DEBT_PAYMENT')`);
    if (q.search)
      add('(m.full_name ILIKE ? OR m.cif_number ILIKE ? OR t.description ILIKE ?)'.replaceAll('?', '$S'), likePattern(q.search));
    const sql = where.join(' AND ').replaceAll('$S', () => `$${params.length}`);
    const total = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM business_unit_transaction t LEFT JOIN member m ON m.tenant_id = t.tenant_id AND m.id = t.member_id WHERE ${sql}`,
      params,
    );
    const order = orderBy(
      q.sortBy,
      q.ascOrDesc,
      { created_date: 't.created_date', date: 't.date', amount: 't.amount' },
      'created_date',
      't.id',
    );
    params.push(q.limit, q.page * q.limit);
    const rows = await tx.query<TxRow>(`${TX_SELECT} WHERE ${sql} ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`, params);
    return paged(rows.map(txOut), total?.n ?? 0, q.page, q.limit);
  });
}

/** Members' debts per unit (datatable-summary and report/debt). */
export async function listDebts(ctx: Ctx, q: ListQ & { businessUnitId?: string }) {
  return withTx(ctx, async (tx) => {
    const where = ['d.tenant_id = $1', 'd.balance > 0'];
    const params: unknown[] = [ctx.tenantId];
    if (q.businessUnitId) {
      params.push(q.businessUnitId);
      where.push(`d.business_unit_id = $${params.length}`);
    }
    if (q.search) {
      params.push(likePattern(q.search));
      where.push(`(m.full_name ILIKE $${params.length} OR m.cif_number ILIKE $${params.length})`);
    }
    const agent = agentOf(ctx);
    if (agent) {
      params.push(agent);
      where.push(agentMemberCondition('m', `$${params.length}`));
    }
    const from = `FROM business_unit_debt d JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
      JOIN business_unit u ON u.tenant_id = d.tenant_id AND u.id = d.business_unit_id WHERE ${where.join(' AND ')}`;
    const total = await tx.one<{ n: number; sum: Dec }>(`SELECT count(*)::int AS n, coalesce(sum(d.balance), 0) AS sum ${from}`, params);
    const order = orderBy(
      q.sortBy,
      q.ascOrDesc,
      { balance: 'd.balance', name: 'lower(m.full_name)', updated_date: 'd.updated_date' },
      'balance',
      'd.member_id',
    );
    params.push(q.limit, q.page * q.limit);
    const rows = await tx.query<{
      business_unit_id: string;
      business_unit_name: string;
      member_id: string;
      full_name: string;
      cif_number: string;
      balance: Dec;
    }>(
      `SELECT d.business_unit_id, u.name AS business_unit_name, d.member_id, m.full_name, m.cif_number, d.balance ${from}
       ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return {
      ...paged(
        rows.map((r) => ({
          businessUnitId: r.business_unit_id,
          businessUnitName: r.business_unit_name,
          memberId: r.member_id,
          memberName: r.full_name,
          cifNumber: r.cif_number,
          balance: dec(r.balance),
        })),
        total?.n ?? 0,
        q.page,
        q.limit,
      ),
      totalDebt: dec(total?.sum ?? 0),
    };
  });
}
