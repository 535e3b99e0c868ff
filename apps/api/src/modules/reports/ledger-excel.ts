/**
 * Excel layouts of the ledger reports (through lib/excel.ts): the statement
 * trees print a header row, the accounts below it indented, and a "Total
 * <header>" subtotal row; every sheet starts with the cooperative's name, the
 * report title and the period.
 */
import type { Lang } from '@koperasi/contracts';
import { translate } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import { type ExcelRow, type ExcelSheet, excelRow } from '../../lib/excel.ts';
import { displayDate } from '../ledger/dates.ts';
import type { computeBalanceSheet, computeProfitAndLoss, computeTrialBalance } from './statements.ts';

interface TreeNode {
  code: string | null;
  name: string;
  isPostable: boolean;
  amount: Dec;
  previousAmount: Dec;
  children: TreeNode[];
}

const L = (lang: Lang, key: string, params?: Record<string, unknown>) => translate(key, lang, params);

function treeRows(nodes: TreeNode[], lang: Lang, level: number, out: ExcelRow[]) {
  for (const n of nodes) {
    if (n.children.length) {
      out.push(excelRow.section({ code: n.code, name: n.name }, level));
      treeRows(n.children, lang, level + 1, out);
      out.push(
        excelRow.subtotal({ name: L(lang, 'report.total_of', { name: n.name }), amount: n.amount, previous: n.previousAmount }, level),
      );
    } else {
      out.push({ code: n.code, name: n.name, amount: n.amount, previous: n.previousAmount, $indent: level });
    }
  }
}

function statementColumns(lang: Lang, current: string, previous: string) {
  return [
    { key: 'code', header: L(lang, 'report.col.code'), width: 12 },
    { key: 'name', header: L(lang, 'report.col.account'), width: 50 },
    { key: 'amount', header: current, format: 'money' as const },
    { key: 'previous', header: previous, format: 'money' as const },
  ];
}

type BalanceSheet = Awaited<ReturnType<typeof computeBalanceSheet>>;
type ProfitAndLoss = Awaited<ReturnType<typeof computeProfitAndLoss>>;
type TrialBalance = Awaited<ReturnType<typeof computeTrialBalance>>;

function unitLine(lang: Lang, bu: string | null): string[] {
  return bu ? [L(lang, 'report.business_unit', { id: bu })] : [];
}

export function balanceSheetSheet(bs: BalanceSheet, lang: Lang, tenant: string): ExcelSheet {
  const rows: ExcelRow[] = [];
  for (const s of bs.sections as unknown as Array<{ title: string; accounts: TreeNode[]; total: Dec; previousTotal: Dec }>) {
    rows.push(excelRow.section({ name: s.title.toUpperCase() }));
    treeRows(s.accounts, lang, 1, rows);
    rows.push(excelRow.total({ name: L(lang, 'report.total_of', { name: s.title }), amount: s.total, previous: s.previousTotal }));
    rows.push(excelRow.blank());
  }
  rows.push(
    excelRow.total({
      name: L(lang, 'report.total_liabilities_equity'),
      amount: bs.totalLiabilitiesAndEquity,
      previous: bs.previous.totalLiabilitiesAndEquity,
    }),
  );
  if (!bs.balanced || !bs.previous.balanced) {
    rows.push(excelRow.muted({ name: L(lang, 'report.difference'), amount: bs.difference, previous: bs.previous.difference }));
  }
  return {
    name: L(lang, 'report.balance_sheet'),
    title: [
      tenant,
      L(lang, 'report.balance_sheet'),
      L(lang, 'report.as_of', { date: displayDate(bs.asOf) }),
      ...unitLine(lang, bs.businessUnitId),
    ],
    columns: statementColumns(lang, displayDate(bs.asOf), displayDate(bs.compareAsOf)),
    rows,
  };
}

export function profitAndLossSheet(pl: ProfitAndLoss, lang: Lang, tenant: string): ExcelSheet {
  const rows: ExcelRow[] = [];
  for (const s of pl.sections as unknown as Array<{ title: string; accounts: TreeNode[]; total: Dec; previousTotal: Dec }>) {
    rows.push(excelRow.section({ name: s.title.toUpperCase() }));
    treeRows(s.accounts, lang, 1, rows);
    rows.push(excelRow.total({ name: L(lang, 'report.total_of', { name: s.title }), amount: s.total, previous: s.previousTotal }));
    rows.push(excelRow.blank());
  }
  rows.push(excelRow.total({ name: L(lang, 'report.surplus'), amount: pl.surplus, previous: pl.previous.surplus }));
  const range = (a: string, b: string) => `${displayDate(a)} - ${displayDate(b)}`;
  return {
    name: L(lang, 'report.profit_and_loss'),
    title: [
      tenant,
      L(lang, 'report.profit_and_loss'),
      L(lang, 'report.period_range', { start: displayDate(pl.start), end: displayDate(pl.end) }),
      ...unitLine(lang, pl.businessUnitId),
    ],
    columns: statementColumns(lang, range(pl.start, pl.end), range(pl.previousStart, pl.previousEnd)),
    rows,
  };
}

export function trialBalanceSheet(tb: TrialBalance, lang: Lang, tenant: string): ExcelSheet {
  const money = (key: string, label: string) => ({ key, header: L(lang, label), format: 'money' as const, width: 18 });
  const rows: ExcelRow[] = tb.rows.map((r) => ({ ...r, $indent: 0 }) as unknown as ExcelRow);
  rows.push(excelRow.total({ name: L(lang, 'report.total'), ...tb.totals }));
  return {
    name: L(lang, 'report.trial_balance'),
    title: [
      tenant,
      L(lang, 'report.trial_balance'),
      L(lang, 'report.period_range', { start: displayDate(tb.start), end: displayDate(tb.end) }),
      ...unitLine(lang, tb.businessUnitId),
    ],
    columns: [
      { key: 'code', header: L(lang, 'report.col.code'), width: 12 },
      { key: 'name', header: L(lang, 'report.col.account'), width: 40 },
      money('openingDebit', 'report.col.opening_debit'),
      money('openingCredit', 'report.col.opening_credit'),
      money('debit', 'report.col.debit'),
      money('credit', 'report.col.credit'),
      money('adjustmentDebit', 'report.col.adjustment_debit'),
      money('adjustmentCredit', 'report.col.adjustment_credit'),
      money('closingDebit', 'report.col.closing_debit'),
      money('closingCredit', 'report.col.closing_credit'),
    ],
    rows,
    autoFilter: true,
  };
}

export { journalListSheet, journalSheet, ledgerSheet } from '../ledger/ledger-excel.ts';
