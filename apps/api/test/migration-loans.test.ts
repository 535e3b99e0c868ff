/**
 * Migrated loans (issue 17): each loan keeps its product's interest method,
 * payment component and rounding; its remaining schedule is exactly what
 * packages/finance computes for the outstanding principal over the remaining
 * tenor from the next due date; arrears stay an overdue installment; the
 * principal paid before the migration is stored (installments paid "before
 * migration", no journal) and shown by the loan read APIs; a payment after
 * the migration goes through the normal loans payment API and the receivable
 * control account equals the outstanding principal.
 */
import { dec, monthDay, schedule } from '@koperasi/finance';
import { describe, expect, it } from 'vitest';
import { newTenant } from './helpers.ts';
import { createLoanProduct } from './loans-fixtures.ts';
import { workbook } from './members-fixtures.ts';
import {
  balanceSheet,
  body,
  LOANS_HEADER,
  memberRow,
  membersFile,
  monthsFromToday,
  NERACA_HEADER,
  productsWithControl,
  today,
  upload,
} from './migration-fixtures.ts';
import { assertReconciled } from './reconcile.ts';

const L = '/api/transaction/product/loan';

interface Inst {
  number: number;
  dueDate: string;
  principal: number;
  interest: number;
  remainingPrincipal: number;
  principalPaid: number;
  status: string;
  notes: string | null;
}
interface Detail {
  id: string;
  amount: number;
  interestMethod: string;
  installmentPayMethod: string;
  roundingMultiple: number;
  installmentAmount: number;
  remainingPrincipal: number;
  principalPaid: number;
  principalPaidBeforeMigration: number;
  installments: Inst[];
}

const n = (v: unknown) => Number(v).toFixed(2);

async function setup() {
  const t = await newTenant();
  const ids = {
    anuitas: await createLoanProduct(t, { interestMethod: 'ANUITAS', interestRate: 1.5, roundingMultiple: 100 }),
    efektifBulan: await createLoanProduct(t, { interestMethod: 'EFEKTIF_BULAN', interestRate: 2, roundingMultiple: 1 }),
    flatJasa: await createLoanProduct(t, { interestMethod: 'FLAT', interestRate: 1, roundingMultiple: 1, installmentPayMethod: 'JASA' }),
  };
  const products = await productsWithControl(t.tenantId);
  const code = (id: string) => products.find((p) => p.id === id)!.code;
  const receivable = products.find((p) => p.id === ids.anuitas)!.control_code!;
  return { t, ids, code, receivable };
}

describe('migrated loans', () => {
  it('keep their product method, component and rounding; remaining schedule = packages/finance; paid-before and arrears kept', async () => {
    const { t, ids, code, receivable } = await setup();
    const m = await upload(t, 'members', await membersFile([memberRow('AGT-0001'), memberRow('AGT-0002'), memberRow('AGT-0003')]));
    expect(body<{ failed: number }>(m).data.failed).toBe(0);
    const next = monthsFromToday(1);
    const ln = await upload(
      t,
      'loans',
      await workbook(LOANS_HEADER, [
        // ANUITAS 1.5 %/month (product rate), 12 months, 5 paid (4,000,000 principal), 7 left, no arrears.
        ['AGT-0001', code(ids.anuitas), 'A-1', 12_000_000, 12, '', monthsFromToday(-5), 4_000_000, 0, 0, 7, next],
        // EFEKTIF_BULAN 2 %/month, 10 months, 3 paid, one month in arrears (600,000 + 84,000), 6 left.
        ['AGT-0002', code(ids.efektifBulan), 'E-1', 6_000_000, 10, '', monthsFromToday(-4), 1_800_000, 600_000, 84_000, 6, next],
        // FLAT with payment component JASA: interest only, the principal with the last installment.
        ['AGT-0003', code(ids.flatJasa), 'F-1', 5_000_000, 10, '', monthsFromToday(-4), 2_000_000, 0, 0, 6, next],
      ]),
    );
    expect(ln.statusCode, ln.body).toBe(200);
    expect(body<{ failed: number }>(ln).data.failed).toBe(0);
    const outstanding = 8_000_000 + 4_200_000 + 3_000_000;
    await upload(
      t,
      'data-coa-format-neraca',
      await workbook(NERACA_HEADER, [
        [receivable, '', '', outstanding, null],
        ['30301', '', '', null, outstanding],
      ]),
    );
    for (const type of ['neraca', 'members', 'loans']) {
      const r = await t.admin.post(`/api/migration/confirm?type=${type}`);
      expect(r.statusCode, `${type}: ${r.body}`).toBe(200);
    }
    const staged = body<{ content: Array<{ entityId: string; data: Record<string, string> }> }>(
      await t.admin.get('/api/migration/data-loans'),
    ).data.content;
    const loanOf = (old: string) => staged.find((r) => r.data.oldAccountNumber === old)!.entityId;
    const detail = async (old: string) => body<Detail>(await t.admin.get(`${L}/${loanOf(old)}/detail`)).data;
    const day = Number(next.slice(8, 10));
    const prev = monthDay(next, -1, day);

    // ANUITAS: 5 installments paid before the migration, then finance's schedule of 8,000,000 over 7 months.
    const a = await detail('A-1');
    expect([a.interestMethod, a.installmentPayMethod, Number(a.roundingMultiple)]).toEqual(['ANUITAS', 'POKOK & JASA', 100]);
    const sa = schedule({
      amount: 8_000_000,
      tenor: 7,
      annualRate: 18,
      method: 'ANUITAS',
      roundingMultiple: 100,
      startDate: prev,
      firstDueDate: next,
      dueDay: day,
    });
    const before = a.installments.filter((i) => i.number <= 5);
    expect(before.map((i) => [i.status, i.notes, n(i.principalPaid), n(i.interest)])).toEqual(
      Array.from({ length: 5 }, () => ['PAID', 'Dibayar sebelum migrasi', '800000.00', '0.00']),
    );
    const rest = a.installments.filter((i) => i.number > 5);
    expect(rest.map((i) => [i.number, i.dueDate, n(i.principal), n(i.interest), n(i.remainingPrincipal)])).toEqual(
      sa.installments.map((r) => [r.number + 5, r.dueDate, n(r.principal), n(r.interest), n(r.remainingPrincipal)]),
    );
    expect(n(a.installmentAmount)).toBe(n(sa.installmentAmount));
    expect([n(a.amount), n(a.principalPaid), n(a.principalPaidBeforeMigration), n(a.remainingPrincipal)]).toEqual([
      '12000000.00',
      '4000000.00',
      '4000000.00',
      '8000000.00',
    ]);

    // EFEKTIF_BULAN: 3 paid before, installment 4 the arrears (overdue from the month before the next due date), then finance's.
    const e = await detail('E-1');
    expect(e.interestMethod).toBe('EFEKTIF_BULAN');
    const se = schedule({
      amount: 3_600_000,
      tenor: 6,
      annualRate: 24,
      method: 'EFEKTIF_BULAN',
      roundingMultiple: 1,
      startDate: prev,
      firstDueDate: next,
      dueDay: day,
    });
    expect(e.installments.filter((i) => i.number <= 3).every((i) => i.status === 'PAID' && i.notes === 'Dibayar sebelum migrasi')).toBe(
      true,
    );
    const arrears = e.installments.find((i) => i.number === 4)!;
    expect([arrears.dueDate, n(arrears.principal), n(arrears.interest), arrears.status]).toEqual([prev, '600000.00', '84000.00', 'UNPAID']);
    expect(
      e.installments.filter((i) => i.number > 4).map((i) => [i.number, i.dueDate, n(i.principal), n(i.interest), n(i.remainingPrincipal)]),
    ).toEqual(se.installments.map((r) => [r.number + 4, r.dueDate, n(r.principal), n(r.interest), n(r.remainingPrincipal)]));
    // The schedule's principal adds up to the amount lent.
    expect(n(e.installments.reduce((s, i) => s.plus(i.principal), dec(0)))).toBe('6000000.00');

    // FLAT + JASA: interest only on the amount lent (5,000,000 × 1 %), the principal with the last.
    const f = await detail('F-1');
    expect([f.interestMethod, f.installmentPayMethod]).toEqual(['FLAT', 'JASA']);
    const sf = schedule({
      amount: 3_000_000,
      tenor: 6,
      annualRate: 12,
      method: 'FLAT',
      component: 'JASA',
      roundingMultiple: 1,
      startDate: prev,
      firstDueDate: next,
      dueDay: day,
      flatInterestBase: 5_000_000,
    });
    expect(f.installments.filter((i) => i.number > 4).map((i) => [n(i.principal), n(i.interest)])).toEqual(
      sf.installments.map((r) => [n(r.principal), n(r.interest)]),
    );
    expect(n(sf.installments[0].interest)).toBe('50000.00');
    expect((await balanceSheet(t.tenantId))[receivable]).toBe(n(outstanding));
    await assertReconciled(t.tenantId);

    // Read APIs: amount lent, paid before the migration, outstanding, consistently.
    const remaining = body<Record<string, number>>(await t.admin.get(`${L}/${e.id}/remaining-loan`)).data;
    expect([
      n(remaining.amount),
      n(remaining.principalPaid),
      n(remaining.principalPaidBeforeMigration),
      n(remaining.remainingPrincipal),
    ]).toEqual(['6000000.00', '1800000.00', '1800000.00', '4200000.00']);
    const out = body<Record<string, number>>(await t.admin.get(`${L}/${e.id}/detail-outstanding`)).data;
    expect([n(out.amount), n(out.principalPaidBeforeMigration), n(out.remainingPrincipal)]).toEqual([
      '6000000.00',
      '1800000.00',
      '4200000.00',
    ]);
    const recap = body<{ loan: Record<string, unknown>; installments: Array<{ notes: string | null }>; payments: unknown[] }>(
      await t.admin.get(`/api/report/loan/${e.id}/recapitulation`),
    ).data;
    expect([n(recap.loan.amount), n(recap.loan.principalPaidBeforeMigration), n(recap.loan.remainingPrincipal)]).toEqual([
      '6000000.00',
      '1800000.00',
      '4200000.00',
    ]);
    expect(recap.installments.filter((i) => i.notes === 'Dibayar sebelum migrasi')).toHaveLength(3);
    expect(recap.payments).toEqual([]);
    const coll = body<{ loans: Array<{ loanId: string; outstandingPrincipal: number }> }>(
      await t.admin.get('/api/report/loan/collectibility', { date: today() }),
    ).data;
    expect(coll.loans.map((x) => [x.loanId, n(x.outstandingPrincipal)]).sort()).toEqual(
      [
        [a.id, '8000000.00'],
        [e.id, '4200000.00'],
        [f.id, '3000000.00'],
      ].sort(),
    );
    const byPeriode = body<{ rows: Array<{ outstanding: number }> }>(
      await t.admin.get('/api/report/loan/by-periode', { start: monthsFromToday(-6), end: today() }),
    ).data;
    expect(n(byPeriode.rows.at(-1)!.outstanding)).toBe(n(outstanding));

    // A migrated loan has no release of its own: cancel-release refuses it (undo the step instead).
    const cancel = await t.admin.post(`${L}/cancel-release`, { loanId: e.id, reason: 'salah input' });
    expect(cancel.statusCode, cancel.body).toBe(422);
    expect(n(e.amount)).toBe('6000000.00');
    // Nothing moved yet: the loans step can be undone (schedules removed) and confirmed again, the same.
    const undoLoans = await t.admin.post('/api/migration/loans/reset-confirm-step-3');
    expect(undoLoans.statusCode, undoLoans.body).toBe(200);
    await assertReconciled(t.tenantId);
    expect((await t.admin.post('/api/migration/confirm?type=loans')).statusCode).toBe(200);
    const again = body<{ content: Array<{ entityId: string; data: Record<string, string> }> }>(
      await t.admin.get('/api/migration/data-loans'),
    ).data.content;
    staged.splice(0, staged.length, ...again);
    expect((await detail('E-1')).installments.map((i) => [i.number, n(i.principal), n(i.interest)])).toEqual(
      e.installments.map((i) => [i.number, n(i.principal), n(i.interest)]),
    );

    // A payment after the migration, through the loans payment API: the arrears first, then the next installment.
    const eId = loanOf('E-1');
    const p1 = await t.admin.post(`${L}/payment-installment`, { loanId: eId, count: 2 });
    expect(p1.statusCode, p1.body).toBe(200);
    const paid = body<{ payment: { principal: number; interest: number } }>(p1).data.payment;
    expect([n(paid.principal), n(paid.interest)]).toEqual([
      n(dec(600_000).plus(se.installments[0].principal)),
      n(dec(84_000).plus(se.installments[0].interest)),
    ]);
    const e2 = await detail('E-1');
    expect(e2.installments.filter((i) => i.status === 'PAID').map((i) => i.number)).toEqual([1, 2, 3, 4, 5]);
    const left = dec(4_200_000).minus(600_000).minus(se.installments[0].principal);
    expect([n(e2.remainingPrincipal), n(e2.principalPaid), n(e2.principalPaidBeforeMigration)]).toEqual([
      n(left),
      n(dec(6_000_000).minus(left)),
      '1800000.00',
    ]);
    const p2 = await t.admin.post(`${L}/payment-partial`, { loanId: loanOf('A-1'), amount: 100_000 });
    expect(p2.statusCode, p2.body).toBe(200);
    const sheet = await balanceSheet(t.tenantId);
    const loans = await Promise.all(['A-1', 'E-1', 'F-1'].map(detail));
    expect(sheet[receivable]).toBe(n(loans.reduce((s, l) => s.plus(l.remainingPrincipal), dec(0))));
    await assertReconciled(t.tenantId);
    // Paid since the migration: the loans step can no longer be undone.
    const undo = await t.admin.post('/api/migration/loans/reset-confirm-step-3');
    expect(body(undo).errorCode).toBe('MIGRATION_MOVED');
  });

  it('names a loan with more paid than lent, and principal paid with no installment before the migration', async () => {
    const { t, ids, code } = await setup();
    await upload(t, 'members', await membersFile([memberRow('AGT-0001')]));
    const ln = await upload(
      t,
      'loans',
      await workbook(LOANS_HEADER, [
        ['AGT-0001', code(ids.anuitas), '', 1_000_000, 10, '', monthsFromToday(-3), 1_500_000, 0, 0, 5, monthsFromToday(1)],
        ['AGT-0001', code(ids.anuitas), '', 1_000_000, 10, '', monthsFromToday(-1), 100_000, 0, 0, 10, monthsFromToday(1)],
      ]),
    );
    expect(body<{ failed: number }>(ln).data.failed).toBe(2);
    const rows = body<{ content: Array<{ rowNumber: number; errors: Array<{ column: string; message: string }> }> }>(
      await t.admin.get('/api/migration/data-loans', { status: 'FAILED' }),
    ).data.content;
    expect(rows.map((r) => [r.rowNumber, r.errors[0].column])).toEqual([
      [1, 'Pokok Terbayar'],
      [2, 'Pokok Terbayar'],
    ]);
    expect(rows[0].errors[0].message).toMatch(/1500000|1.500.000/);
  });
});
