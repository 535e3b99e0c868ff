/**
 * An export over EXPORT_MAX_ROWS (100,000 rows) is refused with a message that says what to do, in the user's
 * language, instead of a file cut at 100,000 rows whose total covers only part of them (what the transactions list
 * answered before); narrowed under the limit it downloads every row, and its total is the ledger's figure.
 * 100,001 transactions written straight into the tables, as the interest bench does (no API for that many).
 */
import { dec } from '@koperasi/finance';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../src/lib/context.ts';
import { EXPORT_MAX_ROWS } from '../src/lib/excel.ts';
import { post } from '../src/modules/ledger/posting.ts';
import { body, newTenant, type TestTenant } from './helpers.ts';

let t: TestTenant;
const N = EXPORT_MAX_ROWS + 1;
/** Rows dated in October, the rest (1,001) in November. */
const OCTOBER = 99_000;

beforeAll(async () => {
  t = await newTenant();
  const ctx = systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId, requestId: 'excel-limit' });
  await t.app.db.tenant(t.tenantId, async (tx) => {
    await tx.exec('SET LOCAL statement_timeout = 0');
    const product = (await tx.one<{ id: string; code: string }>(
      `SELECT id, code FROM product WHERE tenant_id = app_tenant() AND system_key = 'VOLUNTARY'`,
    ))!;
    const member = (await tx.one<{ id: string }>(
      `INSERT INTO member (tenant_id, cif_number, full_name, gender, identity_type, identity_number, member_type, status, join_date, principal_status)
       VALUES (app_tenant(), 'X00000001', 'Anggota Ekspor', 'L', 'KTP', '3300000000000001', 'MEMBER', 'ACTIVE', '2024-01-15', 'PAID') RETURNING id`,
    ))!;
    const saving = (await tx.one<{ id: string }>(
      `INSERT INTO member_saving (tenant_id, account_number, member_id, product_id, kind, saving_type, status, balance, total_credit, open_date)
       VALUES (app_tenant(), $3 || '.X0000001', $1, $2, 'SAVING', 'VOLUNTARY', 'ACTIVE', $4, $4, '2026-10-01') RETURNING id`,
      [member.id, product.id, product.code, N * 1000],
    ))!;
    const group = crypto.randomUUID();
    const base = Number((await tx.one<{ n: string }>("SELECT tenant_sequence_next('member_transaction_seq')::text AS n"))!.n);
    await tx.exec(
      `INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                       amount, balance_after, channel, group_id, created_by, approved_by)
       SELECT app_tenant(), $1::bigint + g, 'TRXX' || lpad(g::text, 9, '0'), CASE WHEN g <= $7 THEN date '2026-10-15' ELSE date '2026-11-15' END,
              $2, $3, 'SAVING', $4, 'TOPUP', 'DEPOSIT', 1000, 1000 * g, 'TELLER', $5, $6, $6
         FROM generate_series(1, $8::int) g`,
      [base, member.id, product.id, saving.id, group, t.adminUserId, OCTOBER, N],
    );
    const acc = Object.fromEntries(
      (
        await tx.query<{ id: string; code: string }>(
          `SELECT id, code FROM coa_account WHERE tenant_id = app_tenant() AND code IN ('10101', '20101')`,
        )
      ).map((r) => [r.code, r.id]),
    );
    const j = await post(tx, ctx, {
      date: '2026-10-15',
      description: 'Setoran uji ekspor',
      source: { module: 'SAVING', id: group },
      lines: [
        { accountId: acc['10101']!, debit: dec(N * 1000) },
        { accountId: acc['20101']!, credit: dec(N * 1000) },
      ],
    });
    await tx.exec('UPDATE member_transaction SET journal_id = $2 WHERE tenant_id = app_tenant() AND group_id = $1', [group, j.id]);
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
      if (typeof code === 'string' && code.startsWith('TRXX')) codes.push(code);
      if (row.values && (row.values as unknown[]).includes('Total')) total = row.getCell(8).value;
    });
    expect(codes).toHaveLength(N - OCTOBER);
    expect(new Set(codes).size).toBe(N - OCTOBER);
    expect(total).toBe((N - OCTOBER) * 1000);
  }, 60_000);
});
