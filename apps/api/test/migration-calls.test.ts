/**
 * Issue 17's calls not covered by migration.test.ts: every type's template
 * with the cooperative's own products, branches and areas as choices; the
 * opening balance sheet template from the COA; failed rows downloadable for
 * every type (as uploaded, a "Kesalahan" column, the wrong cells in red);
 * bad rows of each kind named by row and column.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createDepositProduct } from './deposits-fixtures.ts';
import { newTenant } from './helpers.ts';
import { createLoanProduct } from './loans-fixtures.ts';
import { workbook } from './members-fixtures.ts';
import {
  body,
  DEPOSITS_HEADER,
  LOANS_HEADER,
  memberRow,
  membersFile,
  monthsFromToday,
  productsWithControl,
  SAVINGS_HEADER,
  upload,
} from './migration-fixtures.ts';

async function load(payload: unknown) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as never);
  return wb;
}
const values = (ws: ExcelJS.Worksheet, col: number) =>
  (ws.getColumn(col).values as unknown[])
    .slice(2)
    .filter((v) => v !== null && v !== undefined)
    .map(String);

describe('migration templates and correction files', () => {
  it("every type's template offers the cooperative's own products, branches and areas; the opening sheet lists the COA", async () => {
    const t = await newTenant();
    await createDepositProduct(t);
    await createLoanProduct(t);
    const branch = body<{ id: string; name: string }>(await t.admin.post('/api/branch', { name: 'Cabang Laweyan' })).data;
    const area = await t.admin.post('/api/area', { name: 'Area Kauman' });
    expect(area.statusCode, area.body).toBe(200);
    expect(branch.id).toBeTruthy();
    const products = await productsWithControl(t.tenantId);
    const codes = (f: (k: string) => boolean) =>
      products
        .filter((p) => f(p.kind))
        .map((p) => p.code)
        .sort();
    const expected: Record<string, string[]> = {
      members: [],
      savings: codes((k) => k === 'SAVING' || k === 'SAVING_EQUITY'),
      deposits: codes((k) => k === 'SAVING_DEPOSIT'),
      loans: codes((k) => k === 'LOAN'),
    };
    for (const [type, productCodes] of Object.entries(expected)) {
      const r = await t.admin.get(`/api/migration/template/${type}`);
      expect(r.statusCode, `${type}: ${r.body}`).toBe(200);
      expect(r.headers['content-type']).toContain('spreadsheetml');
      const wb = await load(r.rawPayload);
      const lists = wb.getWorksheet('Pilihan')!;
      expect(lists.state).toBe('hidden');
      expect(values(lists, 1).sort(), type).toEqual(productCodes);
      expect(values(lists, 2), type).toContain('Cabang Laweyan');
      expect(values(lists, 3), type).toContain('Area Kauman');
      // The data sheet's choice columns are validation lists pointing at those choices.
      const validations = JSON.stringify(
        (wb.getWorksheet('Data') as unknown as { dataValidations: { model: unknown } }).dataValidations.model,
      );
      if (type === 'members') expect(validations).toMatch(/Pilihan!\$B\$2.*|Pilihan!\$C\$2/);
      else expect(validations).toContain('Pilihan!$A$2');
    }
    const neraca = await t.admin.get('/api/migration/data-coa-format-neraca', { type: 'xlsx' });
    expect(neraca.statusCode).toBe(200);
    const sheet = (await load(neraca.rawPayload)).worksheets[0];
    expect(values(sheet, 1)).toContain('10101');
    const json = body<{ accounts: Array<{ code: string; isTemporary: boolean }> }>(
      await t.admin.get('/api/migration/data-coa-format-neraca'),
    ).data;
    expect(json.accounts.some((a) => a.isTemporary)).toBe(true);
  });

  it('names bad rows of every type and downloads them for correction (Kesalahan column, wrong cells in red)', async () => {
    const t = await newTenant();
    await createDepositProduct(t);
    await createLoanProduct(t);
    const products = await productsWithControl(t.tenantId);
    const voluntary = products.find((p) => p.saving_type === 'VOLUNTARY')!;
    const deposit = products.find((p) => p.kind === 'SAVING_DEPOSIT')!;
    const loan = products.find((p) => p.kind === 'LOAN' && p.control_code)!;
    // Members: a CIF twice in the file.
    const m = await upload(t, 'members', await membersFile([memberRow('AGT-0001'), memberRow('AGT-0001')]));
    expect(body<{ failed: number }>(m).data.failed).toBe(1);
    // Savings: an unknown product; a negative balance.
    const s = await upload(
      t,
      'savings',
      await workbook(SAVINGS_HEADER, [
        ['AGT-0001', 'TIDAK-ADA', '', 1000, ''],
        ['AGT-0001', voluntary.code, '', -1, ''],
      ]),
    );
    expect(body<{ failed: number }>(s).data.failed).toBe(2);
    // Deposits: a negative amount.
    const d = await upload(
      t,
      'deposits',
      await workbook(DEPOSITS_HEADER, [
        ['AGT-0001', deposit.code, '', -5_000_000, 12, '', monthsFromToday(-2), monthsFromToday(10), monthsFromToday(1), 'NONE'],
      ]),
    );
    expect(body<{ failed: number }>(d).data.failed).toBe(1);
    // Loans: more principal paid than lent; an unknown product.
    const l = await upload(
      t,
      'loans',
      await workbook(LOANS_HEADER, [
        ['AGT-0001', loan.code, '', 1_000_000, 10, 1, monthsFromToday(-3), 2_000_000, 0, 0, 5, monthsFromToday(1)],
        ['AGT-0001', 'TIDAK-ADA', '', 1_000_000, 10, 1, monthsFromToday(-3), 0, 0, 0, 10, monthsFromToday(1)],
      ]),
    );
    expect(body<{ failed: number }>(l).data.failed).toBe(2);

    const expectedColumns: Record<string, string[]> = {
      members: ['ID Anggota'],
      savings: ['Kode Produk', 'Saldo'],
      deposits: ['Nominal'],
      loans: ['Pokok Terbayar', 'Kode Produk'],
    };
    for (const [type, columns] of Object.entries(expectedColumns)) {
      const listed = body<{ content: Array<{ status: string; errors: Array<{ row: number; column: string; message: string }> }> }>(
        await t.admin.get(`/api/migration/data-${type}`, { status: 'FAILED' }),
      ).data.content;
      expect(
        listed.map((r) => r.errors[0].column),
        type,
      ).toEqual(columns);
      const file = await t.admin.get(`/api/migration/data-${type}`, { status: 'FAILED', format: 'xlsx' });
      expect(file.statusCode, type).toBe(200);
      const ws = (await load(file.rawPayload)).getWorksheet('Data')!;
      const header = (ws.getRow(1).values as unknown[]).map((v) => (v == null ? '' : String(v)));
      const errCol = header.indexOf('Kesalahan');
      expect(errCol, type).toBeGreaterThan(0);
      expect(ws.rowCount, type).toBe(columns.length + 1);
      columns.forEach((column, i) => {
        const row = ws.getRow(i + 2);
        expect(String(row.getCell(errCol).value), type).toContain(column);
        const cell = row.getCell(header.indexOf(column));
        expect((cell.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb, `${type} ${column}`).toBe('FFFFCDD2');
      });
    }
    // Nothing of the bad rows is posted: confirming the loans finds nothing valid.
    expect(body(await t.admin.post('/api/migration/confirm?type=loans')).errorCode).toMatch(/MIGRATION_NOTHING|MIGRATION_MEMBER_MISSING/);
  });
});
