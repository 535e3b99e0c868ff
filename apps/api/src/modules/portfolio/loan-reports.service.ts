/**
 * The loan reports of spec section 7 (docs/loans.md "Loan reports"): rows plus totals, read in one transaction.
 * `limit` (the Excel export of a per-loan or per-member list: EXPORT_FETCH_LIMIT) reads at most that many rows.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import {
  byPeriode,
  collaterals,
  type LoanReportFilter,
  paidInterestByMember,
  type Row,
  realizations,
  recapInstallments,
  recapLoan,
  recapPayments,
} from './loan-reports.repo.ts';

/** Money columns as Dec and their totals. */
function withTotals(rows: Row[], keys: string[]) {
  const totals: Record<string, Dec | number> = { count: rows.length };
  for (const k of keys) totals[k] = ZERO;
  const out = rows.map((r) => {
    const x: Row = { ...r };
    for (const k of keys) {
      const v = dec((r[k] as Dec | null) ?? 0);
      x[k] = v;
      totals[k] = (totals[k] as Dec).plus(v);
    }
    return x;
  });
  return { rows: out, totals };
}

export async function realizationReport(ctx: Ctx, q: LoanReportFilter, limit?: number) {
  return withTx(ctx, async (tx) => ({
    ...q,
    ...withTotals(await realizations(tx, q, limit), ['amount', 'adminFee', 'provisionFee', 'otherCosts', 'netDisbursed']),
  }));
}

export async function paidInterestReport(ctx: Ctx, q: LoanReportFilter, limit?: number) {
  return withTx(ctx, async (tx) => ({
    ...q,
    ...withTotals(await paidInterestByMember(tx, q, limit), ['principal', 'interest', 'fine', 'amount']),
  }));
}

export async function byPeriodeReport(ctx: Ctx, q: LoanReportFilter) {
  return withTx(ctx, async (tx) => {
    const r = withTotals(await byPeriode(tx, q), ['releasedAmount', 'principal', 'interest', 'fine', 'outstanding']);
    // The outstanding is a balance: its "total" is the last month's.
    r.totals.outstanding = (r.rows.at(-1)?.outstanding as Dec | undefined) ?? ZERO;
    r.totals.releasedCount = r.rows.reduce((s, x) => s + Number(x.releasedCount), 0);
    return { ...q, ...r };
  });
}

export async function recapitulation(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const loan = await recapLoan(tx, id);
    if (!loan) throw notFound('loan.not_found');
    const inst = withTotals(await recapInstallments(tx, id), [
      'principal',
      'interest',
      'total',
      'principalPaid',
      'interestPaid',
      'finePaid',
    ]);
    const pays = withTotals(await recapPayments(tx, id).then((r) => r.filter((p) => p.status === 'POSTED')), [
      'amount',
      'principal',
      'interest',
      'fine',
    ]);
    return { loan, installments: inst.rows, installmentTotals: inst.totals, payments: pays.rows, paymentTotals: pays.totals };
  });
}

export async function collateralReport(ctx: Ctx, q: LoanReportFilter & { type?: string }, limit?: number) {
  return withTx(ctx, async (tx) => {
    const r = withTotals(await collaterals(tx, q, limit), ['value', 'amount', 'remainingPrincipal']);
    const byType = new Map<string, { type: string; count: number; value: Dec }>();
    for (const x of r.rows) {
      const t = String(x.type ?? '-');
      const g = byType.get(t) ?? { type: t, count: 0, value: ZERO };
      g.count++;
      g.value = g.value.plus(x.value as Dec);
      byType.set(t, g);
    }
    return { ...q, ...r, byType: [...byType.values()] };
  });
}
