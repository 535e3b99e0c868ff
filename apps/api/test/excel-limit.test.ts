/**
 * An export over EXPORT_MAX_ROWS (100,000 rows) is refused with a message that says what to do, in the user's
 * language, instead of a file cut at 100,000 rows whose total covers only part of them (what the transactions list
 * answered before); narrowed under the limit it downloads every row, and its total is the ledger's figure.
 * 100,001 transactions written straight into the tables (bulk-deposits.ts; no API posts that many in seconds).
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_MAX_ROWS } from '../src/lib/excel.ts';
import { bulkDeposits } from './bulk-deposits.ts';
import { body, newTenant, type TestTenant } from './helpers.ts';

let t: TestTenant;
const N = EXPORT_MAX_ROWS + 1;
/** Rows dated in October, the rest (1,001) in November. */
const OCTOBER = 99_000;

beforeAll(async () => {
  t = await newTenant();
  await bulkDeposits(t.app.db, { tenantId: t.tenantId, userId: t.adminUserId }, N, {
    cif: 'X00000001',
    dateSql: `CASE WHEN g <= ${OCTOBER} THEN date '2026-10-15' ELSE date '2026-11-15' END`,
    journalDate: '2026-10-15',
  });
}, 120_000);

describe('Excel export row limit', () => {
  it('refuses an export over the limit with what to do, in the user’s language; the list itself still pages', async () => {
    const page = body<any>(await t.admin.get('/api/transaction/datatable', { limit: 10 })).data;
    expect(page.totalElements ?? page.total).toBe(N);

    const id = await t.admin.get('/api/transaction/datatable', { format: 'xlsx' });
    expect(id.statusCode).toBe(422);
    expect(body(id)).toMatchObject({ status: false, errorCode: 'EXPORT_TOO_MANY_ROWS' });
    expect(body(id).message).toBe(
      'Data yang akan diekspor lebih dari 100000 baris, batas satu berkas Excel. Persempit periode atau saringannya, lalu unduh lagi.',
    );
    const en = await t.admin.get('/api/transaction/datatable', { format: 'xlsx' }, { 'accept-language': 'en' });
    expect(body(en).message).toContain('more than 100000 rows');
  }, 60_000);

  it('narrowed under the limit, downloads every row with the whole total', async () => {
    const res = await t.admin.get('/api/transaction/datatable', { format: 'xlsx', startCreated: '2026-11-01', endCreated: '2026-11-30' });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const codes: string[] = [];
    let total: unknown = null;
    ws.eachRow((row) => {
      const code = row.getCell(1).value;
      if (typeof code === 'string' && code.startsWith('TRXB')) codes.push(code);
      if (row.values && (row.values as unknown[]).includes('Total')) total = row.getCell(8).value;
    });
    expect(codes).toHaveLength(N - OCTOBER);
    expect(new Set(codes).size).toBe(N - OCTOBER);
    expect(total).toBe((N - OCTOBER) * 1000);
  }, 60_000);
});
