/**
 * Teller sessions (buka/tutup kas), cash handovers and the agent's dashboard
 * and report (spec sections 3, 4, 6, 7 "Teller" and "Agent calls").
 * docs/teller.md.
 */
import { z } from 'zod';
import { dateString, listQuery, moneyNonNegative, moneyPositive, optionalFilter, uuid } from './common.ts';

const optionalDate = optionalFilter.pipe(dateString.optional());

/** Indonesian rupiah notes and coins a teller counts at closing, largest first. */
export const CASH_DENOMINATIONS = [100000, 50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100] as const;
export type CashDenomination = (typeof CASH_DENOMINATIONS)[number];

export const TELLER_SESSION_STATUSES = ['OPEN', 'CLOSED'] as const;
export type TellerSessionStatus = (typeof TELLER_SESSION_STATUSES)[number];
export const HANDOVER_TARGETS = ['MAIN_CASH', 'TELLER'] as const;
export type HandoverTarget = (typeof HANDOVER_TARGETS)[number];
export const HANDOVER_STATUSES = ['PENDING', 'CONFIRMED', 'REJECTED'] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];

const requiredMoney = (schema: typeof moneyNonNegative | typeof moneyPositive) =>
  z
    .unknown()
    .refine((v) => v !== undefined && v !== null && v !== '', { message: 'validation.required' })
    .pipe(schema)
    .meta({ type: 'number', description: 'Rupiah, at most 2 decimals', example: 500000 });

/** POST /api/transaction-user/open-teller */
export const openTellerBody = z.object({
  openingBalance: requiredMoney(moneyNonNegative),
  /** Business day (WIB); default today. Only today can be opened. */
  date: optionalDate,
});
export type OpenTellerBody = z.infer<typeof openTellerBody>;

/** GET /api/transaction-user/open-balance-teller */
export const openBalanceQuery = z.object({ date: optionalDate });

export const denominationCount = z.object({
  denomination: z.coerce.number().refine((v) => (CASH_DENOMINATIONS as readonly number[]).includes(v), 'teller.denomination_invalid'),
  count: z.coerce.number().int('validation.invalid').min(0, 'validation.invalid').max(10_000_000, 'validation.invalid'),
});

/** POST /api/transaction-user/{id}/close-teller: the cash count ("body") and the session's opening balance. */
export const closeTellerBody = z.object({
  body: z.array(denominationCount).max(20, 'validation.invalid'),
  openingBalance: requiredMoney(moneyNonNegative),
  /** Required when counted cash differs from the expected cash. */
  reason: z.string().trim().max(500, 'validation.invalid').nullable().optional(),
});
export type CloseTellerBody = z.infer<typeof closeTellerBody>;

/** POST /api/transaction-user/handover */
export const handoverBody = z.object({
  target: z.enum(HANDOVER_TARGETS, { error: 'teller.handover_target_invalid' }),
  /** The receiving teller (target TELLER). */
  toUserId: uuid.nullable().optional(),
  amount: requiredMoney(moneyPositive),
  description: z.string().trim().max(500, 'validation.invalid').nullable().optional(),
});
export type HandoverBody = z.infer<typeof handoverBody>;

/** POST /api/transaction-user/handover/{id}/reject */
export const handoverRejectBody = z.object({
  reason: z.string({ error: 'teller.reason_required' }).trim().min(1, 'teller.reason_required').max(500, 'validation.invalid'),
});

/** GET /api/transaction-user/datatable, datatable-teller */
export const tellerSessionListQuery = listQuery.extend({
  start: optionalDate,
  end: optionalDate,
  status: optionalFilter.pipe(z.enum(TELLER_SESSION_STATUSES).optional()),
  userId: optionalFilter.pipe(uuid.optional()),
});

/** GET /api/transaction-user/handover/datatable: handovers sent or waiting for me. */
export const handoverListQuery = listQuery.extend({
  status: optionalFilter.pipe(z.enum(HANDOVER_STATUSES).optional()),
  /** INCOMING: waiting for the signed-in user to confirm; OUTGOING: sent by them. */
  direction: optionalFilter.pipe(z.enum(['INCOMING', 'OUTGOING']).optional()),
});

/** GET /api/report/agent-transactions */
export const agentReportQuery = z.object({
  agentId: optionalFilter.pipe(uuid.optional()),
  start: optionalDate,
  end: optionalDate,
  format: optionalFilter,
});

export interface TellerMovementGroup {
  /** Source module of the journals (SAVING, LOAN, DEPOSIT, BILL, TELLER, MANUAL ...). */
  module: string;
  /** Cash in (debits of the cash account) and out (credits). */
  cashIn: number;
  cashOut: number;
  count: number;
}

export interface TellerSessionView {
  id: string;
  userId: string;
  tellerName: string;
  coa: { id: string; code: string; name: string };
  date: string;
  status: TellerSessionStatus;
  openingBalance: number;
  openedAt: string;
  closedAt: string | null;
  closedByName: string | null;
  /** Live while open (opening + net of the cash account's journal lines since opening); frozen at closing. */
  expectedCash: number;
  countedCash: number | null;
  difference: number | null;
  denominations: Array<{ denomination: number; count: number; total: number }> | null;
  closeReason: string | null;
  differenceJournalNumber: string | null;
}
