/**
 * The movement primitives every saving operation is built from: resolve the
 * cash or bank account, check an account may move, change its balance and
 * write the transaction row, post the group's journal through the ledger's
 * engine and link it. Callers run them inside one `withTx` transaction, in
 * this order: lock (savings.repo lockAccounts), check, move, post; the
 * ledger's hot rows (journal counter, cash account summary) are touched last,
 * by `postGroup`, so other tellers wait on them as briefly as possible.
 */
import { type Dec, dec, formatRupiah, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { type JournalLineInput, type PostedJournal, post, type UnnumberedJournal } from '../ledger/posting.ts';
import { refusalError } from '../money/refusals.ts';
import { findCashRow } from './savings.moves.repo.ts';
import { type CashRow, insertMovement, type LockedAccount, type MovementInsert, type MovementRow } from './savings.repo.ts';

export type Channel = 'TELLER' | 'AGENT' | 'MOBILE' | 'SYSTEM';

export function today(): string {
  return todayJakarta();
}

export function isAgentCtx(ctx: Ctx): boolean {
  return ctx.principal?.roleCode === 'AGENT';
}

/** TELLER for back-office staff, AGENT for agents, SYSTEM for work without a signed-in user. */
export function channelOf(ctx: Ctx): Channel {
  if (!ctx.principal) return 'SYSTEM';
  return isAgentCtx(ctx) ? 'AGENT' : 'TELLER';
}

/** The signed-in user's name as receipts and answers show it. */
export function tellerName(ctx: Ctx): string | null {
  const p = ctx.principal;
  return p ? [p.firstName, p.lastName].filter(Boolean).join(' ') : null;
}

export const rupiah = (ctx: Ctx, v: Dec) => formatRupiah(v, ctx.lang);

/** The answer of one movement leg (deposits, withdrawals, transfers, closings). */
export interface MovementView {
  id: string;
  code: string;
  transactionDate: string;
  createdAt: string;
  memberId: string;
  cifNumber: string;
  memberName: string;
  productId: string;
  productCode: string;
  productName: string;
  productKind: string;
  memberSavingId: string;
  accountNumber: string;
  kind: string;
  activity: string;
  amount: Dec;
  signedAmount: Dec;
  balanceAfter: Dec;
  channel: Channel;
  cashCoa: CashAccount | null;
  groupId: string;
  journalId: string | null;
  journalNumber: string | null;
  status: 'POSTED';
  isReversal: boolean;
  reversalOfId: string | null;
  description: string | null;
  tellerId: string | null;
  tellerName: string | null;
}

// ---------------------------------------------------------------- cash and bank

export interface CashAccount {
  id: string;
  code: string;
  name: string;
}

/**
 * The cash or bank account of a movement: the one chosen (a postable, active
 * account under Kas dan Bank, code 101, not held by another user), else the
 * signed-in user's assigned cash account (app_user.coa_id), else Kas Besar
 * (CASH_MAIN). One round trip.
 */
export async function resolveCash(
  tx: Tx,
  ctx: Ctx,
  coaId?: string | null,
  /** A user whose own cash account may be used (the requester, when another user approves a request). */
  holderOk?: string | null,
): Promise<CashAccount> {
  const r = await findCashRow(tx, coaId ?? null, ctx.userId);
  return checkCash(ctx, r ?? null, coaId, holderOk);
}

/** The checks of a resolved cash or bank account (see resolveCash); refusals as saving_move answers them. */
export function checkCash(ctx: Ctx, r: CashRow | null, coaId?: string | null, holderOk?: string | null): CashAccount {
  if (!r) throw refusalError(ctx.lang, 'COA_NOT_FOUND');
  const params = { code: r.code, name: r.name };
  if (!r.is_cash_bank) throw refusalError(ctx.lang, 'COA_NOT_CASH_BANK', params);
  if (!r.is_postable) throw refusalError(ctx.lang, 'COA_NOT_POSTABLE', params);
  if (!r.is_active) throw refusalError(ctx.lang, 'COA_INACTIVE', params);
  if (coaId && r.holder_id && r.holder_id !== ctx.userId && r.holder_id !== holderOk) {
    throw refusalError(ctx.lang, 'COA_TAKEN', { ...params, holder: r.holder_name ?? '-' });
  }
  return { id: r.id, code: r.code, name: r.name };
}

// ---------------------------------------------------------------- checks
// The rules of saving_move (src/db/functions/saving_move.sql), same order, same codes and parameters
// (modules/money/refusals.ts): transfers, closings, requests and the movements the SQL cannot decide use these.

/** The account must be open, its member able to transact, and (for agents) one of theirs. */
export function assertCanMove(ctx: Ctx, a: LockedAccount | undefined): asserts a is LockedAccount {
  if (!a || (isAgentCtx(ctx) && !a.assigned)) throw refusalError(ctx.lang, 'ACCOUNT_NOT_FOUND');
  // The member rule of members.registry assertMemberCanTransact, read in the same locking query.
  if (!a.member_active) throw refusalError(ctx.lang, 'MEMBER_INACTIVE', { name: a.member_name, cif: a.cif_number });
  if (a.member_type === 'PROSPECTIVE') throw refusalError(ctx.lang, 'MEMBER_NOT_APPROVED', { name: a.member_name });
  if (a.status === 'PENDING') throw refusalError(ctx.lang, 'ACCOUNT_PENDING', { number: a.account_number });
  if (a.status === 'REJECTED') throw refusalError(ctx.lang, 'ACCOUNT_REJECTED', { number: a.account_number });
  if (a.status === 'CLOSED') throw refusalError(ctx.lang, 'ACCOUNT_CLOSED', { number: a.account_number });
  if (!a.control_id) throw refusalError(ctx.lang, 'PRODUCT_GL_MISSING', { product: a.product_name });
}

/** What may leave the account: the balance above its minimum, the product's held amount, blocks and pledges. */
export function withdrawable(a: LockedAccount): { available: Dec; keep: Dec } {
  const keep = a.min_balance.plus(a.block_amount).plus(a.blocked_amount).plus(a.pledged_amount);
  return { available: a.balance.gt(keep) ? a.balance.minus(keep) : ZERO, keep };
}

/** Money out of an account: never an equity account (returned at exit), never below what it must keep. */
export function assertCanWithdraw(ctx: Ctx, a: LockedAccount, amount: Dec): void {
  if (a.kind === 'SAVING_EQUITY') throw refusalError(ctx.lang, 'EQUITY_NOT_WITHDRAWABLE', { product: a.product_name });
  const { available } = withdrawable(a);
  if (amount.gt(available)) {
    throw refusalError(ctx.lang, 'INSUFFICIENT_BALANCE', {
      number: a.account_number,
      balance: a.balance,
      available,
      minBalance: a.min_balance.plus(a.block_amount),
      held: a.blocked_amount.plus(a.pledged_amount),
    });
  }
}

/** Money into an account: the principal saving is paid once, up to its amount. */
export function assertCanDeposit(ctx: Ctx, a: LockedAccount, amount: Dec): void {
  if (a.saving_type === 'PRINCIPAL' && a.equity_amount) {
    const remaining = a.equity_amount.minus(a.balance);
    if (!remaining.gt(0)) throw refusalError(ctx.lang, 'PRINCIPAL_ALREADY_PAID', { name: a.member_name });
    if (amount.gt(remaining)) throw refusalError(ctx.lang, 'PRINCIPAL_OVERPAID', { amount: a.equity_amount, remaining });
  }
}

// ---------------------------------------------------------------- moving

export interface MoveSpec {
  kind: MovementInsert['kind'];
  activity: string;
  amount: Dec;
  date: string;
  channel: Channel;
  cashCoaId: string | null;
  groupId: string;
  description: string | null;
  timeOfRequest?: string | null;
  requestId?: string | null;
  approvedBy?: string | null;
  reversalOfId?: string | null;
  /** The journal the operation will post (its id chosen first): the row carries it from the start. */
  journalId?: string | null;
}

/** Applies one movement to a locked account (its in-memory balance follows). */
export async function move(tx: Tx, ctx: Ctx, a: LockedAccount, m: MoveSpec): Promise<MovementRow> {
  const credit = m.kind === 'TOPUP' || m.kind === 'TOPUP_INTEREST';
  const delta = credit ? m.amount : m.amount.negated();
  const row = await insertMovement(tx, {
    savingId: a.id,
    memberId: a.member_id,
    productId: a.product_id,
    productKind: a.kind,
    kind: m.kind,
    activity: m.activity,
    amount: m.amount,
    delta,
    date: m.date,
    channel: m.channel,
    cashCoaId: m.cashCoaId,
    groupId: m.groupId,
    description: m.description,
    timeOfRequest: m.timeOfRequest,
    requestId: m.requestId,
    termsVersion: a.terms_version,
    branchId: a.member_branch_id,
    userId: ctx.userId,
    approvedBy: m.approvedBy,
    reversalOfId: m.reversalOfId,
    journalId: m.journalId ?? null,
  });
  a.balance = row.balance_after;
  return row;
}

/**
 * Posts the group's journal (the ledger engine: balanced, period open, accounts usable), the last step of a movement.
 * `numberAfterCommit`: the journal gets its number after COMMIT (teller movements; the caller fills the answer's
 * journalNumber with `fillJournalNumbers`), so nothing of the cooperative is held until COMMIT.
 */
export async function postGroup(
  tx: Tx,
  ctx: Ctx,
  g: {
    groupId: string;
    /** The id the operation's rows already carry (else a new one; the rows are then linked at COMMIT). */
    journalId?: string;
    date: string;
    description: string;
    referenceCode: string;
    lines: JournalLineInput[];
    numberAfterCommit?: boolean;
  },
): Promise<PostedJournal | UnnumberedJournal> {
  // Lines of the same account and side are merged, so a journal stays short and readable.
  const merged = new Map<string, JournalLineInput & { debit: Dec; credit: Dec }>();
  for (const l of g.lines) {
    const d = dec(l.debit ?? 0);
    const c = dec(l.credit ?? 0);
    if (d.isZero() && c.isZero()) continue;
    const key = `${l.accountId}|${d.gt(0) ? 'D' : 'C'}`;
    const cur = merged.get(key);
    if (cur) {
      cur.debit = cur.debit.plus(d);
      cur.credit = cur.credit.plus(c);
    } else merged.set(key, { ...l, debit: d, credit: c });
  }
  const input = {
    id: g.journalId,
    date: g.date,
    description: g.description.slice(0, 500),
    referenceCode: g.referenceCode,
    source: { module: 'SAVING', id: g.groupId },
    lines: [...merged.values()],
  };
  // Rows written without the journal id are linked to this journal at COMMIT (trigger member_transaction_journal).
  return g.numberAfterCommit ? post(tx, ctx, input, { numberAfterCommit: true }) : post(tx, ctx, input);
}

export const ACTIVITY_LABEL: Record<string, string> = {
  OPENING: 'Setoran awal',
  DEPOSIT: 'Setoran',
  WITHDRAWAL: 'Penarikan',
  TRANSFER_IN: 'Transfer masuk',
  TRANSFER_OUT: 'Transfer keluar',
  CLOSING: 'Penutupan rekening',
  CLOSING_FEE: 'Biaya penutupan rekening',
  EXIT: 'Pengembalian simpanan (keluar anggota)',
  CASH_OUT_ONLINE: 'Penarikan online',
  ADMIN_FEE: 'Biaya administrasi',
  INTEREST: 'Jasa simpanan',
  TAX: 'Pajak jasa simpanan',
  AUTO_DEBIT: 'Auto debet',
  OPENING_BALANCE: 'Saldo awal',
  REVERSAL: 'Pembatalan',
  DEPOSIT_PLACEMENT: 'Penempatan deposito',
  DEPOSIT_INTEREST: 'Bunga deposito',
  SHU: 'Pembagian SHU',
};

export const ACTIVITY_LABEL_EN: Record<string, string> = {
  OPENING: 'Initial deposit',
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  TRANSFER_IN: 'Transfer in',
  TRANSFER_OUT: 'Transfer out',
  CLOSING: 'Account closing',
  CLOSING_FEE: 'Closing fee',
  EXIT: 'Savings returned (member exit)',
  CASH_OUT_ONLINE: 'Online withdrawal',
  ADMIN_FEE: 'Admin fee',
  INTEREST: 'Interest',
  TAX: 'Interest tax',
  AUTO_DEBIT: 'Auto debit',
  OPENING_BALANCE: 'Opening balance',
  REVERSAL: 'Cancellation',
  DEPOSIT_PLACEMENT: 'Term deposit placement',
  DEPOSIT_INTEREST: 'Term deposit interest',
  SHU: 'SHU distribution',
};

export function activityLabel(activity: string, lang: 'id' | 'en' = 'id'): string {
  return (lang === 'en' ? ACTIVITY_LABEL_EN : ACTIVITY_LABEL)[activity] ?? activity;
}

/** "Setoran Simpanan Sukarela SS.000012 a.n. Budi Santoso (2026000123)" for journals (the books are kept in Indonesian). */
export function journalText(activity: string, a: LockedAccount, extra?: string | null): string {
  const base = `${activityLabel(activity)} ${a.product_name} ${a.account_number} a.n. ${a.member_name} (${a.cif_number})`;
  return extra ? `${base} - ${extra}` : base;
}

// ---------------------------------------------------------------- the answer of a movement leg

export interface Leg {
  a: LockedAccount;
  row: MovementRow;
  kind: string;
  activity: string;
  amount: Dec;
  cash: CashAccount | null;
  description: string | null;
  reversalOfId?: string | null;
}

/** The answer of a movement, from what the transaction already holds (no read-back while the ledger's rows are locked). */
export function legView(
  ctx: Ctx,
  l: Leg,
  groupId: string,
  date: string,
  channel: Channel,
  journal: PostedJournal | UnnumberedJournal | null,
): MovementView {
  const credit = l.kind === 'TOPUP' || l.kind === 'TOPUP_INTEREST';
  return {
    id: l.row.id,
    code: l.row.code,
    transactionDate: date,
    createdAt: l.row.created_at.toISOString(),
    memberId: l.a.member_id,
    cifNumber: l.a.cif_number,
    memberName: l.a.member_name,
    productId: l.a.product_id,
    productCode: l.a.product_code,
    productName: l.a.product_name,
    productKind: l.a.kind,
    memberSavingId: l.a.id,
    accountNumber: l.a.account_number,
    kind: l.kind,
    activity: l.activity,
    amount: l.amount,
    signedAmount: credit ? l.amount : l.amount.negated(),
    balanceAfter: l.row.balance_after,
    channel,
    cashCoa: l.cash,
    groupId,
    journalId: journal?.id ?? null,
    journalNumber: journal?.number ?? null,
    status: 'POSTED',
    isReversal: Boolean(l.reversalOfId),
    reversalOfId: l.reversalOfId ?? null,
    description: l.description,
    tellerId: ctx.userId,
    tellerName: tellerName(ctx),
  };
}
