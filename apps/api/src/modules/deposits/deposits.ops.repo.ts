/**
 * SQL of the deposit operations (deposits.service.ts, deposits.break.ts, deposits.helpers.ts, deposits.payout.ts,
 * deposits.core.ts): the agent's scope, the product terms of a deposit, the placement row, the state changes of a
 * withdrawal, a break and the interest position, the accounts a caller names, the interest engine's call.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';

/** The member is one of the agent's. */
export async function agentHasMember(tx: Tx, memberId: string, agentId: string | null): Promise<boolean> {
  return Boolean(
    await tx.one(`SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = $1 AND ${agentMemberCondition('m', '$2')}`, [
      memberId,
      agentId,
    ]),
  );
}

/** A deposit's reference (id, member, number, status), when it exists and, for an agent (`agentUserId` set), is one of theirs. */
export async function findDepositRef(tx: Tx, id: string, agentUserId?: string | null) {
  const agent = agentUserId !== undefined;
  return tx.one<{ id: string; member_id: string; account_number: string; status: string }>(
    `SELECT d.id, d.member_id, d.account_number, d.status FROM deposit d JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
     WHERE d.tenant_id = app_tenant() AND d.id = $1 ${agent ? `AND ${agentMemberCondition('m', '$2')}` : ''}`,
    agent ? [id, agentUserId] : [id],
  );
}

/** One version of a product's terms (the one a deposit was placed or rolled over on). */
export async function termsOfVersion(tx: Tx, productId: string, version: number) {
  return tx.one<Record<string, unknown>>(
    'SELECT * FROM product_terms WHERE tenant_id = app_tenant() AND product_id = $1 AND version = $2',
    [productId, version],
  );
}

/** Whether paying out interest needs another user's approval under that version of the terms. */
export async function interestWithdrawalNeedsApproval(tx: Tx, productId: string, version: number): Promise<boolean> {
  const t = await tx.one<{ v: boolean | null }>(
    'SELECT deposit_interest_withdrawal_needs_approval AS v FROM product_terms WHERE tenant_id = app_tenant() AND product_id = $1 AND version = $2',
    [productId, version],
  );
  return Boolean(t?.v);
}

/** The product's CONTROL account (the deposits' liability), if mapped. */
export async function productControlAccount(tx: Tx, productId: string): Promise<string | undefined> {
  return (
    await tx.one<{ coa_id: string }>(
      `SELECT coa_id FROM product_gl_account WHERE tenant_id = app_tenant() AND product_id = $1 AND role = 'CONTROL'`,
      [productId],
    )
  )?.coa_id;
}

export interface NewDeposit {
  accountNumber: string;
  certificateNumber: string;
  memberId: string;
  productId: string;
  amount: Dec;
  tenor: number;
  rate: Dec;
  dayCount: string;
  termsVersion: unknown;
  date: string;
  maturityDate: string;
  interestDestination: string;
  interestSavingId: string | null | undefined;
  rollover: string;
  funding: 'SAVING' | 'CASH';
  fundingSavingId: string | null;
  cashCoaId: string | null;
  description: string | null;
  userId: string | null;
}

/** Writes a placed deposit (ACTIVE, paid through its start); answers its id. */
export async function insertDeposit(tx: Tx, d: NewDeposit): Promise<string> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO deposit (tenant_id, account_number, certificate_number, member_id, product_id, status, principal, placed_amount, tenor, rate,
                          day_count, terms_version, start_date, maturity_date, placed_date, paid_through, interest_destination,
                          interest_saving_id, rollover, funding, funding_saving_id, cash_coa_id, description, created_by, updated_by)
     VALUES (app_tenant(), $1, $2, $3, $4, 'ACTIVE', $5, $5, $6, $7, $8, $9, $10, $11, $10, $10, $12, $13, $14, $15, $16, $17, $18, $19, $19)
     RETURNING id`,
    [
      d.accountNumber,
      d.certificateNumber,
      d.memberId,
      d.productId,
      d.amount.toFixed(2),
      d.tenor,
      d.rate.toFixed(4),
      d.dayCount,
      d.termsVersion,
      d.date,
      d.maturityDate,
      d.interestDestination,
      d.interestSavingId,
      d.rollover,
      d.funding,
      d.fundingSavingId,
      d.cashCoaId,
      d.description,
      d.userId,
    ],
  );
  return row!.id;
}

/** A deposit withdrawn at maturity: principal 0, closed, any break request gone. */
export async function markWithdrawn(tx: Tx, id: string, date: string, userId: string | null): Promise<void> {
  await tx.exec(
    `UPDATE deposit SET status = 'WITHDRAWN', principal = 0, closed_date = $2, closed_by = $3, updated_by = $3, break_requested_at = NULL,
                break_requested_by = NULL, break_penalty = NULL, break_holding_coa_id = NULL
         WHERE tenant_id = app_tenant() AND id = $1`,
    [id, date, userId],
  );
}

/** The interest position: where interest goes and what happens at maturity. */
export async function setPosition(
  tx: Tx,
  id: string,
  p: { destination: string; savingId: string | null; rollover: string; userId: string | null },
): Promise<void> {
  await tx.exec(
    `UPDATE deposit SET interest_destination = $2, interest_saving_id = $3, rollover = $4, updated_by = $5 WHERE tenant_id = app_tenant() AND id = $1`,
    [id, p.destination, p.savingId, p.rollover, p.userId],
  );
}

/** An early break waiting for approval: who asked, the penalty, the holding account, why. */
export async function requestBreak(
  tx: Tx,
  id: string,
  r: { userId: string | null; penalty: Dec; holdingCoaId: string; reason: string | null },
): Promise<void> {
  await tx.exec(
    `UPDATE deposit SET break_requested_at = now(), break_requested_by = $2, break_penalty = $3, break_holding_coa_id = $4, break_reason = $5,
                  updated_by = $2 WHERE tenant_id = app_tenant() AND id = $1`,
    [id, r.userId, r.penalty.toFixed(2), r.holdingCoaId, r.reason],
  );
}

/** A deposit broken early: principal 0, the penalty kept, closed, the request gone. */
export async function markBroken(tx: Tx, id: string, penalty: Dec, date: string, userId: string | null): Promise<void> {
  await tx.exec(
    `UPDATE deposit SET status = 'BROKEN', principal = 0, penalty = $2, closed_date = $3, closed_by = $4, updated_by = $4,
            break_requested_at = NULL, break_requested_by = NULL, break_penalty = NULL, break_holding_coa_id = NULL
     WHERE tenant_id = app_tenant() AND id = $1`,
    [id, penalty.toFixed(2), date, userId],
  );
}

/** A break request rejected (or no longer possible): gone. */
export async function clearBreakRequest(tx: Tx, id: string, userId: string | null): Promise<void> {
  await tx.exec(
    `UPDATE deposit SET break_requested_at = NULL, break_requested_by = NULL, break_penalty = NULL, break_holding_coa_id = NULL,
                  updated_by = $2 WHERE tenant_id = app_tenant() AND id = $1`,
    [id, userId],
  );
}

/** A savings account named to receive interest. */
export async function findInterestSaving(tx: Tx, savingId: string) {
  return tx.one<{ id: string; account_number: string; member_id: string; kind: string; status: string }>(
    'SELECT id, account_number, member_id, kind, status FROM member_saving WHERE tenant_id = app_tenant() AND id = $1',
    [savingId],
  );
}

/** A GL account named as a holding account. */
export async function findHoldingAccount(tx: Tx, id: string) {
  return tx.one<{ id: string; code: string; name: string; type: string; is_postable: boolean; is_active: boolean }>(
    'SELECT id, code, name, type, is_postable, is_active FROM coa_account WHERE tenant_id = app_tenant() AND id = $1',
    [id],
  );
}

export interface PayRow {
  deposits: number;
  payments: number;
  gross: Dec;
  tax: Dec;
  net: Dec;
  journal_ids: string[];
  rolled: number;
  matured: number;
}

/** deposit_pay_due (db/functions/deposit_pay_due.sql): the interest engine, one call for the deposits. */
export async function depositPayDue(
  tx: Tx,
  a: {
    ids: string[];
    through: string;
    releaseId: string | null;
    holdingOverride: string | null;
    userId: string | null;
    channel: string;
    label: string | null;
    basis: string;
    taxFreeAmount: string;
    ratePct: string;
  },
): Promise<PayRow | undefined> {
  return tx.one<PayRow>('SELECT * FROM deposit_pay_due($1::uuid[], $2::date, $3::uuid, $4::uuid, $5::uuid, $6, $7, $8, $9, $10)', [
    `{${a.ids.join(',')}}`,
    a.through,
    a.releaseId,
    a.holdingOverride,
    a.userId,
    a.channel,
    a.label,
    a.basis,
    a.taxFreeAmount,
    a.ratePct,
  ]);
}
