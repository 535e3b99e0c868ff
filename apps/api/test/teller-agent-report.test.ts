/**
 * The agent report per agent and period (GET /api/report/agent-transactions, docs/teller.md "Agents"), end to end
 * through the money routes: members served, deposits collected (savings top-ups), payments collected (cash
 * payments of loans, bills and business-unit debts with their admin fee), withdrawals paid, cash handed over
 * (confirmed handovers); a period without activity shows zeros; another agent's row is apart.
 */
import { todayWib } from '@koperasi/contracts';
import { describe, expect, it } from 'vitest';
import { body } from './helpers.ts';
import { data, ledgerTenant } from './ledger-helpers.ts';
import { createActiveMember, createUser } from './members-fixtures.ts';
import { defaultProducts } from './reconcile.ts';

const TODAY = todayWib();

describe('agent report', () => {
  it('sums what each agent collected and handed over in the period', async () => {
    const t = await ledgerTenant();
    const p = await defaultProducts(t.tenantId);
    // The cooperative lets its agents take store-debt payments in the field.
    await t.tx((tx) =>
      tx.exec(
        `UPDATE role SET permissions = permissions || '{"business_unit": {"view": true, "add": true, "update": false, "delete": false}}'::jsonb
         WHERE code = 'AGENT'`,
      ),
    );
    const agent = await createUser(t, { roleCode: 'AGENT' });
    const other = await createUser(t, { roleCode: 'AGENT' });
    await t.admin.post('/api/users/coa', { userId: agent.id, coaId: t.acc['10102'] });
    const m1 = await createActiveMember(t.admin, { fullName: 'Anggota Satu', agentId: agent.id });
    const m2 = await createActiveMember(t.admin, { fullName: 'Anggota Dua', agentId: agent.id });
    const s1 = data(await agent.client.post('/api/transaction/request-open-product-member', { memberId: m1.id, productId: p.voluntary }))
      .account.id;
    expect((await agent.client.post('/api/transaction/topup-saving', { memberSavingId: s1, amount: 75_000 })).statusCode).toBe(200);
    expect((await agent.client.post('/api/transaction/topup-saving', { memberSavingId: s1, amount: 25_000 })).statusCode).toBe(200);

    const unit = data(
      await t.admin.post('/api/business-unit', {
        name: 'Toko Koperasi',
        type: 'TOKO',
        cashAccountId: t.acc['10101'],
        inventoryAccountId: t.acc['10301'],
        payableAccountId: t.acc['20210'],
        receivableAccountId: t.acc['10206'],
        revenueAccountId: t.acc['40201'],
        expenseAccountId: t.acc['50301'],
        adminLiabilityAccountId: t.acc['20211'],
        inventoryLossAccountId: t.acc['50302'],
      }),
    );
    await t.admin.post('/api/transaction-business-unit', {
      businessUnitId: unit.id,
      kind: 'SALE_CREDIT',
      memberId: m2.id,
      amount: 100_000,
    });
    const paid = await agent.client.post('/api/transaction-business-unit/payment-debt', {
      businessUnitId: unit.id,
      memberId: m2.id,
      amount: 40_000,
      adminFee: 1_000,
    });
    expect(paid.statusCode, paid.body).toBe(200);

    // A teller hands cash to the main cash; the supervisor confirms.
    const teller = await createUser(t, { roleCode: 'TELLER' });
    await t.admin.post('/api/users/coa', { userId: teller.id, coaId: t.acc['10103'] });
    await teller.client.post('/api/transaction-user/open-teller', { openingBalance: 0 });
    const s2 = data(await t.admin.post('/api/transaction/request-open-product-member', { memberId: m2.id, productId: p.voluntary })).account
      .id;
    expect((await teller.client.post('/api/transaction/topup-saving', { memberSavingId: s2, amount: 60_000 })).statusCode).toBe(200);
    const h = data(await teller.client.post('/api/transaction-user/handover', { target: 'MAIN_CASH', amount: 50_000 }));
    expect((await t.admin.post(`/api/transaction-user/handover/${h.id}/confirm`)).statusCode).toBe(200);

    const report = data(await t.admin.get('/api/report/agent-transactions', { start: TODAY, end: TODAY }));
    const row = (id: string) => report.content.find((r: { agentId: string }) => r.agentId === id);
    expect(row(agent.id)).toMatchObject({
      roleCode: 'AGENT',
      membersServed: 2,
      transactions: 3,
      depositsCollected: 100_000,
      paymentsCollected: 41_000,
      withdrawalsPaid: 0,
      cashHandedOver: 0,
    });
    expect(row(other.id)).toMatchObject({ membersServed: 0, depositsCollected: 0, paymentsCollected: 0 });
    expect(row(teller.id)).toMatchObject({ roleCode: 'TELLER', membersServed: 1, depositsCollected: 60_000, cashHandedOver: 50_000 });
    expect(report.total).toMatchObject({ depositsCollected: 160_000, paymentsCollected: 41_000, cashHandedOver: 50_000 });

    // One agent, and a period before any of it.
    const one = data(await t.admin.get('/api/report/agent-transactions', { start: TODAY, end: TODAY, agentId: agent.id }));
    expect(one.content).toHaveLength(1);
    const before = data(await t.admin.get('/api/report/agent-transactions', { start: '2024-01-01', end: '2024-01-31', agentId: agent.id }));
    expect(before.content[0]).toMatchObject({ membersServed: 0, depositsCollected: 0, paymentsCollected: 0, cashHandedOver: 0 });
    // The agent's own dashboard shows today's figures; the report itself is for those who read reports.
    const summary = data(await agent.client.get('/api/dashboard-agent/summary'));
    expect(summary.today).toMatchObject({ membersServed: 1, depositsCollected: 100_000 });
    expect(body(await agent.client.get('/api/report/agent-transactions')).errorCode).toBe('PERMISSION_DENIED');
  });
});
