/**
 * SQL of the products area: products, their terms versions and GL mapping.
 *
 * Terms fields map to `product_terms` columns per kind (FIELD_COLUMNS). A
 * later issue adding a field adds its column (in its own migration) and one
 * entry here; the rest (create, versioned update, views) follows.
 */
import type { ProductKind, TermsView } from '@koperasi/contracts';
import { type Dec, dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

/** Terms fields (request/answer names) → product_terms columns, per kind. */
export const FIELD_COLUMNS: Record<ProductKind, Record<string, string>> = {
  SAVING: {
    minBalance: 'min_balance',
    baseRate: 'base_rate',
    balanceBasis: 'balance_basis',
    closingFee: 'closing_fee',
    monthlyAdminFee: 'monthly_admin_fee',
    interestTax: 'interest_tax',
    interestMinBalance: 'interest_min_balance',
    interestMaxBalance: 'interest_max_balance',
    dailyInterestPercent: 'daily_interest_percent',
    blockAmount: 'block_amount',
    planMonthlyAmount: 'plan_monthly_amount',
    planTargetBalance: 'plan_target_balance',
    planTargetMonths: 'plan_target_months',
  },
  SAVING_EQUITY: {
    amount: 'equity_amount',
    period: 'equity_period',
    baseRate: 'base_rate',
    balanceBasis: 'balance_basis',
    interestTax: 'interest_tax',
  },
  SAVING_DEPOSIT: {
    rate1Month: 'deposit_rate_1',
    rate3Month: 'deposit_rate_3',
    rate6Month: 'deposit_rate_6',
    rate12Month: 'deposit_rate_12',
    rate24Month: 'deposit_rate_24',
    profitSharing: 'deposit_profit_sharing',
    minDeposit: 'deposit_min_amount',
    maxDeposit: 'deposit_max_amount',
    earlyWithdrawalPenalty: 'deposit_penalty',
    taxFreeInterestAmount: 'deposit_tax_free_amount',
    interestTax: 'interest_tax',
    breakNeedsApproval: 'deposit_break_needs_approval',
    interestWithdrawalNeedsApproval: 'deposit_interest_withdrawal_needs_approval',
    autoRollover: 'deposit_auto_rollover',
    penaltyBasis: 'deposit_penalty_basis',
    dayCount: 'deposit_day_count',
    rolloverType: 'deposit_rollover_type',
  },
  LOAN: {
    interestMethod: 'loan_interest_method',
    interestRate: 'loan_interest_rate',
    installmentPayMethod: 'loan_installment_method',
    minAmount: 'loan_min_amount',
    maxAmount: 'loan_max_amount',
    minTenor: 'loan_min_tenor',
    maxTenor: 'loan_max_tenor',
    adminFee: 'loan_admin_fee',
    adminFeeType: 'loan_admin_fee_type',
    provisionFee: 'loan_provision_fee',
    provisionFeeType: 'loan_provision_fee_type',
    fine: 'loan_fine',
    fineMethod: 'loan_fine_method',
    dueDay: 'loan_due_day',
    applicationNeedsApproval: 'loan_needs_approval',
    requiresCollateral: 'loan_requires_collateral',
    otherCosts: 'loan_other_costs',
    roundingMultiple: 'loan_rounding_multiple',
    fineGraceDays: 'loan_fine_grace_days',
    firstInstallmentRule: 'loan_first_installment_rule',
  },
  BILL: {
    billType: 'bill_type',
    adminFee: 'bill_admin_fee',
    installments: 'bill_installments',
    billAmount: 'bill_amount',
  },
};

/** Every terms column (copied from version to version). */
export const TERM_COLUMNS = [...new Set(Object.values(FIELD_COLUMNS).flatMap((m) => Object.values(m)))];

/** Values a new product of each kind starts with when the body leaves a field out. */
export const KIND_DEFAULTS: Record<ProductKind, Record<string, unknown>> = {
  SAVING: { balance_basis: 'HARIAN' },
  SAVING_EQUITY: { balance_basis: 'HARIAN' },
  SAVING_DEPOSIT: {
    deposit_rate_1: 0,
    deposit_rate_3: 0,
    deposit_rate_6: 0,
    deposit_rate_12: 0,
    deposit_rate_24: 0,
    deposit_profit_sharing: 0,
    deposit_min_amount: 0,
    deposit_penalty: 0,
    deposit_penalty_basis: 'PRINCIPAL',
    deposit_day_count: 'MONTHLY',
    deposit_rollover_type: 'PRINCIPAL',
    deposit_tax_free_amount: 240000,
    interest_tax: 10,
    deposit_break_needs_approval: false,
    deposit_interest_withdrawal_needs_approval: false,
    deposit_auto_rollover: false,
  },
  LOAN: {
    loan_installment_method: 'POKOK & JASA',
    loan_min_amount: 0,
    loan_min_tenor: 1,
    loan_max_tenor: 12,
    loan_admin_fee: 0,
    loan_admin_fee_type: 'NOMINAL',
    loan_provision_fee: 0,
    loan_provision_fee_type: 'PERCENT',
    loan_fine: 0,
    loan_fine_method: 'NOMINAL',
    loan_needs_approval: true,
    loan_requires_collateral: false,
    loan_other_costs: 0,
    loan_rounding_multiple: 1,
    loan_fine_grace_days: 0,
    loan_first_installment_rule: 'ONE_MONTH',
  },
  BILL: { bill_admin_fee: 0, bill_installments: 1 },
};

export interface ProductRow {
  id: string;
  code: string;
  name: string;
  kind: ProductKind;
  saving_type: string | null;
  description: string | null;
  audience: 'MEMBER' | 'NON_MEMBER' | 'ALL';
  requires_approval: boolean;
  is_active: boolean;
  system_key: string | null;
  last_account_seq: number;
  created_date: Date;
  updated_date: Date;
}

export type TermsRow = Record<string, unknown> & {
  version: number;
  effective_date: string;
  created_date: Date;
};

const num = (v: unknown): number | null => (v === null || v === undefined ? null : dec(v as Dec).toNumber());
const num0 = (v: unknown): number => num(v) ?? 0;

/** Group a kind's columns of a terms row under their field names. */
function group(row: TermsRow, kind: ProductKind): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, col] of Object.entries(FIELD_COLUMNS[kind])) {
    const v = row[col];
    out[field] = v !== null && typeof v === 'object' && 'toNumber' in (v as object) ? (v as Dec).toNumber() : (v ?? null);
  }
  return out;
}

export function termsView(row: TermsRow, kind: ProductKind): TermsView {
  return {
    version: row.version,
    effectiveDate: row.effective_date,
    minBalance: num0(row.min_balance),
    baseRate: num0(row.base_rate),
    balanceBasis: row.balance_basis as TermsView['balanceBasis'],
    closingFee: num0(row.closing_fee),
    monthlyAdminFee: num0(row.monthly_admin_fee),
    interestTax: num0(row.interest_tax),
    interestMinBalance: num0(row.interest_min_balance),
    interestMaxBalance: num(row.interest_max_balance),
    dailyInterestPercent: num0(row.daily_interest_percent),
    blockAmount: num0(row.block_amount),
    planMonthlyAmount: num(row.plan_monthly_amount),
    planTargetBalance: num(row.plan_target_balance),
    planTargetMonths: (row.plan_target_months as number | null) ?? null,
    amount: num(row.equity_amount),
    period: (row.equity_period as TermsView['period']) ?? null,
    deposit: kind === 'SAVING_DEPOSIT' ? group(row, kind) : null,
    loan: kind === 'LOAN' ? group(row, kind) : null,
    bill: kind === 'BILL' ? group(row, kind) : null,
    createdDate: row.created_date.toISOString(),
  };
}

/** The terms version in force on `date` (the first version also covers earlier days). */
export const TERMS_IN_FORCE_SQL = `
  SELECT t.* FROM product_terms t
  WHERE t.tenant_id = app_tenant() AND t.product_id = $1
  ORDER BY (t.effective_date <= $2::date) DESC,
           CASE WHEN t.effective_date <= $2::date THEN t.effective_date END DESC NULLS LAST,
           CASE WHEN t.effective_date <= $2::date THEN t.version END DESC NULLS LAST, t.effective_date, t.version
  LIMIT 1`;

export async function termsInForce(tx: Tx, productId: string, date: string): Promise<TermsRow | undefined> {
  return tx.one<TermsRow>(TERMS_IN_FORCE_SQL, [productId, date]);
}

export async function allTerms(tx: Tx, productId: string): Promise<TermsRow[]> {
  return tx.query<TermsRow>(
    'SELECT * FROM product_terms WHERE tenant_id = app_tenant() AND product_id = $1 ORDER BY effective_date DESC, version DESC',
    [productId],
  );
}

export async function insertTerms(
  tx: Tx,
  productId: string,
  version: number,
  effectiveDate: string,
  values: Record<string, unknown>,
  userId: string | null,
): Promise<void> {
  const cols = TERM_COLUMNS.filter((c) => values[c] !== undefined);
  const params: unknown[] = [productId, version, effectiveDate, userId];
  const placeholders = cols.map((c) => {
    const v = values[c];
    params.push(v !== null && typeof v === 'object' && 'toFixed' in (v as object) ? (v as Dec).toFixed() : v);
    return `$${params.length}`;
  });
  await tx.exec(
    `INSERT INTO product_terms (tenant_id, product_id, version, effective_date, created_by${cols.map((c) => `, ${c}`).join('')})
     VALUES (app_tenant(), $1, $2, $3, $4${placeholders.map((p) => `, ${p}`).join('')})`,
    params,
  );
}

export interface GlRow {
  role: string;
  coa_id: string;
  code: string;
  name: string;
  type: string;
}

export async function glAccounts(tx: Tx, productId: string): Promise<GlRow[]> {
  return tx.query<GlRow>(
    `SELECT g.role, g.coa_id, c.code, c.name, c.type
     FROM product_gl_account g JOIN coa_account c ON c.tenant_id = g.tenant_id AND c.id = g.coa_id
     WHERE g.tenant_id = app_tenant() AND g.product_id = $1 ORDER BY g.role`,
    [productId],
  );
}

export async function setGlAccounts(tx: Tx, productId: string, map: Record<string, string>, userId: string | null): Promise<void> {
  for (const [role, coaId] of Object.entries(map)) {
    await tx.exec(
      `INSERT INTO product_gl_account (tenant_id, product_id, role, coa_id, updated_by) VALUES (app_tenant(), $1, $2, $3, $4)
       ON CONFLICT (tenant_id, product_id, role) DO UPDATE SET coa_id = EXCLUDED.coa_id, updated_by = EXCLUDED.updated_by, updated_date = now()`,
      [productId, role, coaId, userId],
    );
  }
}

export async function findProduct(tx: Tx, id: string, lock = false): Promise<ProductRow | undefined> {
  return tx.one<ProductRow>(`SELECT * FROM product WHERE tenant_id = app_tenant() AND id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
}

export async function findProductByKey(tx: Tx, systemKey: string): Promise<ProductRow | undefined> {
  return tx.one<ProductRow>('SELECT * FROM product WHERE tenant_id = app_tenant() AND system_key = $1', [systemKey]);
}

// ---------------------------------------------------------------- usage (accounts and balances per product)

export interface ProductUsage {
  count: number;
  balance: Dec;
}

/**
 * How many accounts each product has and the balance they hold. The savings
 * module registers the saving kinds; deposits and loans register theirs. A
 * product with accounts keeps its control account and code.
 */
export type UsageFn = (tx: Tx, productIds: string[]) => Promise<Map<string, ProductUsage>>;
const usageFns = new Map<string, UsageFn>();

export function registerProductUsage(name: string, fn: UsageFn): void {
  usageFns.set(name, fn);
}

export async function productUsage(tx: Tx, productIds: string[]): Promise<Map<string, ProductUsage>> {
  const out = new Map<string, ProductUsage>();
  if (!productIds.length) return out;
  for (const fn of usageFns.values()) {
    for (const [id, u] of await fn(tx, productIds)) {
      const cur = out.get(id);
      out.set(id, cur ? { count: cur.count + u.count, balance: cur.balance.plus(u.balance) } : u);
    }
  }
  return out;
}
