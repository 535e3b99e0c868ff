/**
 * The interest upload's workbook: the template, the reading of an uploaded file row by row (each cell checked,
 * errors named with row and column), and the failed rows written back with their errors.
 * docs/interest.md "Interest upload".
 */
import { type Lang, MONEY_TEXT, translate } from '@koperasi/contracts';
import ExcelJS from 'exceljs';
import { badRequest, fail } from '../../lib/errors.ts';
import { cellText, looksLikeXlsx, readSheetRows } from '../members/members.xlsx.ts';

export const MAX_ROWS = 50_000;

export const COLUMNS = [
  { key: 'accountNumber', header: 'No Rekening*', en: 'Account number*', width: 22, required: true },
  { key: 'gross', header: 'Jasa*', en: 'Interest*', width: 16, required: true },
  { key: 'adminFee', header: 'Biaya Admin', en: 'Admin fee', width: 16, required: false },
  { key: 'description', header: 'Keterangan', en: 'Description', width: 36, required: false },
] as const;
type Key = (typeof COLUMNS)[number]['key'];

export interface CellError {
  row: number;
  column: string;
  message: string;
}

export interface ReadRow {
  row: number;
  raw: Record<Key, string>;
  accountNumber: string;
  gross: string | null;
  adminFee: string | null;
  description: string | null;
  errors: CellError[];
}

const norm = (s: string) => s.replace(/\*/g, '').trim().toLowerCase();

/** The template: the header (required columns dark green) and one example row. */
export async function templateWorkbook(lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Koperasi';
  const ws = wb.addWorksheet(lang === 'en' ? 'Interest' : 'Jasa');
  ws.columns = COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  const head = ws.getRow(1);
  head.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  COLUMNS.forEach((c, i) => {
    head.getCell(i + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: c.required ? 'FF2E7D32' : 'FF66BB6A' } };
  });
  ws.getColumn(1).numFmt = '@';
  ws.getColumn(2).numFmt = '#,##0.00';
  ws.getColumn(3).numFmt = '#,##0.00';
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function amount(v: unknown): string | null | 'BAD' {
  if (v === null || v === undefined || cellText(v) === '') return null;
  const s = typeof v === 'number' ? String(Math.round(v * 100) / 100 === v ? v : 'x') : cellText(v);
  if (!MONEY_TEXT.test(s) || s.startsWith('-')) return 'BAD';
  return s;
}

/** Every data row of the first sheet with its cell errors (the checks needing the database come later). */
export async function readRows(buf: Buffer, lang: Lang): Promise<ReadRow[]> {
  if (!looksLikeXlsx(buf)) throw badRequest('INTEREST_UPLOAD_FILE_INVALID', 'interest_upload.file_invalid');
  const all: unknown[][] = [];
  try {
    for await (const chunk of readSheetRows(buf)) {
      all.push(...chunk);
      if (all.length > MAX_ROWS + 1) throw fail('INTEREST_UPLOAD_TOO_MANY_ROWS', { max: MAX_ROWS });
    }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw badRequest('INTEREST_UPLOAD_FILE_INVALID', 'interest_upload.file_invalid');
  }
  if (!all.length) throw fail('INTEREST_UPLOAD_HEADER', { column: COLUMNS[0].header });
  // The header row: each column found by its Indonesian or English title.
  const header = all[0].map((v) => norm(cellText(v)));
  const at = {} as Record<Key, number>;
  for (const c of COLUMNS) {
    const i = header.findIndex((h) => h === norm(c.header) || h === norm(c.en));
    if (i < 0 && c.required) throw fail('INTEREST_UPLOAD_HEADER', { column: c.header });
    at[c.key] = i;
  }
  const colName = (k: Key) => {
    const c = COLUMNS.find((x) => x.key === k)!;
    return (lang === 'en' ? c.en : c.header).replace('*', '');
  };
  const out: ReadRow[] = [];
  for (let n = 1; n < all.length; n++) {
    const cells = all[n];
    const cell = (k: Key) => (at[k] >= 0 ? cells[at[k]] : undefined);
    const raw = Object.fromEntries(COLUMNS.map((c) => [c.key, cellText(cell(c.key))])) as Record<Key, string>;
    if (Object.values(raw).every((v) => v === '')) continue;
    const errors: CellError[] = [];
    const err = (k: Key, key: string, params: Record<string, unknown> = {}) =>
      errors.push({ row: n + 1, column: colName(k), message: translate(key, lang, { column: colName(k), ...params }) });
    if (!raw.accountNumber) err('accountNumber', 'interest_upload.required');
    const gross = amount(cell('gross'));
    if (gross === null) err('gross', 'interest_upload.required');
    else if (gross === 'BAD') err('gross', 'interest_upload.amount_invalid');
    const fee = amount(cell('adminFee'));
    if (fee === 'BAD') err('adminFee', 'interest_upload.amount_invalid');
    const g = gross === 'BAD' ? null : gross;
    const f = fee === 'BAD' ? null : fee;
    if (g !== null && Number(g) === 0 && (f === null || Number(f) === 0)) err('gross', 'interest_upload.zero');
    out.push({
      row: n + 1,
      raw,
      accountNumber: raw.accountNumber.slice(0, 100),
      gross: g,
      adminFee: f,
      description: raw.description ? raw.description.slice(0, 500) : null,
      errors,
    });
  }
  return out;
}

export const columnOf = (k: Key, lang: Lang) => {
  const c = COLUMNS.find((x) => x.key === k)!;
  return (lang === 'en' ? c.en : c.header).replace('*', '');
};
