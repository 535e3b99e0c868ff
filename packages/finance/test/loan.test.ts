import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annuityPayment,
  feeAmount,
  fineDays,
  fineFor,
  firstDueDateByRule,
  INTEREST_METHODS,
  type InstallmentState,
  interestToDate,
  roundToMultiple,
  schedule,
} from '../src/loan.ts';
import { dec } from '../src/money.ts';

const n = (d: { toFixed(dp: number): string }) => Number(d.toFixed(2));
const rows = (s: ReturnType<typeof schedule>) =>
  s.installments.map((r) => [n(r.principal), n(r.interest), n(r.total), n(r.remainingPrincipal)]);

describe('published worked examples', () => {
  it('FLAT: Rp 36.000.000, 24 % p.a., 12 months = 3.000.000 + 720.000 a month, 8.640.000 interest', () => {
    // Source: "Perhitungan kredit dengan flat rate", https://dwikimaulanai.blogspot.com/2018/05/tugas-1-dan-2-perhitungan-kredit-dengan.html
    // (table: Angsuran 3.720.000 = Pokok 3.000.000 + Bunga 720.000, Jumlah bunga 8.640.000).
    const s = schedule({
      amount: 36_000_000,
      tenor: 12,
      annualRate: 24,
      method: 'FLAT',
      startDate: '2006-04-07',
      firstDueDate: '2006-05-07',
    });
    expect(s.installments.every((r) => n(r.principal) === 3_000_000 && n(r.interest) === 720_000 && n(r.total) === 3_720_000)).toBe(true);
    expect(n(s.totalInterest)).toBe(8_640_000);
    expect(n(s.totalPayment)).toBe(44_640_000);
    expect(s.installments.map((r) => r.dueDate).slice(0, 3)).toEqual(['2006-05-07', '2006-06-07', '2006-07-07']);
    expect(s.installments[11].dueDate).toBe('2007-04-07');
  });

  it('FLAT: Rp 90.000.000, 1 % a month, 36 months = 2.500.000 + 900.000', () => {
    // Source: "Tugas Mankeu II Kelompok 2", https://id.scribd.com/document/423090835/Tugas-Mankeu-II-Kelompok-2 (BUNGA FLAT table).
    const s = schedule({ amount: 90_000_000, tenor: 36, annualRate: 12, method: 'FLAT', startDate: '2026-01-01' });
    expect(rows(s)[0]).toEqual([2_500_000, 900_000, 3_400_000, 87_500_000]);
    expect(rows(s)[1]).toEqual([2_500_000, 900_000, 3_400_000, 85_000_000]);
    expect(rows(s)[33]).toEqual([2_500_000, 900_000, 3_400_000, 5_000_000]);
  });

  it('EFEKTIF_BULAN: Rp 120.000.000, 10 % p.a., 12 months (interest on the remaining principal)', () => {
    // Source: fame.grid.id, "cara menghitung bunga kredit", https://fame.grid.id/read/463737867/...?page=4
    // Month 1 interest 1.000.000 (instalment 11.000.000), month 2 916.667, month 12 83.333 (the article rounds to the rupiah;
    // to the sen they are 916.666,67 and 83.333,33).
    const s = schedule({ amount: 120_000_000, tenor: 12, annualRate: 10, method: 'EFEKTIF_BULAN', startDate: '2026-01-10' });
    expect(rows(s)[0]).toEqual([10_000_000, 1_000_000, 11_000_000, 110_000_000]);
    expect(rows(s)[1]).toEqual([10_000_000, 916_666.67, 10_916_666.67, 100_000_000]);
    expect(rows(s)[11]).toEqual([10_000_000, 83_333.33, 10_083_333.33, 0]);
    // Rounded to the rupiah, the instalments are the article's figures; the sen go to the principal.
    const r = schedule({
      amount: 120_000_000,
      tenor: 12,
      annualRate: 10,
      method: 'EFEKTIF_BULAN',
      startDate: '2026-01-10',
      roundingMultiple: 1,
    });
    expect(n(r.installments[1].total)).toBe(10_916_667);
    expect(n(r.installments[1].principal)).toBe(10_000_000.33);
    expect(n(r.totalPrincipal)).toBe(120_000_000);
  });

  it('ANUITAS: Rp 5.000.000, 1 % a month, 10 months, instalment rounded to 528.000', () => {
    // Source: Modul Matematika Umum kelas XI KD 3.6, p. 22, http://online.flipbuilder.com/sgkb/hgag/files/basic-html/page22.html
    // AN = 527.910,383 rounded to 528.000; month 1: angsuran 478.000, bunga 50.000, sisa 4.522.000; month 2: 482.780, 45.220,
    // sisa 4.039.220; month 3 bunga 40.392 (to the rupiah; 40.392,20 to the sen).
    expect(annuityPayment(5_000_000, '0.01', 10).toDecimalPlaces(3).toNumber()).toBe(527_910.383);
    const s = schedule({
      amount: 5_000_000,
      tenor: 10,
      annualRate: 12,
      method: 'ANUITAS',
      startDate: '2026-01-05',
      roundingMultiple: 1000,
    });
    expect(rows(s)[0]).toEqual([478_000, 50_000, 528_000, 4_522_000]);
    expect(rows(s)[1]).toEqual([482_780, 45_220, 528_000, 4_039_220]);
    expect(rows(s)[2]).toEqual([487_607.8, 40_392.2, 528_000, 3_551_612.2]);
    expect(s.installments.slice(0, 9).every((r) => n(r.total) === 528_000)).toBe(true);
    expect(n(s.totalPrincipal)).toBe(5_000_000);
    expect(n(s.installments[9].total)).toBeLessThan(528_000);
  });

  it('ANUITAS: Rp 10.000.000, 12 % p.a., 24 months = 470.734,72 a month', () => {
    // Source: "Latihan soal anuitas" (Rina meminjam 10.000.000 ... 24 kali cicilan), https://id.scribd.com/document/409947874/latihan-soal-anuitas-docx
    const s = schedule({ amount: 10_000_000, tenor: 24, annualRate: 12, method: 'ANUITAS', startDate: '2026-01-01' });
    expect(n(s.installmentAmount)).toBe(470_734.72);
    expect(n(s.installments[0].interest)).toBe(100_000);
    expect(n(s.totalPrincipal)).toBe(10_000_000);
  });

  it('EFEKTIF (daily): interest = remaining × rate × actual days / 365', () => {
    // By the definition (actual/365): 12.000.000 at 12 % p.a. released 15 Jan 2026, due 15 Feb (31 days), 15 Mar (28), 15 Apr (31).
    const s = schedule({ amount: 12_000_000, tenor: 3, annualRate: 12, method: 'EFEKTIF', startDate: '2026-01-15' });
    expect(rows(s)).toEqual([
      [4_000_000, 122_301.37, 4_122_301.37, 8_000_000],
      [4_000_000, 73_643.84, 4_073_643.84, 4_000_000],
      [4_000_000, 40_767.12, 4_040_767.12, 0],
    ]);
  });
});

describe('payment components, rounding, dates', () => {
  it('JASA: interest only, the whole principal with the last installment', () => {
    const s = schedule({ amount: 6_000_000, tenor: 3, annualRate: 12, method: 'FLAT', component: 'JASA', startDate: '2026-01-31' });
    expect(rows(s)).toEqual([
      [0, 60_000, 60_000, 6_000_000],
      [0, 60_000, 60_000, 6_000_000],
      [6_000_000, 60_000, 6_060_000, 0],
    ]);
    expect(s.installments.map((r) => r.dueDate)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('POKOK: principal only', () => {
    const s = schedule({ amount: 1_000_000, tenor: 3, annualRate: 24, method: 'ANUITAS', component: 'POKOK', startDate: '2026-01-01' });
    expect(rows(s)).toEqual([
      [333_333.33, 0, 333_333.33, 666_666.67],
      [333_333.33, 0, 333_333.33, 333_333.34],
      [333_333.34, 0, 333_333.34, 0],
    ]);
  });

  it('rounds to the sen half-up, and up to larger multiples', () => {
    expect(roundToMultiple('1000.01', 100).toNumber()).toBe(1100);
    expect(roundToMultiple('1000', 100).toNumber()).toBe(1000);
    expect(roundToMultiple('833333.335', '0.01').toNumber()).toBe(833_333.34);
    expect(roundToMultiple('833333.3333', '0.01').toNumber()).toBe(833_333.33);
    expect(roundToMultiple('1.2', 1).toNumber()).toBe(2);
  });

  it('first due date by rule', () => {
    expect(firstDueDateByRule('2026-01-31', 'ONE_MONTH')).toBe('2026-02-28');
    expect(firstDueDateByRule('2026-01-10', 'DUE_DAY', 25)).toBe('2026-02-25');
    expect(firstDueDateByRule('2026-01-20', 'DUE_DAY', 1)).toBe('2026-03-01');
  });

  it('fees', () => {
    expect(feeAmount(10_000_000, 1.5, 'PERCENT').toNumber()).toBe(150_000);
    expect(feeAmount(10_000_000, 50_000, 'NOMINAL').toNumber()).toBe(50_000);
    expect(feeAmount(3_333_333, '0.333', 'PERCENT').toNumber()).toBe(11_100);
  });
});

describe('fines and payoff', () => {
  it('counts days from the first day after due date + grace days', () => {
    expect(fineDays('2026-03-10', 3, '2026-03-13')).toBe(0);
    expect(fineDays('2026-03-10', 3, '2026-03-15')).toBe(2);
    expect(fineDays('2026-03-10', 0, '2026-03-15', '2026-03-14')).toBe(1);
    expect(
      fineFor({ unpaid: 1_000_000, dueDate: '2026-03-10', graceDays: 3, method: 'PERCENT', rate: '0.1', asOf: '2026-03-20' }).toNumber(),
    ).toBe(7000);
    expect(
      fineFor({ unpaid: 1_000_000, dueDate: '2026-03-10', graceDays: 0, method: 'NOMINAL', rate: 2500, asOf: '2026-03-12' }).toNumber(),
    ).toBe(5000);
    expect(fineFor({ unpaid: 0, dueDate: '2026-03-10', graceDays: 0, method: 'NOMINAL', rate: 2500, asOf: '2026-03-12' }).toNumber()).toBe(
      0,
    );
  });

  it('interest to date: past due unpaid interest plus the current period pro rata', () => {
    const s = schedule({ amount: 12_000_000, tenor: 3, annualRate: 12, method: 'EFEKTIF', startDate: '2026-01-15' });
    const st: InstallmentState[] = s.installments.map((r) => ({ ...r, principalPaid: 0, interestPaid: 0 }));
    // 10 days after the release: 12.000.000 × 12 % × 10 / 365 = 39.452,05
    expect(interestToDate(st, '2026-01-15', '2026-01-25').toNumber()).toBe(39_452.05);
    // on the first due date: the whole first interest
    expect(interestToDate(st, '2026-01-15', '2026-02-15').toNumber()).toBe(122_301.37);
    // first paid, 14 days into the second period (of 28): 73.643,84 / 2
    st[0].interestPaid = st[0].interest;
    expect(interestToDate(st, '2026-01-15', '2026-03-01').toNumber()).toBe(36_821.92);
  });
});

describe('properties', () => {
  const multiples = fc.constantFrom('0.01', '1', '100', '1000');
  const method = fc.constantFrom(...INTEREST_METHODS);
  const component = fc.constantFrom('POKOK & JASA' as const, 'POKOK' as const, 'JASA' as const);
  const amount = fc.integer({ min: 1, max: 100_000_000_000 }).map((c) => dec(c).div(100));
  const rate = fc.integer({ min: 0, max: 60_000 }).map((r) => dec(r).div(1000));

  it('principal sums exactly to the amount; nothing negative; remaining ends at 0', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 360 }), rate, method, multiples, component, (a, t, r, m, mult, c) => {
        const s = schedule({
          amount: a,
          tenor: t,
          annualRate: r,
          method: m,
          roundingMultiple: mult,
          component: c,
          startDate: '2026-01-31',
        });
        expect(s.installments).toHaveLength(t);
        expect(s.totalPrincipal.eq(a)).toBe(true);
        for (const row of s.installments) {
          expect(row.principal.gte(0) && row.interest.gte(0) && row.remainingPrincipal.gte(0)).toBe(true);
          expect(row.principal.decimalPlaces() <= 2 && row.interest.decimalPlaces() <= 2).toBe(true);
          expect(row.total.eq(row.principal.plus(row.interest))).toBe(true);
        }
        expect(s.installments[t - 1].remainingPrincipal.isZero()).toBe(true);
        expect(s.totalPayment.eq(s.totalPrincipal.plus(s.totalInterest))).toBe(true);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('ANUITAS installments are equal except the last (while principal remains)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 10_000_000_000 }),
        fc.integer({ min: 2, max: 360 }),
        fc.integer({ min: 1, max: 36_000 }).map((r) => dec(r).div(1000)),
        multiples,
        (a, t, r, mult) => {
          const s = schedule({ amount: a, tenor: t, annualRate: r, method: 'ANUITAS', roundingMultiple: mult, startDate: '2026-01-01' });
          const first = s.installments[0].total;
          const regular = s.installments.slice(0, -1).filter((x) => x.remainingPrincipal.gt(0) || x.principal.gt(0));
          for (const row of regular.slice(0, -1)) expect(row.total.eq(first)).toBe(true);
          expect(first.minus(roundToMultiple(annuityPayment(a, dec(r).div(1200), t), mult)).isZero()).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe('flatInterestBase (a migrated FLAT loan)', () => {
  it('keeps the flat interest on the amount lent while scheduling the outstanding principal', () => {
    const s = schedule({
      amount: 6_000_000,
      tenor: 6,
      annualRate: 12,
      method: 'FLAT',
      startDate: '2026-01-10',
      flatInterestBase: 12_000_000,
    });
    expect(rows(s)[0]).toEqual([1_000_000, 120_000, 1_120_000, 5_000_000]);
    expect(n(s.totalPrincipal)).toBe(6_000_000);
    // Other methods ignore it.
    const e = schedule({
      amount: 6_000_000,
      tenor: 6,
      annualRate: 12,
      method: 'EFEKTIF_BULAN',
      startDate: '2026-01-10',
      flatInterestBase: 1,
    });
    expect(n(e.installments[0].interest)).toBe(60_000);
  });
});
