/**
 * The interest reports (docs/interest.md "Reports"): savings interest per account, every release (savings and
 * deposits), a release's detail, interest per month, and the release screen's list. SQL: interest.reports.repo.ts.
 */
import { dec } from '@koperasi/finance';
import { type Ctx, withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { releasePage, type SavingReleaseRow } from './interest.release.repo.ts';
import {
  depositReleaseLines,
  interestPerMonth,
  type ReportFilter,
  releaseHead,
  releaseRows,
  savingInterestRows,
  savingReleaseLines,
} from './interest.reports.repo.ts';

export type { ReportFilter } from './interest.reports.repo.ts';

export function savingReleaseView(r: SavingReleaseRow) {
  return {
    id: r.id,
    kind: 'SAVING' as const,
    startDate: r.start_date,
    endDate: r.end_date,
    productId: r.product_id,
    status: r.status,
    accounts: r.accounts,
    chunks: r.chunks,
    totalGross: dec(r.total_gross).toNumber(),
    totalTax: dec(r.total_tax).toNumber(),
    totalAdminFee: dec(r.total_admin).toNumber(),
    totalNet: dec(r.total_net).toNumber(),
    createdDate: r.created_date.toISOString(),
    finishedAt: r.finished_at?.toISOString() ?? null,
    cancelledAt: r.cancelled_at?.toISOString() ?? null,
    cancelReason: r.cancel_reason,
  };
}

/** GET report/saving-member-interest: the savings interest posted per account and period (live rows), with totals. */
export async function savingMemberInterest(ctx: Ctx, f: ReportFilter, all = false) {
  return withTx(ctx, async (tx) => {
    const { rows, t } = await savingInterestRows(tx, f, all);
    return { rows, total: t.n, totals: { totalGross: t.gross, totalTax: t.tax, totalAdminFee: t.admin, totalNet: t.net } };
  });
}

/** GET report/release-interest: every interest release (savings and deposit), newest first. */
export async function releaseInterest(ctx: Ctx, f: ReportFilter, all = false) {
  return withTx(ctx, (tx) => releaseRows(tx, f, all));
}

/** GET report/release-interest/{id}/detail: the release and each account's (or deposit's) interest of it. */
export async function releaseInterestDetail(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const head = await releaseHead(tx, id);
    if (!head) throw notFound('interest.release_not_found');
    const rows = head.kind === 'SAVING' ? await savingReleaseLines(tx, id) : await depositReleaseLines(tx, id);
    return { ...head, details: rows };
  });
}

/** GET report/v2/release-interest-periode: interest posted per month and kind (live rows) in [startDate, endDate]. */
export async function releaseInterestPeriode(ctx: Ctx, f: ReportFilter) {
  return withTx(ctx, (tx) => interestPerMonth(tx, f));
}

/** GET interest-simulation/saving/releases: savings releases, newest first (the release screen). */
export async function listSavingReleases(ctx: Ctx, page: number, limit: number) {
  return withTx(ctx, async (tx) => {
    const r = await releasePage(tx, page, limit);
    return { rows: r.rows.map(savingReleaseView), total: r.total };
  });
}
