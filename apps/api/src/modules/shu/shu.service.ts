/**
 * Sisa hasil usaha (SHU): the rules. docs/shu.md describes them.
 *
 *  - Settings per fiscal year (shares totalling exactly 100%, bases, tax, GL accounts).
 *  - Calculation from a CLOSED fiscal year's surplus (ledger_fiscal_year.surplus, the amount the closing journal put
 *    on CURRENT_YEAR_SURPLUS), pure division in @koperasi/finance/shu, stored with every member's share.
 *  - Distribution: one header journal (surplus → each allocation's account, members' net shares → SHU payable,
 *    tax → tax payable), then the members' net shares credited to their voluntary savings in committed chunks
 *    (each chunk: savings movements through the savings primitives + one journal SHU payable → savings control).
 *    Resumable: a repeat continues where it stopped; a distributed year answers as it is (once per year).
 *  - Cancellation before payout: chunk by chunk, each credited share taken back (refused when the member has
 *    withdrawn it) and the chunk's journal reversed; then the header journal reversed.
 */

import type { ShuSettingsBody } from '@koperasi/contracts';
import { translate } from '@koperasi/contracts';
import { type Dec, dec, formatRupiah } from '@koperasi/finance';
import { calculateShu, SHU_ALLOCATIONS, type ShuAllocation, type ShuShares, sharesTotal } from '@koperasi/finance/shu';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, conflict, unprocessable } from '../../lib/errors.ts';
import { fiscalYearRange } from '../ledger/dates.ts';
import { audit, withTx } from '../money/index.ts';
import { fiscalStartMonth, fiscalYearForShare, replaceMemberShares, upsertCalculation } from './shu.calc.repo.ts';
import { shareStatusCounts } from './shu.distribution.repo.ts';
import {
  ACCOUNT_COLUMNS,
  accountsByIdsOrKeys,
  type CalculationRow,
  DEFAULT_ACCOUNT_KEYS,
  findCalculation,
  findSetting,
  memberBases,
  type SettingRow,
  SHARE_COLUMNS,
  upsertSetting,
} from './shu.repo.ts';

/** Members credited per committed transaction of a distribution (tests lower it to see several chunks). */
export type AccountKey = keyof typeof ACCOUNT_COLUMNS;

// ---------------------------------------------------------------- settings

export async function fiscalStart(tx: Tx): Promise<number> {
  return fiscalStartMonth(tx);
}

/** Settings as the API answers them; defaults (textbook shares, default accounts) when none were saved. */
function settingView(year: number, r: SettingRow | undefined, defaults: Record<AccountKey, string | null>) {
  const shares = Object.fromEntries(SHU_ALLOCATIONS.map((k) => [k, r ? dec(r[SHARE_COLUMNS[k]]).toNumber() : DEFAULT_SHARES[k]])) as Record<
    ShuAllocation,
    number
  >;
  const accounts = Object.fromEntries(
    (Object.keys(ACCOUNT_COLUMNS) as AccountKey[]).map((k) => [k, r?.[ACCOUNT_COLUMNS[k]] ?? defaults[k]]),
  ) as Record<AccountKey, string | null>;
  return {
    year,
    saved: Boolean(r),
    sourceMembers: r?.source_members ?? true,
    sourceNonMembers: r?.source_non_members ?? false,
    escrowCoaId: r?.escrow_coa_id ?? null,
    shares,
    sharesTotal: sharesTotal(shares).toNumber(),
    equityBasis: r?.equity_basis ?? 'YEAR_END_BALANCE',
    equityIncludeOtherSavings: r?.equity_include_other ?? false,
    transactionBasis: r?.transaction_basis ?? 'SAVING_AVERAGE_BALANCE',
    taxPercent: r ? dec(r.tax_percent).toNumber() : 10,
    accounts,
    updatedAt: r?.updated_at ?? null,
  };
}
export type ShuSettingsView = ReturnType<typeof settingView>;

/** Shares most KSP articles of association use (cadangan 40, jasa modal 20, jasa usaha 25, pengurus 5, karyawan 5, pendidikan 2.5, sosial 2.5). */
export const DEFAULT_SHARES: Record<ShuAllocation, number> = {
  RESERVE: 40,
  MEMBER_EQUITY: 20,
  MEMBER_TRANSACTION: 25,
  MANAGEMENT: 5,
  EMPLOYEE: 5,
  EDUCATION: 2.5,
  SOCIAL: 2.5,
  OTHER: 0,
};

export async function defaultAccounts(tx: Tx): Promise<Record<AccountKey, string | null>> {
  const rows = await accountsByIdsOrKeys(tx, [], Object.values(DEFAULT_ACCOUNT_KEYS));
  const byKey = new Map(rows.map((r) => [r.system_key, r.id]));
  return Object.fromEntries(
    (Object.keys(DEFAULT_ACCOUNT_KEYS) as AccountKey[]).map((k) => [k, byKey.get(DEFAULT_ACCOUNT_KEYS[k]) ?? null]),
  ) as Record<AccountKey, string | null>;
}

async function readSettings(tx: Tx, year: number) {
  return settingView(year, await findSetting(tx, year), await defaultAccounts(tx));
}

export async function getSettings(ctx: Ctx, year: number) {
  return withTx(ctx, (tx) => readSettings(tx, year));
}

export async function saveSettings(ctx: Ctx, body: ShuSettingsBody) {
  return withTx(
    ctx,
    async (tx) => {
      const total = sharesTotal(body.shares as ShuShares);
      if (!total.eq(100)) {
        throw new AppError(400, 'SHU_SHARES_NOT_100', 'shu.shares_not_100', { total: total.toFixed() }, [
          { field: 'shares', message: 'shu.shares_not_100' },
        ]);
      }
      const calc = await findCalculation(tx, body.year, true);
      if (calc && ['DISTRIBUTING', 'DISTRIBUTED', 'CANCELLING'].includes(calc.status))
        throw conflict('SHU_SETTINGS_LOCKED', 'shu.settings_locked', { year: body.year });
      // Every account named must exist in this cooperative, be active and postable (the escrow account too).
      const named = Object.entries({ ...body.accounts, ESCROW: body.escrowCoaId }).filter(([, v]) => v) as [string, string][];
      const found = new Map(
        (
          await accountsByIdsOrKeys(
            tx,
            named.map(([, v]) => v),
            [],
          )
        ).map((r) => [r.id, r]),
      );
      for (const [k, id] of named) {
        const a = found.get(id);
        if (!a?.is_active || !a.is_postable) {
          const field = k === 'ESCROW' ? 'escrowCoaId' : `accounts.${k}`;
          throw new AppError(422, 'SHU_ACCOUNT_INVALID', 'shu.account_invalid', { field }, [{ field, message: 'shu.account_invalid' }]);
        }
      }
      const before = await findSetting(tx, body.year);
      const values: Record<string, unknown> = {
        source_members: body.sourceMembers,
        source_non_members: body.sourceNonMembers,
        escrow_coa_id: body.escrowCoaId ?? null,
        equity_basis: body.equityBasis,
        equity_include_other: body.equityIncludeOtherSavings,
        transaction_basis: body.transactionBasis,
        tax_percent: dec(body.taxPercent).toFixed(4),
      };
      for (const k of SHU_ALLOCATIONS) values[SHARE_COLUMNS[k]] = dec(body.shares[k]).toFixed(4);
      for (const k of Object.keys(ACCOUNT_COLUMNS) as AccountKey[]) values[ACCOUNT_COLUMNS[k]] = body.accounts[k] ?? null;
      await upsertSetting(tx, body.year, values, ctx.userId);
      const after = await readSettings(tx, body.year);
      await audit(tx, ctx, {
        action: before ? 'shu.settings_update' : 'shu.settings_create',
        entity: 'shu_setting',
        entityId: String(body.year),
        before: before ?? undefined,
        after,
      });
      return after;
    },
    { idempotent: true, message: 'shu.settings_saved' },
  );
}

// ---------------------------------------------------------------- calculation

export function calculationView(c: CalculationRow) {
  const amounts = (o: Record<string, string>) =>
    Object.fromEntries(SHU_ALLOCATIONS.map((k) => [k, dec(o[k] ?? 0)])) as Record<ShuAllocation, Dec>;
  return {
    id: c.id,
    year: c.fiscal_year,
    status: c.status,
    surplus: c.surplus,
    settings: c.settings,
    planned: amounts(c.planned),
    allocations: amounts(c.allocations),
    remainderToReserve: c.remainder_to_reserve,
    memberCount: c.member_count,
    totals: {
      equityBasis: c.total_equity_basis,
      transactionBasis: c.total_transaction_basis,
      gross: c.total_gross,
      tax: c.total_tax,
      net: c.total_net,
    },
    calculatedAt: c.calculated_at,
    payout: c.payout,
    distributionDate: c.distribution_date,
    journalId: c.journal_id,
    journalNumber: c.journal_number,
    distributedAt: c.distributed_at,
    cancelReason: c.cancel_reason,
    cancelledAt: c.cancelled_at,
    /** While DISTRIBUTING or CANCELLING (GET calculation only): the shares done and in all, for the screen's bar. */
    progress: null as { done: number; total: number } | null,
  };
}
export type ShuCalculationView = ReturnType<typeof calculationView>;

/**
 * A run's progress from its shares: distributing, every share no longer PENDING (credited, or left payable) of all;
 * cancelling, the shares taken back (REVERSED) of those credited.
 */
export function shareProgress(status: string, counts: Record<string, number>): { done: number; total: number } | null {
  const n = (k: string) => counts[k] ?? 0;
  if (status === 'DISTRIBUTING') {
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    return { done: total - n('PENDING'), total };
  }
  if (status === 'CANCELLING') return { done: n('REVERSED'), total: n('REVERSED') + n('CREDITED') };
  return null;
}

export async function calculate(ctx: Ctx, year: number) {
  return withTx(
    ctx,
    async (tx) => {
      const fy = await fiscalYearForShare(tx, year);
      if (fy?.status !== 'CLOSED') throw unprocessable('SHU_YEAR_NOT_CLOSED', 'shu.year_not_closed', { year });
      const surplus = dec(fy.surplus ?? 0);
      if (!surplus.gt(0)) throw unprocessable('SHU_NO_SURPLUS', 'shu.no_surplus', { year, surplus: formatRupiah(surplus, ctx.lang) });
      const before = await findCalculation(tx, year, true);
      if (before && before.status !== 'CALCULATED' && before.status !== 'CANCELLED')
        throw conflict('SHU_ALREADY_DISTRIBUTED', 'shu.already_distributed', { year });
      const settings = await readSettings(tx, year);
      if (!settings.saved) throw unprocessable('SHU_SETTINGS_MISSING', 'shu.settings_missing', { year });
      const shares = settings.shares as ShuShares;
      const { start, end } = fiscalYearRange(year, await fiscalStart(tx));
      const bases = await memberBases(
        tx,
        start,
        end,
        settings.equityBasis === 'AVERAGE_DAILY_BALANCE',
        settings.equityIncludeOtherSavings,
        settings.transactionBasis,
      );
      const r = calculateShu({
        surplus,
        shares,
        taxPercent: settings.taxPercent,
        members: bases.map((b) => ({ memberId: b.member_id, equity: b.equity, transaction: b.transaction })),
      });
      const id = await upsertCalculation(tx, {
        year,
        surplus,
        settings,
        planned: r.planned,
        allocations: r.allocations,
        remainderToReserve: r.remainderToReserve,
        memberCount: r.members.length,
        totals: r.totals,
        calculatedBy: ctx.userId,
      });
      await replaceMemberShares(tx, id, r.members);
      const calc = (await findCalculation(tx, year))!;
      await audit(tx, ctx, {
        action: 'shu.calculate',
        entity: 'shu_calculation',
        entityId: id,
        before: before ? { status: before.status, surplus: before.surplus, totalGross: before.total_gross } : undefined,
        after: {
          year,
          surplus: surplus.toFixed(2),
          allocations: calc.allocations,
          members: r.members.length,
          totalGross: calc.total_gross,
        },
      });
      return calculationView(calc);
    },
    { idempotent: true, message: translate('shu.calculated', ctx.lang, { year }) },
  );
}

/** A year's calculation, or null while the year has none (the screen's empty state: not an error). */
export async function getCalculation(ctx: Ctx, year: number): Promise<ShuCalculationView | null> {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year);
    if (!c) return null;
    const view = calculationView(c);
    if (c.status === 'DISTRIBUTING' || c.status === 'CANCELLING')
      view.progress = shareProgress(c.status, await shareStatusCounts(tx, c.id));
    return view;
  });
}

export async function hasCalculation(ctx: Ctx, year: number): Promise<boolean> {
  return withTx(ctx, async (tx) => Boolean(await findCalculation(tx, year)));
}

export async function calculationOrNull(tx: Tx, year: number) {
  const c = await findCalculation(tx, year);
  return c ? calculationView(c) : null;
}
