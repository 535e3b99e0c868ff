/**
 * The products a cooperative works with from day one, and the onboarding
 * wizard's product configuration.
 *
 *  - seedTenant: Simpanan Pokok (principal, paid once), Simpanan Wajib
 *    (mandatory, monthly) with the amounts of the cooperative regulation's
 *    defaults, and Simpanan Sukarela (voluntary), each mapped to the default
 *    chart of accounts (system keys SAVING_PRINCIPAL, SAVING_MANDATORY,
 *    SAVING_VOLUNTARY, ...). They carry system keys PRINCIPAL, MANDATORY and
 *    VOLUNTARY, so the wizard finds them whatever they are renamed to.
 *  - onboarding (POST /api/tenant/onboarding): the wizard's savings step
 *    updates those three (a new terms version effective today when something
 *    differs); its loan step creates the first loan product (system key LOAN)
 *    or updates it when the wizard is finished again. Fields left out or not
 *    valid keep the product's current value (the wizard validates its own
 *    form; a stray value must not block finishing the onboarding).
 */
import { defaultGlKeys, type ProductCreate, type ProductKind } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { accountIdsByKeys } from '../ledger/posting.ts';
import { getConfig } from '../settings/configuration.ts';
import type { TenantSeedInfo } from '../types.ts';
import { findProductByKey, productUsage } from './products.repo.ts';
import { createProductTx, updateProductTx } from './products.service.ts';

/** The GL mapping of a kind from the default chart's system keys. */
export async function defaultGl(tx: Tx, kind: ProductKind, savingType: string | null): Promise<Record<string, string>> {
  const keys = defaultGlKeys(kind, savingType);
  const ids = await accountIdsByKeys(tx, Object.values(keys));
  return Object.fromEntries(Object.entries(keys).map(([role, key]) => [role, ids[key]]));
}

export async function seedDefaultProducts(tx: Tx, ctx: Ctx, _info?: TenantSeedInfo): Promise<void> {
  const reg = await getConfig(tx, ctx.tenantId, 'cooperativeRegulation');
  const opts = { audit: false };
  await createProductTx(
    tx,
    ctx,
    {
      kind: 'SAVING_EQUITY',
      savingType: 'PRINCIPAL',
      code: 'SP',
      name: 'Simpanan Pokok',
      description: 'Dibayar sekali saat menjadi anggota; dikembalikan saat keluar.',
      amount: reg.principalSavingAmount,
      glAccounts: await defaultGl(tx, 'SAVING_EQUITY', 'PRINCIPAL'),
    } as ProductCreate,
    { ...opts, systemKey: 'PRINCIPAL' },
  );
  await createProductTx(
    tx,
    ctx,
    {
      kind: 'SAVING_EQUITY',
      savingType: 'MANDATORY',
      code: 'SW',
      name: 'Simpanan Wajib',
      description: 'Dibayar setiap bulan selama menjadi anggota; dikembalikan saat keluar.',
      amount: reg.mandatorySavingAmount,
      period: 'BULANAN',
      glAccounts: await defaultGl(tx, 'SAVING_EQUITY', 'MANDATORY'),
    } as ProductCreate,
    { ...opts, systemKey: 'MANDATORY' },
  );
  await createProductTx(
    tx,
    ctx,
    {
      kind: 'SAVING',
      savingType: 'VOLUNTARY',
      code: 'SS',
      name: 'Simpanan Sukarela',
      description: 'Dapat disetor dan ditarik kapan saja.',
      minBalance: 10000,
      baseRate: 3,
      balanceBasis: 'TERENDAH',
      interestTax: 10,
      interestMinBalance: 50000,
      glAccounts: await defaultGl(tx, 'SAVING', 'VOLUNTARY'),
    } as ProductCreate,
    { ...opts, systemKey: 'VOLUNTARY' },
  );
}

// ---------------------------------------------------------------- onboarding

function money(v: unknown): number | undefined {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 1e13 && Math.round(n * 100) === n * 100 ? n : undefined;
}
function pct(v: unknown): number | undefined {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100 ? n : undefined;
}
function int(v: unknown, min: number, max: number): number | undefined {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}
function oneOf<T extends string>(v: unknown, values: readonly T[]): T | undefined {
  return typeof v === 'string' && (values as readonly string[]).includes(v.toUpperCase()) ? (v.toUpperCase() as T) : undefined;
}

/** Terms changes with only the fields given (undefined ones are left as they are). */
function defined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

async function applyTo(tx: Tx, ctx: Ctx, systemKey: string, changes: Record<string, unknown>) {
  const p = await findProductByKey(tx, systemKey);
  if (!p || !Object.keys(changes).length) return;
  // The mandatory period is fixed once members hold accounts; the wizard only sets it before that.
  if ('period' in changes && ((await productUsage(tx, [p.id])).get(p.id)?.count ?? 0) > 0) delete changes.period;
  await updateProductTx(tx, ctx, { id: p.id, ...changes } as never);
}

export async function applyOnboarding(tx: Tx, ctx: Ctx, config: { saving: Record<string, unknown>; loan: Record<string, unknown> }) {
  const s = config.saving ?? {};
  await applyTo(tx, ctx, 'PRINCIPAL', defined({ amount: money(s.principalSavingAmount) }));
  await applyTo(
    tx,
    ctx,
    'MANDATORY',
    defined({ amount: money(s.mandatorySavingAmount), period: oneOf(s.mandatorySavingPeriod, ['BULANAN', 'HARIAN'] as const) }),
  );
  await applyTo(
    tx,
    ctx,
    'VOLUNTARY',
    defined({ minBalance: money(s.voluntarySavingMinBalance), baseRate: pct(s.voluntarySavingInterestRatePerYear) }),
  );

  const l = config.loan ?? {};
  const minTenor = int(l.minTenorMonths, 1, 360);
  let maxTenor = int(l.maxTenorMonths, 1, 360);
  if (minTenor && maxTenor && maxTenor < minTenor) maxTenor = undefined;
  if (minTenor && !maxTenor && minTenor > 12) maxTenor = minTenor;
  const loanTerms = defined({
    interestMethod: oneOf(l.interestMethod, ['FLAT', 'EFEKTIF', 'EFEKTIF_BULAN', 'ANUITAS'] as const),
    interestRate: pct(l.interestRatePerMonth),
    minTenor,
    maxTenor,
    adminFee: money(l.adminFee),
  });
  const existing = await findProductByKey(tx, 'LOAN');
  if (existing) {
    await applyTo(tx, ctx, 'LOAN', loanTerms);
    return;
  }
  if (!Object.keys(config.loan ?? {}).length) return;
  await createProductTx(
    tx,
    ctx,
    {
      kind: 'LOAN',
      name: 'Pinjaman Umum',
      description: 'Produk pinjaman dari konfigurasi awal koperasi.',
      interestMethod: 'FLAT',
      interestRate: 1.5,
      adminFeeType: 'NOMINAL',
      ...loanTerms,
      glAccounts: await defaultGl(tx, 'LOAN', null),
    } as ProductCreate,
    { systemKey: 'LOAN' },
  );
}
