/**
 * Closing the books: months close in order and lock their dates, reopening is
 * a permissioned, audited action with a reason, and closing a fiscal year
 * moves income and expenses into the current-year surplus.
 */
import { describe, expect, it } from 'vitest';
import { todayJakarta } from '../src/modules/ledger/dates.ts';
import { accountBalance, post } from '../src/modules/ledger/posting.ts';
import { body } from './helpers.ts';
import { data, jbody, type LedgerTenant, ledgerTenant, roleUser } from './ledger-helpers.ts';

const THIS_YEAR = Number(todayJakarta().slice(0, 4));
const Y = THIS_YEAR - 1;

async function journal(t: LedgerTenant, date: string, lines: Array<[string, number, number]>, businessUnitId?: string) {
  const res = await t.admin.post('/api/journal-manual', jbody(t, date, lines, businessUnitId ? { businessUnitId } : {}));
  expect(res.statusCode, res.body).toBe(200);
  return data(res);
}

async function balance(t: LedgerTenant, code: string, asOf?: string) {
  return (await t.tx((tx) => accountBalance(tx, t.acc[code], asOf))).toNumber();
}

describe('month closing', () => {
  it('closes every month up to the one named, refuses postings there, and reopens with a reason', async () => {
    const t = await ledgerTenant();
    await journal(t, `${Y}-01-20`, [
      ['10101', 1000, 0],
      ['40302', 0, 1000],
    ]);
    const res = await t.admin.post('/api/ledger/period/close', { periode: `${Y}-03` });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(`Periode berhasil ditutup sampai ${Y}-03`);
    expect(data(res)).toEqual({ periode: `${Y}-03`, closedThrough: `${Y}-03-31`, closedMonths: [`${Y}-01`, `${Y}-02`, `${Y}-03`] });

    // Before the first journal is closed too: the dates are closed, not just the months with journals.
    for (const date of [`${Y - 1}-12-31`, `${Y}-02-15`, `${Y}-03-31`]) {
      const refused = await t.admin.post(
        '/api/journal-manual',
        jbody(t, date, [
          ['10101', 1, 0],
          ['40302', 0, 1],
        ]),
      );
      expect(refused.statusCode).toBe(422);
      expect(body(refused)).toMatchObject({
        errorCode: 'PERIOD_CLOSED',
        message: `Periode ${date.slice(0, 7)} sudah ditutup, tidak dapat menjurnal pada tanggal tersebut`,
      });
    }
    await journal(t, `${Y}-04-01`, [
      ['10101', 1, 0],
      ['40302', 0, 1],
    ]);
    const again = await t.admin.post('/api/ledger/period/close', { periode: `${Y}-02` });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ errorCode: 'PERIOD_ALREADY_CLOSED' });
    const current = await t.admin.post('/api/ledger/period/close', { periode: todayJakarta().slice(0, 7) });
    expect(body(current)).toMatchObject({ errorCode: 'MONTH_NOT_ENDED', code: 422 });
    const bad = await t.admin.post('/api/ledger/period/close', { periode: `${Y}-13` });
    expect(body(bad)).toMatchObject({ code: 400, message: 'Periode tidak valid (YYYY-MM)' });

    const status = data(await t.admin.get('/api/ledger/period', { year: Y }));
    expect(status).toMatchObject({ fiscalYear: Y, start: `${Y}-01-01`, end: `${Y}-12-31`, status: 'OPEN', closedThrough: `${Y}-03-31` });
    expect(status.months).toHaveLength(12);
    expect(status.months.slice(0, 4).map((m: { status: string }) => m.status)).toEqual(['CLOSED', 'CLOSED', 'CLOSED', 'OPEN']);
    expect(status.months[0]).toMatchObject({
      periode: `${Y}-01`,
      closedBy: t.adminUserId,
      closedByName: 'Admin Uji',
      totalDebit: 1000,
      lineCount: 2,
    });

    // Reopening needs the delete permission on Jurnal Umum and a reason.
    const closer = await roleUser(t, { permissions: { general_journal: { view: true, add: true, update: true, delete: false } } });
    const forbidden = await closer.post('/api/ledger/period/reopen', { periode: `${Y}-02`, reason: 'koreksi' });
    expect(forbidden.statusCode).toBe(403);
    const noReason = await t.admin.post('/api/ledger/period/reopen', { periode: `${Y}-02` });
    expect(body(noReason)).toMatchObject({ code: 400, message: 'Alasan wajib diisi' });
    const reopened = await t.admin.post('/api/ledger/period/reopen', { periode: `${Y}-02`, reason: 'Koreksi biaya listrik' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(data(reopened)).toEqual({ periode: `${Y}-02`, closedThrough: `${Y}-01-31`, reopenedMonths: [`${Y}-02`, `${Y}-03`] });
    await journal(t, `${Y}-02-15`, [
      ['50202', 5, 0],
      ['10101', 0, 5],
    ]);
    const stillClosed = await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-01-31`, [
        ['10101', 1, 0],
        ['40302', 0, 1],
      ]),
    );
    expect(body(stillClosed).errorCode).toBe('PERIOD_CLOSED');
    const notClosed = await t.admin.post('/api/ledger/period/reopen', { periode: `${Y}-05`, reason: 'x' });
    expect(body(notClosed)).toMatchObject({ errorCode: 'PERIOD_NOT_CLOSED' });
    const after = data(await t.admin.get('/api/ledger/period', { year: Y }));
    expect(after.months[1]).toMatchObject({ status: 'OPEN', reopenReason: 'Koreksi biaya listrik', reopenedByName: 'Admin Uji' });
    const audit = await t.tx((tx) =>
      tx.query<{ action: string; entity_id: string }>(
        `SELECT action, entity_id FROM audit_log WHERE action LIKE 'ledger.period%' ORDER BY id`,
      ),
    );
    expect(audit).toEqual([
      { action: 'ledger.period_close', entity_id: `${Y}-03` },
      { action: 'ledger.period_reopen', entity_id: `${Y}-02` },
    ]);
  });
});

describe('year-end closing', () => {
  it('moves income and expenses into the current-year surplus, carries earlier surplus to retained surplus, and reopens', async () => {
    const t = await ledgerTenant();
    const Y2 = Y - 1;
    const unit = crypto.randomUUID();
    await journal(t, `${Y2}-03-10`, [
      ['10101', 10_000, 0],
      ['40302', 0, 10_000],
    ]);
    await journal(t, `${Y2}-07-10`, [
      ['50202', 3_000, 0],
      ['10101', 0, 3_000],
    ]);
    await journal(
      t,
      `${Y2}-08-10`,
      [
        ['10101', 500, 0],
        ['40201', 0, 500],
      ],
      unit,
    );
    await journal(t, `${Y}-02-10`, [
      ['10101', 4_000, 0],
      ['40301', 0, 4_000],
    ]);

    const tooEarly = await t.admin.post('/api/ledger/fiscal-year/close', { year: Y });
    expect(tooEarly.statusCode).toBe(422);
    expect(body(tooEarly)).toMatchObject({ errorCode: 'PREVIOUS_YEAR_OPEN', message: `Tutup tahun buku ${Y2} terlebih dahulu` });
    const notEnded = await t.admin.post('/api/ledger/fiscal-year/close', { year: THIS_YEAR });
    expect(body(notEnded)).toMatchObject({ errorCode: 'FISCAL_YEAR_NOT_ENDED' });

    const res = await t.admin.post('/api/ledger/fiscal-year/close', { year: Y2 }, { 'idempotency-key': `yc-${crypto.randomUUID()}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(`Tahun buku ${Y2} berhasil ditutup`);
    const closed = data(res);
    expect(closed).toMatchObject({ year: Y2, start: `${Y2}-01-01`, end: `${Y2}-12-31`, status: 'CLOSED', surplus: 7_500 });
    expect(closed.closedMonths[closed.closedMonths.length - 1]).toBe(`${Y2}-12`);
    const cj = data(await t.admin.get(`/api/journal/${closed.closingJournal.id}/detail`));
    expect(cj).toMatchObject({ sourceModule: 'CLOSING', sourceId: String(Y2), isClosing: true, date: `${Y2}-12-31`, cancellable: false });
    const lines = cj.lines.map((l: { coaCode: string; debit: number; credit: number; businessUnitId: string | null }) => [
      l.coaCode,
      l.debit,
      l.credit,
      l.businessUnitId,
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['40302', 10_000, 0, null],
        ['50202', 0, 3_000, null],
        ['30501', 0, 7_000, null],
        ['40201', 500, 0, unit],
        ['30501', 0, 500, unit],
      ]),
    );
    expect(lines).toHaveLength(5);
    // Income and expense are zero at the year's end; the surplus sits on SHU tahun berjalan.
    expect(await balance(t, '40302', `${Y2}-12-31`)).toBe(0);
    expect(await balance(t, '50202', `${Y2}-12-31`)).toBe(0);
    expect(await balance(t, '30501', `${Y2}-12-31`)).toBe(7_500);
    // The profit and loss of the closed year still shows its result.
    const pl = data(await t.admin.get('/api/report/v2/profit-and-loss', { start: `${Y2}-01`, end: `${Y2}-12` }));
    expect(pl).toMatchObject({ totalIncome: 10_500, totalExpense: 3_000, surplus: 7_500 });
    const bs = data(await t.admin.get('/api/report/v2/balance-sheet', { periode: `${Y2}-12` }));
    expect(bs).toMatchObject({ balanced: true, totalAssets: 7_500, totalLiabilitiesAndEquity: 7_500, currentYearResult: 0 });

    // Nothing can be posted in the closed year, its months cannot be reopened, it cannot close twice.
    const late = await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y2}-06-01`, [
        ['10101', 1, 0],
        ['40302', 0, 1],
      ]),
    );
    expect(body(late).errorCode).toBe('PERIOD_CLOSED');
    const reopenMonth = await t.admin.post('/api/ledger/period/reopen', { periode: `${Y2}-12`, reason: 'x' });
    expect(body(reopenMonth)).toMatchObject({ errorCode: 'FISCAL_YEAR_CLOSED', message: `Tahun buku ${Y2} sudah ditutup` });
    const twice = await t.admin.post('/api/ledger/fiscal-year/close', { year: Y2 });
    expect(body(twice)).toMatchObject({ errorCode: 'FISCAL_YEAR_ALREADY_CLOSED', code: 409 });

    // The next year: the earlier surplus moves to retained surplus, the new one lands on SHU tahun berjalan.
    const next = data(await t.admin.post('/api/ledger/fiscal-year/close', { year: Y }));
    expect(next.surplus).toBe(4_000);
    expect(await balance(t, '30501', `${Y}-12-31`)).toBe(4_000);
    expect(await balance(t, '30502', `${Y}-12-31`)).toBe(7_500);
    expect(await balance(t, '40301', `${Y}-12-31`)).toBe(0);
    const years = data(await t.admin.get('/api/ledger/fiscal-year'));
    expect(
      years
        .filter((y: { fiscalYear: number }) => y.fiscalYear <= Y)
        .map((y: { fiscalYear: number; status: string }) => [y.fiscalYear, y.status]),
    ).toEqual([
      [Y, 'CLOSED'],
      [Y2, 'CLOSED'],
    ]);

    // Reopening: only the latest closed year, with a reason; it reverses the closing journal.
    const blocked = await t.admin.post('/api/ledger/fiscal-year/reopen', { year: Y2, reason: 'koreksi' });
    expect(body(blocked)).toMatchObject({ errorCode: 'NEXT_YEAR_CLOSED' });
    const reopen = await t.admin.post('/api/ledger/fiscal-year/reopen', { year: Y, reason: 'Koreksi pendapatan jasa giro' });
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect(data(reopen)).toMatchObject({ year: Y, status: 'OPEN', reversal: { number: expect.stringMatching(new RegExp(`^JU/${Y}/`)) } });
    expect(await balance(t, '30501', `${Y}-12-31`)).toBe(7_500);
    expect(await balance(t, '30502', `${Y}-12-31`)).toBe(0);
    expect(await balance(t, '40301', `${Y}-12-31`)).toBe(4_000);
    // Its months stay closed until reopened; then a correction and a new close.
    const reopenDec = await t.admin.post('/api/ledger/period/reopen', { periode: `${Y}-12`, reason: 'Koreksi' });
    expect(reopenDec.statusCode, reopenDec.body).toBe(200);
    await journal(t, `${Y}-12-20`, [
      ['50209', 100, 0],
      ['10101', 0, 100],
    ]);
    const again = data(await t.admin.post('/api/ledger/fiscal-year/close', { year: Y }));
    expect(again.surplus).toBe(3_900);
    expect(await balance(t, '30501', `${Y}-12-31`)).toBe(3_900);
    const audit = await t.tx((tx) =>
      tx.query<{ action: string }>(`SELECT action FROM audit_log WHERE action LIKE 'ledger.year%' ORDER BY id`),
    );
    expect(audit.map((a) => a.action)).toEqual(['ledger.year_close', 'ledger.year_close', 'ledger.year_reopen', 'ledger.year_close']);
  });

  it('a closing journal cannot be cancelled as a journal', async () => {
    const t = await ledgerTenant();
    await journal(t, `${Y}-03-10`, [
      ['10101', 100, 0],
      ['40302', 0, 100],
    ]);
    const closed = data(await t.admin.post('/api/ledger/fiscal-year/close', { year: Y }));
    const res = await t.admin.post('/api/journal-manual/cancel', { id: closed.closingJournal.id, reason: 'x' });
    expect(res.statusCode).toBe(422);
    expect(body(res).errorCode).toBe('JOURNAL_NOT_REVERSIBLE');
  });

  it('a year without income or expense closes without a journal', async () => {
    const t = await ledgerTenant();
    await t.tx((tx) =>
      post(tx, t.ctx, {
        date: `${Y}-03-10`,
        description: 'Setoran modal',
        source: { module: 'OPENING' },
        lines: [
          { accountId: t.acc['10101'], debit: 100 },
          { accountId: t.acc['30901'], credit: 100 },
        ],
      }),
    );
    const closed = data(await t.admin.post('/api/ledger/fiscal-year/close', { year: Y }));
    expect(closed).toMatchObject({ closingJournal: null, surplus: 0, status: 'CLOSED' });
  });
});
