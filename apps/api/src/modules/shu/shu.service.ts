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

import type { ListQuery, ShuSettingsBody } from '@koperasi/contracts';
import { translate } from '@koperasi/contracts';
import { type Dec, dec, formatRupiah, ZERO } from '@koperasi/finance';
import { calculateShu, SHU_ALLOCATIONS, type ShuAllocation, type ShuShares, sharesTotal } from '@koperasi/finance/shu';
import { terbilang } from '@koperasi/finance/terbilang';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import type { ExcelSheet } from '../../lib/excel.ts';
import { orderBy, paged } from '../../lib/http.ts';
import { addDays, displayDate, fiscalYearRange, todayJakarta } from '../ledger/dates.ts';
import { type JournalLineInput, post, reverse } from '../ledger/posting.ts';
import { assertCanMove, channelOf, move } from '../savings/savings.core.ts';
import { lockAccounts, setGroupJournal } from '../savings/savings.repo.ts';
import {
  ACCOUNT_COLUMNS,
  accountsByIdsOrKeys,
  type CalculationRow,
  DEFAULT_ACCOUNT_KEYS,
  findCalculation,
  findSetting,
  MEMBER_SORT,
  type MemberShareRow,
  memberBases,
  memberShares,
  type SettingRow,
  SHARE_COLUMNS,
  upsertSetting,
} from './shu.repo.ts';

/** Members credited per committed transaction of a distribution (tests lower it to see several chunks). */
export const shuTuning = { chunkSize: 200 };

type AccountKey = keyof typeof ACCOUNT_COLUMNS;

// ---------------------------------------------------------------- settings

async function fiscalStart(tx: Tx): Promise<number> {
  const r = await tx.one<{ m: number }>('SELECT fiscal_year_start_month AS m FROM tenant WHERE tenant_id = app_tenant()');
  return r?.m ?? 1;
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

async function defaultAccounts(tx: Tx): Promise<Record<AccountKey, string | null>> {
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

function calculationView(c: CalculationRow) {
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
  };
}
export type ShuCalculationView = ReturnType<typeof calculationView>;

export async function calculate(ctx: Ctx, year: number) {
  return withTx(
    ctx,
    async (tx) => {
      const fy = await tx.one<{ status: string; surplus: Dec | null }>(
        'SELECT status, surplus FROM ledger_fiscal_year WHERE tenant_id = app_tenant() AND fiscal_year = $1 FOR SHARE',
        [year],
      );
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
      const json = (o: Record<string, Dec>) => JSON.stringify(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.toFixed(2)])));
      const row = await tx.one<{ id: string }>(
        `INSERT INTO shu_calculation (tenant_id, fiscal_year, status, surplus, settings, planned, allocations, remainder_to_reserve,
           member_count, total_equity_basis, total_transaction_basis, total_gross, total_tax, total_net, calculated_by)
         VALUES (app_tenant(), $1, 'CALCULATED', $2, $3::jsonb, $4::jsonb, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (tenant_id, fiscal_year) DO UPDATE SET status = 'CALCULATED', surplus = EXCLUDED.surplus, settings = EXCLUDED.settings,
           planned = EXCLUDED.planned, allocations = EXCLUDED.allocations, remainder_to_reserve = EXCLUDED.remainder_to_reserve,
           member_count = EXCLUDED.member_count, total_equity_basis = EXCLUDED.total_equity_basis,
           total_transaction_basis = EXCLUDED.total_transaction_basis, total_gross = EXCLUDED.total_gross, total_tax = EXCLUDED.total_tax,
           total_net = EXCLUDED.total_net, calculated_at = now(), calculated_by = EXCLUDED.calculated_by, payout = NULL,
           distribution_date = NULL, surplus_coa_id = NULL, journal_id = NULL, distributed_at = NULL, distributed_by = NULL,
           cancel_reason = NULL, cancelled_at = NULL, cancelled_by = NULL
         RETURNING id`,
        [
          year,
          surplus.toFixed(2),
          JSON.stringify(settings),
          json(r.planned),
          json(r.allocations),
          r.remainderToReserve.toFixed(2),
          r.members.length,
          r.totals.equityBasis.toFixed(2),
          r.totals.transactionBasis.toFixed(2),
          r.totals.gross.toFixed(2),
          r.totals.tax.toFixed(2),
          r.totals.net.toFixed(2),
          ctx.userId,
        ],
      );
      const id = row!.id;
      await tx.exec('DELETE FROM shu_chunk WHERE tenant_id = app_tenant() AND calculation_id = $1', [id]);
      await tx.exec('DELETE FROM shu_member WHERE tenant_id = app_tenant() AND calculation_id = $1', [id]);
      const cols = ['member_id', 'equity_basis', 'transaction_basis', 'equity_share', 'transaction_share', 'gross', 'tax', 'net'] as const;
      for (let i = 0; i < r.members.length; i += 5000) {
        const part = r.members.slice(i, i + 5000);
        await tx.exec(
          `INSERT INTO shu_member (tenant_id, calculation_id, ${cols.join(', ')})
           SELECT app_tenant(), $1, x.* FROM unnest($2::uuid[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[],
             $8::numeric[], $9::numeric[]) AS x`,
          [
            id,
            `{${part.map((m) => m.memberId).join(',')}}`,
            `{${part.map((m) => m.equityBasis.toFixed(2)).join(',')}}`,
            `{${part.map((m) => m.transactionBasis.toFixed(2)).join(',')}}`,
            `{${part.map((m) => m.equityShare.toFixed(2)).join(',')}}`,
            `{${part.map((m) => m.transactionShare.toFixed(2)).join(',')}}`,
            `{${part.map((m) => m.gross.toFixed(2)).join(',')}}`,
            `{${part.map((m) => m.tax.toFixed(2)).join(',')}}`,
            `{${part.map((m) => m.net.toFixed(2)).join(',')}}`,
          ],
        );
      }
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
    return c ? calculationView(c) : null;
  });
}

export async function hasCalculation(ctx: Ctx, year: number): Promise<boolean> {
  return withTx(ctx, async (tx) => Boolean(await findCalculation(tx, year)));
}

export async function calculationOrNull(tx: Tx, year: number) {
  const c = await findCalculation(tx, year);
  return c ? calculationView(c) : null;
}

// ---------------------------------------------------------------- distribution

/** The GL accounts of a distribution, from the calculation's settings snapshot, checked postable. */
export async function distributionAccounts(tx: Tx, c: CalculationRow): Promise<Record<AccountKey, string>> {
  const accounts = (c.settings as { accounts: Record<AccountKey, string | null> }).accounts;
  const defaults = await defaultAccounts(tx);
  const out = {} as Record<AccountKey, string>;
  for (const k of Object.keys(ACCOUNT_COLUMNS) as AccountKey[]) {
    const id = accounts[k] ?? defaults[k];
    if (!id) throw unprocessable('SYSTEM_ACCOUNT_MISSING', 'ledger.system_account_missing', { key: DEFAULT_ACCOUNT_KEYS[k] });
    out[k] = id;
  }
  return out;
}

const ALLOCATION_ACCOUNT: Partial<Record<ShuAllocation, AccountKey>> = {
  RESERVE: 'RESERVE',
  MANAGEMENT: 'MANAGEMENT',
  EMPLOYEE: 'EMPLOYEE',
  EDUCATION: 'EDUCATION',
  SOCIAL: 'SOCIAL',
  OTHER: 'OTHER',
};

/** Step 1 (one transaction): the header journal and each member's target; DISTRIBUTING. Nothing when already started. */
export async function startDistribution(ctx: Ctx, year: number, payout: 'SAVINGS' | 'CASH', dateIn: string | undefined) {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year, true);
    if (!c || c.status === 'CANCELLED') throw unprocessable('SHU_NOT_CALCULATED', 'shu.not_calculated', { year });
    if (c.status === 'CANCELLING') throw conflict('SHU_DISTRIBUTION_BUSY', 'shu.distribution_busy', { year });
    if (c.status !== 'CALCULATED') return c.id; // DISTRIBUTING (resume) or DISTRIBUTED (once per year)
    const { end } = fiscalYearRange(year, await fiscalStart(tx));
    const date = dateIn ?? todayJakarta();
    if (date <= end || date > todayJakarta())
      throw new AppError(422, 'SHU_DATE_INVALID', 'shu.date_invalid', { year, end: displayDate(end) }, [
        { field: 'date', message: 'shu.date_invalid' },
      ]);
    const acc = await distributionAccounts(tx, c);
    // The year's result sits on CURRENT_YEAR_SURPLUS until the next year closes, then on RETAINED_SURPLUS.
    const later = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_fiscal_year WHERE tenant_id = app_tenant() AND fiscal_year > $1 AND status = 'CLOSED'`,
      [year],
    );
    const surplusKey = later?.n ? 'RETAINED_SURPLUS' : 'CURRENT_YEAR_SURPLUS';
    const surplusAcc = await tx.one<{ id: string }>('SELECT id FROM coa_account WHERE tenant_id = app_tenant() AND system_key = $1', [
      surplusKey,
    ]);
    if (!surplusAcc) throw unprocessable('SYSTEM_ACCOUNT_MISSING', 'ledger.system_account_missing', { key: surplusKey });
    const alloc = Object.fromEntries(SHU_ALLOCATIONS.map((k) => [k, dec(c.allocations[k] ?? 0)])) as Record<ShuAllocation, Dec>;
    const lines: JournalLineInput[] = [{ accountId: surplusAcc.id, debit: c.surplus }];
    const credit = new Map<string, Dec>();
    const add = (id: string, v: Dec) => v.gt(0) && credit.set(id, (credit.get(id) ?? ZERO).plus(v));
    for (const [k, a] of Object.entries(ALLOCATION_ACCOUNT) as [ShuAllocation, AccountKey][]) add(acc[a], alloc[k]);
    add(acc.MEMBER_PAYABLE, c.total_net);
    add(acc.TAX_PAYABLE, c.total_tax);
    for (const [accountId, v] of credit) lines.push({ accountId, credit: v });
    const journal = await post(tx, ctx, {
      date,
      description: `Pembagian SHU tahun buku ${year}`,
      referenceCode: `SHU-${year}`,
      source: { module: 'SHU', id: c.id },
      lines,
    });
    // Each member's target: the oldest active voluntary saving (SAVINGS payout), else left payable.
    if (payout === 'SAVINGS') {
      await tx.exec(
        `UPDATE shu_member x SET status = CASE WHEN x.net > 0 AND s.id IS NOT NULL THEN 'PENDING' ELSE 'PAYABLE' END, saving_id = s.id
         FROM (SELECT x2.member_id,
                      (SELECT ms.id FROM member_saving ms WHERE ms.tenant_id = app_tenant() AND ms.member_id = x2.member_id
                         AND ms.kind = 'SAVING' AND ms.saving_type = 'VOLUNTARY' AND ms.status = 'ACTIVE'
                       ORDER BY ms.open_date NULLS LAST, ms.id LIMIT 1) AS id
               FROM shu_member x2 WHERE x2.tenant_id = app_tenant() AND x2.calculation_id = $1) s
         WHERE x.tenant_id = app_tenant() AND x.calculation_id = $1 AND s.member_id = x.member_id`,
        [c.id],
      );
    } else {
      await tx.exec(`UPDATE shu_member SET status = 'PAYABLE' WHERE tenant_id = app_tenant() AND calculation_id = $1`, [c.id]);
    }
    await tx.exec(
      `UPDATE shu_calculation SET status = 'DISTRIBUTING', payout = $2, distribution_date = $3, surplus_coa_id = $4, journal_id = $5,
         distributed_by = $6 WHERE tenant_id = app_tenant() AND id = $1`,
      [c.id, payout, date, surplusAcc.id, journal.id, ctx.userId],
    );
    await audit(tx, ctx, {
      action: 'shu.distribute_start',
      entity: 'shu_calculation',
      entityId: c.id,
      before: { status: c.status },
      after: { status: 'DISTRIBUTING', payout, date, journal: journal.number, surplusAccount: surplusKey },
    });
    return c.id;
  });
}

/** Step 2 (one transaction per call): up to shuTuning.chunkSize pending members credited. Answers false when none was left. */
export async function distributeChunk(ctx: Ctx, year: number): Promise<boolean> {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year, true);
    if (c?.status !== 'DISTRIBUTING') return false;
    const members = await tx.query<{ member_id: string; saving_id: string; net: Dec }>(
      `SELECT member_id, saving_id, net FROM shu_member WHERE tenant_id = app_tenant() AND calculation_id = $1 AND status = 'PENDING'
       ORDER BY member_id LIMIT ${Math.max(1, Math.floor(shuTuning.chunkSize))} FOR UPDATE`,
      [c.id],
    );
    if (!members.length) return false;
    const date = c.distribution_date!;
    const acc = await distributionAccounts(tx, c);
    const accounts = await lockAccounts(tx, [...new Set(members.map((m) => m.saving_id))].sort(), date, null);
    const groupId = crypto.randomUUID();
    const journalId = crypto.randomUUID();
    const next = await tx.one<{ n: number }>(
      'SELECT coalesce(max(chunk_no), 0) + 1 AS n FROM shu_chunk WHERE tenant_id = app_tenant() AND calculation_id = $1',
      [c.id],
    );
    const chunkNo = next!.n;
    const perControl = new Map<string, Dec>();
    let total = ZERO;
    let credited = 0;
    for (const m of members) {
      const a = accounts.get(m.saving_id);
      try {
        assertCanMove(ctx, a);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        // The account cannot take money (closed, member inactive...): the share stays payable.
        await tx.exec(
          `UPDATE shu_member SET status = 'PAYABLE' WHERE tenant_id = app_tenant() AND calculation_id = $1 AND member_id = $2`,
          [c.id, m.member_id],
        );
        continue;
      }
      const row = await move(tx, ctx, a, {
        kind: 'TOPUP',
        activity: 'SHU',
        amount: dec(m.net),
        date,
        channel: channelOf(ctx),
        cashCoaId: null,
        groupId,
        description: `SHU tahun buku ${year}`,
        journalId,
      });
      await tx.exec(
        `UPDATE shu_member SET status = 'CREDITED', chunk_no = $3, transaction_id = $4
         WHERE tenant_id = app_tenant() AND calculation_id = $1 AND member_id = $2`,
        [c.id, m.member_id, chunkNo, row.id],
      );
      perControl.set(a.control_id!, (perControl.get(a.control_id!) ?? ZERO).plus(m.net));
      total = total.plus(m.net);
      credited++;
    }
    if (credited) {
      await post(tx, ctx, {
        id: journalId,
        date,
        description: `Pembagian SHU tahun buku ${year} ke simpanan anggota (bagian ${chunkNo})`,
        referenceCode: `SHU-${year}-${chunkNo}`,
        source: { module: 'SHU', id: groupId },
        lines: [{ accountId: acc.MEMBER_PAYABLE, debit: total }, ...[...perControl].map(([accountId, v]) => ({ accountId, credit: v }))],
      });
      await tx.exec(
        `INSERT INTO shu_chunk (tenant_id, calculation_id, chunk_no, group_id, journal_id, member_count, amount)
         VALUES (app_tenant(), $1, $2, $3, $4, $5, $6)`,
        [c.id, chunkNo, groupId, journalId, credited, total.toFixed(2)],
      );
      await audit(tx, ctx, {
        action: 'shu.distribute_chunk',
        entity: 'shu_calculation',
        entityId: c.id,
        after: { chunk: chunkNo, members: credited, amount: total.toFixed(2) },
      });
    }
    return true;
  });
}

export async function distribute(ctx: Ctx, body: { year: number; payout: 'SAVINGS' | 'CASH'; date?: string }) {
  const year = body.year;
  await startDistribution(ctx, year, body.payout, body.date);
  while (await distributeChunk(ctx, year)) {
    // each chunk committed on its own
  }
  // Step 3: DISTRIBUTED; the request's key is claimed here, with the final answer.
  return withTx(
    ctx,
    async (tx) => {
      const c = (await findCalculation(tx, year, true))!;
      if (c.status === 'DISTRIBUTING') {
        await tx.exec(
          `UPDATE shu_calculation SET status = 'DISTRIBUTED', distributed_at = now() WHERE tenant_id = app_tenant() AND id = $1`,
          [c.id],
        );
        const counts = await tx.one<{ credited: number; payable: number }>(
          `SELECT count(*) FILTER (WHERE status = 'CREDITED')::int AS credited, count(*) FILTER (WHERE status = 'PAYABLE')::int AS payable
           FROM shu_member WHERE tenant_id = app_tenant() AND calculation_id = $1`,
          [c.id],
        );
        await audit(tx, ctx, {
          action: 'shu.distribute',
          entity: 'shu_calculation',
          entityId: c.id,
          before: { status: 'DISTRIBUTING' },
          after: { status: 'DISTRIBUTED', ...counts },
        });
      }
      return calculationView((await findCalculation(tx, year))!);
    },
    { idempotent: true, message: translate('shu.distributed', ctx.lang, { year }) },
  );
}

// ---------------------------------------------------------------- cancellation

async function startCancel(ctx: Ctx, year: number, reason: string) {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year, true);
    if (!c || !['DISTRIBUTING', 'DISTRIBUTED', 'CANCELLING'].includes(c.status))
      throw unprocessable('SHU_NOT_DISTRIBUTED', 'shu.not_distributed', { year });
    if (c.status === 'CANCELLING') return;
    const cash = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM shu_member WHERE tenant_id = app_tenant() AND calculation_id = $1 AND status = 'PAID'`,
      [c.id],
    );
    if (cash?.n) throw unprocessable('SHU_PAID_IN_CASH', 'shu.cancel_paid_cash', { year, count: cash.n });
    // Before any payout: every credited share must still be in its account (checked again, locked, chunk by chunk).
    const spent = await tx.one<{ member_name: string; cif_number: string; account_number: string }>(
      `SELECT m.full_name AS member_name, m.cif_number, s.account_number
       FROM shu_member x JOIN member_saving s ON s.tenant_id = x.tenant_id AND s.id = x.saving_id
       JOIN member m ON m.tenant_id = x.tenant_id AND m.id = x.member_id
       WHERE x.tenant_id = app_tenant() AND x.calculation_id = $1 AND x.status = 'CREDITED'
         AND (s.balance - s.blocked_amount - s.pledged_amount < x.net OR s.status <> 'ACTIVE')
       ORDER BY m.cif_number LIMIT 1`,
      [c.id],
    );
    if (spent)
      throw unprocessable('SHU_ALREADY_PAID_OUT', 'shu.cancel_paid_out', {
        name: spent.member_name,
        cif: spent.cif_number,
        number: spent.account_number,
      });
    await tx.exec(
      `UPDATE shu_calculation SET status = 'CANCELLING', cancel_reason = $2, cancelled_by = $3 WHERE tenant_id = app_tenant() AND id = $1`,
      [c.id, reason, ctx.userId],
    );
    await audit(tx, ctx, {
      action: 'shu.cancel_start',
      entity: 'shu_calculation',
      entityId: c.id,
      before: { status: c.status },
      after: { status: 'CANCELLING', reason },
    });
  });
}

/** One distribution chunk taken back (its members' shares out of their accounts, its journal reversed). */
async function cancelChunk(ctx: Ctx, year: number): Promise<boolean> {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year, true);
    if (c?.status !== 'CANCELLING') return false;
    const chunk = await tx.one<{ chunk_no: number; journal_id: string }>(
      `SELECT chunk_no, journal_id FROM shu_chunk WHERE tenant_id = app_tenant() AND calculation_id = $1 AND reversal_journal_id IS NULL
       ORDER BY chunk_no DESC LIMIT 1 FOR UPDATE`,
      [c.id],
    );
    if (!chunk) return false;
    const reason = c.cancel_reason ?? `Pembatalan SHU ${year}`;
    const members = await tx.query<{ member_id: string; saving_id: string; net: Dec; transaction_id: string }>(
      `SELECT member_id, saving_id, net, transaction_id FROM shu_member
       WHERE tenant_id = app_tenant() AND calculation_id = $1 AND chunk_no = $2 AND status = 'CREDITED' ORDER BY member_id FOR UPDATE`,
      [c.id, chunk.chunk_no],
    );
    const date = todayJakarta();
    const accounts = await lockAccounts(tx, [...new Set(members.map((m) => m.saving_id))].sort(), date, null);
    const groupId = crypto.randomUUID();
    for (const m of members) {
      const a = accounts.get(m.saving_id)!;
      const after = a.balance.minus(m.net);
      if (a.status !== 'ACTIVE' || after.isNegative() || after.lt(a.blocked_amount.plus(a.pledged_amount)))
        throw unprocessable('SHU_ALREADY_PAID_OUT', 'shu.cancel_paid_out', {
          name: a.member_name,
          cif: a.cif_number,
          number: a.account_number,
        });
      await move(tx, ctx, a, {
        kind: 'WITHDRAW',
        activity: 'REVERSAL',
        amount: dec(m.net),
        date,
        channel: channelOf(ctx),
        cashCoaId: null,
        groupId,
        description: `Pembatalan SHU tahun buku ${year}: ${reason}`.slice(0, 500),
        reversalOfId: m.transaction_id,
      });
    }
    if (members.length) {
      await tx.exec(
        `UPDATE member_transaction SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
         WHERE tenant_id = app_tenant() AND id = ANY($1::uuid[])`,
        [`{${members.map((m) => m.transaction_id).join(',')}}`, ctx.userId, reason],
      );
    }
    const reversal = await reverse(tx, ctx, chunk.journal_id, reason, { date });
    if (members.length) await setGroupJournal(tx, groupId, reversal.id);
    await tx.exec(
      `UPDATE shu_chunk SET reversal_journal_id = $3 WHERE tenant_id = app_tenant() AND calculation_id = $1 AND chunk_no = $2`,
      [c.id, chunk.chunk_no, reversal.id],
    );
    await tx.exec(`UPDATE shu_member SET status = 'REVERSED' WHERE tenant_id = app_tenant() AND calculation_id = $1 AND chunk_no = $2`, [
      c.id,
      chunk.chunk_no,
    ]);
    await audit(tx, ctx, {
      action: 'shu.cancel_chunk',
      entity: 'shu_calculation',
      entityId: c.id,
      after: { chunk: chunk.chunk_no, members: members.length, reversal: reversal.number },
    });
    return true;
  });
}

export async function cancelDistribution(ctx: Ctx, body: { year: number; reason: string }) {
  const year = body.year;
  await startCancel(ctx, year, body.reason);
  while (await cancelChunk(ctx, year)) {
    // each chunk committed on its own
  }
  return withTx(
    ctx,
    async (tx) => {
      const c = (await findCalculation(tx, year, true))!;
      if (c.status === 'CANCELLING') {
        const reversal = c.journal_id
          ? await reverse(tx, ctx, c.journal_id, c.cancel_reason ?? 'Pembatalan SHU', { date: todayJakarta() })
          : null;
        await tx.exec(
          `UPDATE shu_member SET status = 'REVERSED' WHERE tenant_id = app_tenant() AND calculation_id = $1 AND status <> 'REVERSED'`,
          [c.id],
        );
        await tx.exec(`UPDATE shu_calculation SET status = 'CANCELLED', cancelled_at = now() WHERE tenant_id = app_tenant() AND id = $1`, [
          c.id,
        ]);
        await audit(tx, ctx, {
          action: 'shu.cancel',
          entity: 'shu_calculation',
          entityId: c.id,
          before: { status: 'CANCELLING', journal: c.journal_number },
          after: { status: 'CANCELLED', reason: c.cancel_reason, reversal: reversal?.number ?? null },
        });
      }
      return calculationView((await findCalculation(tx, year))!);
    },
    { idempotent: true, message: translate('shu.cancelled', ctx.lang, { year }) },
  );
}

/** The last day a member's SHU could be dated: the day after the year's end (for slips and checks). */
export function afterYearEnd(year: number, startMonth: number): string {
  return addDays(fiscalYearRange(year, startMonth).end, 1);
}

// ---------------------------------------------------------------- lists, slip, report

function memberView(r: MemberShareRow) {
  return {
    memberId: r.member_id,
    cifNumber: r.cif_number,
    memberName: r.member_name,
    equityBasis: r.equity_basis,
    transactionBasis: r.transaction_basis,
    equityShare: r.equity_share,
    transactionShare: r.transaction_share,
    gross: r.gross,
    tax: r.tax,
    net: r.net,
    status: r.status,
    savingId: r.saving_id,
    accountNumber: r.account_number,
  };
}
export type ShuMemberView = ReturnType<typeof memberView>;

export async function memberList(ctx: Ctx, q: ListQuery & { year: number }, all = false) {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, q.year);
    if (!c) throw notFound('shu.not_calculated', { year: q.year });
    const order = orderBy(q.sortBy, q.sortBy ? q.ascOrDesc : 'ASC', MEMBER_SORT, 'cifNumber', 'x.member_id');
    const { rows, total } = await memberShares(tx, c.id, {
      search: q.search,
      order,
      limit: all ? undefined : q.limit,
      offset: all ? undefined : q.page * q.limit,
    });
    return { calculation: calculationView(c), page: paged(rows.map(memberView), total, q.page, q.limit) };
  });
}

/** One member's SHU slip (printable): the year, the bases and shares, tax, net and where it went. */
export async function slip(ctx: Ctx, year: number, memberId: string) {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year);
    if (!c) throw notFound('shu.not_calculated', { year });
    const { rows } = await memberShares(tx, c.id, { memberId, order: 'ORDER BY x.member_id' });
    if (!rows.length) throw notFound('shu.member_not_found', { year });
    const t = await tx.one<{ name: string }>('SELECT name FROM tenant WHERE tenant_id = app_tenant()');
    const r = rows[0];
    return {
      cooperativeName: t?.name ?? '',
      year,
      calculationStatus: c.status,
      distributionDate: c.distribution_date,
      payout: c.payout,
      surplus: c.surplus,
      memberEquityAllocation: dec(c.allocations.MEMBER_EQUITY ?? 0),
      memberTransactionAllocation: dec(c.allocations.MEMBER_TRANSACTION ?? 0),
      totalEquityBasis: c.total_equity_basis,
      totalTransactionBasis: c.total_transaction_basis,
      taxPercent: (c.settings as { taxPercent?: number }).taxPercent ?? 10,
      ...memberView(r),
      netInWords: terbilang(r.net),
    };
  });
}

/** The SHU report of a year: allocations with their accounts, totals, status (and the members for Excel). */
export async function report(ctx: Ctx, year: number) {
  return withTx(ctx, async (tx) => {
    const c = await findCalculation(tx, year);
    if (!c) throw notFound('shu.not_calculated', { year });
    const v = calculationView(c);
    const accIds = Object.values((c.settings as { accounts: Record<string, string | null> }).accounts ?? {}).filter(Boolean) as string[];
    const accounts = new Map((await accountsByIdsOrKeys(tx, accIds, Object.values(DEFAULT_ACCOUNT_KEYS))).map((a) => [a.id, a]));
    const settingsAccounts = (c.settings as { accounts: Record<string, string | null> }).accounts ?? {};
    const allocations = SHU_ALLOCATIONS.map((k) => {
      const accKey = ALLOCATION_ACCOUNT[k] ?? 'MEMBER_PAYABLE';
      const a = settingsAccounts[accKey] ? accounts.get(settingsAccounts[accKey]!) : undefined;
      return {
        key: k,
        share: (c.settings as { shares: Record<string, number> }).shares[k],
        planned: v.planned[k],
        amount: v.allocations[k],
        coaCode: a?.code ?? null,
        coaName: a?.name ?? null,
      };
    });
    const { rows } = await memberShares(tx, c.id, { order: 'ORDER BY m.cif_number, x.member_id' });
    return { ...v, allocationRows: allocations, members: rows.map(memberView) };
  });
}

const ALLOC_LABEL: Record<'id' | 'en', Record<ShuAllocation, string>> = {
  id: {
    RESERVE: 'Cadangan',
    MEMBER_EQUITY: 'Jasa modal anggota',
    MEMBER_TRANSACTION: 'Jasa usaha anggota',
    MANAGEMENT: 'Dana pengurus dan pengawas',
    EMPLOYEE: 'Dana karyawan',
    EDUCATION: 'Dana pendidikan',
    SOCIAL: 'Dana sosial',
    OTHER: 'Lain-lain',
  },
  en: {
    RESERVE: 'Reserve',
    MEMBER_EQUITY: 'Members: equity (jasa modal)',
    MEMBER_TRANSACTION: 'Members: transactions (jasa usaha)',
    MANAGEMENT: 'Management and supervisors',
    EMPLOYEE: 'Employees',
    EDUCATION: 'Education fund',
    SOCIAL: 'Social fund',
    OTHER: 'Others',
  },
};

export function memberSheet(ctx: Ctx, year: number, members: ShuMemberView[], title: string[]): ExcelSheet {
  const en = ctx.lang === 'en';
  return {
    name: en ? `SHU members ${year}` : `SHU anggota ${year}`,
    title,
    columns: [
      { key: 'cifNumber', header: en ? 'CIF' : 'No. Anggota', format: 'text' },
      { key: 'memberName', header: en ? 'Member' : 'Nama Anggota', width: 30 },
      { key: 'equityBasis', header: en ? 'Equity basis' : 'Dasar jasa modal', format: 'money' },
      { key: 'equityShare', header: en ? 'Jasa modal' : 'Jasa modal', format: 'money' },
      { key: 'transactionBasis', header: en ? 'Transaction basis' : 'Dasar jasa usaha', format: 'money' },
      { key: 'transactionShare', header: en ? 'Jasa usaha' : 'Jasa usaha', format: 'money' },
      { key: 'gross', header: en ? 'SHU (gross)' : 'SHU bruto', format: 'money' },
      { key: 'tax', header: en ? 'Tax' : 'Pajak', format: 'money' },
      { key: 'net', header: en ? 'SHU (net)' : 'SHU bersih', format: 'money' },
      { key: 'status', header: 'Status', format: 'text' },
      { key: 'accountNumber', header: en ? 'Savings account' : 'Rekening simpanan', format: 'text' },
    ],
    rows: [
      ...members.map((m) => ({ ...m })),
      {
        $style: 'total' as const,
        memberName: 'Total',
        equityShare: members.reduce((s, m) => s.plus(m.equityShare), ZERO),
        transactionShare: members.reduce((s, m) => s.plus(m.transactionShare), ZERO),
        gross: members.reduce((s, m) => s.plus(m.gross), ZERO),
        tax: members.reduce((s, m) => s.plus(m.tax), ZERO),
        net: members.reduce((s, m) => s.plus(m.net), ZERO),
      },
    ],
    autoFilter: true,
    landscape: true,
  };
}

export function allocationSheet(ctx: Ctx, r: Awaited<ReturnType<typeof report>>, title: string[]): ExcelSheet {
  const en = ctx.lang === 'en';
  const lang = en ? 'en' : 'id';
  return {
    name: en ? `SHU ${r.year}` : `SHU ${r.year}`,
    title,
    columns: [
      { key: 'label', header: en ? 'Allocation' : 'Alokasi', width: 34 },
      { key: 'share', header: '%', format: 'decimal' },
      { key: 'amount', header: en ? 'Amount' : 'Jumlah', format: 'money' },
      { key: 'coa', header: en ? 'Account' : 'Akun', width: 36 },
    ],
    rows: [
      ...r.allocationRows.map((a) => ({
        label: ALLOC_LABEL[lang][a.key],
        share: a.share,
        amount: a.amount,
        coa: a.coaCode ? `${a.coaCode} ${a.coaName}` : '',
      })),
      { $style: 'total' as const, label: en ? 'SHU of the year' : 'SHU tahun buku', share: 100, amount: r.surplus },
    ],
    notes: [
      `${en ? 'Rounding remainder to the reserve' : 'Sisa pembulatan ke cadangan'}: ${formatRupiah(r.remainderToReserve, lang)}`,
      `${en ? 'Members' : 'Anggota'}: ${r.memberCount}; ${en ? 'tax withheld' : 'pajak dipotong'}: ${formatRupiah(r.totals.tax, lang)}`,
    ],
  };
}
