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
import { insertRelease } from './interest.release.repo.ts';
import { paidAccounts, postInterestRows, productGlAccounts } from './interest.repo.ts';

/** The release row's SQL lives in interest.release.repo.ts; consolidation and upload import it from here. */
export { addToRelease, finishRelease } from './interest.release.repo.ts';
export { paidAccounts } from './interest.repo.ts';

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
  const gl = await productGlAccounts(tx, [...new Set(live.map((i) => locked.get(i.savingId)!.product_id))]);
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
  await postInterestRows(tx, [
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
  const r = await insertRelease(tx, start, end, ctx.userId!);
  if (!r) throw unprocessable('RELEASE_RUNNING', 'interest.release_running');
  return r.id;
}
