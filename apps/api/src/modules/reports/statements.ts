/**
 * Financial statements from the monthly summary: balance sheet (neraca),
 * profit and loss (perhitungan hasil usaha) and trial balance (neraca saldo).
 *
 * Decisions:
 *  - Amounts follow the section, not the account: in Assets an amount is
 *    debit − credit (a contra account such as accumulated depreciation shows
 *    negative), in Liabilities, Equity and Income credit − debit, in Expenses
 *    debit − credit. Headers carry the sum of the accounts below them.
 *  - The balance sheet includes the result of every fiscal year not yet
 *    closed as computed lines under the equity header of CURRENT_YEAR_SURPLUS:
 *    "SHU tahun buku <year> (berjalan)" and, when an earlier year is still
 *    open, "SHU tahun buku sebelumnya (belum ditutup)". With them, assets
 *    always equal liabilities plus equity (`balanced`, `difference`).
 *  - It compares with the end of the previous month unless `comparePeriode`
 *    names another date.
 *  - The profit and loss leaves year-end closing entries out (otherwise the
 *    last month of a closed year would show zero) and compares with the
 *    same span a year earlier (`compare=YEAR`, the default: 1-26 Nov 2026
 *    with 1-26 Nov 2025), or with the span of the same length just before
 *    (`compare=PREVIOUS`: the previous month for a month).
 *  - The trial balance lists every postable account (and any account with an
 *    amount) with opening, debit, credit and closing on their debit or credit
 *    side, adjustments shown as a part of debit and credit; totals balance.
 *  - `businessUnitId` keeps only lines of that unit (tagged with it, or on an
 *    account that belongs to it: ledger/balances.ts); an unknown unit is 404. A unit's own statements
 *    balance only if its journals balance per unit; `balanced` says so.
 *  - `showZeroAmount` (default false) keeps accounts whose amounts are all zero.
 */
import type { AccountType, StatementNode, StatementSection } from '@koperasi/contracts';
import { translate } from '@koperasi/contracts';
import { type Dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { unitExists } from '../business-units/business-units.repo.ts';
import { type AccountRow, type AccountTree, loadTree } from '../coa/coa.repo.ts';
import { balancesAsOf, dayBefore, type Movement, movements } from '../ledger/balances.ts';
import { ledgerState } from '../ledger/closing.service.ts';
import {
  addDays,
  addMonths,
  fiscalYearOf,
  fiscalYearRange,
  isMonthEnd,
  isMonthStart,
  isValidDate,
  monthEnd,
  monthStart,
  resolvePeriodOrDate,
  todayJakarta,
} from '../ledger/dates.ts';

type Sign = 'DEBIT' | 'CREDIT';
const SECTION_SIGN: Record<AccountType, Sign> = {
  ASSET: 'DEBIT',
  EXPENSE: 'DEBIT',
  LIABILITY: 'CREDIT',
  EQUITY: 'CREDIT',
  INCOME: 'CREDIT',
};

function amountOf(m: Movement | undefined, sign: Sign, excludeClosing = false): Dec {
  if (!m) return ZERO;
  const debit = excludeClosing ? m.debit.minus(m.closeDebit) : m.debit;
  const credit = excludeClosing ? m.credit.minus(m.closeCredit) : m.credit;
  return sign === 'DEBIT' ? debit.minus(credit) : credit.minus(debit);
}

interface NodeBuild {
  tree: AccountTree;
  cur: Map<string, Movement>;
  prev: Map<string, Movement>;
  excludeClosing: boolean;
}

interface Node extends Omit<StatementNode, 'amount' | 'previousAmount' | 'children'> {
  amount: Dec;
  previousAmount: Dec;
  children: Node[];
}

function buildNode(a: AccountRow, b: NodeBuild, sign: Sign, level: number): Node {
  const children = b.tree.childrenOf(a.id).map((c) => buildNode(c, b, sign, level + 1));
  let amount = amountOf(b.cur.get(a.id), sign, b.excludeClosing);
  let previousAmount = amountOf(b.prev.get(a.id), sign, b.excludeClosing);
  for (const c of children) {
    amount = amount.plus(c.amount);
    previousAmount = previousAmount.plus(c.previousAmount);
  }
  return { id: a.id, code: a.code, name: a.name, level, isPostable: a.is_postable, amount, previousAmount, children };
}

function prune(nodes: Node[]): Node[] {
  return nodes
    .map((n) => ({ ...n, children: prune(n.children) }))
    .filter((n) => n.children.length > 0 || !n.amount.isZero() || !n.previousAmount.isZero());
}

function section(
  type: AccountType,
  b: NodeBuild,
  lang: 'id' | 'en',
): { type: AccountType; title: string; accounts: Node[]; total: Dec; previousTotal: Dec } {
  const accounts = b.tree
    .roots()
    .filter((r) => r.type === type)
    .map((r) => buildNode(r, b, SECTION_SIGN[type], 0));
  let total = ZERO;
  let previousTotal = ZERO;
  for (const n of accounts) {
    total = total.plus(n.amount);
    previousTotal = previousTotal.plus(n.previousAmount);
  }
  return { type, title: translate(`report.section.${type}`, lang), accounts, total, previousTotal };
}

/** Adds computed nodes under `parentId` (or at the top) and to every ancestor's amounts. */
function addSynthetic(sec: { accounts: Node[]; total: Dec; previousTotal: Dec }, parentId: string | null, node: Node) {
  const path: Node[] = [];
  const find = (nodes: Node[]): boolean => {
    for (const n of nodes) {
      path.push(n);
      if (n.id === parentId || find(n.children)) return true;
      path.pop();
    }
    return false;
  };
  if (parentId && find(sec.accounts)) {
    const parent = path[path.length - 1];
    node.level = parent.level + 1;
    parent.children.push(node);
    for (const p of path) {
      p.amount = p.amount.plus(node.amount);
      p.previousAmount = p.previousAmount.plus(node.previousAmount);
    }
  } else {
    node.level = 0;
    sec.accounts.push(node);
  }
  sec.total = sec.total.plus(node.amount);
  sec.previousTotal = sec.previousTotal.plus(node.previousAmount);
}

/** Income − expense (credit − debit) over the P&L accounts of a movement map. */
function resultOf(tree: AccountTree, mv: Map<string, Movement>): Dec {
  let r = ZERO;
  for (const [id, m] of mv) {
    const a = tree.byId.get(id);
    if (a && (a.type === 'INCOME' || a.type === 'EXPENSE')) r = r.plus(m.credit.minus(m.debit));
  }
  return r;
}

/** The unit to filter on (null: the whole cooperative); a unit of another cooperative is not found. */
async function unitFilter(tx: Tx, id: string | undefined): Promise<string | null> {
  if (!id) return null;
  if (!(await unitExists(tx, id))) throw notFound('business_unit.not_found');
  return id;
}

export interface BalanceSheetQuery {
  periode?: string;
  comparePeriode?: string;
  businessUnitId?: string;
  showZeroAmount?: boolean;
}

export async function balanceSheet(ctx: Ctx, q: BalanceSheetQuery) {
  return withTx(ctx, async (tx) => computeBalanceSheet(tx, ctx, q));
}

export async function computeBalanceSheet(tx: Tx, ctx: Ctx, q: BalanceSheetQuery) {
  const state = await ledgerState(tx);
  const asOf = q.periode ? resolvePeriodOrDate(q.periode, 'end') : monthEnd(todayJakarta());
  const compareAsOf = q.comparePeriode ? resolvePeriodOrDate(q.comparePeriode, 'end') : addDays(monthStart(asOf), -1);
  const bu = await unitFilter(tx, q.businessUnitId);
  const tree = await loadTree(tx);
  // One connection per transaction: the reads run one after the other.
  const cur = await balancesAsOf(tx, asOf, { businessUnitId: bu });
  const prev = await balancesAsOf(tx, compareAsOf, { businessUnitId: bu });
  // The fiscal year's own result up to each date (closing entries included: a closed year nets to zero here).
  const fyCur = fiscalYearOf(asOf, state.fiscalStartMonth);
  const fyPrev = fiscalYearOf(compareAsOf, state.fiscalStartMonth);
  const plIds = tree.rows.filter((a) => a.type === 'INCOME' || a.type === 'EXPENSE').map((a) => a.id);
  const ytdCur = await movements(tx, {
    from: fiscalYearRange(fyCur, state.fiscalStartMonth).start,
    to: asOf,
    businessUnitId: bu,
    accountIds: plIds,
  });
  const ytdPrev = await movements(tx, {
    from: fiscalYearRange(fyPrev, state.fiscalStartMonth).start,
    to: compareAsOf,
    businessUnitId: bu,
    accountIds: plIds,
  });
  const b: NodeBuild = { tree, cur, prev, excludeClosing: false };
  const sections = (['ASSET', 'LIABILITY', 'EQUITY'] as const).map((t) => section(t, b, ctx.lang));
  const equity = sections[2];
  const unclosedCur = resultOf(tree, cur);
  const unclosedPrev = resultOf(tree, prev);
  const currentCur = resultOf(tree, ytdCur);
  const currentPrev = resultOf(tree, ytdPrev);
  const cys = tree.rows.find((a) => a.system_key === 'CURRENT_YEAR_SURPLUS');
  const anchor = cys?.parent_id ?? null;
  addSynthetic(equity, anchor, {
    id: null,
    code: null,
    name: translate('report.current_year_result', ctx.lang, { year: fyCur }),
    level: 0,
    isPostable: true,
    synthetic: true,
    amount: currentCur,
    previousAmount: fyPrev === fyCur ? currentPrev : ZERO,
    children: [],
  });
  const priorCur = unclosedCur.minus(currentCur);
  const priorPrev = unclosedPrev.minus(fyPrev === fyCur ? currentPrev : ZERO);
  if (!priorCur.isZero() || !priorPrev.isZero()) {
    addSynthetic(equity, anchor, {
      id: null,
      code: null,
      name: translate('report.prior_unclosed_result', ctx.lang),
      level: 0,
      isPostable: true,
      synthetic: true,
      amount: priorCur,
      previousAmount: priorPrev,
      children: [],
    });
  }
  const out = sections.map((s) => ({ ...s, accounts: q.showZeroAmount ? s.accounts : prune(s.accounts) }));
  const [assets, liabilities, eq] = out;
  const le = liabilities.total.plus(eq.total);
  const lePrev = liabilities.previousTotal.plus(eq.previousTotal);
  return {
    periode: asOf.slice(0, 7),
    asOf,
    compareAsOf,
    fiscalYear: fyCur,
    businessUnitId: bu,
    showZeroAmount: Boolean(q.showZeroAmount),
    sections: out as unknown as StatementSection[],
    totalAssets: assets.total,
    totalLiabilities: liabilities.total,
    totalEquity: eq.total,
    totalLiabilitiesAndEquity: le,
    currentYearResult: currentCur,
    difference: assets.total.minus(le),
    balanced: assets.total.eq(le),
    previous: {
      totalAssets: assets.previousTotal,
      totalLiabilities: liabilities.previousTotal,
      totalEquity: eq.previousTotal,
      totalLiabilitiesAndEquity: lePrev,
      difference: assets.previousTotal.minus(lePrev),
      balanced: assets.previousTotal.eq(lePrev),
    },
  };
}

export interface RangeQuery {
  periode?: string;
  start?: string;
  end?: string;
  businessUnitId?: string;
  showZeroAmount?: boolean;
  compare?: 'YEAR' | 'PREVIOUS';
}

/** The report's [start, end]: a month (`periode`), start/end (months or days), or a default. */
export function resolveRange(q: RangeQuery, fallback: () => { start: string; end: string }): { start: string; end: string } {
  let start: string;
  let end: string;
  if (q.periode && !q.start && !q.end) {
    start = resolvePeriodOrDate(q.periode, 'start');
    end = /^\d{4}-\d{2}$/.test(q.periode) ? resolvePeriodOrDate(q.periode, 'end') : start;
  } else if (q.start || q.end) {
    const f = fallback();
    start = q.start ? resolvePeriodOrDate(q.start, 'start') : f.start;
    end = q.end ? resolvePeriodOrDate(q.end, 'end') : f.end;
  } else {
    ({ start, end } = fallback());
  }
  if (start > end)
    throw badRequest('VALIDATION_FAILED', 'validation.invalid', { field: 'start' }, [{ field: 'start', message: 'validation.invalid' }]);
  return { start, end };
}

/** The range of the same length just before [start, end] (whole months when the range is whole months). */
export function previousRange(start: string, end: string): { start: string; end: string } {
  if (isMonthStart(start) && isMonthEnd(end)) {
    const months = (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(end.slice(5, 7)) - Number(start.slice(5, 7)) + 1;
    return { start: addMonths(start, -months), end: dayBefore(start) };
  }
  const days = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
  return { start: addDays(start, -days), end: dayBefore(start) };
}

/** The same date a year earlier (29 February becomes 28 February). */
function yearBefore(date: string): string {
  const y = Number(date.slice(0, 4)) - 1;
  const sameDay = `${y}-${date.slice(5)}`;
  const itsMonthEnd = monthEnd(`${y}-${date.slice(5, 7)}-01`);
  return isMonthEnd(date) || !isValidDate(sameDay) ? itsMonthEnd : sameDay;
}

/** [start, end] a year earlier: the same days, a month end staying a month end. */
export function yearEarlierRange(start: string, end: string): { start: string; end: string } {
  return { start: yearBefore(start), end: yearBefore(end) };
}

export async function profitAndLoss(ctx: Ctx, q: RangeQuery) {
  return withTx(ctx, async (tx) => computeProfitAndLoss(tx, ctx, q));
}

export async function computeProfitAndLoss(tx: Tx, ctx: Ctx, q: RangeQuery) {
  const state = await ledgerState(tx);
  const { start, end } = resolveRange(q, () => {
    const today = todayJakarta();
    return { start: fiscalYearRange(fiscalYearOf(today, state.fiscalStartMonth), state.fiscalStartMonth).start, end: today };
  });
  const prevRange = q.compare === 'PREVIOUS' ? previousRange(start, end) : yearEarlierRange(start, end);
  const bu = await unitFilter(tx, q.businessUnitId);
  const tree = await loadTree(tx);
  const cur = await movements(tx, { from: start, to: end, businessUnitId: bu });
  const prev = await movements(tx, { from: prevRange.start, to: prevRange.end, businessUnitId: bu });
  const b: NodeBuild = { tree, cur, prev, excludeClosing: true };
  const sections = (['INCOME', 'EXPENSE'] as const).map((t) => section(t, b, ctx.lang));
  const [income, expense] = sections.map((s) => ({ ...s, accounts: q.showZeroAmount ? s.accounts : prune(s.accounts) }));
  return {
    start,
    end,
    previousStart: prevRange.start,
    previousEnd: prevRange.end,
    businessUnitId: bu,
    showZeroAmount: Boolean(q.showZeroAmount),
    sections: [income, expense] as unknown as StatementSection[],
    totalIncome: income.total,
    totalExpense: expense.total,
    surplus: income.total.minus(expense.total),
    previous: {
      totalIncome: income.previousTotal,
      totalExpense: expense.previousTotal,
      surplus: income.previousTotal.minus(expense.previousTotal),
    },
  };
}

export interface TrialBalanceRow {
  id: string;
  code: string;
  name: string;
  type: AccountType;
  normalBalance: Sign;
  level: number;
  parentCode: string | null;
  isActive: boolean;
  openingDebit: Dec;
  openingCredit: Dec;
  debit: Dec;
  credit: Dec;
  adjustmentDebit: Dec;
  adjustmentCredit: Dec;
  closingDebit: Dec;
  closingCredit: Dec;
}

const side = (net: Dec): [Dec, Dec] => (net.isNegative() ? [ZERO, net.neg()] : [net, ZERO]);

export async function trialBalance(ctx: Ctx, q: RangeQuery) {
  return withTx(ctx, async (tx) => computeTrialBalance(tx, q));
}

export async function computeTrialBalance(tx: Tx, q: RangeQuery) {
  const { start, end } = resolveRange(q, () => {
    const today = todayJakarta();
    return { start: monthStart(today), end: today };
  });
  const bu = await unitFilter(tx, q.businessUnitId);
  const tree = await loadTree(tx);
  const opening = await balancesAsOf(tx, dayBefore(start), { businessUnitId: bu });
  const range = await movements(tx, { from: start, to: end, businessUnitId: bu });
  const rows: TrialBalanceRow[] = [];
  const totals = {
    openingDebit: ZERO,
    openingCredit: ZERO,
    debit: ZERO,
    credit: ZERO,
    adjustmentDebit: ZERO,
    adjustmentCredit: ZERO,
    closingDebit: ZERO,
    closingCredit: ZERO,
  };
  for (const a of tree.rows) {
    const o = opening.get(a.id);
    const m = range.get(a.id);
    if (!a.is_postable && !o && !m) continue;
    const openNet = o ? o.debit.minus(o.credit) : ZERO;
    const debit = m?.debit ?? ZERO;
    const credit = m?.credit ?? ZERO;
    const closeNet = openNet.plus(debit).minus(credit);
    const [od, oc] = side(openNet);
    const [cd, cc] = side(closeNet);
    const row: TrialBalanceRow = {
      id: a.id,
      code: a.code,
      name: a.name,
      type: a.type,
      normalBalance: a.normal_balance,
      level: tree.level(a.id),
      parentCode: a.parent_id ? (tree.byId.get(a.parent_id)?.code ?? null) : null,
      isActive: a.is_active,
      openingDebit: od,
      openingCredit: oc,
      debit,
      credit,
      adjustmentDebit: m?.adjDebit ?? ZERO,
      adjustmentCredit: m?.adjCredit ?? ZERO,
      closingDebit: cd,
      closingCredit: cc,
    };
    for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] = totals[k].plus(row[k]);
    const zero = [od, oc, debit, credit, cd, cc].every((v) => v.isZero());
    if (q.showZeroAmount || !zero) rows.push(row);
  }
  return {
    start,
    end,
    businessUnitId: bu,
    showZeroAmount: Boolean(q.showZeroAmount),
    rows,
    totals,
    balanced:
      totals.openingDebit.eq(totals.openingCredit) && totals.debit.eq(totals.credit) && totals.closingDebit.eq(totals.closingCredit),
  };
}
