/**
 * SHU cash payout and the loan / business-unit jasa usaha bases (docs/shu.md), on the shu-fixtures.ts year 2025
 * (SHU 8.000.000; jasa usaha allocation 25 % = 2.000.000; nets A 1.241.095, B 1.678.904, C 319.999 on the
 * savings basis).
 *
 * Cash payout: distributed with payout CASH every net share stays on SHU payable (20208 = 3.239.998); paying A
 * posts Dr 20208 Cr cash 1.241.095 once (a replayed Idempotency-Key answers the same journal, a second payment is
 * refused), and the distribution can no longer be cancelled. With an escrow (titipan) account in the settings the
 * payable shares wait there instead of on 20208.
 *
 * Bases (jasa usaha 2.000.000 over the bases, rounded down to the rupiah, remainder to the reserve):
 *  - BUSINESS_UNIT_PURCHASES: A bought 300.000 (cash) and B 100.000 (credit) in 2025 → A 1.500.000, B 500.000.
 *  - LOAN_DISBURSED: A's loan of 12.000.000 and B's of 4.000.000 released in 2025 → A 1.500.000, B 500.000.
 */
import { describe, expect, it } from 'vitest';
import { targetOldestSavings } from '../src/modules/shu/shu.distribution.repo.ts';
import { body } from './helpers.ts';
import { data, type LedgerTenant } from './ledger-helpers.ts';
import { createLoanProduct, type LoanSetup, runningLoan } from './loans-fixtures.ts';
import { assertReconciled, ledgerBalance } from './reconcile.ts';
import { closeYear, fixture, saveSettings, Y } from './shu-fixtures.ts';

const members = async (t: LedgerTenant) =>
  Object.fromEntries(
    data(await t.admin.get('/api/shu/calculation/members', { year: Y, limit: 10 })).content.map((m: any) => [m.memberId, m]),
  );

describe('the distribution to savings', () => {
  it("finds each member's voluntary saving reading each share once (one pass, whatever the statistics say)", async () => {
    const { t, a, b, c, va, vb } = await fixture();
    expect((await saveSettings(t)).statusCode).toBe(200);
    await closeYear(t);
    expect((await t.admin.post('/api/shu/calculate', { year: Y })).statusCode).toBe(200);
    // Before: shu_member joined with itself, which a table analysed before the calculation's rows existed planned as
    // a nested loop over every pair of members (100,000 members ran past the statement time-out, docs/shu.md
    // "Benchmark"): more than one read per share here, whatever the plan.
    const rollback = new Error('rollback');
    let read = -1;
    let shares = 0;
    let targets: Array<{ member_id: string; saving_id: string | null; status: string }> = [];
    await expect(
      t.tx(async (tx) => {
        const calc = (await tx.one<{ id: string }>('SELECT id FROM shu_calculation WHERE tenant_id = app_tenant() AND fiscal_year = $1', [
          Y,
        ]))!;
        shares = (await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM shu_member WHERE calculation_id = $1', [calc.id]))!.n;
        const tuples = async () =>
          Number(
            (
              await tx.one<{ n: string }>(
                `SELECT (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::text AS n FROM pg_stat_xact_user_tables WHERE relname = 'shu_member'`,
              )
            )?.n ?? 0,
          );
        const before = await tuples();
        await targetOldestSavings(tx, calc.id);
        read = (await tuples()) - before;
        targets = await tx.query('SELECT member_id, saving_id, status FROM shu_member WHERE calculation_id = $1', [calc.id]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(shares).toBe(3);
    expect(read).toBe(shares);
    const byMember = Object.fromEntries(targets.map((x) => [x.member_id, x]));
    expect(byMember[a.id]).toMatchObject({ saving_id: va.id, status: 'PENDING' });
    expect(byMember[b.id]).toMatchObject({ saving_id: vb.id, status: 'PENDING' });
    expect(byMember[c.id]).toMatchObject({ saving_id: null, status: 'PAYABLE' });
  });
});

describe('SHU cash payout', () => {
  it('pays a payable share in cash once, replays the key, refuses a second payment and the cancellation', async () => {
    const { t, a, b } = await fixture();
    expect((await saveSettings(t)).statusCode).toBe(200);
    await closeYear(t);
    expect((await t.admin.post('/api/shu/calculate', { year: Y })).statusCode).toBe(200);
    const early = await t.admin.post('/api/shu/pay-cash', { year: Y, memberId: a.id });
    expect(body(early)).toMatchObject({ code: 422, errorCode: 'SHU_NOT_DISTRIBUTED' });
    const d = await t.admin.post('/api/shu/distribute', { year: Y, payout: 'CASH' });
    expect(d.statusCode, d.body).toBe(200);
    expect((await ledgerBalance(t.tenantId, '20208')).toNumber()).toBe(3_239_998);
    const cashBefore = (await ledgerBalance(t.tenantId, '10101')).toNumber();

    const key = { 'idempotency-key': 'shu-cash-a' };
    const pay = await t.admin.post('/api/shu/pay-cash', { year: Y, memberId: a.id, coaId: t.acc['10101'] }, key);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(body(pay).message).toBe(`SHU tahun ${Y} dibayar tunai`);
    expect(data(pay)).toMatchObject({ memberId: a.id, amount: 1_241_095, status: 'PAID', cashCoaId: t.acc['10101'] });
    const replay = await t.admin.post('/api/shu/pay-cash', { year: Y, memberId: a.id, coaId: t.acc['10101'] }, key);
    expect(data(replay).journalId).toBe(data(pay).journalId);
    const again = await t.admin.post('/api/shu/pay-cash', { year: Y, memberId: a.id, coaId: t.acc['10101'] });
    expect(body(again)).toMatchObject({ code: 409, errorCode: 'SHU_ALREADY_PAID' });

    expect((await ledgerBalance(t.tenantId, '20208')).toNumber()).toBe(3_239_998 - 1_241_095);
    expect((await ledgerBalance(t.tenantId, '10101')).toNumber()).toBe(cashBefore - 1_241_095);
    const lines = await t.tx((tx) =>
      tx.query<{ account_id: string; debit: string; credit: string }>(
        'SELECT account_id, debit::text, credit::text FROM journal_line WHERE journal_id = $1 ORDER BY line_no',
        [data(pay).journalId],
      ),
    );
    expect(lines).toEqual([
      { account_id: t.acc['20208'], debit: '1241095.00', credit: '0.00' },
      { account_id: t.acc['10101'], debit: '0.00', credit: '1241095.00' },
    ]);
    const st = await members(t);
    expect([st[a.id].status, st[b.id].status]).toEqual(['PAID', 'PAYABLE']);

    const cancel = await t.admin.post('/api/shu/cancel', { year: Y, reason: 'Salah dasar' });
    expect(body(cancel)).toMatchObject({ code: 422, errorCode: 'SHU_PAID_IN_CASH' });
    const audits = await t.tx((tx) => tx.query<{ action: string }>(`SELECT action FROM audit_log WHERE action = 'shu.pay_cash'`));
    expect(audits).toHaveLength(1);
    await assertReconciled(t.tenantId);
  });

  it('keeps the payable shares on the escrow account when the settings name one, and pays them out from it', async () => {
    const { t, a } = await fixture();
    expect((await saveSettings(t, { escrowCoaId: t.acc['20209'] })).statusCode).toBe(200);
    await closeYear(t);
    expect((await t.admin.post('/api/shu/calculate', { year: Y })).statusCode).toBe(200);
    const d = await t.admin.post('/api/shu/distribute', { year: Y, payout: 'CASH' });
    expect(d.statusCode, d.body).toBe(200);
    expect((await ledgerBalance(t.tenantId, '20209')).toNumber()).toBe(3_239_998);
    expect((await ledgerBalance(t.tenantId, '20208')).toNumber()).toBe(0);
    const rows = data(await t.admin.get('/api/report/shu', { year: Y })).allocationRows as any[];
    expect(rows.find((r) => r.key === 'MEMBER_EQUITY')).toMatchObject({ coaCode: '20209' });
    const pay = await t.admin.post('/api/shu/pay-cash', { year: Y, memberId: a.id, coaId: t.acc['10101'] });
    expect(pay.statusCode, pay.body).toBe(200);
    expect((await ledgerBalance(t.tenantId, '20209')).toNumber()).toBe(3_239_998 - 1_241_095);
    await assertReconciled(t.tenantId);
  });

  it('refuses a share credited to savings (SHU_NOT_PAYABLE) and an unknown member (404)', async () => {
    const { t, a } = await fixture();
    await saveSettings(t);
    await closeYear(t);
    await t.admin.post('/api/shu/calculate', { year: Y });
    expect((await t.admin.post('/api/shu/distribute', { year: Y })).statusCode).toBe(200);
    const credited = await t.admin.post('/api/shu/pay-cash', { year: Y, memberId: a.id });
    expect(body(credited)).toMatchObject({ code: 422, errorCode: 'SHU_NOT_PAYABLE' });
    const unknown = await t.admin.post('/api/shu/pay-cash', { year: Y, memberId: crypto.randomUUID() });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('SHU jasa usaha bases', () => {
  it('BUSINESS_UNIT_PURCHASES: the members purchases at the units in the year', async () => {
    const { t, a, b, c } = await fixture();
    const unit = await t.admin.post('/api/business-unit', {
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
    expect(unit.statusCode, unit.body).toBe(200);
    for (const [kind, memberId, amount] of [
      ['SALE_CASH', a.id, 300_000],
      ['SALE_CREDIT', b.id, 100_000],
      ['PURCHASE', undefined, 500_000],
    ] as const) {
      const r = await t.admin.post('/api/transaction-business-unit', { businessUnitId: data(unit).id, kind, amount, memberId });
      expect(r.statusCode, r.body).toBe(200);
    }
    // The sales are dated in 2025 for the basis (their journals stay in 2026: the 2025 surplus is unchanged).
    await t.tx((tx) => tx.exec(`UPDATE business_unit_transaction SET date = '2025-05-01'`));
    expect((await saveSettings(t, { transactionBasis: 'BUSINESS_UNIT_PURCHASES' })).statusCode).toBe(200);
    await closeYear(t);
    const calc = await t.admin.post('/api/shu/calculate', { year: Y });
    expect(calc.statusCode, calc.body).toBe(200);
    expect(data(calc).totals.transactionBasis).toBe(400_000);
    const m = await members(t);
    expect(m[a.id]).toMatchObject({ transactionBasis: 300_000, transactionShare: 1_500_000 });
    expect(m[b.id]).toMatchObject({ transactionBasis: 100_000, transactionShare: 500_000 });
    expect(m[c.id]).toMatchObject({ transactionBasis: 0, transactionShare: 0 });
  });

  it('LOAN_DISBURSED: the loans released to each member in the year', async () => {
    const { t, a, b } = await fixture();
    const productId = await createLoanProduct(t, { applicationNeedsApproval: false });
    for (const [member, amount] of [
      [a, 12_000_000],
      [b, 4_000_000],
    ] as const) {
      await runningLoan({ t, productId, member } as unknown as LoanSetup, { amount });
    }
    await t.tx((tx) => tx.exec(`UPDATE loan SET release_date = '2025-08-01'`));
    expect((await saveSettings(t, { transactionBasis: 'LOAN_DISBURSED' })).statusCode).toBe(200);
    await closeYear(t);
    const calc = await t.admin.post('/api/shu/calculate', { year: Y });
    expect(calc.statusCode, calc.body).toBe(200);
    const m = await members(t);
    expect(m[a.id]).toMatchObject({ transactionBasis: 12_000_000, transactionShare: 1_500_000 });
    expect(m[b.id]).toMatchObject({ transactionBasis: 4_000_000, transactionShare: 500_000 });
  });
});
