/**
 * The open items after sign-in (spec section 5): the loans datatable with
 * status=OPEN, page 0, limit 100, from 2020-01-01 to today, for the signed-in
 * officer — applications waiting for approval, approved loans waiting for
 * release, running loans with an installment past due; not a running loan
 * that is on time nor another officer's.
 */
import { describe, expect, it } from 'vitest';
import { body } from './helpers.ts';
import { apply, loanSetup, makeLate, runningLoan, todayWib } from './loans-fixtures.ts';

const L = '/api/transaction/product/loan';

describe('open items', () => {
  it('lists what waits for the officer', async () => {
    const s = await loanSetup();
    const me = body<any>(await s.t.admin.get('/api/users/detail')).data.id as string;
    const waiting = body<any>(await apply(s.t.admin, s, { amount: 1_000_000 })).data.loan;
    const approved = body<any>(await apply(s.t.admin, s, { amount: 2_000_000 })).data.loan;
    expect((await s.t.admin.post(`${L}/${approved.id}/approved-loan`, { status: 'APPROVED' })).statusCode).toBe(200);
    const onTime = await runningLoan(s, { amount: 3_000_000 });
    const late = await runningLoan(s, { amount: 4_000_000 });
    await makeLate(s.t, late.id, late.installments[0].dueDate, 5);
    const query = { page: 0, limit: 100, search: '', start: '2020-01-01', end: todayWib(), status: 'OPEN', userId: me };
    const r = await s.t.admin.get(`${L}/datatable`, query);
    expect(r.statusCode, r.body).toBe(200);
    const ids = body<any>(r)
      .data.content.map((l: any) => l.id)
      .sort();
    expect(ids).toEqual([waiting.id, approved.id, late.id].sort());
    expect(ids).not.toContain(onTime.id);
    const other = await s.t.admin.get(`${L}/datatable`, { ...query, userId: '00000000-0000-4000-8000-000000000001' });
    expect(body<any>(other).data.totalElements).toBe(0);
    const bad = await s.t.admin.get(`${L}/datatable`, { ...query, status: 'CLOSED' });
    expect(bad.statusCode).toBe(400);
  });
});
