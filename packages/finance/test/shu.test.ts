import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../src/money.ts';
import { calculateShu, prorate, SHU_ALLOCATIONS, type ShuShares, sharesTotal, sharesValid, shuTax } from '../src/shu.ts';

const n = (d: { toNumber(): number }) => d.toNumber();

// The allocation most Indonesian KSP articles of association use (cadangan 40%, jasa modal 20%,
// jasa usaha 25%, pengurus 5%, karyawan 5%, pendidikan 2.5%, sosial 2.5%), as in the worked examples
// of cooperative accounting textbooks (e.g. Rudianto, "Akuntansi Koperasi", 2nd ed., Erlangga 2010,
// chapter "Sisa Hasil Usaha": SHU per anggota = JMA × Sa/TMS + JUA × Ta/TTA).
const TEXTBOOK: ShuShares = {
  RESERVE: 40,
  MEMBER_EQUITY: 20,
  MEMBER_TRANSACTION: 25,
  MANAGEMENT: 5,
  EMPLOYEE: 5,
  EDUCATION: 2.5,
  SOCIAL: 2.5,
  OTHER: 0,
};

describe('SHU shares', () => {
  it('must total exactly 100 with none negative', () => {
    expect(n(sharesTotal(TEXTBOOK))).toBe(100);
    expect(sharesValid(TEXTBOOK)).toBe(true);
    expect(sharesValid({ ...TEXTBOOK, OTHER: 0.01 })).toBe(false);
    expect(sharesValid({ ...TEXTBOOK, RESERVE: 45, SOCIAL: -2.5 })).toBe(false);
    expect(() => calculateShu({ surplus: 1, shares: { ...TEXTBOOK, RESERVE: 39 }, members: [], taxPercent: 10 })).toThrow(RangeError);
  });
});

describe('worked example', () => {
  // SHU Rp 100.000.000. Jasa modal (20%) Rp 20.000.000 shared by equity savings (pokok + wajib):
  //   A Rp 1.500.000, B Rp 1.000.000, C Rp 500.000 → total Rp 3.000.000.
  //   A: 1.5/3 × 20.000.000 = 10.000.000; B: 6.666.666,67 → 6.666.666; C: 3.333.333,33 → 3.333.333.
  // Jasa usaha (25%) Rp 25.000.000 by transactions: A 2.000.000, B 6.000.000, C 0 → total 8.000.000.
  //   A: 2/8 × 25.000.000 = 6.250.000; B: 18.750.000; C: 0.
  // Rounding leaves Rp 1 (jasa modal) → reserve 40.000.000 + 1 = 40.000.001.
  // Tax 10% final: A 16.250.000 → 1.625.000; B 25.416.666 → 2.541.666,6 → 2.541.667; C 3.333.333 → 333.333,3 → 333.333.
  const r = calculateShu({
    surplus: 100_000_000,
    shares: TEXTBOOK,
    taxPercent: 10,
    members: [
      { memberId: 'A', equity: 1_500_000, transaction: 2_000_000 },
      { memberId: 'B', equity: 1_000_000, transaction: 6_000_000 },
      { memberId: 'C', equity: 500_000, transaction: 0 },
    ],
  });

  it('allocates the surplus by the shares, the reserve taking the rounding remainder', () => {
    expect(Object.fromEntries(SHU_ALLOCATIONS.map((k) => [k, n(r.planned[k])]))).toEqual({
      RESERVE: 40_000_000,
      MEMBER_EQUITY: 20_000_000,
      MEMBER_TRANSACTION: 25_000_000,
      MANAGEMENT: 5_000_000,
      EMPLOYEE: 5_000_000,
      EDUCATION: 2_500_000,
      SOCIAL: 2_500_000,
      OTHER: 0,
    });
    expect(n(r.allocations.RESERVE)).toBe(40_000_001);
    expect(n(r.allocations.MEMBER_EQUITY)).toBe(19_999_999);
    expect(n(r.remainderToReserve)).toBe(1);
    const sum = SHU_ALLOCATIONS.reduce((s, k) => s.plus(r.allocations[k]), dec(0));
    expect(n(sum)).toBe(100_000_000);
  });

  it("shares each member allocation by the member's basis", () => {
    expect(r.members.map((m) => [m.memberId, n(m.equityShare), n(m.transactionShare), n(m.gross), n(m.tax), n(m.net)])).toEqual([
      ['A', 10_000_000, 6_250_000, 16_250_000, 1_625_000, 14_625_000],
      ['B', 6_666_666, 18_750_000, 25_416_666, 2_541_667, 22_874_999],
      ['C', 3_333_333, 0, 3_333_333, 333_333, 3_000_000],
    ]);
    expect(n(r.totals.gross)).toBe(44_999_999);
    expect(n(r.totals.tax)).toBe(4_500_000);
  });

  it('keeps the sen of the surplus in the reserve and divides nothing of a deficit', () => {
    const s = calculateShu({ surplus: '1000.75', shares: TEXTBOOK, taxPercent: 10, members: [] });
    // Members' allocations have no basis: all to the reserve.
    // Planned: management 50, employees 50, education 25, social 25 → reserve 1000,75 − 150 = 850,75
    // (its own 400,75 plus jasa modal 200 and jasa usaha 250 without a basis).
    expect(n(s.allocations.RESERVE)).toBe(850.75);
    expect(n(s.remainderToReserve)).toBe(200 + 250);
    const d = calculateShu({ surplus: -5000, shares: TEXTBOOK, taxPercent: 10, members: [{ memberId: 'A', equity: 1, transaction: 1 }] });
    expect(SHU_ALLOCATIONS.every((k) => d.allocations[k].isZero())).toBe(true);
    expect(n(d.members[0].gross)).toBe(0);
  });

  it('taxes to the rupiah, never more than the share', () => {
    expect(n(shuTax(25_416_666, 10))).toBe(2_541_667);
    expect(n(shuTax(4, 10))).toBe(0);
    expect(n(shuTax(5, 10))).toBe(1);
    expect(n(shuTax(100, 0))).toBe(0);
    expect(n(shuTax(100, 100))).toBe(100);
  });

  it('prorates nothing without a basis', () => {
    expect(prorate(1000, [0, 0]).map(n)).toEqual([0, 0]);
    expect(prorate(1000, [1, 1, 1]).map(n)).toEqual([333, 333, 333]);
  });
});

describe('properties', () => {
  const money = fc.integer({ min: 0, max: 10_000_000_000_00 }).map((c) => dec(c).div(100));
  const shares = fc
    .array(fc.integer({ min: 0, max: 10_000 }), { minLength: 8, maxLength: 8 })
    .filter((a) => a.some((x) => x > 0))
    .map((a) => {
      // Basis points scaled to total exactly 10 000 (100.00%).
      const total = a.reduce((s, x) => s + x, 0);
      const bp = a.map((x) => Math.floor((x * 10_000) / total));
      bp[0] += 10_000 - bp.reduce((s, x) => s + x, 0);
      return Object.fromEntries(SHU_ALLOCATIONS.map((k, i) => [k, dec(bp[i]).div(100)])) as ShuShares;
    });
  const members = fc.array(fc.record({ memberId: fc.uuid(), equity: money, transaction: money }), { maxLength: 40 });

  it('member shares add up to their allocation, allocations to the surplus, nothing negative', () => {
    fc.assert(
      fc.property(money, shares, members, fc.integer({ min: 0, max: 100 }), (surplus, s, m, tax) => {
        const r = calculateShu({ surplus, shares: s, members: m, taxPercent: tax });
        const total = SHU_ALLOCATIONS.reduce((a, k) => a.plus(r.allocations[k]), dec(0));
        expect(total.eq(surplus)).toBe(true);
        expect(r.totals.equityShare.eq(r.allocations.MEMBER_EQUITY)).toBe(true);
        expect(r.totals.transactionShare.eq(r.allocations.MEMBER_TRANSACTION)).toBe(true);
        expect(r.allocations.MEMBER_EQUITY.lte(r.planned.MEMBER_EQUITY)).toBe(true);
        for (const k of SHU_ALLOCATIONS) expect(r.allocations[k].isNegative()).toBe(false);
        for (const x of r.members) {
          expect(x.gross.isNegative() || x.tax.isNegative() || x.net.isNegative()).toBe(false);
          expect(x.net.plus(x.tax).eq(x.gross)).toBe(true);
          expect(x.gross.isInteger()).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
