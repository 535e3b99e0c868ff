/**
 * The migration spreadsheets: their columns per type, and the reading of one
 * cell into a checked value (money, dates, choices) with the error named by
 * row and column. Members reuse the member upload's columns and validator
 * (members.upload.rows.ts); savings, deposits and loans are read here.
 */
import { type Lang, translate } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import { UPLOAD_COLUMNS } from '../members/members.upload.rows.ts';
import { cellDate, cellText } from '../members/members.xlsx.ts';

export const MIGRATION_TYPES = ['MEMBERS', 'SAVINGS', 'DEPOSITS', 'LOANS'] as const;
export type MigrationType = (typeof MIGRATION_TYPES)[number];

/** The spec's path words (POST migration/members, GET migration/data-members ...) to the type. */
export const TYPE_OF_PATH: Record<string, MigrationType> = {
  members: 'MEMBERS',
  savings: 'SAVINGS',
  deposits: 'DEPOSITS',
  loans: 'LOANS',
};

export interface SheetColumn {
  key: string;
  header: string;
  required?: boolean;
  width: number;
  help: string;
  /** Validation list of the template: PRODUCT (of the type's kinds), BRANCH, AREA or fixed words. */
  list?: 'PRODUCT' | 'BRANCH' | 'AREA' | string[];
  kind?: 'money' | 'date' | 'int' | 'rate' | 'text';
}

const CIF: SheetColumn = { key: 'cifNumber', header: 'ID Anggota', required: true, width: 16, help: 'ID Anggota (CIF) pemilik rekening' };
const PRODUCT: SheetColumn = { key: 'productCode', header: 'Kode Produk', required: true, width: 14, help: 'Kode produk', list: 'PRODUCT' };

export const SHEET_COLUMNS: Record<MigrationType, SheetColumn[]> = {
  MEMBERS: UPLOAD_COLUMNS.map((c) => ({
    key: c.key,
    header: c.header,
    required: c.required || c.key === 'cifNumber' || c.key === 'joinDate',
    width: c.width,
    help: c.key === 'cifNumber' ? 'ID Anggota dari pembukuan lama (wajib)' : c.help,
    list: c.key === 'branch' ? 'BRANCH' : c.key === 'area' ? 'AREA' : c.choices,
  })),
  SAVINGS: [
    CIF,
    PRODUCT,
    { key: 'oldAccountNumber', header: 'No. Rekening Lama', width: 18, help: 'Nomor rekening di pembukuan lama (boleh kosong)' },
    { key: 'balance', header: 'Saldo', required: true, width: 16, help: 'Saldo per tanggal migrasi, rupiah, tidak negatif', kind: 'money' },
    { key: 'openDate', header: 'Tanggal Buka', width: 14, help: 'Kosong = tanggal migrasi', kind: 'date' },
  ],
  DEPOSITS: [
    CIF,
    PRODUCT,
    { key: 'oldAccountNumber', header: 'No. Bilyet Lama', width: 18, help: 'Nomor bilyet lama (boleh kosong)' },
    { key: 'amount', header: 'Nominal', required: true, width: 16, help: 'Pokok simpanan berjangka, rupiah', kind: 'money' },
    {
      key: 'tenor',
      header: 'Jangka Waktu',
      required: true,
      width: 12,
      help: 'Bulan: 1, 3, 6, 12 atau 24',
      list: ['1', '3', '6', '12', '24'],
      kind: 'int',
    },
    { key: 'rate', header: 'Bunga Per Tahun', width: 14, help: 'Persen per tahun; kosong = tarif produk', kind: 'rate' },
    { key: 'startDate', header: 'Tanggal Mulai', required: true, width: 14, help: 'Awal jangka waktu berjalan', kind: 'date' },
    { key: 'maturityDate', header: 'Tanggal Jatuh Tempo', required: true, width: 16, help: 'Setelah tanggal migrasi', kind: 'date' },
    {
      key: 'nextInterestDate',
      header: 'Tanggal Bunga Berikutnya',
      required: true,
      width: 18,
      help: 'Pembayaran bunga berikutnya',
      kind: 'date',
    },
    {
      key: 'rollover',
      header: 'Perpanjangan',
      width: 16,
      help: 'NONE, PRINCIPAL atau PRINCIPAL_INTEREST',
      list: ['NONE', 'PRINCIPAL', 'PRINCIPAL_INTEREST'],
    },
  ],
  LOANS: [
    CIF,
    PRODUCT,
    { key: 'oldAccountNumber', header: 'No. Pinjaman Lama', width: 18, help: 'Nomor pinjaman lama (boleh kosong)' },
    { key: 'amount', header: 'Plafon', required: true, width: 16, help: 'Pokok yang dipinjamkan', kind: 'money' },
    { key: 'tenor', header: 'Jangka Waktu', required: true, width: 12, help: 'Jumlah angsuran (bulan)', kind: 'int' },
    { key: 'rate', header: 'Bunga Per Bulan', width: 14, help: 'Persen per bulan (flat); kosong = tarif produk', kind: 'rate' },
    { key: 'releaseDate', header: 'Tanggal Pencairan', required: true, width: 16, help: 'Tanggal pinjaman dicairkan', kind: 'date' },
    { key: 'principalPaid', header: 'Pokok Terbayar', required: true, width: 16, help: 'Pokok yang sudah dibayar', kind: 'money' },
    { key: 'arrearsPrincipal', header: 'Tunggakan Pokok', width: 16, help: 'Pokok jatuh tempo belum dibayar', kind: 'money' },
    { key: 'arrearsInterest', header: 'Tunggakan Jasa', width: 16, help: 'Jasa jatuh tempo belum dibayar', kind: 'money' },
    { key: 'remainingTenor', header: 'Sisa Angsuran', required: true, width: 14, help: 'Angsuran yang belum jatuh tempo', kind: 'int' },
    { key: 'nextDueDate', header: 'Jatuh Tempo Berikutnya', required: true, width: 18, help: 'Angsuran berikutnya', kind: 'date' },
  ],
};

/** The opening balance sheet's columns (GET migration/data-coa-format-neraca). */
export const NERACA_COLUMNS: SheetColumn[] = [
  { key: 'code', header: 'Kode Akun', required: true, width: 14, help: 'Kode akun (jangan diubah)' },
  { key: 'name', header: 'Nama Akun', width: 36, help: 'Nama akun' },
  { key: 'type', header: 'Jenis', width: 12, help: 'ASSET, LIABILITY, EQUITY' },
  { key: 'debit', header: 'Debit', width: 18, help: 'Saldo debit per tanggal migrasi', kind: 'money' },
  { key: 'credit', header: 'Kredit', width: 18, help: 'Saldo kredit per tanggal migrasi', kind: 'money' },
];

export const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[^a-z0-9]/g, '');

export interface CellError {
  row: number;
  column: string;
  message: string;
}

/** One row read and checked: the cells as text, the value confirm posts (null when it failed), its errors. */
export interface StagedRow {
  n: number;
  data: Record<string, string>;
  value: Record<string, unknown> | null;
  errors: CellError[];
  cif: string | null;
  amount: string | null;
}

/** Positions of the columns in a header row (matched by name or key, case and punctuation ignored). */
export function headerMap(values: unknown[], columns: SheetColumn[]): Map<string, number> {
  const byName = new Map<string, string>();
  for (const c of columns) {
    byName.set(norm(c.header), c.key);
    byName.set(norm(c.key), c.key);
  }
  const out = new Map<string, number>();
  values.forEach((v, i) => {
    const key = byName.get(norm(cellText(v)));
    if (key && !out.has(key)) out.set(key, i);
  });
  return out;
}

/** A rupiah amount from a number cell or Indonesian (1.500.000,50) / English (1,500,000.50) text; null when it is no number. */
export function moneyCell(v: unknown): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  let s = cellText(v)
    .replace(/^rp\.?/i, '')
    .replace(/\s/g, '');
  if (!s) return '';
  if (/^-?\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(s) || /^-?\d+,\d{1,2}$/.test(s)) s = s.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(s)) s = s.replace(/,/g, '');
  return /^-?\d+(\.\d+)?$/.test(s) ? s : null;
}

/** Reads one row's cells: the text of each (for the screen) and the typed values, errors named by column. */
export function readCells(
  n: number,
  values: unknown[],
  columns: SheetColumn[],
  pos: Map<string, number>,
  lang: Lang,
): { data: Record<string, string>; typed: Record<string, string | number | null>; errors: CellError[] } {
  const data: Record<string, string> = {};
  const typed: Record<string, string | number | null> = {};
  const errors: CellError[] = [];
  const err = (c: SheetColumn, key: string, params: Record<string, unknown> = {}) =>
    errors.push({ row: n, column: c.header, message: translate(key, lang, { field: c.header, ...params }) });
  for (const c of columns) {
    const i = pos.get(c.key);
    const raw = i === undefined ? undefined : values[i];
    const text = c.kind === 'date' ? cellDate(raw) : cellText(raw);
    data[c.key] = text;
    if (text === '') {
      typed[c.key] = null;
      if (c.required) err(c, 'validation.required');
      continue;
    }
    if (c.kind === 'money') {
      const m = moneyCell(raw);
      if (m === null || !/^-?\d+(\.\d{1,2})?$/.test(m)) err(c, 'migration.cell_not_money', { value: text });
      else if (dec(m).lt(0)) err(c, 'migration.cell_negative', { value: text });
      else if (dec(m).gt('999999999999999')) err(c, 'migration.cell_not_money', { value: text });
      else typed[c.key] = dec(m).toFixed(2);
    } else if (c.kind === 'int') {
      if (!/^\d{1,3}$/.test(text)) err(c, 'migration.cell_not_integer', { value: text });
      else typed[c.key] = Number(text);
    } else if (c.kind === 'rate') {
      const m = moneyCell(raw);
      if (m === null || Number(m) < 0 || Number(m) > 100) err(c, 'migration.cell_not_rate', { value: text });
      else typed[c.key] = m;
    } else if (c.kind === 'date') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`)))
        err(c, 'migration.cell_not_date', { value: text });
      else typed[c.key] = text;
    } else if (Array.isArray(c.list) && !c.list.includes(text.toUpperCase())) {
      err(c, 'migration.cell_not_choice', { value: text, choices: c.list.join(', ') });
    } else {
      typed[c.key] = c.key === 'cifNumber' || c.key === 'productCode' ? text.toUpperCase() : text;
    }
  }
  return { data, typed, errors };
}
