/**
 * Shared setup of the business-unit tests (business-units-cash.test.ts, business-units-savings.test.ts): a unit
 * on the default chart, the reconciliation check (the unit's debts equal its receivable account and the ledger
 * reconciles), a member's voluntary savings account, an account's balance and a journal's lines.
 */
import { expect } from 'vitest';
import { data, type LedgerTenant } from './ledger-helpers.ts';
import { assertReconciled, defaultProducts } from './reconcile.ts';

/** A unit "Toko Koperasi" whose cash account is `cashCode` (10102 Kas Unit or 10104 in the savings tests). */
export async function addUnit(t: LedgerTenant, cashCode = '10102') {
  const res = await t.admin.post('/api/business-unit', {
    name: 'Toko Koperasi',
    type: 'TOKO',
    cashAccountId: t.acc[cashCode],
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

/** The unit's debts equal its receivable account and the ledger reconciles; answers the debts. */
export async function checkUnit(t: LedgerTenant, unitId: string) {
  const r = await t.tx((tx) =>
    tx.one<{ debts: string; receivable: string }>(
      `SELECT (SELECT coalesce(sum(balance), 0)::text FROM business_unit_debt WHERE business_unit_id = $1) AS debts,
              (SELECT coalesce(sum(debit - credit), 0)::text FROM journal_line WHERE account_id = $2) AS receivable`,
      [unitId, t.acc['10206']],
    ),
  );
  expect(Number(r!.debts)).toBe(Number(r!.receivable));
  await assertReconciled(t.tenantId);
  return Number(r!.debts);
}

/** Opens the member's voluntary savings account with a first deposit; answers its id. */
export async function openVoluntary(t: LedgerTenant, memberId: string, initialDeposit: number) {
  const p = await defaultProducts(t.tenantId);
  const open = await t.admin.post('/api/transaction/request-open-product-member', { memberId, productId: p.voluntary, initialDeposit });
  expect(open.statusCode, open.body).toBe(200);
  return data(open).account.id as string;
}

export const balanceOf = async (t: LedgerTenant, savingId: string) =>
  Number((await t.tx((tx) => tx.one<{ b: string }>('SELECT balance::text AS b FROM member_saving WHERE id = $1', [savingId])))!.b);

export const journalLines = (t: LedgerTenant, journalId: string) =>
  t.tx((tx) =>
    tx.query<{ account_id: string; debit: string; credit: string }>(
      'SELECT account_id, debit::text, credit::text FROM journal_line WHERE journal_id = $1 ORDER BY line_no',
      [journalId],
    ),
  );
