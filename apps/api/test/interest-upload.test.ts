/**
 * Interest upload (/api/upload/interest*, docs/interest.md "Interest upload"): figures computed elsewhere, one file
 * per release date; every row checked with its errors named by row and column and nothing posted; the failed rows
 * downloadable; confirm-by-date posts TOPUP_INTEREST / WITHDRAW_TAX / the admin fee with the tax rule of
 * interest_tax_withhold, once (a second confirm posts nothing); cancel-release takes it back. After every test the
 * ledger balances and every control account equals its sub-ledger.
 */
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { systemCtx } from '../src/lib/context.ts';
import { confirmByDate, confirmTuning } from '../src/modules/interest-upload/interest-upload.service.ts';
import { body, newTenant, type TestTenant, testDb } from './helpers.ts';
import { aprilAccount, balanceOf, key, movementsOf, voluntaryProduct } from './interest-fixtures.ts';
import { multipart, setConfig, workbook, XLSX_TYPE } from './members-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

let current: TestTenant | null = null;
afterEach(async () => {
  if (current) await assertReconciled(current.tenantId);
  current = null;
});

const DATE = '2026-05-05';
const HEADER = ['No Rekening*', 'Jasa*', 'Biaya Admin', 'Keterangan'];

async function upload(t: TestTenant, rows: unknown[][], date = DATE, header = HEADER) {
  const file = await workbook(header, rows, { textColumns: [1] });
  const m = multipart('jasa.xlsx', XLSX_TYPE, file);
  return t.admin.inject({ method: 'POST', url: `/api/upload/interest?releaseDate=${date}`, payload: m.payload, headers: m.headers });
}

async function setup() {
  const t = await newTenant();
  current = t;
  const p = await voluntaryProduct(t);
  const a = await aprilAccount(t, p, { name: 'Citra Dewi' });
  const b = await aprilAccount(t, p, { name: 'Dodi Pratama' });
  return { t, p, a, b };
}

describe('upload', () => {
  it('names every bad row by row and column, posts nothing, and the failed rows download with their errors', async () => {
    const { t, a, b } = await setup();
    const r = await upload(t, [
      [a.accountNumber, 15000, 1000, 'Jasa Mei'],
      ['999-NOPE', 100, null, null],
      [b.accountNumber, '1.000', null, null],
      [a.accountNumber, 500, null, null],
      [null, 10, null, null],
      [b.accountNumber, -5, null, null],
      [b.accountNumber, 0, 0, null],
    ]);
    expect(r.statusCode, r.body).toBe(200);
    const d = body<any>(r).data;
    expect(d).toMatchObject({ rows: 7, failed: 6, status: 'UPLOADED', releaseDate: DATE });
    const msg = d.errors.map((e: any) => `${e.row}|${e.column}|${e.message}`);
    expect(msg).toEqual([
      '3|No Rekening|Rekening 999-NOPE tidak ditemukan',
      '4|Jasa|Jasa harus angka 0 atau lebih dengan maksimal 2 desimal',
      `5|No Rekening|Rekening ${a.accountNumber} sudah ada di baris 2`,
      '6|No Rekening|No Rekening wajib diisi',
      '7|Jasa|Jasa harus angka 0 atau lebih dengan maksimal 2 desimal',
      `7|No Rekening|Rekening ${b.accountNumber} sudah ada di baris 4`,
      '8|Jasa|Jasa dan biaya admin keduanya nol',
      `8|No Rekening|Rekening ${b.accountNumber} sudah ada di baris 4`,
    ]);
    const failed = body<any>(await t.admin.get('/api/upload/v2/interest-by-date', { releaseDate: DATE, status: 'FAILED' })).data;
    expect(failed.totalElements).toBe(6);
    const x = await t.admin.get('/api/upload/v2/interest-by-date', { releaseDate: DATE, status: 'FAILED', format: 'xlsx' });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const text = JSON.stringify(wb.worksheets[0].getSheetValues());
    expect(text).toContain('999-NOPE');
    expect(text).toContain('Rekening 999-NOPE tidak ditemukan');

    const c = await t.admin.post('/api/upload/interest/confirm-by-date', { releaseDate: DATE }, key());
    expect([c.statusCode, body(c).errorCode]).toEqual([422, 'INTEREST_UPLOAD_HAS_ERRORS']);
    expect(await balanceOf(t, a.savingId)).toBe('3000000.00');
    expect(await movementsOf(t, a.savingId, DATE)).toEqual([]);
  });

  it('a file that is not Excel, a missing column, a missing or future date are refused; the template downloads', async () => {
    const { t, a } = await setup();
    const m = multipart('x.xlsx', XLSX_TYPE, Buffer.from('not a workbook'));
    const bad = await t.admin.inject({
      method: 'POST',
      url: `/api/upload/interest?releaseDate=${DATE}`,
      payload: m.payload,
      headers: m.headers,
    });
    expect([bad.statusCode, body(bad).errorCode]).toEqual([400, 'INTEREST_UPLOAD_FILE_INVALID']);
    const col = await upload(t, [[a.accountNumber]], DATE, ['No Rekening*']);
    expect([col.statusCode, body(col).errorCode]).toEqual([400, 'INTEREST_UPLOAD_HEADER']);
    const file = await workbook(HEADER, [[a.accountNumber, 1]]);
    const m2 = multipart('jasa.xlsx', XLSX_TYPE, file);
    const noDate = await t.admin.inject({ method: 'POST', url: '/api/upload/interest', payload: m2.payload, headers: m2.headers });
    expect(noDate.statusCode).toBe(400);
    const future = await upload(t, [[a.accountNumber, 1]], '2099-01-01');
    expect([future.statusCode, body(future).errorCode]).toEqual([422, 'INTEREST_UPLOAD_DATE_FUTURE']);
    const tpl = await t.admin.get('/api/upload/interest/template');
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers['content-type']).toContain('spreadsheetml');
    const nothing = await t.admin.post('/api/upload/interest/confirm-by-date', { releaseDate: '2026-01-01' }, key());
    expect([nothing.statusCode, body(nothing).errorCode]).toEqual([422, 'INTEREST_UPLOAD_NOTHING']);
  });
});

describe('confirm by date', () => {
  it('posts interest, tax (the month threshold) and admin fee once; confirm twice posts once; cancel-release takes it back', async () => {
    const { t, a, b } = await setup();
    await setConfig(t, 'interestTax', { taxFreeAmount: 10000, ratePct: 10, basis: 'MEMBER' });
    // A first file with an error, then the corrected file replaces it.
    expect(body<any>(await upload(t, [[a.accountNumber, 'abc']])).data.failed).toBe(1);
    const ok = await upload(t, [
      [a.accountNumber, 15000, 1000, 'Jasa Mei'],
      [b.accountNumber, '8000.50', null, null],
    ]);
    expect(body<any>(ok).data).toMatchObject({ rows: 2, failed: 0, totalGross: 23000.5 });
    const list = body<any>(await t.admin.get('/api/upload/v2/interest-by-date', { releaseDate: DATE })).data;
    expect(list).toMatchObject({ totalElements: 2, totalGross: 23000.5, upload: { status: 'UPLOADED' } });

    const k = key();
    const c1 = await t.admin.post('/api/upload/interest/confirm-by-date', { releaseDate: DATE }, k);
    expect(c1.statusCode, c1.body).toBe(200);
    const conf = body<any>(c1).data;
    expect(conf).toMatchObject({ status: 'CONFIRMED', releaseStatus: 'RELEASED' });
    // 15,000 > 10,000 tax-free: the whole 15,000 taxed 10 % = 1,500; 8,000.50 below: no tax.
    expect(await balanceOf(t, a.savingId)).toBe('3012500.00');
    expect(await balanceOf(t, b.savingId)).toBe('3008000.50');
    expect(await movementsOf(t, a.savingId, DATE)).toEqual([
      { kind: 'TOPUP_INTEREST', activity: 'INTEREST', amount: '15000.00', status: 'POSTED' },
      { kind: 'WITHDRAW_TAX', activity: 'TAX', amount: '1500.00', status: 'POSTED' },
      { kind: 'WITHDRAW', activity: 'ADMIN_FEE', amount: '1000.00', status: 'POSTED' },
    ]);
    await assertReconciled(t.tenantId);

    // The same key replays; a new key posts nothing more; two at once post once.
    const replay = await t.admin.post('/api/upload/interest/confirm-by-date', { releaseDate: DATE }, k);
    expect(replay.statusCode).toBe(200);
    const both = await Promise.all([
      t.admin.post('/api/upload/interest/confirm-by-date', { releaseDate: DATE }, key()),
      t.admin.post('/api/upload/interest/confirm-by-date', { releaseDate: DATE }, key()),
    ]);
    for (const r of both) expect(body<any>(r).data).toMatchObject({ id: conf.id, status: 'CONFIRMED' });
    expect(await balanceOf(t, a.savingId)).toBe('3012500.00');
    const db = await testDb();
    const n = await db.owner((tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM saving_interest WHERE tenant_id = $1 AND status = 'POSTED'`, [t.tenantId]),
    );
    expect(n!.n).toBe(2);
    const rows = body<any>(await t.admin.get('/api/upload/v2/interest-by-date', { releaseDate: DATE })).data;
    expect(rows.content.map((r: any) => [r.status, r.tax])).toEqual([
      ['POSTED', 1500],
      ['POSTED', 0],
    ]);
    // An upload of the same date again: the accounts are refused as already paid.
    const again = body<any>(await upload(t, [[a.accountNumber, 1]])).data;
    expect(again.errors[0].message).toBe(`Rekening ${a.accountNumber} sudah menerima jasa untuk tanggal ini`);

    // The release of the upload is cancelled like any savings interest release.
    const back = await t.admin.post(`/api/interest-simulation/${conf.releaseId}/cancel-release`, { reason: 'Salah file' }, key());
    expect(back.statusCode, back.body).toBe(200);
    expect(await balanceOf(t, a.savingId)).toBe('3000000.00');
    const dates = body<any>(await t.admin.get('/api/upload/v2/interest-by-date', {})).data;
    expect(dates.content.some((u: any) => u.releaseStatus === 'CANCELLED')).toBe(true);
  });

  it('a confirm stopped after its first chunk: a new file is refused, the next confirm resumes, each row paid once', async () => {
    const { t, a, b } = await setup();
    expect(
      body<any>(
        await upload(t, [
          [a.accountNumber, 15000, 1000, null],
          [b.accountNumber, 8000, null, null],
        ]),
      ).data.failed,
    ).toBe(0);
    const ctx = systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId });
    confirmTuning.chunkSize = 1;
    try {
      await expect(
        confirmByDate(ctx, DATE, {
          afterChunk: () => {
            throw new Error('killed');
          },
        }),
      ).rejects.toThrow('killed');
      // One chunk committed: the first account paid, the second not yet; the upload is still UPLOADED.
      expect(await balanceOf(t, a.savingId)).toBe('3014000.00');
      expect(await balanceOf(t, b.savingId)).toBe('3000000.00');
      const mid = await upload(t, [[b.accountNumber, 9000, null, null]]);
      expect([mid.statusCode, body(mid).errorCode]).toEqual([422, 'RELEASE_RUNNING']);
      const done = await t.admin.post('/api/upload/interest/confirm-by-date', { releaseDate: DATE }, key());
      expect(done.statusCode, done.body).toBe(200);
      expect(body<any>(done).data).toMatchObject({ status: 'CONFIRMED', releaseStatus: 'RELEASED' });
    } finally {
      confirmTuning.chunkSize = 1000;
    }
    expect(await balanceOf(t, a.savingId)).toBe('3014000.00');
    expect(await balanceOf(t, b.savingId)).toBe('3008000.00');
    expect((await movementsOf(t, a.savingId, DATE)).filter((m) => m.kind === 'TOPUP_INTEREST')).toHaveLength(1);
    expect((await movementsOf(t, b.savingId, DATE)).filter((m) => m.kind === 'TOPUP_INTEREST')).toHaveLength(1);
  });

  it('permissions: another cooperative sees nothing', async () => {
    const { t, a } = await setup();
    await upload(t, [[a.accountNumber, 100]]);
    const other = await newTenant();
    const r = body<any>(await other.admin.get('/api/upload/v2/interest-by-date', { releaseDate: DATE })).data;
    expect(r.totalElements).toBe(0);
    const c = await other.admin.post('/api/upload/interest/confirm-by-date', { releaseDate: DATE }, key());
    expect(c.statusCode).toBe(422);
  });
});
