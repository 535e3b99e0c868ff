/**
 * Business units: a member's debt paid from savings (one transaction: the savings withdrawal under the savings rules,
 * the debt and a balanced journal savings control / unit receivable; idempotent; cancelled with the refund), and
 * purchases on credit with the payment of the payable. After every step the unit's debts equal its receivable
 * account, the savings control accounts equal the accounts' balances and the ledger balances.
 */
import { describe, expect, it } from 'vitest';
import { addUnit as addUnitOn, balanceOf, checkUnit as check, journalLines, openVoluntary } from './business-units-fixtures.ts';
import { body } from './helpers.ts';
import { data, type LedgerTenant, ledgerTenant } from './ledger-helpers.ts';
import { createActiveMember, createUser } from './members-fixtures.ts';
import { assertReconciled, ledgerBalance } from './reconcile.ts';

const addUnit = (t: LedgerTenant) => addUnitOn(t, '10104');

describe('business-unit debt paid from savings', () => {
  it('withdraws from savings and pays the debt in one balanced, idempotent transaction; cancel refunds', async () => {
    const t = await ledgerTenant();
    const unit = await addUnit(t);
    const member = await createActiveMember(t.admin);
    const other = await createActiveMember(t.admin);
    const savingId = await openVoluntary(t, member.id, 500_000);
    const otherSaving = await openVoluntary(t, other.id, 500_000);
    const sale = await t.admin.post('/api/transaction-business-unit', {
      businessUnitId: unit.id,
      kind: 'SALE_CREDIT',
      amount: 900_000,
      memberId: member.id,
    });
    expect(sale.statusCode, sale.body).toBe(200);
    const pay = (b: Record<string, unknown>, key?: string) =>
      t.admin.post(
        '/api/transaction-business-unit/payment-debt',
        { businessUnitId: unit.id, memberId: member.id, source: 'SAVINGS', ...b },
        key ? { 'idempotency-key': key } : {},
      );

    const noAccount = await pay({ amount: 100_000 });
    expect(noAccount.statusCode).toBe(422);
    expect(body(noAccount).errorCode).toBe('SAVING_REQUIRED');
    const notHis = await pay({ amount: 100_000, memberSavingId: otherSaving });
    expect(notHis.statusCode).toBe(422);
    expect(body(notHis).errorCode).toBe('SAVING_NOT_MEMBER');
    // More than the balance less the minimum balance: the savings refusal, nothing moves.
    const tooMuch = await pay({ amount: 500_000, memberSavingId: savingId });
    expect(tooMuch.statusCode).toBe(422);
    expect(body(tooMuch).errorCode).toBe('INSUFFICIENT_BALANCE');
    // A blocked amount is kept too.
    const block = await t.admin.patch(`/api/member/${savingId}/saving-product/blocked`, {
      isBlocked: true,
      amount: 400_000,
      reason: 'Jaminan',
    });
    expect(block.statusCode, block.body).toBe(200);
    const blocked = await pay({ amount: 200_000, memberSavingId: savingId });
    expect(body(blocked).errorCode).toBe('INSUFFICIENT_BALANCE');
    expect((await t.admin.patch(`/api/member/${savingId}/saving-product/blocked`, { isBlocked: false, reason: 'Lunas' })).statusCode).toBe(
      200,
    );
    expect(await balanceOf(t, savingId)).toBe(500_000);
    expect(await check(t, unit.id)).toBe(900_000);

    const paid = await pay({ amount: 200_000, memberSavingId: savingId }, 'k-sav');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(data(paid)).toMatchObject({ kind: 'DEBT_PAYMENT', paymentSource: 'SAVINGS', memberSavingId: savingId, amount: 200_000 });
    const replay = await pay({ amount: 200_000, memberSavingId: savingId }, 'k-sav');
    expect(data(replay).id).toBe(data(paid).id);
    expect(await balanceOf(t, savingId)).toBe(300_000);
    expect(await check(t, unit.id)).toBe(700_000);

    const lines = await journalLines(t, data(paid).journalId);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({ account_id: t.acc['10206'], debit: '0.00', credit: '200000.00' });
    expect(lines[0]!.debit).toBe('200000.00');
    const movement = await t.tx((tx) =>
      tx.one<{ activity: string; journal_id: string; amount: string }>(
        'SELECT activity, journal_id, amount::text FROM member_transaction WHERE id = $1',
        [data(paid).savingTransactionId],
      ),
    );
    expect(movement).toEqual({ activity: 'UNIT_DEBT_PAYMENT', journal_id: data(paid).journalId, amount: '200000.00' });

    const cancel = await t.admin.post(`/api/transaction-business-unit/${data(paid).id}/payment-cancel`, { reason: 'Salah rekening' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await balanceOf(t, savingId)).toBe(500_000);
    expect(await check(t, unit.id)).toBe(900_000);
    const status = await t.tx((tx) =>
      tx.one<{ status: string }>('SELECT status FROM member_transaction WHERE id = $1', [data(paid).savingTransactionId]),
    );
    expect(status?.status).toBe('CANCELLED');
  });

  it('two payments from the same savings at once never overdraw it', async () => {
    const t = await ledgerTenant();
    const unit = await addUnit(t);
    const member = await createActiveMember(t.admin);
    const savingId = await openVoluntary(t, member.id, 300_000);
    const sale = await t.admin.post('/api/transaction-business-unit', {
      businessUnitId: unit.id,
      kind: 'SALE_CREDIT',
      amount: 1_000_000,
      memberId: member.id,
    });
    expect(sale.statusCode).toBe(200);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        t.admin.post('/api/transaction-business-unit/payment-debt', {
          businessUnitId: unit.id,
          memberId: member.id,
          amount: 120_000,
          source: 'SAVINGS',
          memberSavingId: savingId,
        }),
      ),
    );
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(t, savingId)).toBe(300_000 - okCount * 120_000);
    expect(await balanceOf(t, savingId)).toBeGreaterThanOrEqual(0);
    expect(await check(t, unit.id)).toBe(1_000_000 - okCount * 120_000);
  });
});

describe('business-unit debt paid from savings: the withdrawal limit', () => {
  it("a role's savings withdrawal limit applies to a payment from savings, not to one in cash", async () => {
    const t = await ledgerTenant();
    const unit = await addUnit(t);
    const member = await createActiveMember(t.admin);
    const savingId = await openVoluntary(t, member.id, 500_000);
    expect(
      (
        await t.admin.post('/api/transaction-business-unit', {
          businessUnitId: unit.id,
          kind: 'SALE_CREDIT',
          amount: 300_000,
          memberId: member.id,
        })
      ).statusCode,
    ).toBe(200);
    const clerk = await createUser(t, {
      permissions: {
        business_unit: { view: true, add: true, update: true, delete: false },
        member_transaction: { view: true, add: true, update: false, delete: false },
      },
    });
    await t.tx((tx) =>
      tx.exec('UPDATE role SET saving_withdrawal_limit = 100000 WHERE id = (SELECT role_id FROM app_user WHERE id = $1)', [clerk.id]),
    );
    const pay = (b: Record<string, unknown>) =>
      clerk.client.post('/api/transaction-business-unit/payment-debt', { businessUnitId: unit.id, memberId: member.id, ...b });
    const over = await pay({ amount: 150_000, source: 'SAVINGS', memberSavingId: savingId });
    expect(over.statusCode).toBe(403);
    expect(body(over).errorCode).toBe('LIMIT_EXCEEDED');
    expect(await balanceOf(t, savingId)).toBe(500_000);
    expect((await pay({ amount: 100_000, source: 'SAVINGS', memberSavingId: savingId })).statusCode).toBe(200);
    expect((await pay({ amount: 150_000 })).statusCode).toBe(200);
    expect(await balanceOf(t, savingId)).toBe(400_000);
    expect(await check(t, unit.id)).toBe(50_000);
  });
});

describe('business-unit debts and agents', () => {
  it("an agent sees and acts on the debts of the agent's own members only (another agent's member: 404)", async () => {
    const t = await ledgerTenant();
    const unit = await addUnit(t);
    // Agents of a cooperative that lets them work with business units.
    await t.tx((tx) =>
      tx.exec(`UPDATE role SET permissions = permissions || '{"business_unit": {"view": true, "add": true, "update": true, "delete": false}}'::jsonb
               WHERE code = 'AGENT'`),
    );
    const agent = await createUser(t, { roleCode: 'AGENT' });
    const other = await createUser(t, { roleCode: 'AGENT' });
    const mine = await createActiveMember(t.admin, { agentId: agent.id });
    const theirs = await createActiveMember(t.admin, { agentId: other.id });
    const theirSaving = await openVoluntary(t, theirs.id, 500_000);
    for (const m of [mine, theirs]) {
      const r = await t.admin.post('/api/transaction-business-unit', {
        businessUnitId: unit.id,
        kind: 'SALE_CREDIT',
        amount: 50_000,
        memberId: m.id,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const sale = (memberId: string) =>
      agent.client.post('/api/transaction-business-unit', { businessUnitId: unit.id, kind: 'SALE_CREDIT', amount: 10_000, memberId });
    expect((await sale(mine.id)).statusCode).toBe(200);
    expect((await sale(theirs.id)).statusCode).toBe(404);
    const pay = (b: Record<string, unknown>) =>
      agent.client.post('/api/transaction-business-unit/payment-debt', { businessUnitId: unit.id, amount: 10_000, ...b });
    expect((await pay({ memberId: theirs.id })).statusCode).toBe(404);
    expect((await pay({ memberId: theirs.id, source: 'SAVINGS', memberSavingId: theirSaving })).statusCode).toBe(404);
    expect((await pay({ memberId: mine.id })).statusCode).toBe(200);

    const debts = data(await agent.client.get('/api/transaction-business-unit/datatable-summary'));
    expect(debts.content.map((d: { memberId: string }) => d.memberId)).toEqual([mine.id]);
    expect(debts.totalDebt).toBe(50_000);
    const detail = data(await agent.client.get('/api/transaction-business-unit/datatable-detail', { limit: 50 }));
    expect(new Set(detail.content.map((d: { memberId: string }) => d.memberId))).toEqual(new Set([mine.id]));
    const theirTx = data(await t.admin.get(`/api/transaction-business-unit/${theirs.id}/mutation-debt`)).content[0];
    expect((await agent.client.get(`/api/report/${theirTx.id}/detail-journal-transaction-business-unit`)).statusCode).toBe(403);
    expect(data(await agent.client.get(`/api/transaction-business-unit/${theirs.id}/mutation-debt`)).totalElements).toBe(0);
    expect(await check(t, unit.id)).toBe(100_000);
  });
});

describe('business-unit purchases on credit', () => {
  it('a credit purchase raises the payable; its payment is capped at what is owed', async () => {
    const t = await ledgerTenant();
    const unit = await addUnit(t);
    const post = (b: Record<string, unknown>) => t.admin.post('/api/transaction-business-unit', { businessUnitId: unit.id, ...b });
    const bought = await post({ kind: 'PURCHASE_CREDIT', amount: 1_000_000, description: 'Beras 1 ton' });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await ledgerBalance(t.tenantId, '20210')).toNumber()).toBe(1_000_000);
    expect((await ledgerBalance(t.tenantId, '10301')).toNumber()).toBe(1_000_000);
    const over = await post({ kind: 'PAYABLE_PAYMENT', amount: 1_200_000 });
    expect(over.statusCode).toBe(422);
    expect(body(over).errorCode).toBe('PAYMENT_EXCEEDS_PAYABLE');
    expect(body(over).message).toMatch(/melebihi sisa utang usaha/);
    const paid = await post({ kind: 'PAYABLE_PAYMENT', amount: 400_000 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await ledgerBalance(t.tenantId, '20210')).toNumber()).toBe(600_000);
    const lines = await t.tx((tx) =>
      tx.query<{ account_id: string; business_unit_id: string }>(
        'SELECT account_id, business_unit_id FROM journal_line WHERE journal_id = $1 ORDER BY line_no',
        [data(paid).journalId],
      ),
    );
    expect(lines).toEqual([
      { account_id: t.acc['20210'], business_unit_id: unit.id },
      { account_id: t.acc['10104'], business_unit_id: unit.id },
    ]);
    await assertReconciled(t.tenantId);
  });
});
