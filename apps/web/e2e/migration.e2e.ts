/**
 * The data migration wizard in a real browser (issue 17): download a template,
 * stage a file and reset it, upload members with
 * an error, see it named and highlighted, upload the fixed file again, upload
 * savings, deposits and loans, the opening balance sheet (built from the
 * review's figures as the old books would give them), review with no
 * difference, process every step through its confirmation dialog, and see the
 * migration complete with the temporary account at zero.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, type TestContext } from 'vitest';
import { apiToken, closeBrowser, newPage, screenshot, screenshotOnFailure, signInAsDemo, url } from './harness';
import { signedInPage, variantOptions } from './screens-kit';

let page: Page;
let admin = '';
const failures: string[] = [];
const stamp = Date.now().toString().slice(-6);
const cif = (n: number) => `MIG${stamp}${n}`;

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(url(path), {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${admin}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await res.json()) as { status: boolean; message: string; data: T };
  if (!json.status) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

async function xlsx(header: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  ws.addRow(header);
  for (const c of [1, 6, 8]) ws.getColumn(c).numFmt = '@';
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
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
  'P',
  'Bandung',
  '1985-04-12',
  `0857${stamp}${n}0`,
  'KTP',
  `3273520485${stamp.slice(-5)}${n}`,
  '',
  'Jl. Braga No. 1, Bandung',
  'Pedagang',
  'ANGGOTA',
  '2019-01-15',
];
const monthsAhead = (n: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)).toISOString().slice(0, 10);
};

async function upload(testId: string, name: string, file: Buffer) {
  await page
    .getByTestId(testId)
    .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
}

/** A screenshot without the toasts, from the top of the page. */
async function shot(name: string) {
  for (const close of await page.locator('[data-testid^="toast-"] button').all()) await close.click().catch(() => undefined);
  await page
    .locator('[data-testid^="toast-"]')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function productCode(kind: string, savingType?: string): Promise<string> {
  const q = new URLSearchParams({ kind, isActive: 'true', limit: '50', ...(savingType ? { savingType } : {}) });
  const list = await api<{ content: Array<{ code: string; glAccounts?: unknown }> }>(`/api/product/datatable?${q}`);
  if (!list.content.length) throw new Error(`no ${kind} product`);
  return list.content[0]!.code;
}

beforeAll(async () => {
  admin = await apiToken();
  page = await newPage();
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().includes('/api/')) failures.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  await signInAsDemo(page);
});

afterAll(async () => {
  await closeBrowser();
});

beforeEach((ctx: TestContext) => screenshotOnFailure(ctx));

describe('migration wizard', () => {
  it('uploads, fixes a file with errors, reviews, and processes every step', async () => {
    const voluntary = await productCode('SAVING', 'VOLUNTARY');
    const deposit = await productCode('SAVING_DEPOSIT');
    const loan = await productCode('LOAN');
    await page.goto(url('/settings/migration'));
    await page.getByRole('heading', { name: 'Migrasi Data' }).waitFor();

    // Template download: the members' .xlsx (choices of the cooperative's branches and areas inside).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Unduh template' }).click()]);
    expect(download.suggestedFilename()).toMatch(/template-migrasi-members.*\.xlsx$/);
    // A staged file, then Reset data (asked first): the staged rows are dropped.
    await upload('file-members', 'anggota-awal.xlsx', await xlsx(MEMBER_HEADER, [member(9, 'Sementara Migrasi')]));
    await expect.poll(() => page.getByTestId('rows-members').textContent()).toContain(cif(9));
    await page.getByRole('button', { name: 'Reset data' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset data' }).click();
    await expect.poll(() => page.getByTestId('rows-members').count()).toBe(0);

    // Members: the second row repeats the first's CIF — named with its row and column, highlighted.
    await upload(
      'file-members',
      'anggota.xlsx',
      await xlsx(MEMBER_HEADER, [member(1, 'Siti Migrasi'), [cif(1), ...member(2, 'Dewi Migrasi').slice(1)]]),
    );
    await expect.poll(() => page.getByTestId('result-members').textContent()).toContain('1 baris gagal');
    await expect.poll(() => page.getByTestId('rows-members').textContent()).toContain(cif(1));
    await shot('migration-1-members-errors');
    // Fixed and uploaded again: the staged members are replaced.
    await upload(
      'file-members',
      'anggota-perbaikan.xlsx',
      await xlsx(MEMBER_HEADER, [member(1, 'Siti Migrasi'), member(2, 'Dewi Migrasi')]),
    );
    await expect.poll(() => page.getByTestId('result-members').textContent()).toContain('0 baris gagal');

    await page.getByTestId('tab-savings').click();
    await upload(
      'file-savings',
      'simpanan.xlsx',
      await xlsx(
        ['ID Anggota', 'Kode Produk', 'No. Rekening Lama', 'Saldo', 'Tanggal Buka'],
        [
          [cif(1), voluntary, 'S-1', 750000, ''],
          [cif(2), voluntary, 'S-2', 250000.5, ''],
        ],
      ),
    );
    await expect.poll(() => page.getByTestId('result-savings').textContent()).toContain('0 baris gagal');
    await page.getByTestId('tab-deposits').click();
    await upload(
      'file-deposits',
      'deposito.xlsx',
      await xlsx(
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
        [[cif(2), deposit, 'B-1', 5000000, 12, 6, monthsAhead(-2), monthsAhead(10), monthsAhead(1), 'NONE']],
      ),
    );
    await expect.poll(() => page.getByTestId('result-deposits').textContent()).toContain('0 baris gagal');
    await page.getByTestId('tab-loans').click();
    await upload(
      'file-loans',
      'pinjaman.xlsx',
      await xlsx(
        [
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
        ],
        [[cif(1), loan, 'L-1', 6000000, 12, 1.5, monthsAhead(-3), 1500000, 500000, 90000, 8, monthsAhead(1)]],
      ),
    );
    await expect.poll(() => page.getByTestId('result-loans').textContent()).toContain('0 baris gagal');
    await shot('migration-2-loans');

    // The opening balance sheet: the old books' figures (the review's control accounts), cash and reserve around them.
    const review = await api<{ accounts: Array<{ code: string; type: string; subLedger: string }> }>('/api/migration/review', {
      method: 'POST',
      body: {},
    });
    const lines = review.accounts
      .filter((a) => Number(a.subLedger) > 0)
      .map((a) => (a.type === 'LOANS' ? [a.code, '', '', Number(a.subLedger), null] : [a.code, '', '', null, Number(a.subLedger)]));
    const net = review.accounts.reduce((s, a) => s + (a.type === 'LOANS' ? -Number(a.subLedger) : Number(a.subLedger)), 0);
    lines.push(['10101', '', '', Math.round((net + 10_000_000) * 100) / 100, null], ['30301', '', '', null, 10_000_000]);
    await page.getByTestId('next-step').click();
    await upload('file-neraca', 'neraca.xlsx', await xlsx(['Kode Akun', 'Nama Akun', 'Jenis', 'Debit', 'Kredit'], lines));
    await expect.poll(() => page.getByTestId('neraca-table').textContent()).toContain('10101');
    await expect.poll(() => page.getByTestId('neraca-totals').textContent()).toContain('Seimbang');
    await shot('migration-3-neraca');

    await page.getByTestId('next-step').click();
    await page.getByTestId('review-accounts').waitFor();
    await shot('migration-4-review');
    for (const type of ['neraca', 'members', 'savings', 'deposits', 'loans']) {
      await page.getByTestId(`confirm-${type}`).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Proses' }).click();
      await page.getByTestId(`confirm-${type}`).waitFor({ state: 'detached', timeout: 60_000 });
    }
    await page.getByText('Migrasi selesai').waitFor();
    await shot('migration-5-done');
    const check = await api<{ done: boolean; temporaryBalance: string }>('/api/migration/check');
    expect(check.done).toBe(true);
    expect(Number(check.temporaryBalance)).toBe(0);
    expect(failures).toEqual([]);
  });

  it('reads in English, dark: the processed rows and the review', async () => {
    page = await signedInPage(variantOptions({ lang: 'en', mode: 'dark' }));
    await page.goto(url('/settings/migration'));
    await page.getByRole('heading', { name: 'Data Migration' }).waitFor();
    await expect.poll(() => page.getByTestId('rows-members').textContent()).toContain('Processed');
    await shot('migration-6-members-en-dark');
    await page.getByTestId('next-step').click();
    await page.getByTestId('next-step').click();
    await page.getByText('Migration complete').waitFor();
    await shot('migration-7-review-en-dark');
  });
});
