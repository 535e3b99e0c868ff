/**
 * Business units and the teller's drawer, the unit's expense and admin-fee accounts (docs/business-units.md):
 *  - a cash payment of a unit debt by a teller in a session goes to her drawer and belongs to the session (the
 *    expected cash at closing includes it); by anyone else it goes to the unit's cash account;
 *  - the unit's other cash kinds (cash sale, operating expense) entered by a session teller use her drawer too;
 *  - EXPENSE posts expense account / cash; an admin fee on a debt payment is credited to the admin liability
 *    account on top of the amount (in cash and from savings), and a cancel gives both back.
 * After every step the unit's debts equal its receivable account and the ledger reconciles.
 */
import { describe, expect, it } from 'vitest';
import { addUnit, balanceOf, checkUnit as check, journalLines as linesOf, openVoluntary } from './business-units-fixtures.ts';
import { body } from './helpers.ts';
import { data, type LedgerTenant, ledgerTenant } from './ledger-helpers.ts';
import { createActiveMember, createUser } from './members-fixtures.ts';
import { ledgerBalance } from './reconcile.ts';

/** A TELLER (drawer Kas Teller 10103) whose role also works the business units, with her session open. */
async function sessionTeller(t: LedgerTenant) {
  await t.tx((tx) =>
    tx.exec(
      `UPDATE role SET permissions = permissions || '{"business_unit": {"view": true, "add": true, "update": true, "delete": false}}'::jsonb
       WHERE code = 'TELLER'`,
    ),
  );
  const u = await createUser(t, { roleCode: 'TELLER' });
  expect((await t.admin.post('/api/users/coa', { userId: u.id, coaId: t.acc['10103'] })).statusCode).toBe(200);
  const opening = body<any>(await u.client.get('/api/transaction-user/open-balance-teller')).data.openingBalance;
  const open = await u.client.post('/api/transaction-user/open-teller', { openingBalance: opening });
  expect(open.statusCode, open.body).toBe(200);
  return { ...u, session: data(open) as { id: string; openingBalance: number } };
}

describe('business-unit cash and the teller session', () => {
  it("a teller's cash debt payment goes to her drawer and counts in her session; anyone else's to the unit's cash account", async () => {
    const t = await ledgerTenant();
    const unit = await addUnit(t);
    const member = await createActiveMember(t.admin);
    const credit = await t.admin.post('/api/transaction-business-unit', {
      businessUnitId: unit.id,
      kind: 'SALE_CREDIT',
      memberId: member.id,
      amount: 300_000,
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const teller = await sessionTeller(t);
    const drawerBefore = (await ledgerBalance(t.tenantId, '10103')).toNumber();
    const unitCashBefore = (await ledgerBalance(t.tenantId, '10102')).toNumber();

    const paid = await teller.client.post('/api/transaction-business-unit/payment-debt', {
      businessUnitId: unit.id,
      memberId: member.id,
      amount: 100_000,
      adminFee: 2_500,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(data(paid)).toMatchObject({ amount: 100_000, adminFee: 2_500, cashAccount: { code: '10103', name: 'Kas Teller' } });
    expect(await linesOf(t, data(paid).journalId)).toEqual([
      { account_id: t.acc['10103'], debit: '102500.00', credit: '0.00' },
      { account_id: t.acc['10206'], debit: '0.00', credit: '100000.00' },
      { account_id: t.acc['20211'], debit: '0.00', credit: '2500.00' },
    ]);
    expect((await ledgerBalance(t.tenantId, '10103')).toNumber()).toBe(drawerBefore + 102_500);
    expect((await ledgerBalance(t.tenantId, '10102')).toNumber()).toBe(unitCashBefore);
    expect((await ledgerBalance(t.tenantId, '20211')).toNumber()).toBe(2_500);
    expect(await check(t, unit.id)).toBe(200_000);

    // A cash sale and an operating expense by the session teller use her drawer as well.
    const sale = await teller.client.post('/api/transaction-business-unit', { businessUnitId: unit.id, kind: 'SALE_CASH', amount: 40_000 });
    expect(data(sale).cashAccount.code).toBe('10103');
    const expense = await teller.client.post('/api/transaction-business-unit', {
      businessUnitId: unit.id,
      kind: 'EXPENSE',
      amount: 15_000,
      description: 'Listrik toko',
    });
    expect(expense.statusCode, expense.body).toBe(200);
    expect(await linesOf(t, data(expense).journalId)).toEqual([
      { account_id: t.acc['50301'], debit: '15000.00', credit: '0.00' },
      { account_id: t.acc['10103'], debit: '0.00', credit: '15000.00' },
    ]);

    // The session expects the drawer's opening plus everything the teller took and paid out.
    const expected = teller.session.openingBalance + 102_500 + 40_000 - 15_000;
    const detail = body<any>(await teller.client.get(`/api/transaction-user/datatable-teller/${teller.session.id}/detail`)).data;
    expect(detail.expectedCash).toBe(expected);
    expect(detail.movements).toEqual([{ module: 'BUSINESS_UNIT', cashIn: 142_500, cashOut: 15_000, count: 3 }]);

    // Someone who works in no session (the manager): the unit's cash account, no admin fee by default.
    const byAdmin = await t.admin.post('/api/transaction-business-unit/payment-debt', {
      businessUnitId: unit.id,
      memberId: member.id,
      amount: 50_000,
    });
    expect(data(byAdmin)).toMatchObject({ adminFee: 0, cashAccount: { code: '10102' } });
    expect((await ledgerBalance(t.tenantId, '10102')).toNumber()).toBe(unitCashBefore + 50_000);
    expect(await check(t, unit.id)).toBe(150_000);

    // Closing with the count equal to the expected cash: no difference.
    const closed = await teller.client.post(`/api/transaction-user/${teller.session.id}/close-teller`, {
      openingBalance: teller.session.openingBalance,
      body: expected > 0 ? [{ denomination: 500, count: expected / 500 }] : [],
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(data(closed)).toMatchObject({ expectedCash: expected, countedCash: expected, difference: 0 });

    // Cancelling the teller's payment reverses all three lines: the debt grows back, the fee leaves the liability.
    const cancel = await t.admin.post(`/api/transaction-business-unit/${data(paid).id}/payment-cancel`, { reason: 'Salah anggota' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await ledgerBalance(t.tenantId, '20211')).toNumber()).toBe(0);
    expect(await check(t, unit.id)).toBe(250_000);
  });

  it('an admin fee paid from savings withdraws amount plus fee; the cancel refunds both', async () => {
    const t = await ledgerTenant();
    const unit = await addUnit(t);
    const member = await createActiveMember(t.admin);
    const savingId = await openVoluntary(t, member.id, 500_000);
    await t.admin.post('/api/transaction-business-unit', {
      businessUnitId: unit.id,
      kind: 'SALE_CREDIT',
      memberId: member.id,
      amount: 200_000,
    });
    const paid = await t.admin.post('/api/transaction-business-unit/payment-debt', {
      businessUnitId: unit.id,
      memberId: member.id,
      amount: 120_000,
      adminFee: 3_000,
      source: 'SAVINGS',
      memberSavingId: savingId,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(data(paid)).toMatchObject({ adminFee: 3_000, cashAccount: null, paymentSource: 'SAVINGS' });
    const balance = () => balanceOf(t, savingId);
    expect(await balance()).toBe(500_000 - 123_000);
    expect((await ledgerBalance(t.tenantId, '20211')).toNumber()).toBe(3_000);
    expect(await check(t, unit.id)).toBe(80_000);
    // A fee that would take the account below what it must keep is refused as the savings rules say.
    const tooMuch = await t.admin.post('/api/transaction-business-unit/payment-debt', {
      businessUnitId: unit.id,
      memberId: member.id,
      amount: 80_000,
      adminFee: 400_000,
      source: 'SAVINGS',
      memberSavingId: savingId,
    });
    expect(body(tooMuch).errorCode).toBe('INSUFFICIENT_BALANCE');
    const cancel = await t.admin.post(`/api/transaction-business-unit/${data(paid).id}/payment-cancel`, { reason: 'Batal' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await balance()).toBe(500_000);
    expect((await ledgerBalance(t.tenantId, '20211')).toNumber()).toBe(0);
    expect(await check(t, unit.id)).toBe(200_000);
  });
});
