/**
 * Posting savings interest whose figures are already decided (a consolidation's reviewed lines, an uploaded file):
 * the same writes as the ordinary release's chunk (interest.service.ts payChunk), which this file does not change:
 *  - the tax of each posting by the one rule, SQL `interest_tax_withhold` (through `withholdTax`), cumulative per
 *    subject and month with the month's deposit and savings interest;
 *  - the admin fee capped at what the account holds (`savingsAdminFee`);
 *  - one journal per chunk per the product's GL mapping (INTEREST_EXPENSE / CONTROL / TAX_PAYABLE /
 *    ADMIN_FEE_INCOME), and the movements TOPUP_INTEREST, WITHDRAW_TAX, WITHDRAW ADMIN_FEE with each account's
 *    saving_interest row through SQL `saving_interest_post` (its unique index: once per account and period).
 * Accounts already paid for an overlapping period, closed or gone are answered as skipped, nothing posted for them.
 * docs/interest.md "Consolidation" and "Interest upload".
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import { savingsAdminFee } from '@koperasi/finance/savings-interest';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { unprocessable } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import { taxSetting } from '../deposits/deposits.core.ts';
import { withholdTax } from '../deposits/deposits.repo.ts';
import { channelOf, postGroup } from '../savings/savings.core.ts';
import { lockAccounts } from '../savings/savings.repo.ts';

export interface FigureItem {
  savingId: string;
  gross: Dec;
  adminFee: Dec;
  basis: 'HARIAN' | 'RATA_RATA' | 'TERENDAH';
  basisBalance: Dec;
  rate: Dec;
}

export interface FigureResult {
  savingId: string;
  posted: boolean;
  tax: Dec;
  adminFee: Dec;
}

export interface FigureSummary {
  accounts: number;
  gross: Dec;
  tax: Dec;
  admin: Dec;
  net: Dec;
  results: FigureResult[];
  journalId: string | null;
}

/** Accounts with live interest for a period overlapping [start, end]. */
export async function paidAccounts(tx: Tx, ids: string[], start: string, end: string): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tx.query<{ saving_id: string }>(
    `SELECT DISTINCT saving_id FROM saving_interest WHERE tenant_id = app_tenant() AND saving_id = ANY($1::uuid[]) AND status = 'POSTED'
       AND start_date <= $3::date AND end_date >= $2::date`,
    [`{${ids.join(',')}}`, start, end],
  );
  return new Set(rows.map((r) => r.saving_id));
}

/**
 * Posts `items` (distinct accounts) as part of savings interest release `releaseId` for [start, end], dated `end`,
 * in the caller's transaction. Answers per account whether it posted and the tax withheld.
 */
export async function postFigures(
  tx: Tx,
  ctx: Ctx,
  r: { releaseId: string; start: string; end: string; label: string },
  items: FigureItem[],
): Promise<FigureSummary> {
  const out: FigureSummary = { accounts: 0, gross: ZERO, tax: ZERO, admin: ZERO, net: ZERO, results: [], journalId: null };
  if (!items.length) return out;
  const ids = [...new Set(items.map((i) => i.savingId))].sort();
  const locked = await lockAccounts(tx, ids, r.end, null);
  const paid = await paidAccounts(tx, ids, r.start, r.end);
  const live = items.filter((i) => {
    const a = locked.get(i.savingId);
    const ok = a && a.status === 'ACTIVE' && !paid.has(i.savingId) && (i.gross.gt(0) || i.adminFee.gt(0));
    if (!ok) out.results.push({ savingId: i.savingId, posted: false, tax: ZERO, adminFee: ZERO });
    return ok;
  });
  if (!live.length) return out;
  const gl = await tx.query<{ product_id: string; role: string; coa_id: string }>(
    `SELECT product_id, role, coa_id FROM product_gl_account WHERE tenant_id = app_tenant() AND product_id = ANY($1::uuid[])`,
    [`{${[...new Set(live.map((i) => locked.get(i.savingId)!.product_id))].join(',')}}`],
  );
  const glOf = (productId: string, productName: string, role: string) => {
    const g = gl.find((x) => x.product_id === productId && x.role === role);
    if (!g) throw unprocessable('PRODUCT_GL_MISSING', 'interest.gl_missing', { product: productName, role });
    return g.coa_id;
  };
  const setting = await taxSetting(tx, ctx);
  const month = `${r.end.slice(0, 7)}-01`;
  const subjectOf = (savingId: string) => (setting.basis === 'MEMBER' ? locked.get(savingId)!.member_id : savingId);
  const taxes = await withholdTax(
    tx,
    live.map((i) => ({ subject: subjectOf(i.savingId), month, gross: i.gross, rule: setting.rule })),
  );
  const rows: Record<string, unknown>[] = [];
  const lines: Array<{ accountId: string; debit?: Dec; credit?: Dec }> = [];
  for (const [k, i] of live.entries()) {
    const a = locked.get(i.savingId)!;
    const tax = taxes[k];
    const fee = savingsAdminFee({
      monthlyFee: i.adminFee,
      months: 1,
      available: dec(a.balance).minus(a.blocked_amount).plus(i.gross).minus(tax),
    });
    const control = glOf(a.product_id, a.product_name, 'CONTROL');
    if (i.gross.gt(0))
      lines.push(
        { accountId: glOf(a.product_id, a.product_name, 'INTEREST_EXPENSE'), debit: i.gross },
        { accountId: control, credit: i.gross },
      );
    if (tax.gt(0))
      lines.push({ accountId: control, debit: tax }, { accountId: glOf(a.product_id, a.product_name, 'TAX_PAYABLE'), credit: tax });
    if (fee.gt(0))
      lines.push({ accountId: control, debit: fee }, { accountId: glOf(a.product_id, a.product_name, 'ADMIN_FEE_INCOME'), credit: fee });
    if (!i.gross.gt(0) && !fee.gt(0)) {
      out.results.push({ savingId: i.savingId, posted: false, tax: ZERO, adminFee: ZERO });
      continue;
    }
    rows.push({
      s: a.id,
      m: a.member_id,
      p: a.product_id,
      g: i.gross.toFixed(2),
      t: tax.toFixed(2),
      f: fee.toFixed(2),
      b: i.basis,
      bb: i.basisBalance.toFixed(2),
      r: i.rate.toFixed(4),
      subj: subjectOf(i.savingId),
      grp: crypto.randomUUID(),
      n: `${a.account_number} ${r.label}`,
    });
    out.results.push({ savingId: i.savingId, posted: true, tax, adminFee: fee });
    out.accounts++;
    out.gross = out.gross.plus(i.gross);
    out.tax = out.tax.plus(tax);
    out.admin = out.admin.plus(fee);
    out.net = out.net.plus(i.gross.minus(tax).minus(fee));
  }
  if (!rows.length) return out;
  const journalId = uuidv7();
  await postGroup(tx, ctx, {
    groupId: crypto.randomUUID(),
    journalId,
    date: r.end,
    description: `Jasa simpanan ${r.label} (${rows.length} rekening)`,
    referenceCode: `JASA-${r.end}`,
    lines,
  });
  await tx.exec('SELECT saving_interest_post($1, $2, $3, $4, $5, $6, $7, $8::jsonb)', [
    r.releaseId,
    r.start,
    r.end,
    month,
    journalId,
    ctx.principal ? channelOf(ctx) : 'SYSTEM',
    ctx.userId,
    JSON.stringify(rows),
  ]);
  out.journalId = journalId;
  return out;
}

/** A savings interest release row for a consolidation or an upload (RUNNING; `finishRelease` closes it). */
export async function openRelease(tx: Tx, ctx: Ctx, start: string, end: string): Promise<string> {
  const r = await tx.one<{ id: string }>(
    `INSERT INTO saving_interest_release (tenant_id, start_date, end_date, product_id, status, created_by)
     VALUES (app_tenant(), $1, $2, NULL, 'RUNNING', $3) ON CONFLICT DO NOTHING RETURNING id`,
    [start, end, ctx.userId],
  );
  if (!r) throw unprocessable('RELEASE_RUNNING', 'interest.release_running');
  return r.id;
}

/** Adds a chunk's figures to the release row. */
export async function addToRelease(tx: Tx, releaseId: string, s: FigureSummary, cursor: string | null) {
  await tx.exec(
    `UPDATE saving_interest_release SET cursor = coalesce($2::uuid, cursor), accounts = accounts + $3, chunks = chunks + 1, total_gross = total_gross + $4,
            total_tax = total_tax + $5, total_admin = total_admin + $6, total_net = total_net + $7
     WHERE tenant_id = app_tenant() AND id = $1`,
    [releaseId, cursor, s.accounts, s.gross.toFixed(2), s.tax.toFixed(2), s.admin.toFixed(2), s.net.toFixed(2)],
  );
}

export async function finishRelease(tx: Tx, releaseId: string) {
  await tx.exec(`UPDATE saving_interest_release SET status = 'RELEASED', finished_at = now() WHERE tenant_id = app_tenant() AND id = $1`, [
    releaseId,
  ]);
}
