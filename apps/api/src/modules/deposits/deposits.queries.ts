/**
 * The read side of term deposits: lists, detail with the interest schedule,
 * mutations, potential interest (liquidity planning), the report, the
 * certificate (bilyet) and the placement projection.
 */
import type { DepositListQuery } from '@koperasi/contracts';
import { type Dec, dec, formatRupiah, ZERO } from '@koperasi/finance';
import { accruedInterest, depositSchedule, projectInterest } from '@koperasi/finance/deposit';
import { terbilang } from '@koperasi/finance/terbilang';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { EXPORT_FETCH_LIMIT } from '../../lib/excel.ts';
import { paged } from '../../lib/http.ts';
import { refusalError, withTx } from '../money/index.ts';
import { findProduct } from '../products/products.repo.ts';
import { isAgentCtx } from '../savings/savings.core.ts';
import { RATE_COLUMN, taxSetting } from './deposits.core.ts';
import { agentHasMember, termsOfVersion } from './deposits.ops.repo.ts';
import {
  cooperativeName,
  type DepositFilter,
  depositListTotals,
  depositMovements,
  depositReportTotals,
  depositRows,
  depositTermsVersion,
  depositWhere,
  postedInterestOf,
  potentialInterestPage,
} from './deposits.reads.repo.ts';
import { releasesPage } from './deposits.release.repo.ts';
import { depositView, findDeposit } from './deposits.repo.ts';
import { rateFor, releaseView, today } from './deposits.service.ts';

const num = (v: Dec | null | undefined) => dec(v ?? 0).toNumber();

/** The list filters of the caller: an agent sees their members' deposits only. */
function scoped(ctx: Ctx, q: Partial<DepositListQuery>): DepositFilter {
  return isAgentCtx(ctx) ? { ...q, agentUserId: ctx.userId } : q;
}

export async function listDeposits(ctx: Ctx, q: DepositListQuery) {
  return withTx(ctx, async (tx) => {
    const params: unknown[] = [];
    const where = depositWhere(scoped(ctx, q), params);
    const total = await depositListTotals(tx, where, params);
    const rows = await depositRows(tx, where, params, { ...q, offset: q.page * q.limit });
    return { ...paged(rows.map(depositView), total.n, q.page, q.limit), totalPrincipal: num(total.principal) };
  });
}

async function visibleDeposit(tx: Tx, ctx: Ctx, id: string) {
  const d = await findDeposit(tx, id);
  if (!d) throw refusalError(ctx.lang, 'DEPOSIT_NOT_FOUND');
  if (isAgentCtx(ctx)) {
    if (!(await agentHasMember(tx, d.member_id, ctx.userId))) throw refusalError(ctx.lang, 'DEPOSIT_NOT_FOUND');
  }
  return d;
}

/** GET transaction/deposit/{id}/detail-setup-interest: terms, position and the schedule of the current term (paid, due, upcoming). */
export async function setupInterest(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const d = await visibleDeposit(tx, ctx, id);
    const setting = await taxSetting(tx, ctx);
    const paid = await postedInterestOf(tx, id);
    const paidBy = new Map(paid.map((p) => [p.due_date, p]));
    const now = today();
    const projection = projectInterest({
      start: d.start_date,
      tenor: d.tenor,
      principal: d.principal.gt(0) ? d.principal : d.placed_amount,
      ratePct: d.rate,
      dayCount: d.day_count,
      rule: setting.rule,
    });
    const schedule = projection.map((p) => {
      const actual = paidBy.get(p.to);
      return {
        period: p.period,
        from: p.from,
        to: p.to,
        days: p.days,
        gross: num(actual?.gross ?? p.gross),
        tax: num(actual?.tax ?? p.tax),
        net: num(actual?.net ?? p.net),
        status: actual ? 'PAID' : p.to <= now ? 'DUE' : 'UPCOMING',
        destination: actual?.destination ?? null,
      };
    });
    const current = depositSchedule(d.start_date, d.tenor).find((p) => p.to > d.paid_through && p.from <= now);
    const accrued =
      d.status === 'ACTIVE' && current
        ? accruedInterest({ principal: d.principal, ratePct: d.rate, dayCount: d.day_count, period: current, asOf: now })
        : ZERO;
    const terms = await termsOfVersion(tx, d.product_id, await depositTermsVersion(tx, id));
    return {
      deposit: depositView(d),
      terms: {
        rates: Object.fromEntries(Object.entries(RATE_COLUMN).map(([t, c]) => [t, terms?.[c] == null ? null : num(terms[c] as Dec)])),
        penalty: num(terms?.deposit_penalty as Dec),
        penaltyBasis: (terms?.deposit_penalty_basis as string | null) ?? 'PRINCIPAL',
        breakNeedsApproval: Boolean(terms?.deposit_break_needs_approval),
        interestWithdrawalNeedsApproval: Boolean(terms?.deposit_interest_withdrawal_needs_approval),
        profitSharing: num(terms?.deposit_profit_sharing as Dec),
      },
      tax: { basis: setting.basis, taxFreeAmount: num(dec(setting.rule.taxFreeAmount)), ratePct: num(dec(setting.rule.ratePct)) },
      accruedInterest: num(accrued),
      schedule,
      history: paid.map((p) => ({
        dueDate: p.due_date,
        termNo: p.term_no,
        gross: num(p.gross),
        tax: num(p.tax),
        net: num(p.net),
        destination: p.destination,
        releaseId: p.release_id,
      })),
    };
  });
}

export async function depositDetail(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => depositView(await visibleDeposit(tx, ctx, id)));
}

/** GET transaction/product/{id}/detail-mutation-deposit: the deposit's movements, oldest first. */
export async function mutations(ctx: Ctx, id: string, q: { page: number; limit: number }) {
  return withTx(ctx, async (tx) => {
    const d = await visibleDeposit(tx, ctx, id);
    const { rows, total } = await depositMovements(tx, id, q.limit, q.page * q.limit);
    return {
      deposit: depositView(d),
      ...paged(
        rows.map((r) => ({
          id: r.id,
          code: r.code,
          transactionDate: r.transaction_date,
          kind: r.kind,
          activity: r.activity,
          amount: num(r.amount),
          balanceAfter: num(r.balance_after),
          status: r.status,
          description: r.description,
          journalNumber: r.journal_number,
          createdAt: r.created_at.toISOString(),
        })),
        total,
        q.page,
        q.limit,
      ),
    };
  });
}

/**
 * GET transaction/deposit/v2/potential-interest: every running deposit's
 * interest falling due in [startDate, endDate] (payment days of its current
 * term not yet paid): gross, tax and net. The tax is projected per deposit
 * alone (the member's other interest in the month is not known in advance).
 */
export async function potentialInterest(
  ctx: Ctx,
  q: {
    startDate: string;
    endDate: string;
    page: number;
    limit: number;
    sortBy?: string;
    ascOrDesc: 'ASC' | 'DESC';
    productId?: string;
    search?: string;
  },
) {
  return withTx(ctx, async (tx) => {
    const setting = await taxSetting(tx, ctx);
    const { rows, totals } = await potentialInterestPage(tx, {
      startDate: q.startDate,
      endDate: q.endDate,
      taxFreeAmount: dec(setting.rule.taxFreeAmount).toFixed(2),
      ratePct: dec(setting.rule.ratePct).toFixed(4),
      filter: scoped(ctx, { productId: q.productId, search: q.search }),
      sortBy: q.sortBy,
      ascOrDesc: q.ascOrDesc,
      limit: q.limit,
      offset: q.page * q.limit,
    });
    return {
      ...paged(
        rows.map((r) => ({
          ...depositView(r),
          periods: r.periods,
          firstDue: r.first_due,
          gross: num(r.gross),
          tax: num(r.tax),
          net: num(dec(r.gross).minus(r.tax)),
        })),
        totals.n,
        q.page,
        q.limit,
      ),
      startDate: q.startDate,
      endDate: q.endDate,
      totalGross: num(totals.gross),
      totalTax: num(totals.tax),
      totalNet: num(dec(totals.gross).minus(totals.tax)),
    };
  });
}

/** GET /api/report/deposit: deposits with principal, interest paid and tax, totals per status; `all` (Excel): at most EXPORT_FETCH_LIMIT rows. */
export async function depositReport(ctx: Ctx, q: DepositListQuery, all = false) {
  return withTx(ctx, async (tx) => {
    const params: unknown[] = [];
    const where = depositWhere(scoped(ctx, q), params);
    const totals = await depositReportTotals(tx, where, params);
    const limit = all ? EXPORT_FETCH_LIMIT : q.limit;
    const page = all ? 0 : q.page;
    const rows = await depositRows(tx, where, params, { sortBy: q.sortBy, ascOrDesc: q.ascOrDesc, limit, offset: page * limit });
    return {
      ...paged(rows.map(depositView), totals.n, page, limit),
      asOf: today(),
      totalPrincipal: num(totals.principal),
      totalInterestPaid: num(totals.interest),
      totalTaxPaid: num(totals.tax),
      totalPenalty: num(totals.penalty),
    };
  });
}

/** The certificate (bilyet) of a deposit, for print. */
export async function certificate(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const d = await visibleDeposit(tx, ctx, id);
    const name = await cooperativeName(tx);
    return {
      cooperative: { name: name ?? '' },
      certificateNumber: d.certificate_number,
      accountNumber: d.account_number,
      member: { cifNumber: d.cif_number, name: d.member_name },
      productName: d.product_name,
      amount: num(d.placed_amount),
      principal: num(d.principal),
      amountText: formatRupiah(d.principal.gt(0) ? d.principal : d.placed_amount, ctx.lang),
      amountInWords: terbilang(d.principal.gt(0) ? d.principal : d.placed_amount, ctx.lang),
      tenor: d.tenor,
      rate: num(d.rate),
      startDate: d.start_date,
      maturityDate: d.maturity_date,
      placedDate: d.placed_date,
      rollover: d.rollover,
      interestDestination: d.interest_destination,
      interestSavingNumber: d.interest_saving_number,
      status: d.status,
      termNo: d.term_no,
    };
  });
}

/** The placement form's projection: rate, maturity date and each month's gross, tax and net. */
export async function projection(ctx: Ctx, q: { productId: string; amount: number; tenor: number; startDate?: string }) {
  return withTx(ctx, async (tx) => {
    const product = await findProduct(tx, q.productId);
    if (!product || product.kind !== 'SAVING_DEPOSIT') throw notFound('product.not_found');
    const start = q.startDate ?? today();
    const { terms, rate } = await rateFor(tx, ctx, product, q.tenor, start);
    const setting = await taxSetting(tx, ctx);
    const dayCount = (terms.deposit_day_count as 'MONTHLY' | 'ACTUAL_365' | null) ?? 'MONTHLY';
    const p = projectInterest({ start, tenor: q.tenor, principal: q.amount, ratePct: rate, dayCount, rule: setting.rule });
    const sum = (f: (x: (typeof p)[number]) => Dec) => num(p.reduce((s, x) => s.plus(f(x)), ZERO));
    return {
      rate: num(rate),
      dayCount,
      startDate: start,
      maturityDate: p[p.length - 1].to,
      periods: p.map((x) => ({
        period: x.period,
        from: x.from,
        to: x.to,
        days: x.days,
        gross: num(x.gross),
        tax: num(x.tax),
        net: num(x.net),
      })),
      totalGross: sum((x) => x.gross),
      totalTax: sum((x) => x.tax),
      totalNet: sum((x) => x.net),
      tax: { basis: setting.basis, taxFreeAmount: num(dec(setting.rule.taxFreeAmount)), ratePct: num(dec(setting.rule.ratePct)) },
    };
  });
}

export async function listReleases(ctx: Ctx, q: { page: number; limit: number }) {
  return withTx(ctx, async (tx) => {
    const { rows, total } = await releasesPage(tx, q.limit, q.page * q.limit);
    return paged(rows.map(releaseView), total, q.page, q.limit);
  });
}
