/**
 * The loan reports of spec section 7 against the portfolio fixture
 * (portfolio-fixtures.ts), by hand:
 * - realization-periode 2026-01..05: A, B (01-10) and C (05-01), 36.000.000.
 * - paid-interest-member 2026-03: Budi 2.000.000 principal + 240.000 interest.
 * - by-periode 2026-01..05: Jan released 2 (24.000.000), outstanding 24.000.000;
 *   Mar principal 2.000.000, interest 240.000, outstanding 22.000.000; May
 *   released 12.000.000, outstanding 34.000.000.
 * - recapitulation of A: 12 installments 12.000.000 + 1.440.000, paid 2.000.000 + 240.000.
 * - collateral: a BPKB of 15.000.000 on a fourth loan; filter by type.
 * Then the reminders: due within 3 days and overdue, only to members who accept notifications. They run on
 * 2026-11-20 (only `Date` faked): on a real today the fixture's own loans fall due within 3 days on some days of
 * every month (C on the 1st, A on the 10th), which made the count of installments due soon depend on the day.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { body } from './helpers.ts';
import { makeLate, runningLoan } from './loans-fixtures.ts';
import { data, portfolioFixture } from './portfolio-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('loan reports', () => {
  it('realization, interest paid per member, by period, recapitulation, collateral; filters and Excel', async () => {
    const { s, p2, a, c } = await portfolioFixture();
    const admin = s.t.admin;
    const period = { start: '2026-01-01', end: '2026-05-31' };
    const real = data(await admin.get('/api/report/loan/realization-periode', period));
    expect(real.rows.map((r: any) => r.loanNumber)).toHaveLength(3);
    expect(real.totals).toMatchObject({ count: 3, amount: 36_000_000, netDisbursed: 36_000_000 });
    expect(
      data(await admin.get('/api/report/loan/realization-periode', { ...period, productId: p2 })).rows.map((r: any) => r.loanId),
    ).toEqual([c.id]);
    expect(data(await admin.get('/api/report/loan/realization-periode', { start: '2026-02-01', end: '2026-04-30' })).rows).toEqual([]);

    const paid = data(await admin.get('/api/report/loan/paid-interest-member', { start: '2026-03-01', end: '2026-03-31' }));
    expect(paid.rows).toEqual([
      expect.objectContaining({
        memberName: 'Budi Santoso',
        loanCount: 1,
        principal: 2_000_000,
        interest: 240_000,
        fine: 0,
        amount: 2_240_000,
      }),
    ]);

    const months = data(await admin.get('/api/report/loan/by-periode', period));
    expect(months.rows.map((m: any) => [m.period, m.releasedCount, m.releasedAmount, m.principal, m.interest, m.outstanding])).toEqual([
      ['2026-01', 2, 24_000_000, 0, 0, 24_000_000],
      ['2026-02', 0, 0, 0, 0, 24_000_000],
      ['2026-03', 0, 0, 2_000_000, 240_000, 22_000_000],
      ['2026-04', 0, 0, 0, 0, 22_000_000],
      ['2026-05', 1, 12_000_000, 0, 0, 34_000_000],
    ]);
    expect(months.totals).toMatchObject({ releasedCount: 3, releasedAmount: 36_000_000, principal: 2_000_000, outstanding: 34_000_000 });

    const recap = data(await admin.get(`/api/report/loan/${a.id}/recapitulation`));
    expect(recap.installments).toHaveLength(12);
    expect(recap.installmentTotals).toMatchObject({
      principal: 12_000_000,
      interest: 1_440_000,
      principalPaid: 2_000_000,
      interestPaid: 240_000,
    });
    expect(recap.paymentTotals).toMatchObject({ count: 1, amount: 2_240_000 });
    const missing = await admin.get('/api/report/loan/00000000-0000-4000-8000-000000000000/recapitulation');
    expect(missing.statusCode).toBe(404);
    expect(body(missing).status).toBe(false);

    await runningLoan(s, { collaterals: [{ type: 'BPKB', number: 'B-123', value: 15_000_000 }] }, { releaseDate: '2026-04-01' });
    const col = data(await admin.get('/api/report/loan/collateral', { ...period, type: 'bpkb' }));
    expect(col.rows).toHaveLength(1);
    expect(col.totals).toMatchObject({ count: 1, value: 15_000_000 });
    expect(col.byType).toEqual([{ type: 'BPKB', count: 1, value: 15_000_000 }]);
    expect(data(await admin.get('/api/report/loan/collateral', { ...period, type: 'SHM' })).rows).toEqual([]);

    for (const path of ['realization-periode', 'paid-interest-member', 'by-periode', 'collateral', `${a.id}/recapitulation`]) {
      const x = await admin.get(`/api/report/loan/${path}`, { ...period, format: 'xlsx' });
      expect(x.statusCode, path).toBe(200);
      expect(String(x.headers['content-type'])).toContain('spreadsheetml');
    }
    const bad = await admin.get('/api/report/loan/by-periode', { start: '2026-13-01' });
    expect(bad.statusCode).toBe(400);
  }, 120_000);

  it('sends reminders of installments due soon and overdue, once a day, only to members who accept them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T03:00:00Z'));
    const { s, siti } = await portfolioFixture();
    const t = s.t;
    // A fresh loan whose first installment falls due in 2 days.
    const soon = await runningLoan(s);
    await makeLate(t, soon.id, soon.installments[0].dueDate, -2);
    await t.app.db.tenant(t.tenantId, (tx) =>
      tx.exec(`UPDATE member SET phone = '+6281234567001' WHERE tenant_id = app_tenant() AND id = $1`, [s.member.id]),
    );
    await t.app.db.tenant(t.tenantId, (tx) =>
      tx.exec(`UPDATE member SET phone = '+6281234567002', is_send_notification = false WHERE tenant_id = app_tenant() AND id = $1`, [
        siti.id,
      ]),
    );
    const before = t.app.notifier.outbox.length;
    const r = data(await t.admin.post('/api/loan/reminders/send', {}));
    // Budi: loan A overdue since 04-10 (installments 3..), C overdue since 06-01, the fresh loan due in 2 days; Siti opted out.
    expect(r.due).toBe(1);
    expect(r.overdue).toBeGreaterThan(0);
    const sent = t.app.notifier.outbox.slice(before);
    expect(sent).toHaveLength(r.sent);
    expect(sent.every((m) => m.to === '+6281234567001' && m.channel === 'sms')).toBe(true);
    expect(sent.some((m) => m.text.includes('jatuh tempo') && m.text.includes(soon.loanNumber))).toBe(true);
    expect(sent.some((m) => m.text.includes('telah lewat jatuh tempo'))).toBe(true);
    const again = data(await t.admin.post('/api/loan/reminders/send', {}));
    expect(again.sent).toBe(0);
    const home = data(await t.admin.get('/api/home/reminder-loans', { days: '3' }));
    expect(home.content.map((x: any) => x.loanId)).toContain(soon.id);
    const unpaid = data(await t.admin.get('/api/home/unpaid-loan'));
    expect(unpaid.content.length).toBeGreaterThanOrEqual(3);
  }, 120_000);
});
