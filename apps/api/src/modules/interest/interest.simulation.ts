/**
 * The interest simulations of spec section 7 "Interest" (docs/interest.md):
 *  - saving-member-baserate: the voluntary savings interest at a base rate;
 *  - saving-member-profit-sharing: a profit amount shared in proportion to the
 *    accounts' basis balances (largest remainder to the sen);
 *  - saving-member-profit-deposit: the term deposits' interest at the 3, 6 and
 *    12 month rates of the query.
 * Each answers per member gross, tax (PP 15/2009, cumulative with the month's
 * posted interest, `monthlyInterestTax`), admin fee and net. Nothing is posted.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import { monthlyInterestTaxes } from '@koperasi/finance/deposit';
import { depositSimulationInterest, shareLargestRemainder } from '@koperasi/finance/profit-sharing';
import { savingsAdminFee } from '@koperasi/finance/savings-interest';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { taxSetting } from '../deposits/deposits.core.ts';
import { addMonths } from '../ledger/dates.ts';
import { type AccountInterest, computeInterest, dailyBalancesOf, interestAccounts } from './interest.core.ts';
import { depositsInPeriod, readTaxMonths } from './interest.repo.ts';
import { type PeriodInput, resolvePeriod } from './interest.service.ts';

export interface MemberSimulation {
  memberId: string;
  cifNumber: string;
  memberName: string;
  accounts: number;
  averageBalance: Dec;
  gross: Dec;
  tax: Dec;
  adminFee: Dec;
  net: Dec;
}

export interface SimulationResult {
  rows: MemberSimulation[];
  start: string;
  end: string;
}

/** One account's (or deposit's) gross before tax, with what the admin fee needs. */
interface SimItem {
  id: string;
  memberId: string;
  cifNumber: string;
  memberName: string;
  basisBalance: Dec;
  gross: Dec;
  adminFee: Dec;
  /** What the account holds before the interest (the admin fee cap); null = no admin fee (deposits). */
  available: Dec | null;
}

type SimQuery = PeriodInput & { search?: string };

/** Tax per subject cumulative with the month's posted interest, admin fee, then the sums per member. */
async function perMember(tx: Tx, ctx: Ctx, items: SimItem[], end: string, search?: string): Promise<MemberSimulation[]> {
  const setting = await taxSetting(tx, ctx);
  const month = `${end.slice(0, 7)}-01`;
  const subjectOf = (i: SimItem) => (setting.basis === 'MEMBER' ? i.memberId : i.id);
  const prior = await readTaxMonths(tx, [...new Set(items.map(subjectOf))], month);
  // As the release withholds one chunk (items in account order): per subject, smallest gross first. A subject's tax
  // depends on its own items only, so whole subjects go in batches of about simulationChunk.size items with the event
  // loop given back between them (one call over 1,000,000 items held every other request for seconds); each batch
  // keeps a subject's items in account order, so the answer is the one of a single call.
  const taxes: Dec[] = new Array(items.length);
  const bySubject = new Map<string, number[]>();
  for (const [k, i] of items.entries()) {
    const s = subjectOf(i);
    const ks = bySubject.get(s);
    if (ks) ks.push(k);
    else bySubject.set(s, [k]);
  }
  let batch: number[] = [];
  const withhold = () => {
    const t = monthlyInterestTaxes(
      setting.rule,
      (s) => ({ gross: prior.get(s)?.gross ?? 0, tax: prior.get(s)?.tax ?? 0 }),
      batch.map((k) => ({ subject: subjectOf(items[k]), gross: items[k].gross })),
    );
    for (const [j, k] of batch.entries()) taxes[k] = t[j];
    batch = [];
  };
  for (const ks of bySubject.values()) {
    for (const k of ks) batch.push(k);
    if (batch.length >= simulationChunk.size) {
      withhold();
      await new Promise((r) => setImmediate(r));
    }
  }
  withhold();
  const byMember = new Map<string, MemberSimulation>();
  for (const [k, i] of items.entries()) {
    if (k % simulationChunk.size === simulationChunk.size - 1) await new Promise((r) => setImmediate(r));
    const r = { tax: taxes[k], net: i.gross.minus(taxes[k]) };
    const fee = i.available === null ? ZERO : savingsAdminFee({ monthlyFee: i.adminFee, months: 1, available: i.available.plus(r.net) });
    const m = byMember.get(i.memberId) ?? {
      memberId: i.memberId,
      cifNumber: i.cifNumber,
      memberName: i.memberName,
      accounts: 0,
      averageBalance: ZERO,
      gross: ZERO,
      tax: ZERO,
      adminFee: ZERO,
      net: ZERO,
    };
    m.accounts++;
    m.averageBalance = m.averageBalance.plus(i.basisBalance);
    m.gross = m.gross.plus(i.gross);
    m.tax = m.tax.plus(r.tax);
    m.adminFee = m.adminFee.plus(fee);
    m.net = m.net.plus(r.net).minus(fee);
    byMember.set(i.memberId, m);
  }
  // One collator for the whole sort (localeCompare per comparison: 500,000 members took seconds of the event loop).
  const { compare } = new Intl.Collator();
  let rows = [...byMember.values()].sort((a, b) => compare(a.memberName, b.memberName) || compare(a.cifNumber, b.cifNumber));
  const q = search?.toLowerCase();
  if (q) rows = rows.filter((r) => r.memberName.toLowerCase().includes(q) || r.cifNumber.toLowerCase().includes(q));
  return rows;
}

/** Accounts a simulation reads and computes at a time (interestAccounts pages by id; a test makes it small). */
export const simulationChunk = { size: 5_000 };

/**
 * The voluntary savings accounts of the period with their computed interest (product terms, or the overrides), each
 * kept as `keep` makes it: read, computed and reduced simulationChunk.size accounts at a time, in account order, the event loop
 * given back between chunks. Read whole, 1,000,000 accounts held every day's balance of every account at once
 * (2.6 GB) and computed them in one go, every other request of the server waiting (a teller's 22 s), and the
 * transaction sat idle past idle_in_transaction_session_timeout (the request failed after 146 s). Now 1,000,000
 * accounts answer in 141-151 s and other requests within 2 s throughout (the tax is withheld in batches of subjects
 * too: perMember), but the process still grows to 2.7 GB (every account's result is kept until the members are
 * summed): a simulation in SQL, the release's chunk rule without its writes, would be the way (docs/interest.md
 * "Tenth pass"). Each chunk reads its own snapshot: a simulation posts nothing, and a movement entered
 * meanwhile is in the chunk read after it.
 */
async function savingsItems<T>(
  tx: Tx,
  start: string,
  end: string,
  productId: string | null,
  o: { baseRate?: number | null; minBalance?: number | null },
  keep: (i: AccountInterest) => T,
): Promise<T[]> {
  const out: T[] = [];
  for (let after: string | null = null; ; ) {
    const accounts = await interestAccounts(tx, { end, productId, after, limit: simulationChunk.size });
    if (!accounts.length) break;
    const balances = await dailyBalancesOf(
      tx,
      accounts.map((a) => a.id),
      start,
      end,
    );
    for (const i of computeInterest(accounts, balances, start, end, o)) out.push(keep(i));
    if (accounts.length < simulationChunk.size) break;
    after = accounts[accounts.length - 1].id;
    await new Promise((r) => setImmediate(r));
  }
  return out;
}

/** The longest period a simulation computes, in months: every account's every day is computed (a start typed as 1900 would hold 46,000 days per account). */
export const SIMULATION_MAX_MONTHS = 12;

/** The release's period rule, and at most SIMULATION_MAX_MONTHS months. */
function simulationPeriod(q: PeriodInput) {
  const p = resolvePeriod(q);
  if (p.end >= addMonths(p.start, SIMULATION_MAX_MONTHS))
    throw new AppError(422, 'PERIOD_TOO_LONG', 'common.period_too_long', { months: SIMULATION_MAX_MONTHS }, [
      { field: 'startDate', message: 'common.period_too_long' },
    ]);
  return p;
}

/** GET interest-simulation/saving-member-baserate. */
export async function simulate(
  ctx: Ctx,
  q: SimQuery & { minBalance?: number | null; baseRate?: number | null },
): Promise<SimulationResult> {
  const { start, end, productId } = simulationPeriod(q);
  return withTx(ctx, async (tx) => {
    const items = await savingsItems<SimItem>(tx, start, end, productId, q, (i) => ({
      id: i.a.id,
      memberId: i.a.member_id,
      cifNumber: i.a.cif_number,
      memberName: i.a.member_name,
      basisBalance: i.basisBalance,
      gross: i.gross,
      adminFee: i.adminFee,
      available: i.lastBalance.minus(i.a.blocked_amount),
    }));
    return { rows: await perMember(tx, ctx, items, end, q.search), start, end };
  });
}

/**
 * GET interest-simulation/saving-member-profit-sharing: `profitSharing` shared
 * over the accounts in proportion to their basis balance (the product's
 * balance basis, counted between its interest minimum and maximum, less the
 * blocked amount; accounts not earning interest have none). The shares add up
 * exactly to the amount (largest remainder to the sen).
 */
export async function simulateProfitSharing(ctx: Ctx, q: SimQuery & { profitSharing: number; minBalance?: number | null }) {
  const { start, end, productId } = simulationPeriod(q);
  if (!(q.profitSharing > 0))
    throw new AppError(422, 'PROFIT_SHARING_REQUIRED', 'interest.profit_sharing_required', undefined, [
      { field: 'profitSharing', message: 'interest.profit_sharing_required' },
    ]);
  return withTx(ctx, async (tx) => {
    const items = await savingsItems<SimItem>(tx, start, end, productId, { minBalance: q.minBalance }, (i) => ({
      id: i.a.id,
      memberId: i.a.member_id,
      cifNumber: i.a.cif_number,
      memberName: i.a.member_name,
      basisBalance: i.a.is_not_get_interest ? ZERO : i.basisBalance,
      gross: ZERO,
      adminFee: i.adminFee,
      available: i.lastBalance.minus(i.a.blocked_amount),
    }));
    const shares = shareLargestRemainder(
      q.profitSharing,
      items.map((i) => i.basisBalance),
    );
    for (const [k, i] of items.entries()) i.gross = shares[k];
    const rows = await perMember(tx, ctx, items, end, q.search);
    return { rows, start, end, profitSharing: dec(q.profitSharing).toDecimalPlaces(2) };
  });
}

/** The query's rate for a tenor (3, 6, 12 months), else the deposit's own rate. */
export function rateForSimulation(
  tenor: number,
  own: Dec,
  q: { interestThreeMonth?: number; interestSixMonth?: number; interestTwelveMonth?: number },
) {
  const r = tenor === 3 ? q.interestThreeMonth : tenor === 6 ? q.interestSixMonth : tenor === 12 ? q.interestTwelveMonth : undefined;
  return r === undefined || r === null ? dec(own) : dec(r);
}

/**
 * GET interest-simulation/saving-member-profit-deposit: each running term
 * deposit's interest over the days of its term inside the period (actual/365)
 * at interestThreeMonth / interestSixMonth / interestTwelveMonth for 3, 6 and
 * 12 month deposits (the deposit's own rate for other tenors or when not given).
 */
export async function simulateProfitDeposit(
  ctx: Ctx,
  q: SimQuery & { interestThreeMonth?: number; interestSixMonth?: number; interestTwelveMonth?: number },
) {
  const { start, end, productId } = simulationPeriod(q);
  return withTx(ctx, async (tx) => {
    const deposits = await depositsInPeriod(tx, start, end, productId);
    const items = deposits.map<SimItem>((d) => ({
      id: d.id,
      memberId: d.member_id,
      cifNumber: d.cif_number,
      memberName: d.member_name,
      basisBalance: dec(d.principal),
      gross: depositSimulationInterest({ principal: d.principal, ratePct: rateForSimulation(d.tenor, dec(d.rate), q), days: d.days }),
      adminFee: ZERO,
      available: null,
    }));
    return { rows: await perMember(tx, ctx, items, end, q.search), start, end };
  });
}
