/**
 * Savings interest: the base-rate simulation, the release (resumable committed
 * chunks, exactly once per account and period) and its cancellation.
 * Tax: PP 15/2009 through SQL `interest_tax_withhold` (the simulation: its copy `monthlyInterestTax`) on the same per-subject month
 * rows (interest_tax_month) as the deposit interest, so a member's deposit and
 * savings interest of one month share the tax-free amount. docs/interest.md.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import { savingsAdminFee } from '@koperasi/finance/savings-interest';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import { taxSetting } from '../deposits/deposits.core.ts';
import { lockTaxMonths, saveTaxMonths, withholdTax } from '../deposits/deposits.repo.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { isPeriodOpen, reverse } from '../ledger/posting.ts';
import { assertCanMove, channelOf, move, postGroup } from '../savings/savings.core.ts';
import { lockAccounts, setGroupJournal } from '../savings/savings.repo.ts';
import { type AccountInterest, computeInterest, dailyBalancesOf, interestAccounts } from './interest.core.ts';

function field(code: string, key: string, name: string, params?: Record<string, unknown>) {
  return new AppError(422, code, key, params, [{ field: name, message: key }]);
}

export interface PeriodInput {
  startDate?: string;
  endDate?: string;
  productId?: string | null;
}

/** Period dates or a product are required; a product alone means the last full calendar month. */
export function resolvePeriod(b: PeriodInput): { start: string; end: string; productId: string | null } {
  let start = b.startDate;
  let end = b.endDate;
  if ((!start || !end) && !b.productId) throw field('PERIOD_REQUIRED', 'interest.period_required', 'startDate');
  if (!start || !end) {
    const now = todayJakarta();
    const [y, m] = now.split('-').map(Number);
    const first = new Date(Date.UTC(y, m - 2, 1));
    const last = new Date(Date.UTC(y, m - 1, 0));
    start = start ?? first.toISOString().slice(0, 10);
    end = end ?? last.toISOString().slice(0, 10);
  }
  if (end < start) throw field('PERIOD_INVALID', 'interest.period_invalid', 'endDate');
  return { start, end, productId: b.productId ?? null };
}

// ---------------------------------------------------------------- release

export interface SavingReleaseRow {
  id: string;
  start_date: string;
  end_date: string;
  product_id: string | null;
  status: 'RUNNING' | 'RELEASED' | 'CANCELLED';
  cursor: string | null;
  accounts: number;
  chunks: number;
  total_gross: Dec;
  total_tax: Dec;
  total_admin: Dec;
  total_net: Dec;
  created_date: Date;
  finished_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
}

export const RELEASE_SELECT = `id, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, product_id, status, cursor,
  accounts, chunks, total_gross, total_tax, total_admin, total_net, created_date, finished_at, cancelled_at, cancel_reason`;

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

const findRelease = (tx: Tx, id: string, lock = false) =>
  tx.one<SavingReleaseRow>(
    `SELECT ${RELEASE_SELECT} FROM saving_interest_release WHERE tenant_id = app_tenant() AND id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );

const runningOf = (tx: Tx, start: string, end: string, productId: string | null) =>
  tx.one<SavingReleaseRow>(
    `SELECT ${RELEASE_SELECT} FROM saving_interest_release WHERE tenant_id = app_tenant() AND start_date = $1 AND end_date = $2
       AND product_id IS NOT DISTINCT FROM $3::uuid AND status = 'RUNNING'`,
    [start, end, productId],
  );

/**
 * POST interest-simulation/saving/release: pays the period's interest of every
 * voluntary savings account (of the product, when given), in committed chunks
 * of `chunkSize` accounts in id order. Per account: TOPUP_INTEREST (gross),
 * WITHDRAW_TAX (tax), WITHDRAW ADMIN_FEE (admin fee), one journal. An account
 * with a live interest row overlapping the period is skipped (exactly once);
 * a run stopped half-way is resumed by the next call with the same input.
 */
export async function releaseSavings(ctx: Ctx, b: PeriodInput & { chunkSize?: number }, hooks?: { afterChunk?: (n: number) => void }) {
  const { start, end, productId } = resolvePeriod(b);
  const now = todayJakarta();
  if (end >= now) throw field('RELEASE_FUTURE', 'interest.release_future', 'endDate', { today: now });
  const chunk = b.chunkSize ?? 500;
  const started = await withTx(ctx, async (tx) => {
    const running = await runningOf(tx, start, end, productId);
    if (running) return running;
    const r = await tx.one<{ id: string }>(
      `INSERT INTO saving_interest_release (tenant_id, start_date, end_date, product_id, status, created_by)
       VALUES (app_tenant(), $1, $2, $3, 'RUNNING', $4) ON CONFLICT DO NOTHING RETURNING id`,
      [start, end, productId, ctx.userId],
    );
    const row = r ? (await findRelease(tx, r.id))! : (await runningOf(tx, start, end, productId))!;
    await audit(tx, ctx, {
      action: 'interest.saving_release_start',
      entity: 'saving_interest_release',
      entityId: row.id,
      after: { start, end, productId },
    });
    return row;
  });
  let n = 0;
  for (;;) {
    const done = await withTx(ctx, async (tx) => {
      const r = await findRelease(tx, started.id, true);
      if (r?.status !== 'RUNNING') return true;
      const candidates = await interestAccounts(tx, { end, productId, after: r.cursor, limit: chunk });
      if (!candidates.length) {
        await tx.exec(
          `UPDATE saving_interest_release SET status = 'RELEASED', finished_at = now() WHERE tenant_id = app_tenant() AND id = $1`,
          [r.id],
        );
        await audit(tx, ctx, {
          action: 'interest.saving_release',
          entity: 'saving_interest_release',
          entityId: r.id,
          after: {
            start,
            end,
            productId,
            accounts: r.accounts,
            gross: r.total_gross,
            tax: r.total_tax,
            admin: r.total_admin,
            net: r.total_net,
          },
        });
        return true;
      }
      const s = await payChunk(
        tx,
        ctx,
        r,
        candidates.map((c) => c.id),
      );
      await tx.exec(
        `UPDATE saving_interest_release SET cursor = $2, accounts = accounts + $3, chunks = chunks + 1, total_gross = total_gross + $4,
                total_tax = total_tax + $5, total_admin = total_admin + $6, total_net = total_net + $7
         WHERE tenant_id = app_tenant() AND id = $1`,
        [
          r.id,
          candidates[candidates.length - 1].id,
          s.accounts,
          s.gross.toFixed(2),
          s.tax.toFixed(2),
          s.admin.toFixed(2),
          s.net.toFixed(2),
        ],
      );
      if (s.accounts)
        await audit(tx, ctx, {
          action: 'interest.saving_release_chunk',
          entity: 'saving_interest_release',
          entityId: r.id,
          after: { accounts: s.accounts, gross: s.gross, tax: s.tax, admin: s.admin, net: s.net, journals: s.journals },
        });
      return false;
    });
    if (done) break;
    n++;
    hooks?.afterChunk?.(n);
  }
  return withTx(ctx, async (tx) => savingReleaseView((await findRelease(tx, started.id))!));
}

async function payChunk(tx: Tx, ctx: Ctx, r: SavingReleaseRow, ids: string[]) {
  const summary = { accounts: 0, gross: ZERO, tax: ZERO, admin: ZERO, net: ZERO, journals: [] as string[] };
  const start = r.start_date;
  const end = r.end_date;
  // Accounts locked first (ascending id), then re-read under the lock; those already paid for an overlapping period are skipped.
  const locked = await lockAccounts(tx, ids, end, null);
  const paid = await tx.query<{ saving_id: string }>(
    `SELECT DISTINCT saving_id FROM saving_interest WHERE tenant_id = app_tenant() AND saving_id = ANY($1::uuid[]) AND status = 'POSTED'
       AND start_date <= $3::date AND end_date >= $2::date`,
    [`{${ids.join(',')}}`, start, end],
  );
  const skip = new Set(paid.map((p) => p.saving_id));
  const accounts = (await interestAccounts(tx, { end, ids })).filter((a) => !skip.has(a.id));
  if (!accounts.length) return summary;
  const balances = await dailyBalancesOf(
    tx,
    accounts.map((a) => a.id),
    start,
    end,
  );
  const items0 = computeInterest(accounts, balances, start, end).filter((i) => i.gross.gt(0) || i.adminFee.gt(0));
  if (!items0.length) return summary;
  const gl = await tx.query<{ product_id: string; role: string; coa_id: string }>(
    `SELECT product_id, role, coa_id FROM product_gl_account WHERE tenant_id = app_tenant() AND product_id = ANY($1::uuid[])`,
    [`{${[...new Set(items0.map((i) => i.a.product_id))].join(',')}}`],
  );
  const glOf = (i: AccountInterest, role: string) => {
    const g = gl.find((x) => x.product_id === i.a.product_id && x.role === role);
    if (!g) throw unprocessable('PRODUCT_GL_MISSING', 'interest.gl_missing', { product: i.a.product_name, role });
    return g.coa_id;
  };
  const setting = await taxSetting(tx, ctx);
  const month = `${end.slice(0, 7)}-01`;
  const subjectOf = (i: AccountInterest) => (setting.basis === 'MEMBER' ? i.a.member_id : i.a.id);
  // The tax of every posting through the one rule (SQL interest_tax_withhold, cumulative per subject and month).
  const taxes = await withholdTax(
    tx,
    items0.map((i) => ({ subject: subjectOf(i), month, gross: i.gross, rule: setting.rule })),
  );
  const channel = ctx.principal ? channelOf(ctx) : 'SYSTEM';
  // Figures per account here, the tax from the one rule above; the writes in one set-based call.
  const items: Record<string, unknown>[] = [];
  const lines: Array<{ accountId: string; debit?: Dec; credit?: Dec }> = [];
  for (const [k, i] of items0.entries()) {
    const a = locked.get(i.a.id)!;
    const tax = taxes[k];
    const t = { tax, net: i.gross.minus(tax) };
    const fee = savingsAdminFee({ monthlyFee: i.adminFee, months: 1, available: dec(a.balance).minus(a.blocked_amount).plus(t.net) });
    if (!i.gross.gt(0) && !fee.gt(0)) continue;
    const control = glOf(i, 'CONTROL');
    lines.push({ accountId: glOf(i, 'INTEREST_EXPENSE'), debit: i.gross }, { accountId: control, credit: i.gross });
    if (t.tax.gt(0)) lines.push({ accountId: control, debit: t.tax }, { accountId: glOf(i, 'TAX_PAYABLE'), credit: t.tax });
    if (fee.gt(0)) lines.push({ accountId: control, debit: fee }, { accountId: glOf(i, 'ADMIN_FEE_INCOME'), credit: fee });
    items.push({
      s: a.id,
      m: a.member_id,
      p: a.product_id,
      g: i.gross.toFixed(2),
      t: t.tax.toFixed(2),
      f: fee.toFixed(2),
      b: i.basis,
      bb: i.basisBalance.toFixed(2),
      r: i.rate.toFixed(4),
      subj: subjectOf(i),
      grp: crypto.randomUUID(),
      n: `${a.account_number} ${start} s.d. ${end}`,
    });
    summary.accounts++;
    summary.gross = summary.gross.plus(i.gross);
    summary.tax = summary.tax.plus(t.tax);
    summary.admin = summary.admin.plus(fee);
    summary.net = summary.net.plus(i.gross.minus(t.tax).minus(fee));
  }
  if (!items.length) return summary;
  // One journal per chunk (lines merged per account and side), posted in the same transaction as the balances.
  const journalId = uuidv7();
  await postGroup(tx, ctx, {
    groupId: crypto.randomUUID(),
    journalId,
    date: end,
    description: `Jasa simpanan ${start} s.d. ${end} (${items.length} rekening)`,
    referenceCode: `JASA-${end}`,
    lines,
  });
  await tx.exec('SELECT saving_interest_post($1, $2, $3, $4, $5, $6, $7, $8::jsonb)', [
    r.id,
    start,
    end,
    month,
    journalId,
    channel,
    ctx.userId,
    JSON.stringify(items),
  ]);
  summary.journals.push(journalId);
  return summary;
}

interface InterestRow {
  id: string;
  saving_id: string;
  gross: Dec;
  tax: Dec;
  admin_fee: Dec;
  net: Dec;
  tax_subject: string;
  tax_month: string;
  journal_id: string;
  end_date: string;
}

/** Whether `id` is a savings interest release (the cancel dispatch of POST interest-simulation/{id}/cancel-release). */
export async function isSavingRelease(ctx: Ctx, id: string): Promise<boolean> {
  return withTx(
    ctx,
    async (tx) => !!(await tx.one('SELECT 1 FROM saving_interest_release WHERE tenant_id = app_tenant() AND id = $1', [id])),
  );
}

/** Cancels a savings interest release: each account's movements taken back, each journal reversed, the month's tax base restored. */
export async function cancelSavingRelease(ctx: Ctx, id: string, reason?: string | null) {
  return withTx(
    ctx,
    async (tx) => {
      const why = reason?.trim() || 'Pembatalan rilis jasa simpanan';
      const r = await findRelease(tx, id, true);
      if (!r) throw notFound('interest.release_not_found');
      if (r.status === 'CANCELLED') throw conflict('RELEASE_CANCELLED', 'interest.release_cancelled', {});
      if (r.status === 'RUNNING') throw unprocessable('RELEASE_RUNNING', 'interest.release_running');
      const rows = await tx.query<InterestRow>(
        `SELECT id, saving_id, gross, tax, admin_fee, net, tax_subject, to_char(tax_month, 'YYYY-MM-DD') AS tax_month, journal_id,
                to_char(end_date, 'YYYY-MM-DD') AS end_date
         FROM saving_interest WHERE tenant_id = app_tenant() AND release_id = $1 AND status = 'POSTED' ORDER BY saving_id`,
        [id],
      );
      if (rows.length && !(await isPeriodOpen(tx, r.end_date)))
        throw new AppError(422, 'PERIOD_CLOSED', 'ledger.period_closed', { periode: r.end_date.slice(0, 7) });
      const accounts = rows.length ? await lockAccounts(tx, rows.map((x) => x.saving_id).sort(), todayJakarta(), null) : new Map();
      const channel = channelOf(ctx);
      const reversals: string[] = [];
      const reversalOf = new Map<string, string>();
      for (const x of rows) {
        const a = accounts.get(x.saving_id);
        assertCanMove(ctx, a);
        if (dec(x.net).gt(a.balance)) throw unprocessable('INTEREST_SAVING_SHORT', 'interest.saving_short', { number: a.account_number });
        const groupId = crypto.randomUUID();
        const base = {
          date: r.end_date,
          channel,
          cashCoaId: null,
          groupId,
          description: `Pembatalan jasa simpanan: ${why}`.slice(0, 500),
        } as const;
        if (dec(x.admin_fee).gt(0)) await move(tx, ctx, a, { ...base, kind: 'TOPUP', activity: 'REVERSAL', amount: dec(x.admin_fee) });
        if (dec(x.tax).gt(0)) await move(tx, ctx, a, { ...base, kind: 'TOPUP', activity: 'REVERSAL', amount: dec(x.tax) });
        if (dec(x.gross).gt(0)) await move(tx, ctx, a, { ...base, kind: 'WITHDRAW', activity: 'REVERSAL', amount: dec(x.gross) });
        // A chunk's accounts share one journal: reversed once.
        let rev = reversalOf.get(x.journal_id);
        if (!rev) {
          rev = (await reverse(tx, ctx, x.journal_id, why)).id;
          reversalOf.set(x.journal_id, rev);
          reversals.push(rev);
        }
        await setGroupJournal(tx, groupId, rev);
      }
      await tx.exec(
        `UPDATE member_transaction SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
         WHERE tenant_id = app_tenant() AND journal_id = ANY($1::uuid[]) AND status = 'POSTED'`,
        [`{${rows.map((x) => x.journal_id).join(',')}}`, ctx.userId, why.slice(0, 500)],
      );
      const months = await lockTaxMonths(
        tx,
        rows.map((x) => ({ subject: x.tax_subject, month: x.tax_month })),
      );
      for (const x of rows) {
        const m = months.get(`${x.tax_subject}|${x.tax_month}`)!;
        m.gross = m.gross.minus(x.gross);
        m.tax = m.tax.minus(x.tax);
      }
      await saveTaxMonths(tx, [...months.values()]);
      await tx.exec(
        `UPDATE saving_interest SET status = 'CANCELLED', cancelled_at = now() WHERE tenant_id = app_tenant() AND release_id = $1 AND status = 'POSTED'`,
        [id],
      );
      await tx.exec(
        `UPDATE saving_interest_release SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
         WHERE tenant_id = app_tenant() AND id = $1`,
        [id, ctx.userId, why.slice(0, 500)],
      );
      await audit(tx, ctx, {
        action: 'interest.saving_release_cancel',
        entity: 'saving_interest_release',
        entityId: id,
        before: { status: r.status, accounts: rows.length, gross: r.total_gross, tax: r.total_tax, admin: r.total_admin },
        after: { status: 'CANCELLED', reason: why, reversals },
      });
      return savingReleaseView((await findRelease(tx, id))!);
    },
    { idempotent: true, message: 'interest.release_cancel_success' },
  );
}

// ---------------------------------------------------------------- reports

export interface ReportFilter {
  startDate?: string;
  endDate?: string;
  productId?: string;
  search?: string;
  page: number;
  limit: number;
}

const like = (s?: string) => (s ? `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);

/** GET report/saving-member-interest: the savings interest posted per account and period (live rows), with totals. */
export async function savingMemberInterest(ctx: Ctx, f: ReportFilter, all = false) {
  return withTx(ctx, async (tx) => {
    const where = `i.tenant_id = app_tenant() AND i.status = 'POSTED' AND ($1::date IS NULL OR i.end_date >= $1::date) AND ($2::date IS NULL OR i.end_date <= $2::date)
      AND ($3::uuid IS NULL OR i.product_id = $3::uuid) AND ($4::text IS NULL OR m.full_name ILIKE $4 OR m.cif_number ILIKE $4 OR s.account_number ILIKE $4)`;
    const from = `saving_interest i JOIN member m ON m.tenant_id = i.tenant_id AND m.id = i.member_id
      JOIN member_saving s ON s.tenant_id = i.tenant_id AND s.id = i.saving_id JOIN product p ON p.tenant_id = i.tenant_id AND p.id = i.product_id`;
    const args = [f.startDate ?? null, f.endDate ?? null, f.productId ?? null, like(f.search)];
    const t = (await tx.one<{ n: number; gross: Dec; tax: Dec; admin: Dec; net: Dec }>(
      `SELECT count(*)::int AS n, coalesce(sum(i.gross), 0) AS gross, coalesce(sum(i.tax), 0) AS tax, coalesce(sum(i.admin_fee), 0) AS admin,
              coalesce(sum(i.net), 0) AS net FROM ${from} WHERE ${where}`,
      args,
    ))!;
    const rows = await tx.query<Record<string, unknown>>(
      `SELECT i.id, i.release_id AS "releaseId", m.cif_number AS "cifNumber", m.full_name AS "memberName", s.account_number AS "accountNumber",
              p.name AS "productName", to_char(i.start_date, 'YYYY-MM-DD') AS "startDate", to_char(i.end_date, 'YYYY-MM-DD') AS "endDate",
              i.basis, i.basis_balance AS "basisBalance", i.rate, i.gross, i.tax, i.admin_fee AS "adminFee", i.net
       FROM ${from} WHERE ${where} ORDER BY i.end_date DESC, m.full_name, s.account_number
       ${all ? '' : 'LIMIT $5 OFFSET $6'}`,
      all ? args : [...args, f.limit, f.page * f.limit],
    );
    return { rows, total: t.n, totals: { totalGross: t.gross, totalTax: t.tax, totalAdminFee: t.admin, totalNet: t.net } };
  });
}

const RELEASES_SQL = `
  SELECT id, 'SAVING' AS kind, start_date, end_date, product_id, status, accounts AS items, total_gross, total_tax, total_admin, total_net,
         created_date, finished_at, cancelled_at, cancel_reason
  FROM saving_interest_release WHERE tenant_id = app_tenant()
  UNION ALL
  SELECT id, 'DEPOSIT', from_date, to_date, NULL, status, payments, total_gross, total_tax, 0, total_net, created_date, finished_at, cancelled_at, cancel_reason
  FROM deposit_release WHERE tenant_id = app_tenant()`;

/** GET report/release-interest: every interest release (savings and deposit), newest first. */
export async function releaseInterest(ctx: Ctx, f: ReportFilter, all = false) {
  return withTx(ctx, async (tx) => {
    const where = `($1::date IS NULL OR r.end_date >= $1::date) AND ($2::date IS NULL OR r.end_date <= $2::date) AND ($3::uuid IS NULL OR r.product_id = $3::uuid)`;
    const args = [f.startDate ?? null, f.endDate ?? null, f.productId ?? null];
    const n = (await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM (${RELEASES_SQL}) r WHERE ${where}`, args))!.n;
    const rows = await tx.query<Record<string, unknown>>(
      `SELECT r.id, r.kind, to_char(r.start_date, 'YYYY-MM-DD') AS "startDate", to_char(r.end_date, 'YYYY-MM-DD') AS "endDate", r.product_id AS "productId",
              p.name AS "productName", r.status, r.items, r.total_gross AS "totalGross", r.total_tax AS "totalTax", r.total_admin AS "totalAdminFee",
              r.total_net AS "totalNet", r.created_date AS "createdDate", r.finished_at AS "finishedAt", r.cancelled_at AS "cancelledAt", r.cancel_reason AS "cancelReason"
       FROM (${RELEASES_SQL}) r LEFT JOIN product p ON p.tenant_id = app_tenant() AND p.id = r.product_id
       WHERE ${where} ORDER BY r.created_date DESC, r.id ${all ? '' : 'LIMIT $4 OFFSET $5'}`,
      all ? args : [...args, f.limit, f.page * f.limit],
    );
    return { rows, total: n };
  });
}

/** GET report/release-interest/{id}/detail: the release and each account's (or deposit's) interest of it. */
export async function releaseInterestDetail(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const head = await tx.one<Record<string, unknown>>(
      `SELECT r.id, r.kind, to_char(r.start_date, 'YYYY-MM-DD') AS "startDate", to_char(r.end_date, 'YYYY-MM-DD') AS "endDate", r.status, r.items,
              r.total_gross AS "totalGross", r.total_tax AS "totalTax", r.total_admin AS "totalAdminFee", r.total_net AS "totalNet"
       FROM (${RELEASES_SQL}) r WHERE r.id = $1`,
      [id],
    );
    if (!head) throw notFound('interest.release_not_found');
    const rows =
      head.kind === 'SAVING'
        ? await tx.query<Record<string, unknown>>(
            `SELECT i.id, m.cif_number AS "cifNumber", m.full_name AS "memberName", s.account_number AS "accountNumber", i.basis,
                    i.basis_balance AS "basisBalance", i.rate, i.gross, i.tax, i.admin_fee AS "adminFee", i.net, i.status
             FROM saving_interest i JOIN member m ON m.tenant_id = i.tenant_id AND m.id = i.member_id
             JOIN member_saving s ON s.tenant_id = i.tenant_id AND s.id = i.saving_id
             WHERE i.tenant_id = app_tenant() AND i.release_id = $1 ORDER BY m.full_name, s.account_number`,
            [id],
          )
        : await tx.query<Record<string, unknown>>(
            `SELECT i.id, m.cif_number AS "cifNumber", m.full_name AS "memberName", d.account_number AS "accountNumber", NULL AS basis,
                    i.principal AS "basisBalance", i.rate, i.gross, i.tax, 0 AS "adminFee", i.net, i.status
             FROM deposit_interest i JOIN deposit d ON d.tenant_id = i.tenant_id AND d.id = i.deposit_id
             JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
             WHERE i.tenant_id = app_tenant() AND i.release_id = $1 ORDER BY m.full_name, d.account_number, i.due_date`,
            [id],
          );
    return { ...head, details: rows };
  });
}

/** GET report/v2/release-interest-periode: interest posted per month and kind (live rows) in [startDate, endDate]. */
export async function releaseInterestPeriode(ctx: Ctx, f: ReportFilter) {
  return withTx(ctx, async (tx) =>
    tx.query<Record<string, unknown>>(
      `SELECT to_char(month, 'YYYY-MM') AS periode, kind, count(*)::int AS items, sum(gross) AS "totalGross", sum(tax) AS "totalTax",
              sum(admin) AS "totalAdminFee", sum(net) AS "totalNet"
       FROM (SELECT tax_month AS month, 'SAVING' AS kind, gross, tax, admin_fee AS admin, net, end_date AS d FROM saving_interest
             WHERE tenant_id = app_tenant() AND status = 'POSTED'
             UNION ALL
             SELECT tax_month, 'DEPOSIT', gross, tax, 0, net, due_date FROM deposit_interest WHERE tenant_id = app_tenant() AND status = 'POSTED') x
       WHERE ($1::date IS NULL OR d >= $1::date) AND ($2::date IS NULL OR d <= $2::date)
       GROUP BY month, kind ORDER BY month, kind`,
      [f.startDate ?? null, f.endDate ?? null],
    ),
  );
}

/** GET interest-simulation/saving/releases: savings releases, newest first (the release screen). */
export async function listSavingReleases(ctx: Ctx, page: number, limit: number) {
  return withTx(ctx, async (tx) => {
    const n = (await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM saving_interest_release WHERE tenant_id = app_tenant()'))!.n;
    const rows = await tx.query<SavingReleaseRow>(
      `SELECT ${RELEASE_SELECT} FROM saving_interest_release WHERE tenant_id = app_tenant() ORDER BY created_date DESC, id LIMIT $1 OFFSET $2`,
      [limit, page * limit],
    );
    return { rows: rows.map(savingReleaseView), total: n };
  });
}
