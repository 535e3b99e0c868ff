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
import { likePattern, orderBy, paged } from '../../lib/http.ts';
import { withTx } from '../money/index.ts';
import { findProduct } from '../products/products.repo.ts';
import { isAgentCtx } from '../savings/savings.core.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';
import { RATE_COLUMN, taxSetting } from './deposits.core.ts';
import { DEPOSIT_FROM, DEPOSIT_SELECT, type DepositRow, depositView, findDeposit } from './deposits.repo.ts';
import { type ReleaseRow, rateFor, releaseView, today } from './deposits.service.ts';

const num = (v: Dec | null | undefined) => dec(v ?? 0).toNumber();

const SORTS: Record<string, string> = {
  created_date: 'd.created_date',
  createdDate: 'd.created_date',
  accountNumber: 'd.account_number',
  memberName: 'm.full_name',
  principal: 'd.principal',
  maturityDate: 'd.maturity_date',
  startDate: 'd.start_date',
  status: 'd.status',
};

function filters(ctx: Ctx, q: Partial<DepositListQuery>, params: unknown[]): string {
  const w = ['d.tenant_id = app_tenant()'];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.status) w.push(`d.status = ANY(string_to_array(${p(q.status.toUpperCase())}, ','))`);
  if (q.productId) w.push(`d.product_id::text = ${p(q.productId)}`);
  if (q.memberId) w.push(`d.member_id::text = ${p(q.memberId)}`);
  if (q.startDate) w.push(`d.placed_date >= ${p(q.startDate)}::date`);
  if (q.endDate) w.push(`d.placed_date <= ${p(q.endDate)}::date`);
  if (q.search) {
    const s = p(likePattern(q.search));
    w.push(
      `(lower(d.account_number) LIKE ${s} OR lower(d.certificate_number) LIKE ${s} OR lower(m.full_name) LIKE ${s} OR lower(m.cif_number) LIKE ${s})`,
    );
  }
  if (isAgentCtx(ctx)) w.push(agentMemberCondition('m', p(ctx.userId)));
  return w.join(' AND ');
}

export async function listDeposits(ctx: Ctx, q: DepositListQuery) {
  return withTx(ctx, async (tx) => {
    const params: unknown[] = [];
    const where = filters(ctx, q, params);
    const total = await tx.one<{ n: number; principal: Dec }>(
      `SELECT count(*)::int AS n, coalesce(sum(d.principal), 0) AS principal FROM ${DEPOSIT_FROM} WHERE ${where}`,
      params,
    );
    const rows = await tx.query<DepositRow>(
      `SELECT ${DEPOSIT_SELECT} FROM ${DEPOSIT_FROM} WHERE ${where}
       ${orderBy(q.sortBy, q.ascOrDesc, SORTS, 'created_date', 'd.id')} LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      params,
    );
    return { ...paged(rows.map(depositView), total!.n, q.page, q.limit), totalPrincipal: num(total!.principal) };
  });
}

async function visibleDeposit(tx: Tx, ctx: Ctx, id: string) {
  const d = await findDeposit(tx, id);
  if (!d) throw notFound('deposit.not_found');
  if (isAgentCtx(ctx)) {
    const mine = await tx.one(
      `SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1 AND ${agentMemberCondition('m', '$2')}`,
      [d.member_id, ctx.userId],
    );
    if (!mine) throw notFound('deposit.not_found');
  }
  return d;
}

/** GET transaction/deposit/{id}/detail-setup-interest: terms, position and the schedule of the current term (paid, due, upcoming). */
export async function setupInterest(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const d = await visibleDeposit(tx, ctx, id);
    const setting = await taxSetting(tx, ctx);
    const paid = await tx.query<{
      due_date: string;
      gross: Dec;
      tax: Dec;
      net: Dec;
      destination: string;
      release_id: string | null;
      term_no: number;
    }>(
      `SELECT to_char(due_date, 'YYYY-MM-DD') AS due_date, gross, tax, net, destination, release_id, term_no FROM deposit_interest
       WHERE tenant_id = app_tenant() AND deposit_id = $1 AND status = 'POSTED' ORDER BY due_date`,
      [id],
    );
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
    const terms = await tx.one<Record<string, unknown>>(
      'SELECT * FROM product_terms WHERE tenant_id = app_tenant() AND product_id = $1 AND version = $2',
      [
        d.product_id,
        (await tx.one<{ terms_version: number }>('SELECT terms_version FROM deposit WHERE tenant_id = app_tenant() AND id = $1', [id]))!
          .terms_version,
      ],
    );
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
    const total = await tx.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM member_transaction WHERE tenant_id = app_tenant() AND deposit_id = $1',
      [id],
    );
    const rows = await tx.query<{
      id: string;
      code: string;
      transaction_date: string;
      kind: string;
      activity: string;
      amount: Dec;
      balance_after: Dec;
      status: string;
      description: string | null;
      journal_number: string | null;
      created_at: Date;
    }>(
      `SELECT t.id, t.code, t.transaction_date, t.kind, t.activity, t.amount, t.balance_after, t.status, t.description, j.number AS journal_number, t.created_at
       FROM member_transaction t LEFT JOIN journal j ON j.tenant_id = t.tenant_id AND j.id = t.journal_id
       WHERE t.tenant_id = app_tenant() AND t.deposit_id = $1 ORDER BY t.seq LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      [id],
    );
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
        total!.n,
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
    const params: unknown[] = [q.startDate, q.endDate, dec(setting.rule.taxFreeAmount).toFixed(2), dec(setting.rule.ratePct).toFixed(4)];
    const where = filters(ctx, { productId: q.productId, search: q.search }, params);
    const sql = `
      WITH due AS (
        SELECT d.id, k, (d.start_date + (k - 1) * interval '1 month')::date AS p_from, (d.start_date + k * interval '1 month')::date AS p_to
        FROM ${DEPOSIT_FROM}, generate_series(1, d.tenor) AS k
        WHERE ${where} AND d.status = 'ACTIVE'
      ), amt AS (
        SELECT due.id, count(*)::int AS periods, min(due.p_to) AS first_due,
               sum(CASE WHEN d.day_count = 'MONTHLY' THEN round(d.principal * d.rate / 100 / 12, 2)
                        ELSE round(d.principal * d.rate / 100 * (due.p_to - due.p_from) / 365, 2) END) AS gross,
               sum(CASE WHEN (CASE WHEN d.day_count = 'MONTHLY' THEN round(d.principal * d.rate / 100 / 12, 2)
                                   ELSE round(d.principal * d.rate / 100 * (due.p_to - due.p_from) / 365, 2) END) > $3::numeric
                        THEN round((CASE WHEN d.day_count = 'MONTHLY' THEN round(d.principal * d.rate / 100 / 12, 2)
                                         ELSE round(d.principal * d.rate / 100 * (due.p_to - due.p_from) / 365, 2) END) * $4::numeric / 100, 2)
                        ELSE 0 END) AS tax
        FROM due JOIN deposit d ON d.tenant_id = app_tenant() AND d.id = due.id
        WHERE due.p_to > d.paid_through AND due.p_to BETWEEN $1::date AND $2::date
        GROUP BY due.id
      )`;
    const totals = await tx.one<{ n: number; gross: Dec; tax: Dec }>(
      `${sql} SELECT count(*)::int AS n, coalesce(sum(gross), 0) AS gross, coalesce(sum(tax), 0) AS tax FROM amt`,
      params,
    );
    const sorts: Record<string, string> = { ...SORTS, gross: 'amt.gross', firstDue: 'amt.first_due', created_date: 'amt.first_due' };
    const rows = await tx.query<DepositRow & { periods: number; first_due: string; gross: Dec; tax: Dec }>(
      `${sql} SELECT ${DEPOSIT_SELECT}, amt.periods, to_char(amt.first_due, 'YYYY-MM-DD') AS first_due, amt.gross, amt.tax
       FROM amt JOIN ${DEPOSIT_FROM} ON d.tenant_id = app_tenant() AND d.id = amt.id
       ${orderBy(q.sortBy, q.ascOrDesc, sorts, 'firstDue', 'd.id')} LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      params,
    );
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
        totals!.n,
        q.page,
        q.limit,
      ),
      startDate: q.startDate,
      endDate: q.endDate,
      totalGross: num(totals!.gross),
      totalTax: num(totals!.tax),
      totalNet: num(dec(totals!.gross).minus(totals!.tax)),
    };
  });
}

/** GET /api/report/deposit: deposits with principal, interest paid and tax, totals per status. */
export async function depositReport(ctx: Ctx, q: DepositListQuery, all = false) {
  return withTx(ctx, async (tx) => {
    const params: unknown[] = [];
    const where = filters(ctx, q, params);
    const totals = await tx.one<{ n: number; principal: Dec; interest: Dec; tax: Dec; penalty: Dec }>(
      `SELECT count(*)::int AS n, coalesce(sum(d.principal), 0) AS principal, coalesce(sum(d.interest_paid), 0) AS interest,
              coalesce(sum(d.tax_paid), 0) AS tax, coalesce(sum(d.penalty), 0) AS penalty FROM ${DEPOSIT_FROM} WHERE ${where}`,
      params,
    );
    const limit = all ? 1_000_000 : q.limit;
    const page = all ? 0 : q.page;
    const rows = await tx.query<DepositRow>(
      `SELECT ${DEPOSIT_SELECT} FROM ${DEPOSIT_FROM} WHERE ${where}
       ${orderBy(q.sortBy, q.ascOrDesc, SORTS, 'created_date', 'd.id')} LIMIT ${limit} OFFSET ${page * limit}`,
      params,
    );
    return {
      ...paged(rows.map(depositView), totals!.n, page, limit),
      asOf: today(),
      totalPrincipal: num(totals!.principal),
      totalInterestPaid: num(totals!.interest),
      totalTaxPaid: num(totals!.tax),
      totalPenalty: num(totals!.penalty),
    };
  });
}

/** The certificate (bilyet) of a deposit, for print. */
export async function certificate(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const d = await visibleDeposit(tx, ctx, id);
    const coop = await tx.one<{ name: string }>('SELECT name FROM tenant WHERE tenant_id = app_tenant()');
    return {
      cooperative: { name: coop?.name ?? '' },
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
    const { terms, rate } = await rateFor(tx, product, q.tenor, start);
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
    const total = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM deposit_release WHERE tenant_id = app_tenant()');
    const rows = await tx.query<ReleaseRow>(
      `SELECT id, to_char(from_date, 'YYYY-MM-DD') AS from_date, to_char(to_date, 'YYYY-MM-DD') AS to_date, status, cursor, deposits, payments, chunks,
              total_gross, total_tax, total_net, created_date, finished_at, cancelled_at, cancel_reason
       FROM deposit_release WHERE tenant_id = app_tenant() ORDER BY created_date DESC LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
    );
    return paged(rows.map(releaseView), total!.n, q.page, q.limit);
  });
}
