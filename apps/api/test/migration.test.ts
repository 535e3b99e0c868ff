/**
 * Data migration wizard (issue 17): a clean migration ends with the balance
 * sheet equal to the uploaded opening balance sheet and every control account
 * equal to its sub-ledger; bad rows are named and not posted; confirm twice
 * posts once; a reset after a movement is refused.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createDepositProduct } from './deposits-fixtures.ts';
import { newTenant, type TestTenant, testDb } from './helpers.ts';
import { createLoanProduct } from './loans-fixtures.ts';
import { workbook } from './members-fixtures.ts';
import {
  balanceSheet,
  body,
  DEPOSITS_HEADER,
  LOANS_HEADER,
  memberRow,
  membersFile,
  monthsFromToday,
  NERACA_HEADER,
  productsWithControl,
  SAVINGS_HEADER,
  upload,
  uploadCashAgainst,
} from './migration-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

async function setup() {
  const t = await newTenant();
  await createDepositProduct(t);
  await createLoanProduct(t);
  const products = await productsWithControl(t.tenantId);
  const by = (f: (p: (typeof products)[number]) => boolean) => products.find(f)!;
  return {
    t,
    principal: by((p) => p.saving_type === 'PRINCIPAL'),
    voluntary: by((p) => p.saving_type === 'VOLUNTARY'),
    deposit: by((p) => p.kind === 'SAVING_DEPOSIT'),
    loan: by((p) => p.kind === 'LOAN' && p.control_code !== null),
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;

async function stageClean(s: Setup) {
  const { t } = s;
  const m = await upload(t, 'members', await membersFile([memberRow('AGT-0001', 'Siti Aminah'), memberRow('AGT-0002', 'Budi Santoso')]));
  expect(m.statusCode, m.body).toBe(200);
  expect(body<{ valid: number; failed: number }>(m).data).toMatchObject({ valid: 2, failed: 0 });
  const sv = await upload(
    t,
    'savings',
    await workbook(SAVINGS_HEADER, [
      ['AGT-0001', s.principal.code, 'P-1', 100000, ''],
      ['AGT-0002', s.principal.code, 'P-2', 100000, ''],
      ['AGT-0001', s.voluntary.code, 'S-1', '1.250.000,50', '2020-01-05'],
    ]),
  );
  expect(sv.statusCode, sv.body).toBe(200);
  expect(body<{ failed: number }>(sv).data.failed).toBe(0);
  const dp = await upload(
    t,
    'deposits',
    await workbook(DEPOSITS_HEADER, [
      ['AGT-0002', s.deposit.code, 'B-9', 5000000, 12, '', monthsFromToday(-2), monthsFromToday(10), monthsFromToday(1), 'NONE'],
    ]),
  );
  expect(dp.statusCode, dp.body).toBe(200);
  expect(body<{ failed: number }>(dp).data.failed).toBe(0);
  const ln = await upload(
    t,
    'loans',
    await workbook(LOANS_HEADER, [
      ['AGT-0001', s.loan.code, 'L-7', 12000000, 12, 1, monthsFromToday(-4), 3000000, 1000000, 120000, 8, monthsFromToday(1)],
    ]),
  );
  expect(ln.statusCode, ln.body).toBe(200);
  expect(body<{ failed: number }>(ln).data.failed).toBe(0);
}

/** The opening balance sheet matching the staged rows: cash 20,000,000 and the rest. */
async function neracaFile(s: Setup, over: Record<string, [number, number]> = {}) {
  const figures: Record<string, [number, number]> = {
    '10101': [20_000_000, 0],
    [s.loan.control_code!]: [9_000_000, 0],
    [s.principal.control_code!]: [0, 200_000],
    [s.voluntary.control_code!]: [0, 1_250_000.5],
    [s.deposit.control_code!]: [0, 5_000_000],
    '30301': [0, 22_549_999.5],
    ...over,
  };
  return workbook(
    NERACA_HEADER,
    Object.entries(figures).map(([code, [d, c]]) => [code, '', '', d || null, c || null]),
  );
}

async function confirm(t: TestTenant, type: string) {
  return t.admin.post(`/api/migration/confirm?type=${type}`);
}

describe('migration wizard', () => {
  it('a clean migration: balance sheet = uploaded opening balance sheet, control accounts = sub-ledgers, temporary account zero', async () => {
    const s = await setup();
    const { t } = s;
    await stageClean(s);
    const tmpl = await t.admin.get('/api/migration/template/savings');
    expect(tmpl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tmpl.rawPayload as never);
    expect(wb.getWorksheet('Pilihan')!.getColumn(1).values).toContain(s.voluntary.code);

    const neraca = await upload(t, 'data-coa-format-neraca', await neracaFile(s));
    expect(neraca.statusCode, neraca.body).toBe(200);
    expect(body<{ balanced: boolean }>(neraca).data.balanced).toBe(true);
    const review = body<{ differences: unknown[]; ready: boolean; types: Array<{ type: string; total: string }> }>(
      await t.admin.post('/api/migration/review'),
    ).data;
    expect(review.differences).toEqual([]);
    expect(review.ready).toBe(true);
    expect(Number(review.types.find((x) => x.type === 'LOANS')!.total)).toBe(9_000_000);

    for (const type of ['neraca', 'members', 'savings', 'deposits', 'loans']) {
      const r = await confirm(t, type);
      expect(r.statusCode, `${type}: ${r.body}`).toBe(200);
    }
    const check = body<{ done: boolean; temporaryBalance: string }>(await t.admin.get('/api/migration/check')).data;
    expect(check.done).toBe(true);
    expect(Number(check.temporaryBalance)).toBe(0);
    const sheet = await balanceSheet(t.tenantId);
    expect(sheet).toEqual({
      '10101': '20000000.00',
      [s.loan.control_code!]: '9000000.00',
      [s.principal.control_code!]: '200000.00',
      [s.voluntary.control_code!]: '1250000.50',
      [s.deposit.control_code!]: '5000000.00',
      '30301': '22549999.50',
    });
    await assertReconciled(t.tenantId);
    const members = body<{ content: Array<{ status: string }> }>(await t.admin.get('/api/migration/data-members')).data.content;
    expect(members.every((m) => m.status === 'POSTED')).toBe(true);
    // Members with their own CIF numbers and join dates; the deposit with its remaining tenor and next interest date.
    const db = await (await import('./helpers.ts')).testDb();
    const posted = await db.tenant(t.tenantId, (tx) =>
      tx.query<{ cif_number: string; join_date: string; registration_channel: string }>(
        `SELECT cif_number, join_date::text, registration_channel FROM member WHERE tenant_id = app_tenant() ORDER BY cif_number`,
      ),
    );
    expect(posted).toEqual([
      { cif_number: 'AGT-0001', join_date: '2019-03-01', registration_channel: 'MIGRATION' },
      { cif_number: 'AGT-0002', join_date: '2019-03-01', registration_channel: 'MIGRATION' },
    ]);
    const dep = await db.tenant(t.tenantId, (tx) =>
      tx.one<{ start_date: string; maturity_date: string; paid_through: string; status: string; principal: string }>(
        `SELECT start_date::text, maturity_date::text, paid_through::text, status, principal::text FROM deposit WHERE tenant_id = app_tenant()`,
      ),
    );
    expect({ ...dep, paid_through: undefined }).toEqual({
      start_date: monthsFromToday(-2),
      maturity_date: monthsFromToday(10),
      paid_through: undefined,
      status: 'ACTIVE',
      principal: '5000000.00',
    });
    // Paid through the month before the next interest date (next month): the next release pays from there.
    expect(dep!.paid_through > monthsFromToday(-1) && dep!.paid_through <= monthsFromToday(0)).toBe(true);
  });

  it('names bad rows by row and column and posts nothing of them; a fixed file replaces them', async () => {
    const s = await setup();
    const { t } = s;
    const m = await upload(t, 'members', await membersFile([memberRow('AGT-0001'), memberRow('AGT-0001'), memberRow('AGT-0003')]));
    expect(body<{ valid: number; failed: number }>(m).data).toMatchObject({ valid: 2, failed: 1 });
    const sv = await upload(
      t,
      'savings',
      await workbook(SAVINGS_HEADER, [
        ['AGT-0001', 'NOPE', '', 1000, ''],
        ['AGT-0001', s.voluntary.code, '', -5, ''],
        ['AGT-0009', s.voluntary.code, '', 10, ''],
        ['AGT-0003', s.voluntary.code, '', 500, ''],
      ]),
    );
    expect(body<{ valid: number; failed: number }>(sv).data).toMatchObject({ valid: 1, failed: 3 });
    const ln = await upload(
      t,
      'loans',
      await workbook(LOANS_HEADER, [
        ['AGT-0001', s.loan.code, '', 1000000, 10, 1, monthsFromToday(-3), 1500000, 0, 0, 5, monthsFromToday(1)],
      ]),
    );
    expect(body<{ failed: number }>(ln).data.failed).toBe(1);
    const rows = (path: string) =>
      t.admin
        .get(`/api/migration/${path}`, { status: 'FAILED', limit: 100 })
        .then(
          (r) =>
            body<{ content: Array<{ rowNumber: number; errors: Array<{ row: number; column: string; message: string }> }> }>(r).data
              .content,
        );
    const mErr = await rows('data-members');
    expect(mErr).toHaveLength(1);
    expect(mErr[0].rowNumber).toBe(2);
    expect(mErr[0].errors[0].message).toMatch(/AGT-0001/);
    const sErr = await rows('data-savings');
    expect(sErr.map((r) => [r.rowNumber, r.errors[0].column])).toEqual([
      [1, 'Kode Produk'],
      [2, 'Saldo'],
      [3, 'ID Anggota'],
    ]);
    expect(sErr[0].errors[0].message).toMatch(/NOPE/);
    const lErr = await rows('data-loans');
    expect(lErr[0].errors[0]).toMatchObject({ row: 1, column: 'Pokok Terbayar' });
    const failedFile = await t.admin.get('/api/migration/data-savings', { status: 'FAILED', format: 'xlsx' });
    expect(failedFile.statusCode).toBe(200);
    expect(failedFile.headers['content-type']).toContain('spreadsheetml');

    // Members: the valid ones post; the duplicate is not.
    expect((await confirm(t, 'members')).statusCode).toBe(200);
    // Savings: the opening balance sheet says 500 on the voluntary control account: only the valid row counts.
    await uploadCashAgainst(t, s.voluntary.control_code, 500);
    expect((await confirm(t, 'savings')).statusCode).toBe(200);
    const db = (await import('./helpers.ts')).testDb;
    const counts = await (await db()).tenant(t.tenantId, (tx) =>
      tx.one<{ m: number; s: number; l: number }>(
        `SELECT (SELECT count(*)::int FROM member WHERE tenant_id = app_tenant()) AS m,
                (SELECT count(*)::int FROM member_saving WHERE tenant_id = app_tenant() AND balance > 0) AS s,
                (SELECT count(*)::int FROM loan WHERE tenant_id = app_tenant()) AS l`,
      ),
    );
    expect(counts).toEqual({ m: 2, s: 1, l: 0 });
    // Re-uploading the loans, fixed, replaces the staged rows of that type.
    const fixed = await upload(
      t,
      'loans',
      await workbook(LOANS_HEADER, [
        ['AGT-0001', s.loan.code, '', 1000000, 10, 1, monthsFromToday(-3), 500000, 0, 0, 5, monthsFromToday(1)],
      ]),
    );
    expect(body<{ valid: number; failed: number; rows: number }>(fixed).data).toMatchObject({ rows: 1, valid: 1, failed: 0 });
  });

  it('gives members time-ordered ids in the file order, and their accounts ids in the order of their members', async () => {
    // Migration 1660: the month-end jobs read accounts in (member, account) order and write by account id; ids that
    // follow the members keep those writes together (docs/interest.md "Sixth pass").
    const s = await setup();
    const { t } = s;
    await upload(t, 'members', await membersFile([memberRow('AGT-0001'), memberRow('AGT-0002'), memberRow('AGT-0003')]));
    expect((await confirm(t, 'members')).statusCode).toBe(200);
    // The savings file lists the members in another order.
    await upload(
      t,
      'savings',
      await workbook(SAVINGS_HEADER, [
        ['AGT-0003', s.voluntary.code, '', 100, ''],
        ['AGT-0001', s.voluntary.code, '', 100, ''],
        ['AGT-0002', s.voluntary.code, '', 100, ''],
      ]),
    );
    await uploadCashAgainst(t, s.voluntary.control_code, 300);
    expect((await confirm(t, 'savings')).statusCode).toBe(200);
    const db = await testDb();
    const rows = await db.tenant(t.tenantId, (tx) =>
      tx.query<{ kind: string; id: string; cif: string }>(
        `SELECT 'member' AS kind, m.id::text AS id, m.cif_number AS cif FROM member m WHERE m.tenant_id = app_tenant()
         UNION ALL
         SELECT 'saving', s.id::text, m.cif_number FROM member_saving s JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id
          WHERE s.tenant_id = app_tenant() AND s.balance > 0
         ORDER BY 1, 2`,
      ),
    );
    const of = (kind: string) => rows.filter((r) => r.kind === kind);
    for (const r of rows) expect(r.id[14], r.id).toBe('7');
    expect(of('member').map((r) => r.cif)).toEqual(['AGT-0001', 'AGT-0002', 'AGT-0003']);
    expect(of('saving').map((r) => r.cif)).toEqual(['AGT-0001', 'AGT-0002', 'AGT-0003']);
  });

  it('refuses a confirm while the temporary account would not net to zero, and an unbalanced opening balance sheet', async () => {
    const s = await setup();
    const { t } = s;
    await stageClean(s);
    await upload(t, 'data-coa-format-neraca', await neracaFile(s, { '30301': [0, 1] }));
    const unbalanced = await confirm(t, 'neraca');
    expect(unbalanced.statusCode).toBe(422);
    expect(body(unbalanced).errorCode).toBe('MIGRATION_NERACA_UNBALANCED');
    await upload(
      t,
      'data-coa-format-neraca',
      await neracaFile(s, { [s.deposit.control_code!]: [0, 4_000_000], '30301': [0, 23_549_999.5] }),
    );
    expect((await confirm(t, 'members')).statusCode).toBe(200);
    const r = await confirm(t, 'deposits');
    expect(r.statusCode).toBe(422);
    expect(body(r).errorCode).toBe('MIGRATION_NOT_ZERO');
    expect(body(r).message).toContain(s.deposit.control_code!);
    const review = body<{ differences: Array<{ code: string; difference: string }> }>(await t.admin.post('/api/migration/review')).data;
    expect(review.differences.map((d) => [d.code, Number(d.difference)])).toEqual([[s.deposit.control_code, -1_000_000]]);
    // Savings agree and post; a sheet changed afterwards to disagree with them cannot be posted.
    expect((await confirm(t, 'savings')).statusCode).toBe(200);
    await upload(
      t,
      'data-coa-format-neraca',
      await neracaFile(s, { [s.voluntary.control_code!]: [0, 1_000_000.5], '30301': [0, 22_799_999.5] }),
    );
    const late = await confirm(t, 'neraca');
    expect(body(late).errorCode).toBe('MIGRATION_NOT_ZERO');
    expect(body(late).message).toContain(s.voluntary.control_code!);
  });

  it('confirm twice posts once; a reset undoes a step while nothing moved, and is refused after a movement', async () => {
    const s = await setup();
    const { t } = s;
    await stageClean(s);
    await upload(t, 'data-coa-format-neraca', await neracaFile(s));
    expect((await confirm(t, 'members')).statusCode).toBe(200);
    const [a, b] = await Promise.all([confirm(t, 'savings'), confirm(t, 'savings')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(
      [body<{ alreadyConfirmed: boolean }>(a).data.alreadyConfirmed, body<{ alreadyConfirmed: boolean }>(b).data.alreadyConfirmed].sort(),
    ).toEqual([false, true]);
    const again = body<{ alreadyConfirmed: boolean }>(await confirm(t, 'savings')).data;
    expect(again.alreadyConfirmed).toBe(true);
    const sheet = await balanceSheet(t.tenantId);
    expect(sheet[s.voluntary.control_code!]).toBe('1250000.50');

    // Nothing moved yet: the savings step can be undone, and confirmed again.
    const undo = await t.admin.post('/api/migration/savings/reset-confirm-step-3');
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await balanceSheet(t.tenantId))[s.voluntary.control_code!]).toBeUndefined();
    await assertReconciled(t.tenantId);
    expect((await confirm(t, 'savings')).statusCode).toBe(200);

    // A deposit on a migrated account: the reset is refused.
    const accounts = body<{ content: Array<{ data: Record<string, string>; entityId: string }> }>(
      await t.admin.get('/api/migration/data-savings'),
    ).data.content;
    const voluntary = accounts.find((x) => x.data.productCode === s.voluntary.code)!;
    const dep = await t.admin.post('/api/transaction/topup-saving-by-cif-product-kas-bank', {
      cif: 'AGT-0001',
      productId: s.voluntary.id,
      coaId: (await productsWithControl(t.tenantId)) && (await (await import('./reconcile.ts')).coaIds(t.tenantId))['10101'],
      amount: 1000,
    });
    expect(dep.statusCode, dep.body).toBe(200);
    expect(voluntary.entityId).toBeTruthy();
    const refused = await t.admin.post('/api/migration/savings/reset-confirm-step-3');
    expect(refused.statusCode).toBe(409);
    expect(body(refused).errorCode).toBe('MIGRATION_MOVED');
    // Members cannot be undone before the steps built on them.
    const order = await t.admin.post('/api/migration/members/reset-confirm-step-3');
    expect(body(order).errorCode).toBe('MIGRATION_RESET_ORDER');
    await assertReconciled(t.tenantId);
  });

  it('reset-data drops the staged rows; a confirmed type refuses a new upload', async () => {
    const s = await setup();
    const { t } = s;
    await upload(t, 'members', await membersFile([memberRow('AGT-0001')]));
    expect((await confirm(t, 'members')).statusCode).toBe(200);
    const again = await upload(t, 'members', await membersFile([memberRow('AGT-0002')]));
    expect(again.statusCode).toBe(409);
    await upload(t, 'savings', await workbook(SAVINGS_HEADER, [['AGT-0001', s.voluntary.code, '', 10, '']]));
    const reset = await t.admin.post('/api/migration/reset-data');
    expect(reset.statusCode).toBe(200);
    const list = body<{ totalElements?: number; content: unknown[] }>(await t.admin.get('/api/migration/data-savings')).data;
    expect(list.content).toEqual([]);
    const bad = await t.admin.post('/api/migration/confirm?type=nope');
    expect(bad.statusCode).toBe(400);
  });
});
