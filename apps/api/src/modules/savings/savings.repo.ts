/**
 * SQL of the savings area: accounts locked with everything a movement needs
 * in one round trip, the movement statement (balance, totals and the
 * transaction row in one statement), and the shapes the lists answer.
 */
import { type Dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

/** A saving account locked for a movement, with its member, product, terms in force and GL accounts. */
export interface LockedAccount {
  id: string;
  account_number: string;
  member_id: string;
  product_id: string;
  kind: 'SAVING' | 'SAVING_EQUITY';
  saving_type: string;
  status: 'PENDING' | 'ACTIVE' | 'CLOSED' | 'REJECTED';
  balance: Dec;
  blocked_amount: Dec;
  pledged_amount: Dec;
  is_source_of_fund: boolean;
  plan_monthly_amount: Dec | null;
  plan_target_balance: Dec | null;
  plan_target_date: string | null;
  open_date: string | null;
  cif_number: string;
  member_name: string;
  member_type: 'MEMBER' | 'NON_MEMBER' | 'PROSPECTIVE';
  member_status: string;
  member_active: boolean;
  member_branch_id: string | null;
  member_join_date: string | null;
  principal_status: 'NOT_REQUIRED' | 'OWED' | 'PAID';
  /** For agents: the member is one the user looks after. */
  assigned: boolean;
  product_code: string;
  product_name: string;
  product_active: boolean;
  terms_version: number;
  min_balance: Dec;
  block_amount: Dec;
  closing_fee: Dec;
  equity_amount: Dec | null;
  equity_period: 'BULANAN' | 'HARIAN' | null;
  control_id: string | null;
  closing_fee_income_id: string | null;
}

/**
 * Locks the accounts (ascending id: the one order every movement uses, so two
 * transfers between the same accounts cannot deadlock) and shares their
 * members' rows (an exit confirmed meanwhile waits), reading the terms in force
 * on `date` (the first version also covers earlier days). `agentId`: the
 * signed-in agent, for the `assigned` flag.
 */
export async function lockAccounts(tx: Tx, ids: string[], date: string, agentId: string | null): Promise<Map<string, LockedAccount>> {
  // saving_lock_accounts (migration 0401): the statement with its plan kept for the session.
  const rows = await tx.query<LockedAccount>('SELECT * FROM saving_lock_accounts($1::uuid[], $2::date, $3::uuid)', [
    `{${ids.join(',')}}`,
    date,
    agentId,
  ]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The cash or bank account candidate of a movement, as saving_resolve_cash answers it. */
export interface CashRow {
  id: string;
  code: string;
  name: string;
  is_postable: boolean;
  is_active: boolean;
  is_cash_bank: boolean;
  holder_id: string | null;
  holder_name: string | null;
}

/** lockAccounts and the cash account resolution in one round trip (deposits and withdrawals). */
export async function lockAccountWithCash(
  tx: Tx,
  id: string,
  date: string,
  agentId: string | null,
  coaId: string | null,
  userId: string | null,
): Promise<{ account: LockedAccount | undefined; cash: CashRow | null }> {
  const rows = await tx.query<LockedAccount & { cash: CashRow | null }>(
    `SELECT a.*, (SELECT row_to_json(c) FROM saving_resolve_cash($4::uuid, $5::uuid) c) AS cash
     FROM saving_lock_accounts($1::uuid[], $2::date, $3::uuid) a`,
    [`{${id}}`, date, agentId, coaId, userId],
  );
  if (rows.length) {
    const { cash, ...account } = rows[0];
    return { account: account as LockedAccount, cash };
  }
  const cash = await tx.one<CashRow>('SELECT * FROM saving_resolve_cash($1::uuid, $2::uuid)', [coaId, userId]);
  return { account: undefined, cash: cash ?? null };
}

export interface MovementRow {
  id: string;
  seq: number;
  code: string;
  balance_after: Dec;
  created_at: Date;
}

export interface MovementInsert {
  savingId: string;
  memberId: string;
  productId: string;
  productKind: string;
  kind: 'TOPUP' | 'WITHDRAW' | 'TOPUP_INTEREST' | 'WITHDRAW_TAX';
  activity: string;
  amount: Dec;
  /** + into the account, - out of it. */
  delta: Dec;
  date: string;
  channel: 'TELLER' | 'AGENT' | 'MOBILE' | 'SYSTEM';
  cashCoaId: string | null;
  groupId: string;
  description: string | null;
  timeOfRequest?: string | null;
  requestId?: string | null;
  termsVersion: number | null;
  branchId: string | null;
  userId: string | null;
  approvedBy?: string | null;
  reversalOfId?: string | null;
  /** The journal the operation will post (deferrable foreign key: checked at COMMIT). */
  journalId?: string | null;
}

/** Changes the balance and writes the transaction row, in one call (saving_insert_movement, migrations 0401, 0403). */
export async function insertMovement(tx: Tx, m: MovementInsert): Promise<MovementRow> {
  const r = await tx.one<MovementRow>(
    `SELECT * FROM saving_insert_movement($1, $2::numeric, $3::date, $4, $5, $6, $7, $8, $9::numeric, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21::uuid)`,
    [
      m.savingId,
      m.delta.toFixed(2),
      m.date,
      m.memberId,
      m.productId,
      m.productKind,
      m.kind,
      m.activity,
      m.amount.toFixed(2),
      m.channel,
      m.cashCoaId,
      m.groupId,
      m.description,
      m.timeOfRequest ?? null,
      m.requestId ?? null,
      m.termsVersion,
      m.branchId,
      m.userId,
      m.approvedBy ?? m.userId,
      m.reversalOfId ?? null,
      m.journalId ?? null,
    ],
  );
  if (!r) throw new Error(`saving account ${m.savingId} vanished during a movement`);
  return r;
}

/**
 * Links the rows of a group to a journal explicitly (reversals: their journal's
 * source is the original operation). Other rows are linked at COMMIT by the
 * trigger member_transaction_journal (migration 0401).
 */
export async function setGroupJournal(tx: Tx, groupId: string, journalId: string): Promise<void> {
  await tx.exec('UPDATE member_transaction SET journal_id = $2 WHERE tenant_id = app_tenant() AND group_id = $1', [groupId, journalId]);
}

// ---------------------------------------------------------------- views

/** Columns of a transaction view (aliases: t transaction, m member, p product, s account, u user, c cash account, j journal). */
export const TX_SELECT = `
  t.id, t.seq, t.code, t.transaction_date, t.created_at, t.approved_at, t.member_id, m.cif_number, m.full_name AS member_name,
  t.product_id, p.code AS product_code, p.name AS product_name, t.product_kind, t.saving_id, s.account_number, t.kind, t.activity,
  t.amount, t.balance_after, t.channel, t.cash_coa_id, c.code AS cash_code, c.name AS cash_name, t.group_id, t.journal_id,
  j.number AS journal_number, t.status, t.reversal_of_id, t.cancelled_at, t.cancelled_by, t.cancel_reason, t.description,
  t.created_by, nullif(concat_ws(' ', u.first_name, u.last_name), '') AS teller_name, t.request_id, t.time_of_request, t.terms_version`;

export const TX_FROM = `
  member_transaction t
  JOIN member m ON m.tenant_id = t.tenant_id AND m.id = t.member_id
  JOIN product p ON p.tenant_id = t.tenant_id AND p.id = t.product_id
  LEFT JOIN member_saving s ON s.tenant_id = t.tenant_id AND s.id = t.saving_id
  LEFT JOIN app_user u ON u.tenant_id = t.tenant_id AND u.id = t.created_by
  LEFT JOIN coa_account c ON c.tenant_id = t.tenant_id AND c.id = t.cash_coa_id
  LEFT JOIN journal j ON j.tenant_id = t.tenant_id AND j.id = t.journal_id`;

export interface TxRow {
  id: string;
  seq: number;
  code: string;
  transaction_date: string;
  created_at: Date;
  approved_at: Date | null;
  member_id: string;
  cif_number: string;
  member_name: string;
  product_id: string;
  product_code: string;
  product_name: string;
  product_kind: string;
  saving_id: string | null;
  account_number: string | null;
  kind: 'TOPUP' | 'WITHDRAW' | 'TOPUP_INTEREST' | 'WITHDRAW_TAX';
  activity: string;
  amount: Dec;
  balance_after: Dec;
  channel: string;
  cash_coa_id: string | null;
  cash_code: string | null;
  cash_name: string | null;
  group_id: string;
  journal_id: string | null;
  journal_number: string | null;
  status: 'POSTED' | 'CANCELLED';
  reversal_of_id: string | null;
  cancelled_at: Date | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  description: string | null;
  created_by: string | null;
  teller_name: string | null;
  request_id: string | null;
  time_of_request: string | null;
  terms_version: number | null;
}

export function isCredit(kind: string): boolean {
  return kind === 'TOPUP' || kind === 'TOPUP_INTEREST';
}

export function txView(r: TxRow) {
  return {
    id: r.id,
    code: r.code,
    transactionDate: r.transaction_date,
    createdAt: r.created_at.toISOString(),
    approvedAt: r.approved_at?.toISOString() ?? null,
    memberId: r.member_id,
    cifNumber: r.cif_number,
    memberName: r.member_name,
    productId: r.product_id,
    productCode: r.product_code,
    productName: r.product_name,
    productKind: r.product_kind,
    memberSavingId: r.saving_id,
    accountNumber: r.account_number,
    kind: r.kind,
    activity: r.activity,
    amount: r.amount,
    signedAmount: isCredit(r.kind) ? r.amount : r.amount.negated(),
    balanceAfter: r.balance_after,
    channel: r.channel,
    cashCoa: r.cash_coa_id ? { id: r.cash_coa_id, code: r.cash_code ?? '', name: r.cash_name ?? '' } : null,
    groupId: r.group_id,
    journalId: r.journal_id,
    journalNumber: r.journal_number,
    status: r.status,
    isReversal: r.reversal_of_id !== null,
    reversalOfId: r.reversal_of_id,
    cancelledAt: r.cancelled_at?.toISOString() ?? null,
    cancelledBy: r.cancelled_by,
    cancelReason: r.cancel_reason,
    description: r.description,
    tellerId: r.created_by,
    tellerName: r.teller_name,
    requestId: r.request_id,
    termsVersion: r.terms_version,
  };
}

export async function transactionsOfGroup(tx: Tx, groupId: string): Promise<TxRow[]> {
  return tx.query<TxRow>(`SELECT ${TX_SELECT} FROM ${TX_FROM} WHERE t.tenant_id = app_tenant() AND t.group_id = $1 ORDER BY t.seq`, [
    groupId,
  ]);
}

// ---------------------------------------------------------------- accounts

export const ACCOUNT_SELECT = `
  s.id, s.account_number, s.member_id, m.cif_number, m.full_name AS member_name, s.product_id, p.code AS product_code,
  p.name AS product_name, s.kind, s.saving_type, s.status, s.balance, s.blocked_amount, s.pledged_amount, s.block_reason, s.tag,
  s.is_auto_debit, s.is_source_of_fund, s.is_not_get_interest, s.plan_monthly_amount, s.plan_target_balance, s.plan_target_date,
  s.open_date, s.close_date, s.last_transaction_date, s.created_date, s.total_credit, s.total_debit,
  t.min_balance, t.block_amount AS product_block_amount`;

/** FROM of account views, with the terms in force today (WIB, UTC+7). */
export const ACCOUNT_FROM = `
  member_saving s
  JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id
  JOIN product p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
  JOIN LATERAL (
    SELECT t.min_balance, t.block_amount FROM product_terms t
    WHERE t.tenant_id = s.tenant_id AND t.product_id = s.product_id
    ORDER BY (t.effective_date <= ((now() AT TIME ZONE 'UTC') + interval '7 hours')::date) DESC,
             CASE WHEN t.effective_date <= ((now() AT TIME ZONE 'UTC') + interval '7 hours')::date THEN t.effective_date END DESC NULLS LAST,
             CASE WHEN t.effective_date <= ((now() AT TIME ZONE 'UTC') + interval '7 hours')::date THEN t.version END DESC NULLS LAST, t.effective_date, t.version
    LIMIT 1
  ) t ON true`;

export interface AccountRow {
  id: string;
  account_number: string;
  member_id: string;
  cif_number: string;
  member_name: string;
  product_id: string;
  product_code: string;
  product_name: string;
  kind: 'SAVING' | 'SAVING_EQUITY';
  saving_type: string;
  status: 'PENDING' | 'ACTIVE' | 'CLOSED' | 'REJECTED';
  balance: Dec;
  blocked_amount: Dec;
  pledged_amount: Dec;
  block_reason: string | null;
  tag: string | null;
  is_auto_debit: boolean;
  is_source_of_fund: boolean;
  is_not_get_interest: boolean;
  plan_monthly_amount: Dec | null;
  plan_target_balance: Dec | null;
  plan_target_date: string | null;
  open_date: string | null;
  close_date: string | null;
  last_transaction_date: string | null;
  created_date: Date;
  total_credit: Dec;
  total_debit: Dec;
  min_balance: Dec;
  product_block_amount: Dec;
}

export function accountView(r: AccountRow) {
  const held = r.blocked_amount.plus(r.pledged_amount);
  const keep = r.kind === 'SAVING' ? r.min_balance.plus(r.product_block_amount).plus(held) : r.balance;
  const available = r.status === 'ACTIVE' && r.balance.gt(keep) ? r.balance.minus(keep) : ZERO;
  return {
    id: r.id,
    accountNumber: r.account_number,
    memberId: r.member_id,
    cifNumber: r.cif_number,
    memberName: r.member_name,
    productId: r.product_id,
    productCode: r.product_code,
    productName: r.product_name,
    kind: r.kind,
    savingType: r.saving_type,
    status: r.status,
    balance: r.balance,
    blockedAmount: r.blocked_amount,
    pledgedAmount: r.pledged_amount,
    availableBalance: available,
    tag: r.tag,
    isAutoDebit: r.is_auto_debit,
    isSourceOfFund: r.is_source_of_fund,
    isNotGetInterest: r.is_not_get_interest,
    isBlocked: r.blocked_amount.gt(0),
    blockReason: r.block_reason,
    planMonthlyAmount: r.plan_monthly_amount,
    planTargetBalance: r.plan_target_balance,
    planTargetDate: r.plan_target_date,
    openDate: r.open_date,
    closeDate: r.close_date,
    lastTransactionDate: r.last_transaction_date,
    createdDate: r.created_date.toISOString(),
  };
}

export async function findAccount(tx: Tx, id: string): Promise<AccountRow | undefined> {
  return tx.one<AccountRow>(`SELECT ${ACCOUNT_SELECT} FROM ${ACCOUNT_FROM} WHERE s.tenant_id = app_tenant() AND s.id = $1`, [id]);
}
