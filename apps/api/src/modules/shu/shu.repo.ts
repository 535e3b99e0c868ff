/**
 * SQL of the SHU area: settings, the members' bases read from the savings sub-ledger, the calculation and its
 * members, and the distribution's chunks.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface SettingRow {
  fiscal_year: number;
  source_members: boolean;
  source_non_members: boolean;
  escrow_coa_id: string | null;
  share_reserve: Dec;
  share_member_equity: Dec;
  share_member_transaction: Dec;
  share_management: Dec;
  share_employee: Dec;
  share_education: Dec;
  share_social: Dec;
  share_other: Dec;
  equity_basis: 'YEAR_END_BALANCE' | 'AVERAGE_DAILY_BALANCE';
  equity_include_other: boolean;
  transaction_basis: 'SAVING_AVERAGE_BALANCE' | 'LOAN_INTEREST_PAID' | 'LOAN_DISBURSED' | 'BUSINESS_UNIT_PURCHASES';
  tax_percent: Dec;
  reserve_coa_id: string | null;
  management_coa_id: string | null;
  employee_coa_id: string | null;
  education_coa_id: string | null;
  social_coa_id: string | null;
  other_coa_id: string | null;
  member_payable_coa_id: string | null;
  tax_payable_coa_id: string | null;
  updated_at: Date;
}

export async function findSetting(tx: Tx, year: number): Promise<SettingRow | undefined> {
  return tx.one<SettingRow>('SELECT * FROM shu_setting WHERE tenant_id = app_tenant() AND fiscal_year = $1', [year]);
}

export const SHARE_COLUMNS = {
  RESERVE: 'share_reserve',
  MEMBER_EQUITY: 'share_member_equity',
  MEMBER_TRANSACTION: 'share_member_transaction',
  MANAGEMENT: 'share_management',
  EMPLOYEE: 'share_employee',
  EDUCATION: 'share_education',
  SOCIAL: 'share_social',
  OTHER: 'share_other',
} as const;

export const ACCOUNT_COLUMNS = {
  RESERVE: 'reserve_coa_id',
  MANAGEMENT: 'management_coa_id',
  EMPLOYEE: 'employee_coa_id',
  EDUCATION: 'education_coa_id',
  SOCIAL: 'social_coa_id',
  OTHER: 'other_coa_id',
  MEMBER_PAYABLE: 'member_payable_coa_id',
  TAX_PAYABLE: 'tax_payable_coa_id',
} as const;

/** The default GL account of each allocation, by system key (the tenant seed's chart of accounts). */
export const DEFAULT_ACCOUNT_KEYS = {
  RESERVE: 'RESERVE',
  MANAGEMENT: 'SHU_MANAGEMENT_FUND',
  EMPLOYEE: 'SHU_EMPLOYEE_FUND',
  EDUCATION: 'SHU_EDUCATION_FUND',
  SOCIAL: 'SHU_SOCIAL_FUND',
  OTHER: 'SHU_REGION_FUND',
  MEMBER_PAYABLE: 'SHU_MEMBER_PAYABLE',
  TAX_PAYABLE: 'TAX_PAYABLE',
} as const;

export async function upsertSetting(tx: Tx, year: number, values: Record<string, unknown>, userId: string | null): Promise<void> {
  const cols = Object.keys(values);
  const params = cols.map((c) => values[c]);
  await tx.exec(
    `INSERT INTO shu_setting (tenant_id, fiscal_year, ${cols.join(', ')}, created_by, updated_by)
     VALUES (app_tenant(), $1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}, $${cols.length + 2}, $${cols.length + 2})
     ON CONFLICT (tenant_id, fiscal_year) DO UPDATE SET ${cols.map((c) => `${c} = EXCLUDED.${c}`).join(', ')},
       updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [year, ...params, userId],
  );
}

export interface AccountCheck {
  id: string;
  code: string;
  name: string;
  is_postable: boolean;
  is_active: boolean;
  system_key: string | null;
}

export async function accountsByIdsOrKeys(tx: Tx, ids: string[], keys: string[]): Promise<AccountCheck[]> {
  return tx.query<AccountCheck>(
    `SELECT id, code, name, is_postable, is_active, system_key FROM coa_account
     WHERE tenant_id = app_tenant() AND (id = ANY($1::uuid[]) OR system_key = ANY($2::text[]))`,
    [`{${ids.join(',')}}`, `{${keys.join(',')}}`],
  );
}

export interface BasisRow {
  member_id: string;
  equity: Dec;
  transaction: Dec;
}

/**
 * Every member's (member_type MEMBER) bases for the year [start, end]. Jasa modal from the savings movements:
 *  - year-end balance: the sum of the movements dated up to `end`;
 *  - average daily balance: Σ movement × days it stood in the year / days of the year
 *    (a movement before the year counts every day of it);
 *  equity savings (pokok, wajib; with `includeOther` every saving).
 * Jasa usaha per `transactionBasis`: SAVING_AVERAGE_BALANCE (average daily
 * voluntary savings), LOAN_INTEREST_PAID (interest of the posted loan payments
 * dated in the year), LOAN_DISBURSED (amount of the loans released in the
 * year, cancelled releases excluded) or BUSINESS_UNIT_PURCHASES (the member's
 * posted purchases at the business units, cash and credit sales, in the year).
 * Only members (member_type MEMBER) share; non-members earn nothing.
 */
export async function memberBases(
  tx: Tx,
  start: string,
  end: string,
  equityAverage: boolean,
  includeOther: boolean,
  transactionBasis: SettingRow['transaction_basis'],
): Promise<BasisRow[]> {
  return tx.query<BasisRow>(
    `WITH mv AS (
       SELECT t.member_id, s.kind, s.saving_type,
              saving_net(t.kind, t.amount) AS delta,
              ($2::date - greatest(t.transaction_date, $1::date) + 1) AS days
       FROM member_transaction t JOIN member_saving s ON s.tenant_id = t.tenant_id AND s.id = t.saving_id
       WHERE t.tenant_id = app_tenant() AND t.transaction_date <= $2::date
     ), per AS (
       SELECT member_id,
              sum(CASE WHEN (kind = 'SAVING_EQUITY' AND saving_type IN ('PRINCIPAL', 'MANDATORY')) OR $4::boolean
                       THEN (CASE WHEN $3::boolean THEN delta * days / ($2::date - $1::date + 1) ELSE delta END) ELSE 0 END) AS equity,
              sum(CASE WHEN $5 = 'SAVING_AVERAGE_BALANCE' AND kind = 'SAVING' THEN delta * days / ($2::date - $1::date + 1) ELSE 0 END) AS transaction
       FROM mv GROUP BY member_id
     ), other AS (
       SELECT l.member_id, 0::numeric AS equity, p.interest AS transaction
       FROM loan_payment p JOIN loan l ON l.tenant_id = p.tenant_id AND l.id = p.loan_id
       WHERE $5 = 'LOAN_INTEREST_PAID' AND p.tenant_id = app_tenant() AND p.status = 'POSTED' AND p.payment_date BETWEEN $1::date AND $2::date
       UNION ALL
       SELECT l.member_id, 0, l.amount FROM loan l
       WHERE $5 = 'LOAN_DISBURSED' AND l.tenant_id = app_tenant() AND l.status IN ('RUNNING', 'PAID_OFF')
         AND l.release_date BETWEEN $1::date AND $2::date
       UNION ALL
       SELECT b.member_id, 0, b.amount FROM business_unit_transaction b
       WHERE $5 = 'BUSINESS_UNIT_PURCHASES' AND b.tenant_id = app_tenant() AND b.status = 'POSTED' AND b.member_id IS NOT NULL
         AND b.kind IN ('SALE_CASH', 'SALE_CREDIT') AND b.date BETWEEN $1::date AND $2::date
     ), allb AS (
       SELECT member_id, sum(equity) AS equity, sum(transaction) AS transaction
       FROM (SELECT member_id, equity, transaction FROM per UNION ALL SELECT member_id, equity, transaction FROM other) u
       GROUP BY member_id
     )
     SELECT p.member_id, round(greatest(p.equity, 0), 2) AS equity, round(greatest(p.transaction, 0), 2) AS transaction
     FROM allb p JOIN member m ON m.tenant_id = app_tenant() AND m.id = p.member_id
     WHERE m.member_type = 'MEMBER' AND (p.equity > 0 OR p.transaction > 0)
     ORDER BY p.member_id`,
    [start, end, equityAverage, includeOther, transactionBasis],
  );
}

export interface CalculationRow {
  id: string;
  fiscal_year: number;
  status: 'CALCULATED' | 'DISTRIBUTING' | 'DISTRIBUTED' | 'CANCELLING' | 'CANCELLED';
  surplus: Dec;
  settings: Record<string, unknown>;
  planned: Record<string, string>;
  allocations: Record<string, string>;
  remainder_to_reserve: Dec;
  member_count: number;
  total_equity_basis: Dec;
  total_transaction_basis: Dec;
  total_gross: Dec;
  total_tax: Dec;
  total_net: Dec;
  calculated_at: Date;
  payout: 'SAVINGS' | 'CASH' | null;
  distribution_date: string | null;
  surplus_coa_id: string | null;
  journal_id: string | null;
  journal_number: string | null;
  distributed_at: Date | null;
  cancel_reason: string | null;
  cancelled_at: Date | null;
}

export async function findCalculation(tx: Tx, year: number, lock = false): Promise<CalculationRow | undefined> {
  if (lock) {
    await tx.exec('SELECT 1 FROM shu_calculation WHERE tenant_id = app_tenant() AND fiscal_year = $1 FOR UPDATE', [year]);
  }
  return tx.one<CalculationRow>(
    `SELECT c.*, j.number AS journal_number FROM shu_calculation c
     LEFT JOIN journal j ON j.tenant_id = c.tenant_id AND j.id = c.journal_id
     WHERE c.tenant_id = app_tenant() AND c.fiscal_year = $1`,
    [year],
  );
}

export interface MemberShareRow {
  member_id: string;
  cif_number: string;
  member_name: string;
  equity_basis: Dec;
  transaction_basis: Dec;
  equity_share: Dec;
  transaction_share: Dec;
  gross: Dec;
  tax: Dec;
  net: Dec;
  status: string;
  saving_id: string | null;
  account_number: string | null;
  transaction_id: string | null;
}

export const MEMBER_SORT: Record<string, string> = {
  cifNumber: 'm.cif_number',
  memberName: 'm.full_name',
  gross: 'x.gross',
  net: 'x.net',
  equityShare: 'x.equity_share',
  transactionShare: 'x.transaction_share',
};

export async function memberShares(
  tx: Tx,
  calculationId: string,
  opts: { search?: string; memberId?: string; order: string; limit?: number; offset?: number },
): Promise<{ rows: MemberShareRow[]; total: number }> {
  const where = ['x.tenant_id = app_tenant()', 'x.calculation_id = $1'];
  const params: unknown[] = [calculationId];
  if (opts.search) {
    params.push(`%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(m.cif_number ILIKE $${params.length} OR m.full_name ILIKE $${params.length})`);
  }
  if (opts.memberId) {
    params.push(opts.memberId);
    where.push(`x.member_id = $${params.length}`);
  }
  const from = `FROM shu_member x JOIN member m ON m.tenant_id = x.tenant_id AND m.id = x.member_id
                LEFT JOIN member_saving s ON s.tenant_id = x.tenant_id AND s.id = x.saving_id
                WHERE ${where.join(' AND ')}`;
  const count = await tx.one<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
  const page = opts.limit ? ` LIMIT ${Number(opts.limit)} OFFSET ${Number(opts.offset ?? 0)}` : '';
  const rows = await tx.query<MemberShareRow>(
    `SELECT x.member_id, m.cif_number, m.full_name AS member_name, x.equity_basis, x.transaction_basis, x.equity_share,
            x.transaction_share, x.gross, x.tax, x.net, x.status, x.saving_id, s.account_number, x.transaction_id
     ${from} ${opts.order}${page}`,
    params,
  );
  return { rows, total: count?.n ?? 0 };
}

/** The cooperative's name (the slip's heading), '' when unknown. */
export async function cooperativeName(tx: Tx): Promise<string> {
  const t = await tx.one<{ name: string }>('SELECT name FROM tenant WHERE tenant_id = app_tenant()');
  return t?.name ?? '';
}
