/**
 * The agent dashboard's calls (docs/teller.md "Agents"), each scoped by the server to the agent's own members:
 * the assigned cash account, the assigned members (limit 1000), the members due to pay their mandatory savings,
 * the agent's own latest transactions (limit 1000) and today's collections; another agent's member answers 404
 * when read or moved.
 */
import { describe, expect, it } from 'vitest';
import { body, newTenant } from './helpers.ts';
import { createMember, createUser, setConfig } from './members-fixtures.ts';
import { coaIds, defaultProducts } from './reconcile.ts';

const monthsAgo = (months: number) => {
  const d = new Date(Date.now() + 7 * 3600_000);
  d.setUTCDate(15);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
};

describe('agent dashboard calls', () => {
  it('answer the agent’s own cash account, members, members due to pay and transactions only', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const acc = await coaIds(t.tenantId);
    await setConfig(t, 'cooperativeRegulation', { mandatorySavingDueDay: 1 });
    const agent = await createUser(t, { roleCode: 'AGENT' });
    const other = await createUser(t, { roleCode: 'AGENT' });
    expect((await t.admin.post('/api/users/coa', { userId: agent.id, coaId: acc['10102'] })).statusCode).toBe(200);
    const mine = await createMember(t.admin, { memberType: 'MEMBER', joinDate: monthsAgo(2), fullName: 'Binaan Satu', agentId: agent.id });
    const mine2 = await createMember(t.admin, { memberType: 'MEMBER', joinDate: monthsAgo(3), fullName: 'Binaan Dua', agentId: agent.id });
    const theirs = await createMember(t.admin, {
      memberType: 'MEMBER',
      joinDate: monthsAgo(2),
      fullName: 'Binaan Lain',
      agentId: other.id,
    });

    const coa = body<any>(await agent.client.get('/api/coa/assign-to-me', { page: 0, limit: 1000 })).data;
    expect(coa.content.map((c: any) => c.code)).toEqual(['10102']);
    const members = body<any>(await agent.client.get('/api/member/assign-to-me', { page: 0, limit: 1000 })).data;
    expect(members.content.map((m: any) => m.fullName).sort()).toEqual(['Binaan Dua', 'Binaan Satu']);

    // Members due to pay: the agent's own; the manager sees every one.
    const due = body<any>(await agent.client.get('/api/home/member-not-paid-wajib')).data;
    expect(due.content.map((r: any) => r.fullName).sort()).toEqual(['Binaan Dua', 'Binaan Satu']);
    const all = body<any>(await t.admin.get('/api/home/member-not-paid-wajib')).data;
    expect(all.content.map((r: any) => r.fullName)).toContain('Binaan Lain');

    // The agent collects the mandatory savings of her member; another agent's member is not found.
    const pay = (cif: string) =>
      agent.client.post('/api/transaction/topup-saving-by-cif-product-kas-bank', { cif, productId: p.mandatory, amount: 50_000 });
    expect((await pay(mine.cifNumber)).statusCode).toBe(200);
    expect((await pay(theirs.cifNumber)).statusCode).toBe(404);
    expect((await agent.client.get(`/api/member/${theirs.id}/detail`)).statusCode).toBe(404);
    expect((await agent.client.get(`/api/member/${mine2.id}/detail`)).statusCode).toBe(200);

    const latest = body<any>(await agent.client.get('/api/transaction/datatable-by-me', { limit: 1000 })).data;
    expect(latest.content).toHaveLength(1);
    expect(body<any>(await other.client.get('/api/transaction/datatable-by-me', { limit: 1000 })).data.content).toHaveLength(0);
    const summary = body<any>(await agent.client.get('/api/dashboard-agent/summary')).data;
    expect(summary).toMatchObject({
      coa: { code: '10102', balance: 50_000 },
      todayCollections: { cashIn: 50_000, cashOut: 0, net: 50_000 },
      assignedMembers: 2,
      today: { membersServed: 1, depositsCollected: 50_000, transactions: 1 },
    });

    // The home dashboard's savings: the agent's members' accounts and movements only; the manager's, everyone's.
    const theirsPaid = await t.admin.post('/api/transaction/topup-saving-by-cif-product-kas-bank', {
      cif: theirs.cifNumber,
      productId: p.mandatory,
      amount: 70_000,
    });
    expect(theirsPaid.statusCode).toBe(200);
    const month = (d: any) => d.savings.thisMonth;
    const agentHome = body<any>(await agent.client.get('/api/home/saving-loan')).data;
    expect(month(agentHome)).toMatchObject({ deposits: 50_000, transactions: 1 });
    const own = agentHome.savings.byType.reduce((n: number, r: any) => n + r.members, 0);
    const adminHome = body<any>(await t.admin.get('/api/home/saving-loan')).data;
    expect(month(adminHome)).toMatchObject({ deposits: 120_000, transactions: 2 });
    expect(adminHome.savings.byType.reduce((n: number, r: any) => n + r.members, 0)).toBeGreaterThan(own);
  });
});
