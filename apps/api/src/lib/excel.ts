/**
 * Excel export for every report and list: one call builds a formatted .xlsx
 * (title lines, a styled header row frozen under them, rupiah number formats,
 * indented tree rows, subtotal and total rows, several sheets), one more sends
 * it with a proper file name.
 *
 *   import { excelRow, sendExcel, wantsExcel } from '../../lib/excel.ts';
 *
 *   if (query.format === 'xlsx') {
 *     return sendExcel(reply, `neraca-${periode}`, [{
 *       name: 'Neraca',
 *       title: [tenantName, 'Neraca', 'Per 31-03-2026'],
 *       columns: [
 *         { key: 'code', header: 'Kode', width: 12 },
 *         { key: 'name', header: 'Nama Akun', width: 48 },
 *         { key: 'amount', header: 'Saldo', format: 'money' },
 *       ],
 *       rows: [
 *         excelRow.section({ name: 'Aset' }),
 *         { code: '10101', name: 'Kas Besar', amount: dec('1500000'), $indent: 1 },
 *         excelRow.subtotal({ name: 'Total Aset', amount: total }),
 *         excelRow.total({ name: 'Total', amount: total }),
 *       ],
 *     }]);
 *   }
 *
 * Rows are plain objects keyed by column key; keys starting with `$` style the
 * row: `$style` ('section' | 'subtotal' | 'total' | 'muted'), `$indent` (tree
 * level, applied to the column named by `indentKey`, default the first text
 * column). Values may be string, number, boolean, Date, Dec (exact money,
 * written as a number) or null. Money columns are numbers with the rupiah
 * format `"Rp "#,##0.00` (negative in red) unless a column gives its own
 * `numFmt`; date columns are real dates. Every column has a width, the header
 * row is written once and frozen, and `total` adds the one total row (sums of
 * the money columns, exact to the cent) when the rows do not carry their own.
 * Sheets are set to print on one page wide, landscape when they have more
 * than 6 columns, repeating the header row on each printed page.
 */

import { PassThrough } from 'node:stream';
import { EXPORT_MAX_ROWS } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { fail } from './errors.ts';

export type ExcelValue = string | number | boolean | Date | Dec | null | undefined;
export type ExcelRowStyle = 'normal' | 'section' | 'subtotal' | 'total' | 'muted';
export type ExcelRow = { [key: string]: ExcelValue | ExcelRowStyle } & { $style?: ExcelRowStyle; $indent?: number };

/** Column formats: money MONEY_FORMAT (rupiah), integer '#,##0', decimal '#,##0.####', percent '0.00%' (value 0.125 = 12.5%), date 'dd-mm-yyyy'. */
export type ExcelFormat = 'text' | 'money' | 'integer' | 'decimal' | 'percent' | 'date' | 'datetime';

export interface ExcelColumn {
  key: string;
  header: string;
  /** Width in characters; a sensible default per format. */
  width?: number;
  format?: ExcelFormat;
  /** A custom Excel number format, overriding `format` ('#,##0.00;[Red]-#,##0.00', ...). */
  numFmt?: string;
  align?: 'left' | 'center' | 'right';
}

export interface ExcelSheet {
  /** Tab name (cut to 31 characters, characters Excel refuses replaced). */
  name: string;
  /** Lines above the table: cooperative name, report title, period... (first line bold and larger). */
  title?: string[];
  columns: ExcelColumn[];
  rows: ExcelRow[];
  /** Lines under the table (notes, "printed on ..."). */
  notes?: string[];
  /** Column whose text is indented by `$indent` (default: the first non-money column after the first). */
  indentKey?: string;
  /** Freeze the title and header rows (default true). */
  freezeHeader?: boolean;
  /** Add filter buttons to the header row (default false). */
  autoFilter?: boolean;
  landscape?: boolean;
  /** Append one total row: its label (in `labelKey`, default the first text column) and the sums of the money columns. */
  total?: {
    label: string;
    labelKey?: string /** The money columns to add up (default all; a running balance is no sum). */;
    keys?: string[];
  };
}

/**
 * The most rows one export holds (each sheet): a larger export is refused with EXPORT_TOO_MANY_ROWS ("narrow the
 * period or the filter"), never cut short silently (a file that looks whole, with a total of part of the rows, is
 * worse than none for an auditor). A list's query for an export reads EXPORT_FETCH_LIMIT rows (one more than the most),
 * so an export over the limit is told from one exactly at it, and memory stays bounded whatever the table holds.
 */
export { EXPORT_MAX_ROWS };
export const EXPORT_FETCH_LIMIT = EXPORT_MAX_ROWS + 1;

/** Rupiah: a number shown as `Rp 1.500.000,00` (grouping by the reader's Excel locale), negatives in red. */
export const MONEY_FORMAT = '"Rp "#,##0.00;[Red]-"Rp "#,##0.00';
const FORMATS: Record<ExcelFormat, string | undefined> = {
  text: undefined,
  money: MONEY_FORMAT,
  integer: '#,##0',
  decimal: '#,##0.####',
  percent: '0.00%',
  date: 'dd-mm-yyyy',
  datetime: 'dd-mm-yyyy hh:mm',
};
const DEFAULT_WIDTH: Record<ExcelFormat, number> = {
  text: 24,
  money: 20,
  integer: 12,
  decimal: 14,
  percent: 10,
  date: 12,
  datetime: 17,
};

/** The product's green (primary colour) for header fills. */
const HEADER_FILL = 'FF2E7D32';
const SECTION_FILL = 'FFE8F5E9';
const SUBTOTAL_FILL = 'FFF1F8E9';
const TOTAL_FILL = 'FFC8E6C9';

/** The sums of the money columns over the normal rows, in whole cents (never float sums). */
function totalRow(spec: ExcelSheet): ExcelRow {
  const out: ExcelRow = { $style: 'total' };
  const labelKey = spec.total!.labelKey ?? spec.columns.find((c) => (c.format ?? 'text') === 'text')?.key ?? spec.columns[0]!.key;
  out[labelKey] = spec.total!.label;
  for (const c of spec.columns) {
    if (c.format !== 'money' || (spec.total!.keys && !spec.total!.keys.includes(c.key))) continue;
    let cents = 0n;
    for (const r of spec.rows) {
      if (r.$style && r.$style !== 'normal') continue;
      const v = r[c.key] as ExcelValue;
      if (v === null || v === undefined || v === '') continue;
      const text = isDec(v) ? v.toFixed(2) : typeof v === 'number' ? v.toFixed(2) : String(v);
      const [whole, frac = ''] = text.replace('-', '').split('.');
      const n = BigInt(whole || '0') * 100n + BigInt((frac + '00').slice(0, 2));
      cents += text.startsWith('-') ? -n : n;
    }
    const neg = cents < 0n;
    const abs = neg ? -cents : cents;
    out[c.key] = Number(`${neg ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`);
  }
  return out;
}

/** Row builders for the styled rows. */
export const excelRow = {
  section: (values: Record<string, ExcelValue>, indent = 0): ExcelRow => ({ ...values, $style: 'section', $indent: indent }),
  subtotal: (values: Record<string, ExcelValue>, indent = 0): ExcelRow => ({ ...values, $style: 'subtotal', $indent: indent }),
  total: (values: Record<string, ExcelValue>): ExcelRow => ({ ...values, $style: 'total' }),
  muted: (values: Record<string, ExcelValue>, indent = 0): ExcelRow => ({ ...values, $style: 'muted', $indent: indent }),
  blank: (): ExcelRow => ({}),
};

function isDec(v: unknown): v is Dec {
  return typeof v === 'object' && v !== null && typeof (v as Dec).toFixed === 'function' && typeof (v as Dec).isFinite === 'function';
}

function cellValue(v: ExcelValue, format: ExcelFormat | undefined): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (isDec(v)) return v.toNumber();
  if (typeof v === 'string' && (format === 'date' || format === 'datetime') && /^\d{4}-\d{2}-\d{2}/.test(v)) {
    // Dates travel as YYYY-MM-DD text: write them as real dates (UTC midnight shows the same day everywhere).
    const d = new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
    return Number.isNaN(d.getTime()) ? v : d;
  }
  return v as ExcelJS.CellValue;
}

/** A tab name Excel accepts. */
export function sheetName(name: string): string {
  const clean = name.replace(/[\\/*?:[\]]/g, '-').trim() || 'Sheet';
  return clean.slice(0, 31);
}

/**
 * Each cell's style, one object per column, row style and indent, made once per sheet: the writer recognises a style
 * object it has seen (a WeakMap) instead of serialising the style of every cell again.
 */
function cellStyles(columns: ExcelColumn[], indentKey: string | undefined) {
  const made = new Map<string, Partial<ExcelJS.Style>>();
  return (style: ExcelRowStyle, i: number, indent: number): Partial<ExcelJS.Style> => {
    const level = indent ? Math.min(15, indent * 2) : 0;
    const key = `${style}|${i}|${level}`;
    let out = made.get(key);
    if (out) return out;
    const c = columns[i]!;
    const fmt = c.numFmt ?? FORMATS[c.format ?? 'text'];
    out = {
      alignment: {
        horizontal: c.align ?? (c.format && c.format !== 'text' ? 'right' : 'left'),
        vertical: 'top',
        wrapText: (c.format ?? 'text') === 'text',
        indent: c.key === indentKey && level ? level : undefined,
      },
    };
    if (fmt) out.numFmt = fmt;
    if (style === 'section' || style === 'subtotal' || style === 'total') out.font = { bold: true };
    if (style === 'muted') out.font = { italic: true, color: { argb: 'FF616161' } };
    if (style === 'section') out.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: SECTION_FILL } };
    if (style === 'subtotal') {
      out.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: SUBTOTAL_FILL } };
      out.border = { top: { style: 'thin' } };
    }
    if (style === 'total') {
      out.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: TOTAL_FILL } };
      out.border = { top: { style: 'thin' }, bottom: { style: 'double' } };
    }
    made.set(key, out);
    return out;
  };
}

/** Rows written between two returns to the event loop (~20-40 ms of work): the API serves the tellers meanwhile. */
const ROWS_PER_SLICE = 2000;
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A sheet over the row limit, refused whole (EXPORT_MAX_ROWS). Its data rows are counted: the styled ones (sections,
 * subtotals, totals, an opening or closing line) frame them. A grouped sheet (consolidation: a member's subtotal row
 * over its lines) counts its lines, and its query reads at most EXPORT_FETCH_LIMIT of each, so a cut shows here.
 */
function checkRowLimit(spec: ExcelSheet): void {
  let data = 0;
  for (const r of spec.rows) if (!r.$style || r.$style === 'normal') data++;
  if (data > EXPORT_MAX_ROWS) throw fail('EXPORT_TOO_MANY_ROWS', { max: EXPORT_MAX_ROWS });
}

async function addSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, spec: ExcelSheet, used: Set<string>) {
  let name = sheetName(spec.name);
  for (let i = 2; used.has(name.toLowerCase()); i++) name = sheetName(`${spec.name.slice(0, 27)} (${i})`);
  used.add(name.toLowerCase());
  const landscape = spec.landscape ?? spec.columns.length > 6;
  const ncol = spec.columns.length;
  // The header row: under the title lines and a blank line (the writer needs the frozen view before any row).
  const headerIndex = (spec.title?.length ? spec.title.length + 1 : 0) + 1;
  const ws = wb.addWorksheet(name, {
    views: spec.freezeHeader !== false ? [{ state: 'frozen', ySplit: headerIndex, xSplit: 0 }] : [],
    pageSetup: {
      paperSize: 9, // A4
      orientation: landscape ? 'landscape' : 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: '&L&A&R&P / &N' },
  });
  ws.columns = spec.columns.map((c) => ({ key: c.key, width: c.width ?? DEFAULT_WIDTH[c.format ?? 'text'] }));

  let r = 1;
  for (const [i, line] of (spec.title ?? []).entries()) {
    const row = ws.getRow(r);
    row.getCell(1).value = line;
    row.getCell(1).font = { bold: true, size: i === 0 ? 14 : 11 };
    if (ncol > 1) ws.mergeCells(r, 1, r, ncol);
    r++;
  }
  if (spec.title?.length) r++; // a blank line between the title and the table

  const headerRow = ws.getRow(r);
  spec.columns.forEach((c, i) => {
    const cell = headerRow.getCell(i + 1);
    cell.value = c.header;
    cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: HEADER_FILL } };
    cell.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
    cell.border = { top: { style: 'thin' }, bottom: { style: 'thin' }, left: { style: 'thin' }, right: { style: 'thin' } };
  });
  headerRow.height = 22;
  ws.pageSetup.printTitlesRow = `${headerIndex}:${headerIndex}`;
  // Written when the sheet is committed, so it may be set now.
  if (spec.autoFilter) ws.autoFilter = { from: { row: headerIndex, column: 1 }, to: { row: headerIndex, column: ncol } };
  r++;

  const rows = spec.total ? [...spec.rows, totalRow(spec)] : spec.rows;
  const indentKey =
    spec.indentKey ??
    spec.columns.find((c, i) => i > 0 && (c.format ?? 'text') === 'text')?.key ??
    spec.columns.find((c) => (c.format ?? 'text') === 'text')?.key;
  const styleOf = cellStyles(spec.columns, indentKey);

  for (let n = 0; n < rows.length; n++) {
    const data = rows[n]!;
    const row = ws.getRow(r);
    const style = data.$style ?? 'normal';
    spec.columns.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      cell.value = cellValue(data[c.key] as ExcelValue, c.format);
      cell.style = styleOf(style, i, c.key === indentKey ? (data.$indent ?? 0) : 0);
    });
    row.commit();
    r++;
    if (n % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) await nextTick();
  }

  if (spec.notes?.length) {
    r++;
    for (const note of spec.notes) {
      const cell = ws.getRow(r).getCell(1);
      cell.value = note;
      cell.font = { italic: true, size: 9, color: { argb: 'FF616161' } };
      r++;
    }
  }
  ws.commit();
}

/**
 * Build the workbook; `creator` shows in the file properties. Written with ExcelJS's streaming writer, each row
 * committed as it is made and the event loop given back every ROWS_PER_SLICE rows: 100,000 rows kept the API from
 * answering anyone for 16 s when the whole workbook was built in memory first. A sheet over EXPORT_MAX_ROWS is
 * refused (EXPORT_TOO_MANY_ROWS) before anything is written.
 */
export async function buildWorkbook(sheets: ExcelSheet[], meta: { creator?: string; title?: string } = {}): Promise<Buffer> {
  for (const s of sheets) checkRowLimit(s);
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = meta.creator ?? 'Koperasi';
  wb.title = meta.title ?? sheets[0]?.name ?? '';
  wb.created = new Date();
  const used = new Set<string>();
  for (const s of sheets.length ? sheets : [{ name: 'Sheet', columns: [], rows: [] }]) await addSheet(wb, s, used);
  await wb.commit();
  return Buffer.concat(chunks);
}

/** A safe file name: letters, digits, dash, dot and underscore; always ending in .xlsx. */
export function excelFilename(base: string): string {
  const stem =
    base
      .replace(/\.xlsx$/i, '')
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 120) || 'export';
  return `${stem}.xlsx`;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Send an .xlsx (sheets to build, or a workbook already built) as a download
 * named `filename` (sanitised, `.xlsx` added). Return its result from the
 * route handler.
 */
export async function sendExcel(
  reply: FastifyReply,
  filename: string,
  sheets: ExcelSheet[] | Buffer,
  meta?: { creator?: string; title?: string },
): Promise<FastifyReply> {
  const buf = Buffer.isBuffer(sheets) ? sheets : await buildWorkbook(sheets, meta);
  const name = excelFilename(filename);
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(buf);
}

/** True when the query asks for Excel (`format=xlsx` or `format=excel`). */
export function wantsExcel(query: { format?: unknown } | undefined): boolean {
  const f = typeof query?.format === 'string' ? query.format.toLowerCase() : '';
  return f === 'xlsx' || f === 'excel';
}
