/** Fixtures of the migration tests: the spreadsheets of a small cooperative and the upload helpers. */
import { addMonths, todayJakarta } from '../src/modules/ledger/dates.ts';
import { body, type TestTenant, testDb } from './helpers.ts';
import { multipart, TEMPLATE_HEADER, uniqueMemberPhone, uniqueNik, workbook, XLSX_TYPE } from './members-fixtures.ts';

export const today = () => todayJakarta();
export const monthsFromToday = (n: number) => addMonths(todayJakarta(), n);

export function memberRow(cif: string, name = 'Slamet Riyadi'): unknown[] {
  return [
    cif,
    name,
    'L',
    'Solo',
    '1980-08-17',
    uniqueMemberPhone().replace('+62', '0'),
    'KTP',
    uniqueNik(),
    '',
    'Jl. Slamet Riyadi 10, Solo',
    'Pedagang',
    'ANGGOTA',
    '2019-03-01',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ];
}

export const membersFile = (rows: unknown[][]) => workbook(TEMPLATE_HEADER, rows, { textColumns: [1, 6, 8, 9] });
export const SAVINGS_HEADER = ['ID Anggota', 'Kode Produk', 'No. Rekening Lama', 'Saldo', 'Tanggal Buka'];
export const DEPOSITS_HEADER = [
  'ID Anggota',
  'Kode Produk',
  'No. Bilyet Lama',
  'Nominal',
  'Jangka Waktu',
  'Bunga Per Tahun',
  'Tanggal Mulai',
  'Tanggal Jatuh Tempo',
  'Tanggal Bunga Berikutnya',
  'Perpanjangan',
];
export const LOANS_HEADER = [
  'ID Anggota',
  'Kode Produk',
  'No. Pinjaman Lama',
  'Plafon',
  'Jangka Waktu',
  'Bunga Per Bulan',
  'Tanggal Pencairan',
  'Pokok Terbayar',
  'Tunggakan Pokok',
  'Tunggakan Jasa',
  'Sisa Angsuran',
  'Jatuh Tempo Berikutnya',
];
export const NERACA_HEADER = ['Kode Akun', 'Nama Akun', 'Jenis', 'Debit', 'Kredit'];

export async function upload(t: TestTenant, path: string, file: Buffer) {
  return t.admin.inject({ method: 'POST', url: `/api/migration/${path}`, ...multipart('data.xlsx', XLSX_TYPE, file) });
}

/** An opening balance sheet of two lines: `amount` in cash (10101) against the control account `controlCode`. */
export async function uploadCashAgainst(t: TestTenant, controlCode: string | null, amount: number) {
  return upload(
    t,
    'data-coa-format-neraca',
    await workbook(NERACA_HEADER, [
      ['10101', '', '', amount, null],
      [controlCode, '', '', null, amount],
    ]),
  );
}

export interface ProductRow {
  id: string;
  code: string;
  kind: string;
  saving_type: string | null;
  control_code: string | null;
}

/** The cooperative's products with the code of their CONTROL / RECEIVABLE account. */
export async function productsWithControl(tenantId: string): Promise<ProductRow[]> {
  const db = await testDb();
  return db.tenant(tenantId, (tx) =>
    tx.query<ProductRow>(
      `SELECT p.id, p.code, p.kind, p.saving_type, a.code AS control_code FROM product p
       LEFT JOIN product_gl_account g ON g.tenant_id = p.tenant_id AND g.product_id = p.id AND g.role = CASE WHEN p.kind = 'LOAN' THEN 'RECEIVABLE' ELSE 'CONTROL' END
       LEFT JOIN coa_account a ON a.tenant_id = p.tenant_id AND a.id = g.coa_id
       WHERE p.tenant_id = app_tenant() AND p.is_active`,
    ),
  );
}

/** Balance-sheet balances per account code (normal sign), from the ledger. */
export async function balanceSheet(tenantId: string): Promise<Record<string, string>> {
  const db = await testDb();
  const rows = await db.tenant(tenantId, (tx) =>
    tx.query<{ code: string; bal: string }>(
      `SELECT a.code, (CASE WHEN a.normal_balance = 'DEBIT' THEN sum(l.debit - l.credit) ELSE sum(l.credit - l.debit) END)::text AS bal
       FROM journal_line l JOIN coa_account a ON a.tenant_id = l.tenant_id AND a.id = l.account_id
       WHERE l.tenant_id = app_tenant() GROUP BY a.code, a.normal_balance HAVING sum(l.debit - l.credit) <> 0 ORDER BY a.code`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.code, Number(r.bal).toFixed(2)]));
}

export { body };
