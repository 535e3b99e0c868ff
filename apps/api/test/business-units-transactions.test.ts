/**
 * Business-unit transactions: credit sales make member debts, cash sales, purchases, stock loss, debt payment
 * and its cancellation; after every money step the unit's debts equal its receivable account and the ledger balances.
 */
import { describe, expect, it } from 'vitest';
import { body } from './helpers.ts';
import { data, type LedgerTenant, ledgerTenant, roleUser } from './ledger-helpers.ts';
import { createMember } from './members-fixtures.ts';

async function addUnit(t: LedgerTenant) {
  const res = await t.admin.post('/api/business-unit', {
    name: 'Toko Koperasi',
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
  return data(res);
}

/** Debts of the unit = receivable account (debit − credit); every journal of the tenant balances. */
async function reconcile(t: LedgerTenant, unitId: string) {
  const r = await t.tx((tx) =>
    tx.one<{ debts: string; receivable: string; debit: string; credit: string }>(
      `SELECT (SELECT coalesce(sum(balance), 0)::text FROM business_unit_debt WHERE business_unit_id = $1) AS debts,
              (SELECT coalesce(sum(debit - credit), 0)::text FROM journal_line WHERE account_id = $2) AS receivable,
              (SELECT coalesce(sum(debit), 0)::text FROM journal_line) AS debit,
              (SELECT coalesce(sum(credit), 0)::text FROM journal_line) AS credit`,
      [unitId, t.acc['10206']],
    ),
  );
  expect(Number(r!.debts)).toBe(Number(r!.receivable));
  expect(r!.debit).toBe(r!.credit);
  return Number(r!.debts);
}

describe('business-unit transactions', () => {
  it('credit sale, cash sale, purchase, stock loss, payment and cancellation keep debts equal to the receivable', async () => {
    const t = await ledgerTenant();
    const unit = await addUnit(t);
    const member = await createMember(t.admin);
    const sale = (b: Record<string, unknown>, key?: string) =>
      t.admin.post('/api/transaction-business-unit', { businessUnitId: unit.id, ...b }, key ? { 'idempotency-key': key } : {});

    const noMember = await sale({ kind: 'SALE_CREDIT', amount: 100_000 });
    expect(noMember.statusCode).toBe(422);
    expect(body(noMember).message).toBe('Anggota wajib dipilih untuk penjualan kredit');
    expect((await sale({ kind: 'SALE_CREDIT', amount: 0, memberId: member.id })).statusCode).toBe(400);

    const credit = await sale({ kind: 'SALE_CREDIT', amount: 250_000, memberId: member.id, description: 'Beras 10 kg' }, 'k-credit');
    expect(credit.statusCode, credit.body).toBe(200);
    expect(data(credit)).toMatchObject({ kind: 'SALE_CREDIT', amount: 250_000, status: 'POSTED', memberId: member.id });
    // The same key replays the answer and moves nothing.
    const replay = await sale({ kind: 'SALE_CREDIT', amount: 250_000, memberId: member.id, description: 'Beras 10 kg' }, 'k-credit');
    expect(data(replay).id).toBe(data(credit).id);
    expect(await reconcile(t, unit.id)).toBe(250_000);

    const journal = await t.tx((tx) =>
      tx.query<{ account_id: string; debit: string; credit: string; business_unit_id: string }>(
        'SELECT account_id, debit::text, credit::text, business_unit_id FROM journal_line WHERE journal_id = $1 ORDER BY line_no',
        [data(credit).journalId],
      ),
    );
    expect(journal).toEqual([
      { account_id: t.acc['10206'], debit: '250000.00', credit: '0.00', business_unit_id: unit.id },
      { account_id: t.acc['40201'], debit: '0.00', credit: '250000.00', business_unit_id: unit.id },
    ]);

    for (const b of [
      { kind: 'SALE_CASH', amount: 75_000 },
      { kind: 'PURCHASE', amount: 400_000 },
      { kind: 'STOCK_LOSS', amount: 15_000 },
    ]) {
      const r = await sale(b);
      expect(r.statusCode, r.body).toBe(200);
      expect(await reconcile(t, unit.id)).toBe(250_000);
    }

    const pay = (amount: number) =>
      t.admin.post('/api/transaction-business-unit/payment-debt', { businessUnitId: unit.id, memberId: member.id, amount });
    const over = await pay(300_000);
    expect(over.statusCode).toBe(422);
    expect(body(over).errorCode).toBe('PAYMENT_EXCEEDS_DEBT');
    const paid = await pay(100_000);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await reconcile(t, unit.id)).toBe(150_000);
    const detailOfMember = data(await t.admin.get(`/api/member/${member.id}/detail`));
    expect(detailOfMember.summary.storesOwed).toBe(150_000);

    const summary = data(await t.admin.get('/api/transaction-business-unit/datatable-summary', { businessUnitId: unit.id }));
    expect(summary.totalDebt).toBe(150_000);
    expect(summary.content).toMatchObject([{ memberId: member.id, balance: 150_000 }]);
    const mutations = data(await t.admin.get(`/api/transaction-business-unit/${member.id}/mutation-debt`));
    expect(mutations.content.map((m: { kind: string }) => m.kind)).toEqual(['DEBT_PAYMENT', 'SALE_CREDIT']);
    const detail = data(await t.admin.get('/api/transaction-business-unit/datatable-detail', { businessUnitId: unit.id, limit: 50 }));
    expect(detail.totalElements).toBe(5);

    const noReason = await t.admin.post(`/api/transaction-business-unit/${data(paid).id}/payment-cancel`, {});
    expect(noReason.statusCode).toBe(400);
    const notPayment = await t.admin.post(`/api/transaction-business-unit/${data(credit).id}/payment-cancel`, { reason: 'salah' });
    expect(body(notPayment).errorCode).toBe('NOT_A_PAYMENT');
    const cancel = await t.admin.post(`/api/transaction-business-unit/${data(paid).id}/payment-cancel`, { reason: 'Salah input' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(data(cancel)).toMatchObject({ status: 'CANCELLED', cancelReason: 'Salah input' });
    expect(await reconcile(t, unit.id)).toBe(250_000);
    const again = await t.admin.post(`/api/transaction-business-unit/${data(paid).id}/payment-cancel`, { reason: 'Lagi' });
    expect(again.statusCode).toBe(409);

    // Pay it all; a further payment finds no debt.
    expect((await pay(250_000)).statusCode).toBe(200);
    expect(await reconcile(t, unit.id)).toBe(0);
    const none = await pay(1_000);
    expect(none.statusCode).toBe(404);
    expect(body(none).message).toBe('Utang pada unit usaha tidak ditemukan');
    const jr = data(await t.admin.get('/api/report/journal-transaction-business-unit', { kind: 'DEBT_PAYMENT' }));
    expect(jr.totalElements).toBe(2);
    expect(jr.content[1].journalNumber).toMatch(/^JU\//);
    const jd = data(await t.admin.get(`/api/report/${data(paid).id}/detail-journal-transaction-business-unit`));
    expect(jd.transaction.status).toBe('CANCELLED');
    expect(jd.journal.lines).toHaveLength(2);
    expect(jd.cancelJournal.reversalOfId).toBe(jd.journal.id);
    expect((await t.admin.get(`/api/report/${member.id}/detail-journal-transaction-business-unit`)).statusCode).toBe(404);
    const report = data(await t.admin.get('/api/report/debt'));
    expect(report.totalDebt).toBe(0);

    const audits = await t.tx((tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'business_unit_transaction'`),
    );
    // Four sales and purchases, two payments, one cancellation.
    expect(audits?.n).toBe(7);
  });

  it('two payments at once cannot pay more than the debt', async () => {
    const t = await ledgerTenant();
    const unit = await addUnit(t);
    const member = await createMember(t.admin);
    const sale = await t.admin.post('/api/transaction-business-unit', {
      businessUnitId: unit.id,
      kind: 'SALE_CREDIT',
      amount: 100_000,
      memberId: member.id,
    });
    expect(sale.statusCode, sale.body).toBe(200);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        t.admin.post('/api/transaction-business-unit/payment-debt', { businessUnitId: unit.id, memberId: member.id, amount: 60_000 }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    expect(await reconcile(t, unit.id)).toBe(40_000);
  });

  it('permissions, another cooperative and an inactive unit', async () => {
    const t = await ledgerTenant();
    const other = await ledgerTenant();
    const unit = await addUnit(t);
    const theirs = await addUnit(other);
    const member = await createMember(t.admin);
    const nobody = await roleUser(t, { permissions: {} });
    expect(
      (await nobody.post('/api/transaction-business-unit', { businessUnitId: unit.id, kind: 'SALE_CASH', amount: 1 })).statusCode,
    ).toBe(403);
    expect((await nobody.get('/api/transaction-business-unit/datatable-summary')).statusCode).toBe(403);
    const foreign = await t.admin.post('/api/transaction-business-unit', { businessUnitId: theirs.id, kind: 'SALE_CASH', amount: 1000 });
    expect(foreign.statusCode).toBe(404);
    const foreignMember = await other.admin.post('/api/transaction-business-unit', {
      businessUnitId: theirs.id,
      kind: 'SALE_CREDIT',
      amount: 1000,
      memberId: member.id,
    });
    expect(foreignMember.statusCode).toBe(404);
    expect((await t.admin.patch('/api/business-unit', { id: unit.id, status: 'INACTIVE' })).statusCode).toBe(200);
    const inactive = await t.admin.post('/api/transaction-business-unit', { businessUnitId: unit.id, kind: 'SALE_CASH', amount: 1000 });
    expect(inactive.statusCode).toBe(422);
    expect(body(inactive).message).toBe('Unit usaha Toko Koperasi tidak aktif');
  });
});
