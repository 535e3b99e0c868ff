/**
 * The day reports of the portfolio take the same filters as the period reports
 * (issue 14: product, branch, area, officer): report/loan/collectibility,
 * report/loan/npl, report/loan/by-product and report/loan, on the portfolio
 * fixture (portfolio-fixtures.ts) with Siti (loan B) in an area and loan C
 * handled by an officer; each with Excel. And the dashboard's loan side
 * (`home/saving-loan` key `loans`) on the same fixture.
 */
import { describe, expect, it } from 'vitest';
import { data, portfolioFixture } from './portfolio-fixtures.ts';

describe('portfolio day reports: area and officer filters', () => {
  it('collectibility, NPL, by product and the loan list filter by the member’s area and the loan’s officer', async () => {
    const { s, siti, b, c } = await portfolioFixture();
    const admin = s.t.admin;
    const officerId = s.t.adminUserId;
    const areaId = await s.t.app.db.tenant(s.t.tenantId, async (tx) => {
      const a = (await tx.one<{ id: string }>(`INSERT INTO area (tenant_id, name) VALUES (app_tenant(), 'Wilayah Timur') RETURNING id`))!;
      await tx.exec('UPDATE member SET area_id = $2 WHERE tenant_id = app_tenant() AND id = $1', [siti.id, a.id]);
      // The admin applied for every loan and signed up both members: here only loan C names an officer.
      await tx.exec('UPDATE member SET agent_id = NULL WHERE tenant_id = app_tenant()');
      await tx.exec('UPDATE loan SET officer_id = NULL WHERE tenant_id = app_tenant()');
      await tx.exec('UPDATE loan SET officer_id = $2 WHERE tenant_id = app_tenant() AND id = $1', [c.id, officerId]);
      return a.id;
    });
    const date = '2026-06-20';
    const ids = (r: any) => r.loans.map((l: any) => l.loanId);

    expect(ids(data(await admin.get('/api/report/loan/collectibility', { date })))).toHaveLength(3);
    expect(ids(data(await admin.get('/api/report/loan/collectibility', { date, areaId })))).toEqual([b.id]);
    expect(ids(data(await admin.get('/api/report/loan/collectibility', { date, officerId })))).toEqual([c.id]);

    const npl = data(await admin.get('/api/report/loan/npl', { time: date, areaId }));
    expect(npl.total).toMatchObject({ loanCount: 1, outstanding: 12_000_000, nonPerforming: 12_000_000 });
    expect(data(await admin.get('/api/report/loan/npl', { time: date, officerId })).total).toMatchObject({
      loanCount: 1,
      nonPerforming: 0,
    });

    const bp = data(await admin.get('/api/report/loan/by-product', { date, officerId }));
    expect(bp.total).toMatchObject({ loanCount: 1, amount: 12_000_000 });
    expect(data(await admin.get('/api/report/loan/by-product', { date, areaId })).total).toMatchObject({ loanCount: 1 });

    expect(data(await admin.get('/api/report/loan', { areaId })).content.map((l: any) => l.id)).toEqual([b.id]);
    expect(data(await admin.get('/api/report/loan', { officerId })).content.map((l: any) => l.id)).toEqual([c.id]);

    for (const [url, q] of [
      ['/api/report/loan/collectibility', { date, areaId }],
      ['/api/report/loan/npl', { time: date, officerId }],
      ['/api/report/loan/by-product', { date, areaId }],
      ['/api/report/loan', { officerId }],
    ] as const) {
      const x = await admin.get(url, { ...q, format: 'xlsx' });
      expect(x.statusCode, url).toBe(200);
      expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
    expect((await admin.get('/api/report/loan/npl', { time: date, areaId: 'nope' })).statusCode).toBe(400);
  }, 180_000);
});

describe('dashboard saving-loan: the loan side', () => {
  it('counts running, outstanding, overdue and waiting loans', async () => {
    const { s } = await portfolioFixture();
    const home = data(await s.t.admin.get('/api/home/saving-loan'));
    // A 10.000.000 left (two installments paid), B and C 12.000.000 each; every one has an installment past due by now.
    expect(home.loans).toMatchObject({ running: 3, outstanding: 34_000_000, overdue: 3, waiting: 0 });
  }, 180_000);
});
