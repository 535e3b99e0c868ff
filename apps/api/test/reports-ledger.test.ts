/**
 * Ledger reports: balance sheet, profit and loss, trial balance, general
 * ledger, journal report, their Excel downloads, and the Excel helper.
 */
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildWorkbook, excelFilename, excelRow, MONEY_FORMAT, sheetName } from '../src/lib/excel.ts';
import { todayJakarta } from '../src/modules/ledger/dates.ts';
import { post } from '../src/modules/ledger/posting.ts';
import { body } from './helpers.ts';
import { data, jbody, type LedgerTenant, ledgerTenant, roleUser } from './ledger-helpers.ts';

const Y = Number(todayJakarta().slice(0, 4)) - 1;

async function workbook(res: LightMyRequestResponse): Promise<ExcelJS.Workbook> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}

function rowsOf(ws: ExcelJS.Worksheet): unknown[][] {
  // Index = row number - 1, blank rows included.
  const out: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, n) => {
    out[n - 1] = (row.values as unknown[]).slice(1);
  });
  return Array.from(out, (r) => r ?? []);
}

/** A business unit of the cooperative (the statements refuse an unknown unit with 404). */
async function newUnit(t: LedgerTenant): Promise<string> {
  const res = await t.admin.post('/api/business-unit', {
    name: 'Toko',
    type: 'TOKO',
    cashAccountId: t.acc['10104'],
    inventoryAccountId: t.acc['10301'],
    payableAccountId: t.acc['20210'],
    receivableAccountId: t.acc['10206'],
    revenueAccountId: t.acc['40201'],
    expenseAccountId: t.acc['50301'],
    adminLiabilityAccountId: t.acc['20211'],
    inventoryLossAccountId: t.acc['50302'],
  });
  expect(res.statusCode, res.body).toBe(200);
  return data(res).id;
}

/** A small year: opening, February and March activity, an adjustment and a business unit line. */
async function scenario(t: LedgerTenant, unit: string) {
  const post1 = async (date: string, lines: Array<[string, number, number]>, extra: Record<string, unknown> = {}) => {
    const r = await t.admin.post('/api/journal-manual', jbody(t, date, lines, extra));
    expect(r.statusCode, r.body).toBe(200);
  };
  await post1(`${Y}-01-01`, [
    ['10101', 10_000_000, 0],
    ['10602', 50_000_000, 0],
    ['10605', 0, 5_000_000],
    ['20301', 0, 20_000_000],
    ['30901', 0, 35_000_000],
  ]);
  await post1(`${Y}-02-10`, [
    ['10104', 3_000_000, 0],
    ['40302', 0, 3_000_000],
  ]);
  await post1(`${Y}-02-25`, [
    ['50201', 1_200_000, 0],
    ['10101', 0, 1_200_000],
  ]);
  await post1(`${Y}-03-05`, [
    ['50202', 300_000, 0],
    ['10101', 0, 300_000],
  ]);
  await post1(
    `${Y}-03-20`,
    [
      ['10101', 800_000, 0],
      ['40201', 0, 800_000],
    ],
    { businessUnitId: unit },
  );
  const adj = await t.admin.post(
    '/api/journal-manual/adjust',
    jbody(t, `${Y}-03-31`, [
      ['50206', 250_000, 0],
      ['10605', 0, 250_000],
    ]),
  );
  expect(adj.statusCode).toBe(200);
}

function flatten(
  nodes: Array<{ code: string | null; name: string; amount: number; previousAmount: number; children: unknown[] }>,
): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  const walk = (ns: typeof nodes) => {
    for (const n of ns) {
      out[n.code ?? n.name] = [n.amount, n.previousAmount];
      walk(n.children as typeof nodes);
    }
  };
  walk(nodes);
  return out;
}

describe('balance sheet', () => {
  it('groups the COA tree with subtotals, compares with the previous month, and balances with the current-year result', async () => {
    const t = await ledgerTenant();
    await scenario(t, crypto.randomUUID());
    const res = await t.admin.get('/api/report/v2/balance-sheet', { periode: `${Y}-03` });
    expect(res.statusCode, res.body).toBe(200);
    const bs = data(res);
    expect(bs).toMatchObject({
      periode: `${Y}-03`,
      asOf: `${Y}-03-31`,
      compareAsOf: `${Y}-02-28`.replace('-28', Y % 4 === 0 ? '-29' : '-28'),
      balanced: true,
      difference: 0,
      totalAssets: 57_050_000,
      totalLiabilities: 20_000_000,
      totalEquity: 37_050_000,
      totalLiabilitiesAndEquity: 57_050_000,
      currentYearResult: 2_050_000,
      previous: { totalAssets: 56_800_000, totalLiabilitiesAndEquity: 56_800_000, balanced: true },
    });
    expect(bs.sections.map((s: { type: string; title: string }) => [s.type, s.title])).toEqual([
      ['ASSET', 'Aset'],
      ['LIABILITY', 'Kewajiban'],
      ['EQUITY', 'Ekuitas'],
    ]);
    const assets = flatten(bs.sections[0].accounts);
    expect(assets['1']).toEqual([57_050_000, 56_800_000]);
    expect(assets['101']).toEqual([12_300_000, 11_800_000]);
    expect(assets['10101']).toEqual([9_300_000, 8_800_000]);
    // A contra asset shows negative in the asset section.
    expect(assets['10605']).toEqual([-5_250_000, -5_000_000]);
    expect(assets['106']).toEqual([44_750_000, 45_000_000]);
    // Zero accounts are left out unless asked for.
    expect(assets['10102']).toBeUndefined();
    const equity = flatten(bs.sections[2].accounts);
    expect(equity[`SHU tahun buku ${Y} (berjalan)`]).toEqual([2_050_000, 1_800_000]);
    expect(equity['305']).toEqual([2_050_000, 1_800_000]);
    expect(equity['30901']).toEqual([35_000_000, 35_000_000]);
    const withZero = data(await t.admin.get('/api/report/v2/balance-sheet', { periode: `${Y}-03`, showZeroAmount: true }));
    expect(flatten(withZero.sections[0].accounts)['10102']).toEqual([0, 0]);
    // On a day inside a month the lines of that month are read up to the day.
    const mid = data(await t.admin.get('/api/report/v2/balance-sheet', { periode: `${Y}-03-10`, comparePeriode: `${Y}-01` }));
    expect(mid).toMatchObject({
      asOf: `${Y}-03-10`,
      compareAsOf: `${Y}-01-31`,
      totalAssets: 56_500_000,
      balanced: true,
      currentYearResult: 1_500_000,
    });
    // English titles follow Accept-Language.
    const en = data(await t.admin.get('/api/report/v2/balance-sheet', { periode: `${Y}-03` }, { 'accept-language': 'en' }));
    expect(en.sections[0].title).toBe('Assets');
  });

  it('filters by business unit and downloads as Excel', async () => {
    const t = await ledgerTenant();
    const unit = await newUnit(t);
    await scenario(t, unit);
    const bu = data(await t.admin.get('/api/report/v2/balance-sheet', { periode: `${Y}-03`, businessUnitId: unit }));
    expect(bu).toMatchObject({ businessUnitId: unit, totalAssets: 800_000, currentYearResult: 800_000, balanced: true });
    const wb = await workbook(await t.admin.get('/api/report/v2/balance-sheet', { periode: `${Y}-03`, format: 'xlsx' }));
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Neraca');
    const rows = rowsOf(ws);
    expect(rows[0][0]).toMatch(/^Koperasi Uji/);
    expect(rows[1][0]).toBe('Neraca');
    expect(rows[2][0]).toBe(`Per 31-03-${Y}`);
    const header = rows.find((r) => r[0] === 'Kode');
    expect(header?.slice(0, 2)).toEqual(['Kode', 'Nama Akun']);
    expect(rows.find((r) => r[1] === 'Total Aset')?.slice(2)).toEqual([57_050_000, 56_800_000]);
    expect(rows.find((r) => r[1] === 'Total Kewajiban dan Ekuitas')?.slice(2)).toEqual([57_050_000, 56_800_000]);
    expect(rows.find((r) => r[0] === '10101')?.slice(2)).toEqual([9_300_000, 8_800_000]);
    const moneyCell = ws.getRow(rows.findIndex((r) => r[0] === '10101') + 1).getCell(3);
    expect(moneyCell.numFmt).toBe(MONEY_FORMAT);
    expect(ws.views[0]).toMatchObject({ state: 'frozen' });
  });
});

describe('profit and loss', () => {
  it('shows income and expenses over a period, compared with the period before, per business unit, and as Excel', async () => {
    const t = await ledgerTenant();
    const unit = await newUnit(t);
    await scenario(t, unit);
    const pl = data(await t.admin.get('/api/report/v2/profit-and-loss', { periode: `${Y}-03`, compare: 'PREVIOUS' }));
    expect(pl).toMatchObject({
      start: `${Y}-03-01`,
      end: `${Y}-03-31`,
      previousStart: `${Y}-02-01`,
      totalIncome: 800_000,
      totalExpense: 550_000,
      surplus: 250_000,
      previous: { totalIncome: 3_000_000, totalExpense: 1_200_000, surplus: 1_800_000 },
    });
    const lines = { ...flatten(pl.sections[0].accounts), ...flatten(pl.sections[1].accounts) };
    expect(lines['40201']).toEqual([800_000, 0]);
    expect(lines['40302']).toEqual([0, 3_000_000]);
    expect(lines['50206']).toEqual([250_000, 0]);
    const q1 = data(await t.admin.get('/api/report/v2/profit-and-loss', { start: `${Y}-01`, end: `${Y}-03`, compare: 'PREVIOUS' }));
    expect(q1).toMatchObject({ totalIncome: 3_800_000, totalExpense: 1_750_000, surplus: 2_050_000, previousStart: `${Y - 1}-10-01` });
    // Default: the same span a year earlier (days stay days, a month end stays a month end).
    const yearEarlier = data(await t.admin.get('/api/report/v2/profit-and-loss', { start: `${Y}-01`, end: `${Y}-03` }));
    expect(yearEarlier).toMatchObject({ previousStart: `${Y - 1}-01-01`, previousEnd: `${Y - 1}-03-31`, totalIncome: 3_800_000 });
    const partMonth = data(await t.admin.get('/api/report/v2/profit-and-loss', { start: `${Y}-03-01`, end: `${Y}-03-26` }));
    expect(partMonth).toMatchObject({ previousStart: `${Y - 1}-03-01`, previousEnd: `${Y - 1}-03-26` });
    const leap = data(await t.admin.get('/api/report/v2/profit-and-loss', { start: '2028-02-01', end: '2028-02-29' }));
    expect(leap).toMatchObject({ previousStart: '2027-02-01', previousEnd: '2027-02-28' });
    const previousMonth = data(await t.admin.get('/api/report/v2/profit-and-loss', { periode: `${Y}-03`, compare: 'PREVIOUS' }));
    expect(previousMonth).toMatchObject({ previousStart: `${Y}-02-01`, previousEnd: `${Y}-02-${Y % 4 === 0 ? 29 : 28}` });
    const days = data(await t.admin.get('/api/report/v2/profit-and-loss', { start: `${Y}-02-11`, end: `${Y}-03-10` }));
    expect(days).toMatchObject({ totalIncome: 0, totalExpense: 1_500_000, surplus: -1_500_000 });
    const unitOnly = data(await t.admin.get('/api/report/v2/profit-and-loss', { start: `${Y}-01`, end: `${Y}-03`, businessUnitId: unit }));
    expect(unitOnly).toMatchObject({ totalIncome: 800_000, totalExpense: 0, surplus: 800_000 });
    const bad = await t.admin.get('/api/report/v2/profit-and-loss', { start: `${Y}-03`, end: `${Y}-01` });
    expect(bad.statusCode).toBe(400);
    const wb = await workbook(await t.admin.get('/api/report/v2/profit-and-loss', { start: `${Y}-01`, end: `${Y}-03`, format: 'xlsx' }));
    const rows = rowsOf(wb.worksheets[0]);
    expect(rows[1][0]).toBe('Perhitungan Hasil Usaha');
    expect(rows.find((r) => r[1] === 'Sisa Hasil Usaha (SHU)')?.[2]).toBe(2_050_000);
    expect(rows.find((r) => r[1] === 'Total Pendapatan')?.[2]).toBe(3_800_000);
  });
});

describe('trial balance', () => {
  it('lists opening, debit, credit, adjustments and closing per account with equal totals', async () => {
    const t = await ledgerTenant();
    await scenario(t, crypto.randomUUID());
    const tb = data(await t.admin.get('/api/report/balance-sheet-review', { start: `${Y}-03`, end: `${Y}-03` }));
    expect(tb).toMatchObject({ start: `${Y}-03-01`, end: `${Y}-03-31`, balanced: true });
    const row = (code: string) => tb.rows.find((r: { code: string }) => r.code === code);
    expect(row('10101')).toMatchObject({
      openingDebit: 8_800_000,
      openingCredit: 0,
      debit: 800_000,
      credit: 300_000,
      closingDebit: 9_300_000,
      closingCredit: 0,
    });
    expect(row('10605')).toMatchObject({ openingCredit: 5_000_000, credit: 250_000, adjustmentCredit: 250_000, closingCredit: 5_250_000 });
    expect(row('50206')).toMatchObject({ debit: 250_000, adjustmentDebit: 250_000, closingDebit: 250_000 });
    expect(row('40302')).toMatchObject({ openingCredit: 3_000_000, closingCredit: 3_000_000 });
    expect(row('10102')).toBeUndefined();
    expect(tb.totals.openingDebit).toBe(tb.totals.openingCredit);
    expect(tb.totals.debit).toBe(tb.totals.credit);
    expect(tb.totals.debit).toBe(1_350_000);
    expect(tb.totals.closingDebit).toBe(tb.totals.closingCredit);
    const all = data(await t.admin.get('/api/report/balance-sheet-review', { periode: `${Y}-03`, showZeroAmount: true }));
    expect(all.rows.find((r: { code: string }) => r.code === '10102')).toBeDefined();
    const wb = await workbook(await t.admin.get('/api/report/balance-sheet-review', { periode: `${Y}-03`, format: 'xlsx' }));
    const rows = rowsOf(wb.worksheets[0]);
    expect(rows.find((r) => r[0] === 'Kode')).toEqual([
      'Kode',
      'Nama Akun',
      'Saldo Awal Debit',
      'Saldo Awal Kredit',
      'Debit',
      'Kredit',
      'Penyesuaian Debit',
      'Penyesuaian Kredit',
      'Saldo Akhir Debit',
      'Saldo Akhir Kredit',
    ]);
    const total = rows.find((r) => r[1] === 'Total');
    expect(total?.[4]).toBe(1_350_000);
    expect(total?.[5]).toBe(1_350_000);
  });
});

describe('general ledger and journal reports', () => {
  it('buku besar of an account by code, with running balance; journal detail; Excel', async () => {
    const t = await ledgerTenant();
    await scenario(t, crypto.randomUUID());
    const l = data(await t.admin.get('/api/report/v2/ledger', { coaId: '10101', start: `${Y}-02-01`, end: `${Y}-03-31` }));
    expect(l).toMatchObject({
      account: { code: '10101', name: 'Kas Besar' },
      openingBalance: 10_000_000,
      closingBalance: 9_300_000,
      totalDebit: 800_000,
      totalCredit: 1_500_000,
    });
    expect(l.content.map((x: { date: string; balance: number }) => [x.date, x.balance])).toEqual([
      [`${Y}-02-25`, 8_800_000],
      [`${Y}-03-05`, 8_500_000],
      [`${Y}-03-20`, 9_300_000],
    ]);
    const detail = data(await t.admin.get(`/api/report/ledger/${l.content[0].journalId}/detail`));
    expect(detail).toMatchObject({ number: l.content[0].number, lines: expect.any(Array) });
    const missing = await t.admin.get('/api/report/v2/ledger', { start: `${Y}-02-01` });
    expect(body(missing)).toMatchObject({ code: 400, message: 'Semua akun COA wajib dipilih' });
    expect((await t.admin.get('/api/report/v2/ledger', { coaId: '99999' })).statusCode).toBe(404);
    const wb = await workbook(
      await t.admin.get('/api/report/v2/ledger', { coaId: '10101', start: `${Y}-02-01`, end: `${Y}-03-31`, format: 'xlsx' }),
    );
    const rows = rowsOf(wb.worksheets[0]);
    expect(rows[1][0]).toBe('Buku Besar: 10101 - Kas Besar');
    expect(rows.find((r) => r[3] === 'Saldo awal')?.[7]).toBe(10_000_000);
    expect(rows.find((r) => r[3] === 'Saldo akhir')?.[7]).toBe(9_300_000);
    const dateCell = wb.worksheets[0].getRow(rows.findIndex((r) => r[3] === 'Saldo awal') + 2).getCell(1);
    expect(dateCell.value).toBeInstanceOf(Date);
  });

  it('journal report: journals with lines and totals, paged, and every journal in Excel', async () => {
    const t = await ledgerTenant();
    await scenario(t, crypto.randomUUID());
    const r = data(await t.admin.get('/api/report/journal-transaction', { start: `${Y}-02-01`, end: `${Y}-03-31`, limit: 2 }));
    expect(r).toMatchObject({ totalElements: 5, totalPages: 3, totalDebit: 5_550_000, totalCredit: 5_550_000 });
    expect(r.content[0].lines.length).toBeGreaterThanOrEqual(2);
    const adj = data(await t.admin.get('/api/report/journal-transaction', { isAdjustment: true }));
    expect(adj.totalElements).toBe(1);
    const wb = await workbook(
      await t.admin.get('/api/report/journal-transaction', { start: `${Y}-02-01`, end: `${Y}-03-31`, format: 'xlsx' }),
    );
    const rows = rowsOf(wb.worksheets[0]);
    const numbers = rows.map((x) => x[1]).filter((v) => typeof v === 'string' && v.startsWith('JU/'));
    expect(numbers).toHaveLength(5);
    expect(rows.find((x) => x[2] === 'Total')?.slice(6)).toEqual([5_550_000, 5_550_000]);
  });

  it('reports need report:view; another tenant sees none of this tenant’s figures', async () => {
    const t = await ledgerTenant();
    await scenario(t, crypto.randomUUID());
    const nobody = await roleUser(t, { permissions: {} });
    for (const url of [
      '/api/report/v2/balance-sheet',
      '/api/report/v2/profit-and-loss',
      '/api/report/balance-sheet-review',
      '/api/report/journal-transaction',
    ]) {
      const res = await nobody.get(url);
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe('Anda tidak memiliki akses lihat pada menu Laporan');
    }
    const teller = await roleUser(t, 'TELLER');
    expect((await teller.get('/api/report/v2/balance-sheet')).statusCode).toBe(200);
    const other = await ledgerTenant();
    const bs = data(await other.admin.get('/api/report/v2/balance-sheet', { periode: `${Y}-03` }));
    expect(bs).toMatchObject({ totalAssets: 0, balanced: true });
    expect((await other.admin.get('/api/report/v2/ledger', { coaId: t.acc['10101'] })).statusCode).toBe(404);
  });

  it('a journal of another module shows in the reports with its source', async () => {
    const t = await ledgerTenant();
    await t.tx((tx) =>
      post(tx, t.ctx, {
        date: `${Y}-04-02`,
        description: 'Setoran simpanan sukarela',
        referenceCode: 'TRX-0001',
        source: { module: 'SAVING', id: 'sv-1' },
        lines: [
          { accountId: t.acc['10103'], debit: 150_000 },
          { accountId: t.acc['20101'], credit: 150_000 },
        ],
      }),
    );
    const l = data(await t.admin.get('/api/report/v2/ledger', { coaId: '20101', start: `${Y}-04-01`, end: `${Y}-04-30` }));
    expect(l.content[0]).toMatchObject({ sourceModule: 'SAVING', sourceId: 'sv-1', referenceCode: 'TRX-0001', balance: 150_000 });
  });
});

describe('lib/excel.ts', () => {
  it('builds formatted sheets: title, frozen styled header, money format, indent, subtotal and total rows, several sheets', async () => {
    const buf = await buildWorkbook([
      {
        name: 'Laporan/Uji:1',
        title: ['Koperasi Uji', 'Laporan'],
        columns: [
          { key: 'code', header: 'Kode' },
          { key: 'name', header: 'Nama' },
          { key: 'amount', header: 'Nominal', format: 'money' },
          { key: 'rate', header: 'Persen', format: 'percent' },
          { key: 'custom', header: 'Custom', numFmt: '0.0' },
        ],
        rows: [
          excelRow.section({ name: 'Aset' }),
          { code: '10101', name: 'Kas', amount: 1234.5, rate: 0.125, custom: 3, $indent: 1 },
          excelRow.subtotal({ name: 'Total Aset', amount: 1234.5 }),
          excelRow.total({ name: 'Total', amount: 1234.5 }),
        ],
        notes: ['Dicetak dari sistem'],
      },
      { name: 'Laporan/Uji:1', columns: [{ key: 'a', header: 'A' }], rows: [{ a: 'x' }] },
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Laporan-Uji-1', 'Laporan-Uji-1 (2)']);
    const ws = wb.worksheets[0];
    expect(ws.getCell('A1').value).toBe('Koperasi Uji');
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('A4').value).toBe('Kode');
    expect(ws.getCell('A4').fill).toMatchObject({ fgColor: { argb: 'FF2E7D32' } });
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect(ws.getCell('C6').value).toBe(1234.5);
    expect(ws.getCell('C6').numFmt).toBe(MONEY_FORMAT);
    expect(ws.getCell('D6').numFmt).toBe('0.00%');
    expect(ws.getCell('E6').numFmt).toBe('0.0');
    expect(ws.getCell('B6').alignment?.indent).toBe(2);
    expect(ws.getCell('B8').font?.bold).toBe(true);
    expect(ws.getCell('B8').border?.bottom?.style).toBe('double');
    expect(ws.getCell('A10').value).toBe('Dicetak dari sistem');
    expect(excelFilename('neraca 2026/03')).toBe('neraca-2026-03.xlsx');
    expect(excelFilename('Laporan Rugi & Laba.xlsx')).toBe('Laporan-Rugi-Laba.xlsx');
    expect(sheetName('a'.repeat(40))).toHaveLength(31);
  });
});
