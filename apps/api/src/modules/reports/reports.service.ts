/**
 * Reports served by the report routes that read across modules: the dashboard's income and expenses per month, the
 * general ledger of one account, a member's collectibility after checking the member exists.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { findAccountByRef, loadTree } from '../coa/coa.repo.ts';
import { accountLedger, sortDirection } from '../ledger/account-ledger.ts';
import { ledgerState } from '../ledger/closing.service.ts';
import { fiscalYearOf, fiscalYearRange, monthsBetween, todayJakarta } from '../ledger/dates.ts';
import { memberCollectability } from '../loans/loans.portfolio.ts';
import { incomeExpenseByMonth, memberExists } from './reports.repo.ts';

export interface FinancialStatusMonth {
  periode: string;
  income: Dec;
  expense: Dec;
  surplus: Dec;
}

/** Income and expenses of a fiscal year (default the one containing today), per month. */
export function financialStatus(ctx: Ctx, year: number | undefined) {
  return withTx(ctx, async (tx) => {
    const state = await ledgerState(tx);
    const today = todayJakarta();
    const fiscalYear = year ?? fiscalYearOf(today, state.fiscalStartMonth);
    const { start, end } = fiscalYearRange(fiscalYear, state.fiscalStartMonth);
    const rows = await incomeExpenseByMonth(tx, start, end);
    const byMonth = new Map<string, { income: Dec; expense: Dec }>();
    for (const r of rows) {
      const m = byMonth.get(r.periode) ?? { income: ZERO, expense: ZERO };
      if (r.type === 'INCOME') m.income = m.income.plus(dec(r.credit).minus(r.debit));
      else m.expense = m.expense.plus(dec(r.debit).minus(r.credit));
      byMonth.set(r.periode, m);
    }
    let totalIncome = ZERO;
    let totalExpense = ZERO;
    const months: FinancialStatusMonth[] = monthsBetween(start, end).map((d) => {
      const periode = d.slice(0, 7);
      const m = byMonth.get(periode) ?? { income: ZERO, expense: ZERO };
      totalIncome = totalIncome.plus(m.income);
      totalExpense = totalExpense.plus(m.expense);
      return { periode, income: m.income, expense: m.expense, surplus: m.income.minus(m.expense) };
    });
    return {
      fiscalYear,
      start,
      end,
      // The earlier of two YYYY-MM-DD texts (a closed year answers as of its last day).
      asOf: [today, end].sort()[0],
      totalIncome,
      totalExpense,
      surplus: totalIncome.minus(totalExpense),
      months,
    };
  });
}

/** The general ledger of an account (id or code) between two dates, one page of its lines. */
export function ledgerBook(ctx: Ctx, coaId: string, q: { start: string; end: string; page: number; limit: number; sort?: string }) {
  return withTx(ctx, async (tx) => {
    const account = await findAccountByRef(tx, coaId);
    if (!account) throw notFound('ledger.coa_not_found');
    return accountLedger(tx, account, await loadTree(tx), {
      start: q.start,
      end: q.end,
      page: q.page,
      limit: q.limit,
      dir: sortDirection(q.sort),
    });
  });
}

/** A member's loans graded on a day; 404 when there is no such member. */
export async function memberCollectabilityOf(ctx: Ctx, memberId: string, date: string) {
  const exists = await withTx(ctx, (tx) => memberExists(tx, ctx.tenantId, memberId));
  if (!exists) throw notFound('member.not_found');
  return memberCollectability(ctx, memberId, date);
}
