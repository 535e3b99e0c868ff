/**
 * Server additions of the ledger screens: GET /api/home/v2/current-year-financial-status
 * (income and expenses of the fiscal year per month, closing entries left out),
 * its permission, validation and tenant isolation.
 */
import { describe, expect, it } from 'vitest';
import { monthStart, todayJakarta } from '../src/modules/ledger/dates.ts';
import { data, jbody, type LedgerTenant, ledgerTenant, roleUser } from './ledger-helpers.ts';

const URL = '/api/home/v2/current-year-financial-status';
const TODAY = todayJakarta();
const Y = Number(TODAY.slice(0, 4));
const THIS_MONTH = monthStart(TODAY);

interface Status {
  fiscalYear: number;
  start: string;
  end: string;
  asOf: string;
  totalIncome: number;
  totalExpense: number;
  surplus: number;
  months: Array<{ periode: string; income: number; expense: number; surplus: number }>;
}

async function postJournal(t: LedgerTenant, date: string, lines: Array<[string, number, number]>, path = '/api/journal-manual') {
  const r = await t.admin.post(path, jbody(t, date, lines));
  expect(r.statusCode, r.body).toBe(200);
}

describe('current-year financial status', () => {
  it('sums income and expenses per month of the fiscal year, adjustments included, closing entries left out', async () => {
    const t = await ledgerTenant();
    // Last year: earned 5,000,000.50, spent 2,000,000, then the year is closed (closing entries zero both).
    await postJournal(t, `${Y - 1}-03-10`, [
      ['10101', 5_000_000.5, 0],
      ['40302', 0, 5_000_000.5],
    ]);
    await postJournal(t, `${Y - 1}-03-12`, [
      ['50201', 2_000_000, 0],
      ['10101', 0, 2_000_000],
    ]);
    const close = await t.admin.post('/api/ledger/fiscal-year/close', { year: Y - 1 });
    expect(close.statusCode, close.body).toBe(200);

    // This year: income 3,000,000, expense 1,200,000, an adjustment expense of 300,000, and a refund of 100,000 income.
    await postJournal(t, THIS_MONTH, [
      ['10101', 3_000_000, 0],
      ['40302', 0, 3_000_000],
    ]);
    await postJournal(t, THIS_MONTH, [
      ['50201', 1_200_000, 0],
      ['10101', 0, 1_200_000],
    ]);
    await postJournal(
      t,
      THIS_MONTH,
      [
        ['50202', 300_000, 0],
        ['10101', 0, 300_000],
      ],
      '/api/journal-manual/adjust',
    );
    await postJournal(t, THIS_MONTH, [
      ['40302', 100_000, 0],
      ['10101', 0, 100_000],
    ]);

    const now = await t.admin.get(URL);
    expect(now.statusCode, now.body).toBe(200);
    const cur = data<Status>(now);
    expect(cur.fiscalYear).toBe(Y);
    expect(cur.start).toBe(`${Y}-01-01`);
    expect(cur.end).toBe(`${Y}-12-31`);
    expect(cur.asOf).toBe(TODAY);
    expect(cur.months.map((m) => m.periode)).toEqual(Array.from({ length: 12 }, (_, i) => `${Y}-${String(i + 1).padStart(2, '0')}`));
    const month = cur.months.find((m) => m.periode === THIS_MONTH.slice(0, 7))!;
    expect(month).toEqual({ periode: THIS_MONTH.slice(0, 7), income: 2_900_000, expense: 1_500_000, surplus: 1_400_000 });
    expect(cur.months.filter((m) => m !== month).every((m) => m.income === 0 && m.expense === 0 && m.surplus === 0)).toBe(true);
    expect([cur.totalIncome, cur.totalExpense, cur.surplus]).toEqual([2_900_000, 1_500_000, 1_400_000]);

    // The closed year still shows what it earned and spent (the closing journal is not income or expense).
    const last = data<Status>(await t.admin.get(URL, { year: Y - 1 }));
    expect(last.fiscalYear).toBe(Y - 1);
    expect(last.asOf).toBe(`${Y - 1}-12-31`);
    expect([last.totalIncome, last.totalExpense, last.surplus]).toEqual([5_000_000.5, 2_000_000, 3_000_000.5]);
    expect(last.months.find((m) => m.periode === `${Y - 1}-03`)).toMatchObject({ income: 5_000_000.5, expense: 2_000_000 });
    expect(last.months.find((m) => m.periode === `${Y - 1}-12`)).toMatchObject({ income: 0, expense: 0 });

    // Another cooperative sees only its own (empty) ledger.
    const other = await ledgerTenant();
    const mine = data<Status>(await other.admin.get(URL));
    expect([mine.totalIncome, mine.totalExpense, mine.surplus]).toEqual([0, 0, 0]);
  });

  it('needs dashboard:view and refuses a bad year with a localized message', async () => {
    const t = await ledgerTenant();
    const nobody = await roleUser(t, { permissions: {} });
    expect((await nobody.get(URL)).statusCode).toBe(403);
    const dash = await roleUser(t, { permissions: { dashboard: { view: true, add: false, update: false, delete: false } } });
    expect((await dash.get(URL)).statusCode).toBe(200);

    const bad = await t.admin.get(URL, { year: 'dua-ribu' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: false, message: expect.stringContaining('Tahun buku tidak valid') });
    const badEn = await t.admin.get(URL, { year: '99999' }, { 'accept-language': 'en' });
    expect(badEn.statusCode).toBe(400);
    expect(badEn.json().message).toContain('The fiscal year is not valid');
  });
});
