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

import { dec } from '@koperasi/finance';
import type { Ctx } from '../../lib/context.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { findJournal } from '../ledger/ledger.repo.ts';
import { refusalError, withTx } from '../money/index.ts';
import { sessionDrawer } from '../teller/teller.guard.ts';
import { agentOf, CASH_KINDS, lockUnit, record, txOut } from './business-units.posting.ts';
import { addDebt, debtsPage, lockDebt, memberExists, transactionRow, transactionsPage, unitPayable } from './business-units.tx.repo.ts';

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
        if (amount.gt(owed)) throw refusalError(ctx.lang, 'PAYMENT_EXCEEDS_PAYABLE', { amount, owed });
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
    const r = await transactionRow(tx, id, agentOf(ctx));
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
    const { rows, total } = await transactionsPage(tx, q, agentOf(ctx), debtOnly);
    return paged(rows.map(txOut), total, q.page, q.limit);
  });
}

/** Members' debts per unit (datatable-summary and report/debt). */
export async function listDebts(ctx: Ctx, q: ListQ & { businessUnitId?: string }) {
  return withTx(ctx, async (tx) => {
    const { rows, total, sum } = await debtsPage(tx, q, agentOf(ctx));
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
        total,
        q.page,
        q.limit,
      ),
      totalDebt: sum,
    };
  });
}
