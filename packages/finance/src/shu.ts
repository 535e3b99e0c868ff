/**
 * Sisa hasil usaha (SHU): dividing a closed fiscal year's surplus.
 *
 * 1. The surplus is split by the settings' shares (percent, totalling 100):
 *    reserve (cadangan), members by equity (jasa modal), members by
 *    transactions (jasa usaha), management, employees, education, social,
 *    others. Each share but the reserve is rounded down to the rupiah; the
 *    reserve takes what is left, so the allocations add up to the surplus
 *    exactly (sen included).
 * 2. Each member allocation is shared in proportion to the members' bases
 *    (the textbook formula: SHU per member = JMA × Sa / TMS + JUA × Ta / TTA,
 *    with Sa the member's equity basis, TMS all members' equity basis, Ta the
 *    member's transactions and TTA all members' transactions). Each share is
 *    rounded down to the rupiah; what rounding leaves (and a whole allocation
 *    when no member has a basis) goes to the reserve, so the member shares add
 *    up exactly to their allocation and nothing is created or lost.
 * 3. Tax on each member's share (final, default 10%): rounded to the rupiah
 *    (half up), never more than the share; net = gross − tax.
 *
 * Pure: no database, Dec only.
 */
import { Dec, type DecInput, dec, ZERO } from './money.ts';

export const SHU_ALLOCATIONS = [
  'RESERVE',
  'MEMBER_EQUITY',
  'MEMBER_TRANSACTION',
  'MANAGEMENT',
  'EMPLOYEE',
  'EDUCATION',
  'SOCIAL',
  'OTHER',
] as const;
export type ShuAllocation = (typeof SHU_ALLOCATIONS)[number];
export type ShuShares = Record<ShuAllocation, DecInput>;
export type ShuAmounts = Record<ShuAllocation, Dec>;

const HUNDRED = new Dec(100);

/** The shares' total (percent). */
export function sharesTotal(shares: ShuShares): Dec {
  return SHU_ALLOCATIONS.reduce((s, k) => s.plus(dec(shares[k] ?? 0)), ZERO);
}

/** Shares are valid when none is negative and they total exactly 100. */
export function sharesValid(shares: ShuShares): boolean {
  return SHU_ALLOCATIONS.every((k) => !dec(shares[k] ?? 0).isNegative()) && sharesTotal(shares).eq(HUNDRED);
}

const floorRupiah = (v: Dec) => v.toDecimalPlaces(0, Dec.ROUND_DOWN);

/**
 * `total` shared in proportion to `bases`, each share rounded down to the rupiah.
 * Negative bases count as zero. The shares never exceed `total`; with no basis at all every share is zero.
 */
export function prorate(total: DecInput, bases: DecInput[]): Dec[] {
  const t = dec(total);
  const b = bases.map((x) => Dec.max(dec(x), ZERO));
  const all = b.reduce((s, x) => s.plus(x), ZERO);
  if (all.isZero() || !t.gt(0)) return b.map(() => ZERO);
  return b.map((x) => floorRupiah(t.times(x).div(all)));
}

/** Tax on a member's share: percent of the gross, rounded to the rupiah (half up), at most the gross. */
export function shuTax(gross: DecInput, taxPercent: DecInput): Dec {
  const g = dec(gross);
  if (!g.gt(0)) return ZERO;
  const t = g.times(dec(taxPercent)).div(HUNDRED).toDecimalPlaces(0, Dec.ROUND_HALF_UP);
  return Dec.min(Dec.max(t, ZERO), g);
}

export interface ShuMemberBasis {
  memberId: string;
  /** Jasa modal basis (equity savings: year-end or average daily balance). */
  equity: DecInput;
  /** Jasa usaha basis (transactions with the cooperative in the year). */
  transaction: DecInput;
}

export interface ShuMemberShare {
  memberId: string;
  equityBasis: Dec;
  transactionBasis: Dec;
  equityShare: Dec;
  transactionShare: Dec;
  gross: Dec;
  tax: Dec;
  net: Dec;
}

export interface ShuInput {
  surplus: DecInput;
  shares: ShuShares;
  members: ShuMemberBasis[];
  taxPercent: DecInput;
}

export interface ShuResult {
  surplus: Dec;
  /** Each allocation before the members' rounding remainders moved to the reserve. */
  planned: ShuAmounts;
  /** Each allocation as distributed: member allocations = the sum of the members' shares; the reserve took the rest. */
  allocations: ShuAmounts;
  /** What the members' rounding (or an allocation without any basis) left, added to the reserve. */
  remainderToReserve: Dec;
  members: ShuMemberShare[];
  totals: { equityBasis: Dec; transactionBasis: Dec; equityShare: Dec; transactionShare: Dec; gross: Dec; tax: Dec; net: Dec };
}

function zeroAmounts(): ShuAmounts {
  return Object.fromEntries(SHU_ALLOCATIONS.map((k) => [k, ZERO])) as ShuAmounts;
}

/** The whole division of a year's surplus. A surplus of zero or less (a deficit) divides nothing. */
export function calculateShu(input: ShuInput): ShuResult {
  const surplus = dec(input.surplus);
  if (!sharesValid(input.shares)) throw new RangeError('SHU shares must be non-negative and total 100');
  const planned = zeroAmounts();
  const positive = surplus.gt(0);
  if (positive) {
    let rest = surplus;
    for (const k of SHU_ALLOCATIONS) {
      if (k === 'RESERVE') continue;
      planned[k] = floorRupiah(surplus.times(dec(input.shares[k])).div(HUNDRED));
      rest = rest.minus(planned[k]);
    }
    planned.RESERVE = rest;
  }
  const equityBases = input.members.map((m) => Dec.max(dec(m.equity), ZERO));
  const transactionBases = input.members.map((m) => Dec.max(dec(m.transaction), ZERO));
  const eq = prorate(planned.MEMBER_EQUITY, equityBases);
  const tr = prorate(planned.MEMBER_TRANSACTION, transactionBases);
  const members: ShuMemberShare[] = input.members.map((m, i) => {
    const gross = eq[i].plus(tr[i]);
    const tax = shuTax(gross, input.taxPercent);
    return {
      memberId: m.memberId,
      equityBasis: equityBases[i],
      transactionBasis: transactionBases[i],
      equityShare: eq[i],
      transactionShare: tr[i],
      gross,
      tax,
      net: gross.minus(tax),
    };
  });
  const sumOf = (f: (s: ShuMemberShare) => Dec) => members.reduce((s, x) => s.plus(f(x)), ZERO);
  const totals = {
    equityBasis: sumOf((s) => s.equityBasis),
    transactionBasis: sumOf((s) => s.transactionBasis),
    equityShare: sumOf((s) => s.equityShare),
    transactionShare: sumOf((s) => s.transactionShare),
    gross: sumOf((s) => s.gross),
    tax: sumOf((s) => s.tax),
    net: sumOf((s) => s.net),
  };
  const allocations = { ...planned };
  allocations.MEMBER_EQUITY = totals.equityShare;
  allocations.MEMBER_TRANSACTION = totals.transactionShare;
  const remainderToReserve = planned.MEMBER_EQUITY.minus(totals.equityShare).plus(
    planned.MEMBER_TRANSACTION.minus(totals.transactionShare),
  );
  allocations.RESERVE = planned.RESERVE.plus(remainderToReserve);
  return { surplus, planned, allocations, remainderToReserve, members, totals };
}
