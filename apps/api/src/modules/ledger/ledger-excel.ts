/**
 * Excel sheets of the ledger's own screens (account ledger, journal, journal
 * list), used by the ledger and chart-of-accounts routes and the reports.
 * The financial statements' sheets stay in reports/ledger-excel.ts.
 */
import type { JournalLine, JournalSummary, Lang } from '@koperasi/contracts';
import { translate } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import { type ExcelRow, type ExcelSheet, excelRow } from '../../lib/excel.ts';
import type { AccountLedger } from './account-ledger.ts';
import { displayDate } from './dates.ts';

const L = (lang: Lang, key: string, params?: Record<string, unknown>) => translate(key, lang, params);

export function ledgerSheet(l: AccountLedger, lang: Lang, tenant: string, titleKey = 'report.ledger'): ExcelSheet {
  const rows: ExcelRow[] = [excelRow.muted({ description: L(lang, 'report.opening_balance'), balance: l.openingBalance })];
  for (const r of l.content) {
    rows.push({
      date: r.date,
      number: r.number,
      code: r.coaCode,
      description: r.description,
      reference: r.referenceCode,
      debit: r.debit as unknown as Dec,
      credit: r.credit as unknown as Dec,
      balance: r.balance as unknown as Dec,
    });
  }
  rows.push(excelRow.total({ description: L(lang, 'report.total'), debit: l.totalDebit, credit: l.totalCredit }));
  rows.push(excelRow.subtotal({ description: L(lang, 'report.closing_balance'), balance: l.closingBalance }));
  return {
    name: `${L(lang, titleKey)} ${l.account.code}`,
    title: [
      tenant,
      `${L(lang, titleKey)}: ${l.account.code} - ${l.account.name}`,
      L(lang, 'report.period_range', { start: displayDate(l.start), end: displayDate(l.end) }),
    ],
    columns: [
      { key: 'date', header: L(lang, 'report.col.date'), format: 'date' },
      { key: 'number', header: L(lang, 'report.col.number'), width: 18 },
      { key: 'code', header: L(lang, 'report.col.code'), width: 10 },
      { key: 'description', header: L(lang, 'report.col.description'), width: 44 },
      { key: 'reference', header: L(lang, 'report.col.reference'), width: 16 },
      { key: 'debit', header: L(lang, 'report.col.debit'), format: 'money' },
      { key: 'credit', header: L(lang, 'report.col.credit'), format: 'money' },
      { key: 'balance', header: L(lang, 'report.col.balance'), format: 'money' },
    ],
    rows,
  };
}

export function journalSheet(
  journals: Array<JournalSummary & { lines?: JournalLine[] }>,
  totals: { debit: Dec; credit: Dec },
  lang: Lang,
  tenant: string,
  range: { start?: string; end?: string },
): ExcelSheet {
  const rows: ExcelRow[] = [];
  for (const j of journals) {
    (j.lines ?? []).forEach((l, i) => {
      rows.push({
        date: i === 0 ? j.date : null,
        number: i === 0 ? j.number : null,
        description: i === 0 ? j.description : l.description,
        source: i === 0 ? j.sourceModule : null,
        code: l.coaCode,
        account: l.coaName,
        debit: l.debit as unknown as Dec,
        credit: l.credit as unknown as Dec,
        $indent: i === 0 ? 0 : 1,
      });
    });
  }
  rows.push(excelRow.total({ description: L(lang, 'report.total'), debit: totals.debit, credit: totals.credit }));
  return {
    name: L(lang, 'report.journal'),
    title: [tenant, L(lang, 'report.journal'), ...rangeLine(lang, range)],
    columns: [
      { key: 'date', header: L(lang, 'report.col.date'), format: 'date' },
      { key: 'number', header: L(lang, 'report.col.number'), width: 18 },
      { key: 'description', header: L(lang, 'report.col.description'), width: 40 },
      { key: 'source', header: L(lang, 'report.col.source'), width: 14 },
      { key: 'code', header: L(lang, 'report.col.code'), width: 10 },
      { key: 'account', header: L(lang, 'report.col.account'), width: 30 },
      { key: 'debit', header: L(lang, 'report.col.debit'), format: 'money' },
      { key: 'credit', header: L(lang, 'report.col.credit'), format: 'money' },
    ],
    rows,
    indentKey: 'description',
  };
}

/** The title line of an optional period ("Periode 01/01/2026 - 31/01/2026"), none when neither end is given. */
function rangeLine(lang: Lang, range: { start?: string; end?: string }): string[] {
  if (!range.start && !range.end) return [];
  return [
    L(lang, 'report.period_range', {
      start: range.start ? displayDate(range.start) : '-',
      end: range.end ? displayDate(range.end) : '-',
    }),
  ];
}

/** A journal list (Jurnal Umum, Jurnal Penyesuaian, general ledger) as one row per journal. */
export function journalListSheet(
  title: string,
  journals: JournalSummary[],
  total: Dec,
  lang: Lang,
  tenant: string,
  range: { start?: string; end?: string },
): ExcelSheet {
  const rows: ExcelRow[] = journals.map((j) => ({
    date: j.date,
    number: j.number,
    description: j.description,
    reference: j.referenceCode,
    source: j.sourceModule,
    status: j.status,
    amount: j.totalAmount as unknown as Dec,
  }));
  rows.push(excelRow.total({ description: L(lang, 'report.total'), amount: total }));
  return {
    name: title,
    title: [tenant, title, ...rangeLine(lang, range)],
    columns: [
      { key: 'date', header: L(lang, 'report.col.date'), format: 'date' },
      { key: 'number', header: L(lang, 'report.col.number'), width: 18 },
      { key: 'description', header: L(lang, 'report.col.description'), width: 44 },
      { key: 'reference', header: L(lang, 'report.col.reference'), width: 16 },
      { key: 'source', header: L(lang, 'report.col.source'), width: 14 },
      { key: 'status', header: L(lang, 'report.col.status'), width: 12 },
      { key: 'amount', header: L(lang, 'report.col.amount'), format: 'money' },
    ],
    rows,
    autoFilter: true,
  };
}
