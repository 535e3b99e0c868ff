/**
 * What the members module offers the other modules (savings, deposits, loans,
 * bills, teller...), without them editing this module:
 *
 *  - `registerMemberSummary(name, fn)`: counts and amounts for GET member/{id}/detail
 *    (countSaving, amountSaving, countLoanRunning, loanOutstanding, storesOwed, ...).
 *  - `registerApprovalHook(name, fn)`: runs inside the approval transaction of a
 *    prospective member or a become-member request; throw an AppError to refuse
 *    (e.g. the principal saving is not paid), or return the principal status.
 *  - `registerExitCheck(name, check, settle?)`: what blocks an exit (open loans,
 *    unpaid bills) and what is settled on exit (savings, deposits, equity with
 *    amounts); `settle` runs inside the exit-confirm transaction.
 *  - `assertMemberCanTransact(tx, memberId, opts?)`: call before any transaction
 *    of a member; refuses inactive (exited, rejected) and not-yet-approved members.
 *  - `markPrincipalPaid(tx, ctx, memberId, amount)`: the savings module records the
 *    simpanan pokok as paid.
 *  - `auditMemberEvent(tx, ctx, memberId, action, after)`: an entry in the member's timeline.
 *
 * Register at module load (top level of your `<name>.module.ts` or a file it
 * imports): the loader imports every module before the server answers. A second
 * registration under the same name replaces the first. docs/members.md has examples.
 */
import { Dec, type DecInput, dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import type { Ctx } from '../../lib/context.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { memberRefRow, type RefRow, setPrincipalPaid } from './members.ref.repo.ts';

/** The member as hooks see it (a row of `member`, camelCased; the database is the authority). */
export interface MemberRef {
  id: string;
  cifNumber: string;
  fullName: string;
  memberType: RefRow['member_type'];
  status: RefRow['status'];
  isActive: boolean;
  joinDate: string | null;
  branchId: string | null;
  areaId: string | null;
  agentId: string | null;
  principalStatus: RefRow['principal_status'];
  principalOwed: Dec | null;
}

// ---------------------------------------------------------------- summary (detail counts)

/** Known keys of the detail summary; modules may add more keys of their own. */
export interface MemberSummaryValues {
  countEquity: number;
  countSaving: number;
  countDeposit: number;
  countLoanRunning: number;
  countLoanRejected: number;
  countLoanPaidOff: number;
  countLoanWaiting: number;
  amountEquity: Dec;
  amountSaving: Dec;
  amountDeposit: Dec;
  loanOutstanding: Dec;
  storesOwed: Dec;
  principalOwed: Dec;
  [extra: string]: unknown;
}

export type MemberSummaryFn = (tx: Tx, ctx: Ctx, member: MemberRef) => Promise<Partial<MemberSummaryValues>>;
const summaries = new Map<string, MemberSummaryFn>();

export function registerMemberSummary(name: string, fn: MemberSummaryFn): void {
  summaries.set(name, fn);
}

export function emptySummary(): MemberSummaryValues {
  const z = new Dec(0);
  return {
    countEquity: 0,
    countSaving: 0,
    countDeposit: 0,
    countLoanRunning: 0,
    countLoanRejected: 0,
    countLoanPaidOff: 0,
    countLoanWaiting: 0,
    amountEquity: z,
    amountSaving: z,
    amountDeposit: z,
    loanOutstanding: z,
    storesOwed: z,
    principalOwed: z,
  };
}

/** Every registered contribution, summed key by key (numbers and amounts add up; other values: last wins). */
export async function collectSummary(tx: Tx, ctx: Ctx, member: MemberRef): Promise<MemberSummaryValues> {
  const out = emptySummary();
  if (member.principalStatus === 'OWED' && member.principalOwed) out.principalOwed = member.principalOwed;
  for (const fn of summaries.values()) {
    const part = await fn(tx, ctx, member);
    for (const [k, v] of Object.entries(part)) {
      const cur = out[k];
      if (typeof v === 'number' && typeof cur === 'number') out[k] = cur + v;
      else if (v instanceof Dec && cur instanceof Dec) out[k] = cur.plus(v);
      else out[k] = v;
    }
  }
  return out;
}

// ---------------------------------------------------------------- approval hooks

export interface ApprovalContext {
  /** PROSPECTIVE: a prospective member's admission; UPGRADE: a non-member's become-member request. */
  kind: 'PROSPECTIVE' | 'UPGRADE';
  joinDate: string;
}

/**
 * Result of an approval hook. `principal` tells the members module whether the
 * simpanan pokok is already paid (PAID) or still owed (OWED, with the amount).
 * To refuse the approval, throw an AppError (e.g. `unprocessable(...)`).
 */
export interface ApprovalHookResult {
  principal?: { status: 'PAID' } | { status: 'OWED'; amount: DecInput };
}

export type ApprovalHook = (tx: Tx, ctx: Ctx, member: MemberRef, info: ApprovalContext) => Promise<ApprovalHookResult | undefined>;
const approvalHooks = new Map<string, ApprovalHook>();

export function registerApprovalHook(name: string, fn: ApprovalHook): void {
  approvalHooks.set(name, fn);
}

/** Runs every hook; the principal status comes from the last hook that reported one. */
export async function runApprovalHooks(tx: Tx, ctx: Ctx, member: MemberRef, info: ApprovalContext) {
  let principal: { status: 'PAID' | 'OWED'; amount: Dec | null } | null = null;
  for (const fn of approvalHooks.values()) {
    const r = await fn(tx, ctx, member, info);
    if (r?.principal) principal = { status: r.principal.status, amount: r.principal.status === 'OWED' ? dec(r.principal.amount) : null };
  }
  return { principal, hookCount: approvalHooks.size };
}

// ---------------------------------------------------------------- exit checks

export interface ExitItem {
  /** LOAN, BILL, SAVING, DEPOSIT, EQUITY, ... */
  kind: string;
  /** The account, loan or bill id, if any. */
  id?: string | null;
  /** What staff read: product name and account number, e.g. "Pinjaman Usaha 0012". */
  label: string;
  /** Outstanding (blocking) or to be returned (settlement), rupiah. */
  amount?: DecInput | null;
  /** Optional catalogue key (with params) of the explanation; label is shown otherwise. */
  messageKey?: string;
  params?: Record<string, unknown>;
}

export interface ExitCheckResult {
  blocking?: ExitItem[];
  settlement?: ExitItem[];
}

export interface ExitSettleInfo {
  exitDate: string;
  reason: string | null;
  /** The exit-confirm body's other fields (e.g. the cash/bank account to pay out from). */
  options: Record<string, unknown>;
  /** This module's settlement items as the check reported them in the same transaction. */
  settlement: ExitItem[];
}

export type ExitCheckFn = (tx: Tx, ctx: Ctx, member: MemberRef) => Promise<ExitCheckResult>;
export type ExitSettleFn = (tx: Tx, ctx: Ctx, member: MemberRef, info: ExitSettleInfo) => Promise<void>;
const exitChecks = new Map<string, { check: ExitCheckFn; settle?: ExitSettleFn }>();

export function registerExitCheck(name: string, check: ExitCheckFn, settle?: ExitSettleFn): void {
  exitChecks.set(name, { check, settle });
}

export interface CollectedExitItem extends ExitItem {
  module: string;
}

export async function collectExitChecks(tx: Tx, ctx: Ctx, member: MemberRef) {
  const blocking: CollectedExitItem[] = [];
  const settlement: CollectedExitItem[] = [];
  const byModule = new Map<string, ExitItem[]>();
  for (const [name, entry] of exitChecks) {
    const r = await entry.check(tx, ctx, member);
    for (const b of r.blocking ?? []) blocking.push({ ...b, module: name });
    for (const s of r.settlement ?? []) settlement.push({ ...s, module: name });
    byModule.set(name, r.settlement ?? []);
  }
  return { blocking, settlement, byModule };
}

export async function runExitSettlements(
  tx: Tx,
  ctx: Ctx,
  member: MemberRef,
  info: Omit<ExitSettleInfo, 'settlement'>,
  byModule: Map<string, ExitItem[]>,
) {
  for (const [name, entry] of exitChecks) {
    if (entry.settle) await entry.settle(tx, ctx, member, { ...info, settlement: byModule.get(name) ?? [] });
  }
}

// ---------------------------------------------------------------- helpers for other modules

export function toRef(r: RefRow): MemberRef {
  return {
    id: r.id,
    cifNumber: r.cif_number,
    fullName: r.full_name,
    memberType: r.member_type,
    status: r.status,
    isActive: r.is_active,
    joinDate: r.join_date,
    branchId: r.branch_id,
    areaId: r.area_id,
    agentId: r.agent_id,
    principalStatus: r.principal_status,
    principalOwed: r.principal_owed,
  };
}

/** The member (or null), optionally locked: 'share' keeps an exit from closing it until your transaction ends. */
export async function findMemberRef(tx: Tx, memberId: string, lock?: 'share' | 'update'): Promise<MemberRef | null> {
  const r = await memberRefRow(tx, memberId, lock);
  return r ? toRef(r) : null;
}

/**
 * Refuse a transaction of a member who cannot transact: unknown (404), exited
 * or rejected (422 MEMBER_INACTIVE), or a prospective member not yet approved
 * (422 MEMBER_NOT_APPROVED; pass `allowProspective: true` for the one
 * transaction a prospective member makes: paying the principal saving).
 * Members and non-members with status ACTIVE may transact. The row is locked
 * FOR SHARE, so an exit confirmed at the same moment waits for your transaction.
 */
export async function assertMemberCanTransact(tx: Tx, memberId: string, opts: { allowProspective?: boolean } = {}): Promise<MemberRef> {
  const m = await findMemberRef(tx, memberId, 'share');
  if (!m) throw notFound('member.not_found');
  if (!m.isActive) throw unprocessable('MEMBER_INACTIVE', 'member.inactive', { name: m.fullName, cif: m.cifNumber });
  if (m.memberType === 'PROSPECTIVE' && !opts.allowProspective) {
    throw unprocessable('MEMBER_NOT_APPROVED', 'member.not_yet_member', { name: m.fullName });
  }
  return m;
}

/** An entry in the member's timeline (audit_log with entity 'member'). */
export async function auditMemberEvent(
  tx: Tx,
  ctx: Ctx,
  memberId: string,
  action: string,
  after?: unknown,
  before?: unknown,
): Promise<void> {
  await audit(tx, ctx, { action, entity: 'member', entityId: memberId, before, after });
}

/** The savings module records the simpanan pokok as paid (clears the owed amount). */
export async function markPrincipalPaid(tx: Tx, ctx: Ctx, memberId: string, amount: DecInput): Promise<void> {
  const m = await findMemberRef(tx, memberId, 'update');
  if (!m) throw notFound('member.not_found');
  await setPrincipalPaid(tx, memberId, ctx.userId);
  await auditMemberEvent(
    tx,
    ctx,
    memberId,
    'member.principal_paid',
    { principalStatus: 'PAID', amount: dec(amount) },
    { principalStatus: m.principalStatus, principalOwed: m.principalOwed },
  );
}
