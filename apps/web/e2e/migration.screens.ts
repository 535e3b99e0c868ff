/**
 * Screenshots of the data migration wizard (issue 17, not part of `npm test`):
 * its three steps (upload data with a failed row, adjust account recording,
 * review and process with a difference) in Arabic (right to left) and at
 * phone width (390 px), light and dark; then, processed, the review done and
 * a migrated loan's detail (principal paid before the migration, installments
 * paid before it). Saved to artifacts/screenshots/issue-17/ (copied to
 * docs/screens/issue-17/). Run with
 * `npx vitest run --config e2e/vitest.config.ts --project screens migration`.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiToken, baseUrl, closeBrowser, DEMO, newPage, screenshot, signIn, url } from './harness';

afterAll(closeBrowser);

let token = '';
const stamp = Date.now().toString().slice(-6);
const cif = (n: number) => `MGS${stamp}${n}`;
const firstOfMonth = (n: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)).toISOString().slice(0, 10);
};

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, headers: { Authorization: `Bearer ${token}` } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await fetch(`${baseUrl()}${path}`, init);
  const json = (await res.json()) as { status: boolean; message: string; data: T };
  if (!json.status) throw new Error(`${method} ${path}: ${json.message}`);
  return json.data;
}

async function sheet(header: string[], rows: unknown[][]): Promise<FormData> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  ws.addRow(header);
  for (const c of [1, 6, 8]) ws.getColumn(c).numFmt = '@';
  for (const r of rows) ws.addRow(r);
  const f = new FormData();
  f.append(
    'file',
    new Blob([new Uint8Array(await wb.xlsx.writeBuffer())], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    'data.xlsx',
  );
  return f;
}

const MEMBER_HEADER = [
  'ID Anggota',
  'Nama Lengkap',
  'Jenis Kelamin',
  'Tempat Lahir',
  'Tanggal Lahir',
  'No. Ponsel',
  'Jenis Identitas',
  'No. Identitas',
  'No. Kartu Keluarga',
  'Alamat',
  'Pekerjaan/Usaha',
  'Jenis Anggota',
  'Tanggal Bergabung',
];
const member = (n: number, name: string) => [
  cif(n),
  name,
  'L',
  'Yogyakarta',
  '1979-06-02',
  `0858${stamp}${n}1`,
  'KTP',
  `3471020679${stamp.slice(-5)}${n}`,
  '',
  'Jl. Malioboro No. 5, Yogyakarta',
  'Wiraswasta',
  'ANGGOTA',
  '2018-02-01',
];
const LOAN_HEADER = [
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

async function productCode(kind: string, savingType?: string): Promise<string> {
  const q = new URLSearchParams({ kind, isActive: 'true', limit: '50', ...(savingType ? { savingType } : {}) });
  const list = await api<{ content: Array<{ code: string }> }>('GET', `/api/product/datatable?${q}`);
  return list.content[0]!.code;
}

/** The opening balance sheet from the review's sub-ledger totals; `off` is added to the loans receivable (a difference). */
async function neraca(off: number) {
  const review = await api<{ accounts: Array<{ code: string; type: string; subLedger: string }> }>('POST', '/api/migration/review', {});
  const lines = review.accounts
    .filter((a) => Number(a.subLedger) > 0)
    .map((a) => (a.type === 'LOANS' ? [a.code, '', '', Number(a.subLedger) + off, null] : [a.code, '', '', null, Number(a.subLedger)]));
  const net = review.accounts.reduce((s, a) => s + (a.type === 'LOANS' ? -Number(a.subLedger) - off : Number(a.subLedger)), 0);
  lines.push(['10101', '', '', Math.round((net + 25_000_000) * 100) / 100, null], ['30301', '', '', null, 25_000_000]);
  await api('POST', '/api/migration/data-coa-format-neraca', await sheet(['Kode Akun', 'Nama Akun', 'Jenis', 'Debit', 'Kredit'], lines));
}

beforeAll(async () => {
  token = await apiToken();
  const voluntary = await productCode('SAVING', 'VOLUNTARY');
  const deposit = await productCode('SAVING_DEPOSIT');
  const loan = await productCode('LOAN');
  await api(
    'POST',
    '/api/migration/members',
    await sheet(MEMBER_HEADER, [
      member(1, 'Bambang Migrasi'),
      member(2, 'Ratna Migrasi'),
      [cif(1), ...member(3, 'Dobel Migrasi').slice(1)],
    ]),
  );
  await api(
    'POST',
    '/api/migration/savings',
    await sheet(
      ['ID Anggota', 'Kode Produk', 'No. Rekening Lama', 'Saldo', 'Tanggal Buka'],
      [
        [cif(1), voluntary, 'SS-01', 1_250_000, '2019-05-02'],
        [cif(2), voluntary, 'SS-02', 480_500.5, ''],
      ],
    ),
  );
  await api(
    'POST',
    '/api/migration/deposits',
    await sheet(
      [
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
      ],
      [[cif(2), deposit, 'BL-7', 10_000_000, 12, 6, firstOfMonth(-3), firstOfMonth(9), firstOfMonth(1), 'NONE']],
    ),
  );
  await api(
    'POST',
    '/api/migration/loans',
    await sheet(LOAN_HEADER, [
      [cif(1), loan, 'PJ-11', 12_000_000, 12, 1.5, firstOfMonth(-4), 3_000_000, 1_000_000, 180_000, 8, firstOfMonth(1)],
      [cif(2), loan, 'PJ-12', 2_000_000, 10, 1.5, firstOfMonth(-2), 2_500_000, 0, 0, 8, firstOfMonth(1)],
    ]),
  );
  await neraca(150_000);
});

async function signedIn(opts: { lang: string; mode: string; phone?: boolean }): Promise<Page> {
  const page = await newPage({
    viewport: opts.phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    colorScheme: opts.mode as 'light' | 'dark',
    storage: { lang: opts.lang, 'theme-mode': opts.mode },
  });
  await signIn(page, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
  return page;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('.MuiSkeleton-root, .MuiCircularProgress-root'), null, { timeout: 20_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

const VARIANTS = [
  { name: 'ar-light', lang: 'ar', mode: 'light' },
  { name: 'ar-dark', lang: 'ar', mode: 'dark' },
  { name: 'phone-light', lang: 'id', mode: 'light', phone: true },
  { name: 'phone-dark', lang: 'id', mode: 'dark', phone: true },
  { name: 'phone-ar-light', lang: 'ar', mode: 'light', phone: true },
];

describe('migration wizard screenshots', () => {
  for (const v of VARIANTS) {
    it(`the three steps, ${v.name}`, async () => {
      const page = await signedIn(v);
      await page.goto(url('/settings/migration'));
      await page.getByTestId('rows-members').waitFor();
      await settle(page);
      await screenshot(page, `issue-17/migration-${v.name}-1-upload-members`);
      await page.getByTestId('tab-loans').click();
      await page.getByTestId('rows-loans').waitFor();
      await settle(page);
      await screenshot(page, `issue-17/migration-${v.name}-1-upload-loans`);
      await page.getByTestId('next-step').click();
      await page.getByTestId('neraca-table').waitFor();
      await settle(page);
      await screenshot(page, `issue-17/migration-${v.name}-2-neraca`);
      await page.getByTestId('next-step').click();
      await page.getByTestId('review-accounts').waitFor();
      await settle(page);
      await screenshot(page, `issue-17/migration-${v.name}-3-review`);
    });
  }

  it('processed: the review done and a migrated loan (paid before the migration)', async () => {
    await neraca(0);
    for (const type of ['neraca', 'members', 'savings', 'deposits', 'loans']) await api('POST', `/api/migration/confirm?type=${type}`, {});
    const rows = await api<{ content: Array<{ status: string; entityId: string | null }> }>(
      'GET',
      '/api/migration/data-loans?status=POSTED',
    );
    const loanId = rows.content[0]!.entityId!;
    for (const v of [VARIANTS[0]!, VARIANTS[2]!, VARIANTS[3]!]) {
      const page = await signedIn(v);
      await page.goto(url('/settings/migration'));
      await page.getByTestId('next-step').click();
      await page.getByTestId('next-step').click();
      await page.getByTestId('review-steps').waitFor();
      await settle(page);
      await screenshot(page, `issue-17/migration-${v.name}-4-done`);
      await page.goto(url(`/transactions/loans/${loanId}`));
      await page.getByTestId('schedule-table').waitFor();
      await settle(page);
      await screenshot(page, `issue-17/migration-${v.name}-5-loan`);
    }
  });
});
