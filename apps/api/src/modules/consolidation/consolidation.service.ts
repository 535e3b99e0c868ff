/**
 * Consolidated interest release (spec section 4 "Consolidated interest release": processed, released or cancelled;
 * docs/interest.md "Consolidation"):
 *  - process: the period's computed savings interest of every voluntary product and branch (or one of each) into one
 *    batch, one line per account (accounts already paid for an overlapping period left out); one live batch per
 *    period, an overlapping one refused;
 *  - review / datatable / detail: per member with totals, the tax estimated by the PP 15/2009 rule until released;
 *  - update: one line's gross (and admin fee) with a reason, audited with before and after; only while PROCESSED;
 *  - cancel: only while PROCESSED (a released batch is taken back by cancelling its savings interest release);
 *  - release: posts the lines in committed chunks (cursor: resumable), through `postFigures`, exactly once.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import { monthlyInterestTaxes } from '@koperasi/finance/deposit';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, conflict, fail, notFound } from '../../lib/errors.ts';
import { EXPORT_FETCH_LIMIT } from '../../lib/excel.ts';
import { taxSetting } from '../deposits/deposits.core.ts';
import { addToRelease, finishRelease, openRelease, paidAccounts, postFigures } from '../interest/figures.post.ts';
import { computeInterest, dailyBalancesOf, interestAccounts } from '../interest/interest.core.ts';
import { readTaxMonths } from '../interest/interest.repo.ts';
import { runBatch } from '../jobs/batch.ts';
import { todayJakarta } from '../ledger/dates.ts';
import * as repo from './consolidation.repo.ts';

const CHUNK = 1000;

function field(code: string, key: string, name: string, params?: Record<string, unknown>) {
  return new AppError(422, code, key, params, [{ field: name, message: key }]);
}

export function batchView(b: repo.BatchRow) {
  return {
    id: b.id,
    startDate: b.start_date,
    endDate: b.end_date,
    productId: b.product_id,
    branchId: b.branch_id,
    status: b.status,
    releaseId: b.release_id,
    releaseStatus: b.release_status,
    lines: b.lines,
    members: b.members,
    totalGross: dec(b.total_gross),
    totalAdminFee: dec(b.total_admin),
    posted: b.posted,
    skipped: b.skipped,
    createdDate: b.created_date.toISOString(),
    releasedAt: b.released_at?.toISOString() ?? null,
    cancelledAt: b.cancelled_at?.toISOString() ?? null,
    cancelReason: b.cancel_reason,
  };
}

function lineView(l: repo.LineRow, tax: Dec) {
  const gross = dec(l.gross);
  const fee = dec(l.admin_fee);
  return {
    id: l.id,
    consolidationId: l.consolidation_id,
    savingId: l.saving_id,
    memberId: l.member_id,
    accountNumber: l.account_number,
    cifNumber: l.cif_number,
    memberName: l.member_name,
    productName: l.product_name,
    branchName: l.branch_name,
    basis: l.basis,
    basisBalance: dec(l.basis_balance),
    rate: dec(l.rate),
    computedGross: dec(l.computed_gross),
    computedAdminFee: dec(l.computed_admin),
    gross,
    adminFee: fee,
    tax,
    net: gross.minus(tax).minus(fee),
    adjusted: l.adjusted,
    reason: l.reason,
    adjustedAt: l.adjusted_at?.toISOString() ?? null,
    status: l.status,
  };
}

/** Each line's tax: the posted one once released, else the rule's estimate cumulative per subject with the month. */
async function taxesOf(tx: Tx, ctx: Ctx, lines: repo.TaxLine[], end: string): Promise<Map<string, Dec>> {
  const out = new Map<string, Dec>();
  const pending = lines.filter((l) => l.status === 'PENDING');
  for (const l of lines) if (l.status !== 'PENDING') out.set(l.id, dec(l.tax ?? 0));
  if (!pending.length) return out;
  const setting = await taxSetting(tx, ctx);
  const month = `${end.slice(0, 7)}-01`;
  const subjectOf = (l: repo.TaxLine) => (setting.basis === 'MEMBER' ? l.member_id : l.saving_id);
  const prior = await readTaxMonths(tx, [...new Set(pending.map(subjectOf))], month);
  // As the release withholds them (account order, per subject smallest gross first).
  const ordered = [...pending].sort((a, b) => (a.saving_id < b.saving_id ? -1 : 1));
  const taxes = monthlyInterestTaxes(
    setting.rule,
    (s) => ({ gross: prior.get(s)?.gross ?? 0, tax: prior.get(s)?.tax ?? 0 }),
    ordered.map((l) => ({ subject: subjectOf(l), gross: dec(l.gross) })),
  );
  for (const [k, l] of ordered.entries()) out.set(l.id, taxes[k]);
  return out;
}

async function batchOrNewest(tx: Tx, id?: string) {
  const b = id ? await repo.findBatch(tx, id) : await repo.newestBatch(tx);
  if (!b) throw notFound('consolidation.not_found');
  return b;
}

// ---------------------------------------------------------------- process

export async function processBatch(ctx: Ctx, v: { startDate: string; endDate: string; productId?: string; branchId?: string }) {
  const { startDate: start, endDate: end } = v;
  if (end < start) throw field('PERIOD_INVALID', 'interest.period_invalid', 'endDate');
  const today = todayJakarta();
  if (end >= today) throw field('RELEASE_FUTURE', 'interest.release_future', 'endDate', { today });
  return withTx(
    ctx,
    async (tx) => {
      const live = await repo.overlapping(tx, start, end);
      if (live)
        throw conflict('CONSOLIDATION_EXISTS', 'consolidation.exists', { start: live.start_date, end: live.end_date, status: live.status });
      const b = await repo.insertBatch(tx, start, end, v.productId ?? null, v.branchId ?? null, ctx.userId!);
      let after: string | null = null;
      for (;;) {
        const accounts = await interestAccounts(tx, { end, productId: v.productId ?? null, after, limit: CHUNK });
        if (!accounts.length) break;
        after = accounts[accounts.length - 1].id;
        const paid = await paidAccounts(
          tx,
          accounts.map((a) => a.id),
          start,
          end,
        );
        const branch = new Map(
          (
            await repo.branchesOf(
              tx,
              accounts.map((a) => a.member_id),
            )
          ).map((m) => [m.id, m.branch_id]),
        );
        const todo = accounts.filter((a) => !paid.has(a.id) && (!v.branchId || branch.get(a.member_id) === v.branchId));
        const balances = await dailyBalancesOf(
          tx,
          todo.map((a) => a.id),
          start,
          end,
        );
        const rows = computeInterest(todo, balances, start, end)
          .filter((i) => i.gross.gt(0) || i.adminFee.gt(0))
          .map((i) => ({
            s: i.a.id,
            m: i.a.member_id,
            p: i.a.product_id,
            br: branch.get(i.a.member_id) ?? null,
            b: i.basis,
            bb: i.basisBalance.toFixed(2),
            r: i.rate.toFixed(4),
            g: i.gross.toFixed(2),
            f: i.adminFee.toFixed(2),
          }));
        await repo.insertLines(tx, b!.id, rows);
      }
      await repo.refreshTotals(tx, b!.id);
      const row = (await repo.findBatch(tx, b!.id))!;
      if (!row.lines) throw fail('CONSOLIDATION_EMPTY');
      await audit(tx, ctx, {
        action: 'interest.consolidation_process',
        entity: 'interest_consolidation',
        entityId: row.id,
        after: { start, end, productId: v.productId ?? null, branchId: v.branchId ?? null, lines: row.lines, gross: row.total_gross },
      });
      return batchView(row);
    },
    { idempotent: true, message: 'consolidation.processed' },
  );
}

// ---------------------------------------------------------------- reading

export async function review(ctx: Ctx, id?: string) {
  return withTx(ctx, async (tx) => {
    const b = await batchOrNewest(tx, id);
    const lines = await repo.reviewLines(tx, b.id);
    const taxes = await taxesOf(tx, ctx, lines, b.end_date);
    const tax = [...taxes.values()].reduce((s, x) => s.plus(x), ZERO);
    const [byProduct, byBranch] = [await repo.groupTotals(tx, b.id, 'product'), await repo.groupTotals(tx, b.id, 'branch')];
    const taxBy = (key: (l: repo.ReviewLine) => string | null) => {
      const m = new Map<string | null, Dec>();
      for (const l of lines) m.set(key(l), (m.get(key(l)) ?? ZERO).plus(taxes.get(l.id) ?? ZERO));
      return m;
    };
    const pt = taxBy((l) => l.product_name);
    const bt = taxBy((l) => l.branch_name);
    const group = (rows: typeof byProduct, t: Map<string | null, Dec>) =>
      rows.map((r) => {
        const x = t.get(r.name) ?? ZERO;
        return {
          name: r.name,
          lines: r.lines,
          gross: dec(r.gross),
          tax: x,
          adminFee: dec(r.admin_fee),
          net: dec(r.gross).minus(x).minus(r.admin_fee),
        };
      });
    return {
      ...batchView(b),
      adjustedLines: lines.filter((l) => l.adjusted).length,
      totalTax: tax,
      totalNet: dec(b.total_gross).minus(tax).minus(b.total_admin),
      byProduct: group(byProduct, pt),
      byBranch: group(byBranch, bt),
    };
  });
}

/**
 * GET consolidation/datatable: a page of members with their lines inside; `all` (the Excel export, a row per member
 * and per line): at most EXPORT_FETCH_LIMIT members and EXPORT_FETCH_LIMIT lines, so memory stays bounded and a
 * batch too large for one sheet is refused when the workbook is built, never cut short.
 */
export async function datatable(ctx: Ctx, q: { id?: string; search?: string; page: number; limit: number }, all = false) {
  return withTx(ctx, async (tx) => {
    const b = await batchOrNewest(tx, q.id);
    const search = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const page = await repo.memberPage(tx, b.id, search, all ? 0 : q.page, all ? EXPORT_FETCH_LIMIT : q.limit);
    const lines = await repo.linesOf(
      tx,
      b.id,
      page.rows.map((r) => r.member_id),
      all ? EXPORT_FETCH_LIMIT : undefined,
    );
    // The estimate needs every line of each subject of the page, in posting order: the page's members' lines.
    const taxes = await taxesOf(tx, ctx, lines, b.end_date);
    const taxOf = new Map<string, Dec>();
    for (const l of lines) taxOf.set(l.member_id, (taxOf.get(l.member_id) ?? ZERO).plus(taxes.get(l.id) ?? ZERO));
    const rows = page.rows.map((r) => {
      const tax = taxOf.get(r.member_id) ?? ZERO;
      return {
        memberId: r.member_id,
        cifNumber: r.cif_number,
        memberName: r.member_name,
        branchName: r.branch_name,
        accounts: r.accounts,
        adjusted: r.adjusted,
        gross: dec(r.gross),
        tax,
        adminFee: dec(r.admin_fee),
        net: dec(r.gross).minus(tax).minus(r.admin_fee),
        lines: lines.filter((l) => l.member_id === r.member_id).map((l) => lineView(l, taxes.get(l.id) ?? ZERO)),
      };
    });
    return { batch: batchView(b), rows, total: page.total, totalGross: dec(b.total_gross), totalAdminFee: dec(b.total_admin) };
  });
}

/** GET consolidation/{id}/detail: a batch with all its lines, or one line (its batch and its adjustment). */
export async function detail(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const b = await repo.findBatch(tx, id);
    if (b) {
      const lines = await repo.linesOf(tx, b.id);
      const taxes = await taxesOf(tx, ctx, lines, b.end_date);
      return { ...batchView(b), details: lines.map((l) => lineView(l, taxes.get(l.id) ?? ZERO)) };
    }
    const l = await repo.findLine(tx, id);
    if (!l) throw notFound('consolidation.not_found');
    const batch = (await repo.findBatch(tx, l.consolidation_id))!;
    const taxes = await taxesOf(tx, ctx, await repo.linesOf(tx, batch.id, [l.member_id]), batch.end_date);
    return { ...lineView(l, taxes.get(l.id) ?? ZERO), batch: batchView(batch) };
  });
}

export async function list(ctx: Ctx, page: number, limit: number) {
  return withTx(ctx, async (tx) => {
    const r = await repo.listBatches(tx, page, limit);
    return { rows: r.rows.map(batchView), total: r.total };
  });
}

// ---------------------------------------------------------------- changes

export async function updateLine(ctx: Ctx, lineId: string, v: { gross: number; adminFee?: number; reason: string }) {
  return withTx(
    ctx,
    async (tx) => {
      const l0 = await repo.findLine(tx, lineId);
      if (!l0) throw notFound('consolidation.not_found');
      const b = (await repo.findBatch(tx, l0.consolidation_id, true))!;
      if (b.status !== 'PROCESSED') throw fail('CONSOLIDATION_NOT_EDITABLE', { status: b.status });
      const gross = dec(v.gross);
      const fee = v.adminFee === undefined ? dec(l0.admin_fee) : dec(v.adminFee);
      await repo.adjustLine(tx, lineId, gross.toFixed(2), fee.toFixed(2), v.reason, ctx.userId!);
      await repo.refreshTotals(tx, b.id);
      await audit(tx, ctx, {
        action: 'interest.consolidation_update',
        entity: 'interest_consolidation_line',
        entityId: lineId,
        before: { gross: l0.gross, adminFee: l0.admin_fee, reason: l0.reason },
        after: { gross, adminFee: fee, reason: v.reason, consolidationId: b.id, account: l0.account_number },
      });
      const l = (await repo.findLine(tx, lineId))!;
      const taxes = await taxesOf(tx, ctx, await repo.linesOf(tx, b.id, [l.member_id]), b.end_date);
      return lineView(l, taxes.get(l.id) ?? ZERO);
    },
    { idempotent: true, message: 'consolidation.updated' },
  );
}

export async function cancelBatch(ctx: Ctx, id: string, reason?: string) {
  return withTx(
    ctx,
    async (tx) => {
      const b = await repo.findBatch(tx, id, true);
      if (!b) throw notFound('consolidation.not_found');
      if (b.status === 'CANCELLED') throw fail('CONSOLIDATION_CANCELLED');
      if (b.status !== 'PROCESSED') throw fail('CONSOLIDATION_NOT_CANCELLABLE', { status: b.status });
      const why = reason?.trim() || 'Pembatalan konsolidasi jasa';
      await repo.markCancelled(tx, id, ctx.userId!, why.slice(0, 500));
      await audit(tx, ctx, {
        action: 'interest.consolidation_cancel',
        entity: 'interest_consolidation',
        entityId: id,
        before: { status: b.status },
        after: { status: 'CANCELLED', reason: why },
      });
      return batchView((await repo.findBatch(tx, id))!);
    },
    { idempotent: true, message: 'consolidation.cancelled_ok' },
  );
}

/**
 * POST consolidation/{id}/release: posts the batch's lines in committed chunks of `chunkSize` accounts (saving id
 * order) through `runBatch` (jobs/batch.ts: each line once per batch in job_item, resumable after a kill), each line once; a RELEASED batch answers as it is (nothing posted again); a run
 * stopped half way (RELEASING) is resumed by the next call.
 */
export async function releaseBatch(ctx: Ctx, id: string, chunkSize = 500, hooks?: { afterChunk?: (n: number) => void }) {
  const start = await withTx(ctx, async (tx) => {
    const b = await repo.findBatch(tx, id, true);
    if (!b) throw notFound('consolidation.not_found');
    if (b.status === 'CANCELLED') throw fail('CONSOLIDATION_CANCELLED');
    if (b.status !== 'PROCESSED') return b;
    const releaseId = await openRelease(tx, ctx, b.start_date, b.end_date);
    await repo.markReleasing(tx, id, releaseId, ctx.userId!);
    await audit(tx, ctx, {
      action: 'interest.consolidation_release_start',
      entity: 'interest_consolidation',
      entityId: id,
      after: { releaseId },
    });
    return (await repo.findBatch(tx, id))!;
  });
  if (start.status === 'RELEASING') {
    // The lines in committed chunks through the job runner's resumable batch (jobs/batch.ts, as the savings release):
    // each line claimed once per batch in job_item, the run's progress polled through GET /api/jobs/{id}.
    await runBatch<repo.LineRow & { key: string }>({
      db: ctx.db,
      tenantId: ctx.tenantId,
      name: 'interest.consolidation_release',
      key: id,
      userId: ctx.userId,
      chunkSize,
      total: (tx) => repo.countPendingLines(tx, id),
      items: async (tx, after, limit) => (await repo.pendingLines(tx, id, after, limit)).map((l) => ({ ...l, key: l.saving_id })),
      processChunk: async (tx, lines) => {
        const b = (await repo.findBatch(tx, id, true))!;
        if (b.status !== 'RELEASING') throw fail('CONSOLIDATION_NOT_CANCELLABLE', { status: b.status });
        const s = await postFigures(
          tx,
          ctx,
          { releaseId: b.release_id!, start: b.start_date, end: b.end_date, label: `${b.start_date} s.d. ${b.end_date} (konsolidasi)` },
          lines.map((l) => ({
            savingId: l.saving_id,
            gross: dec(l.gross),
            adminFee: dec(l.admin_fee),
            basis: l.basis,
            basisBalance: dec(l.basis_balance),
            rate: dec(l.rate),
          })),
        );
        const res = JSON.stringify(s.results.map((x) => ({ s: x.savingId, p: x.posted, t: x.tax.toFixed(2), f: x.adminFee.toFixed(2) })));
        await repo.markLineResults(tx, id, res);
        const posted = s.results.filter((x) => x.posted).length;
        await repo.advanceCursor(tx, id, lines[lines.length - 1].saving_id, posted, s.results.length - posted);
        await addToRelease(tx, b.release_id!, s, lines[lines.length - 1].saving_id);
      },
      afterChunk: ({ chunk }) => hooks?.afterChunk?.(chunk),
    });
    await withTx(ctx, async (tx) => {
      const b = (await repo.findBatch(tx, id, true))!;
      if (b.status !== 'RELEASING') return;
      await finishRelease(tx, b.release_id!);
      await repo.refreshTotals(tx, id);
      await repo.markReleased(tx, id);
      await audit(tx, ctx, {
        action: 'interest.consolidation_release',
        entity: 'interest_consolidation',
        entityId: id,
        after: { releaseId: b.release_id, posted: b.posted, skipped: b.skipped, gross: b.total_gross },
      });
    });
  }
  return withTx(ctx, async (tx) => batchView((await repo.findBatch(tx, id))!));
}
