/**
 * The teller forms' schemas, narrowed from the contracts (packages/contracts
 * savings.ts) so the browser checks exactly what the server checks: an
 * amount is required, more than 0 and has at most 2 decimals; a block needs
 * its amount and a reason; a transfer needs its destination, never the source.
 */
import { blockedBody, savingMovementBody, transferQuery } from '@koperasi/contracts/savings';
import { z } from 'zod';

/** Deposit and withdrawal: amount, description; the cash or bank account is chosen beside them. */
export const movementForm = savingMovementBody.pick({ amount: true, description: true }).extend({ coaId: z.string() });
export type MovementFormIn = z.input<typeof movementForm>;
export type MovementFormOut = z.output<typeof movementForm>;

/** Transfer: the destination account and the amount (fromSavingId is the account the form opened on). */
export const transferForm = transferQuery
  .pick({ amount: true, description: true })
  .extend({ fromSavingId: z.string(), toSavingId: z.string({ error: 'validation.required' }).min(1, 'validation.required') })
  .refine((v) => v.toSavingId !== v.fromSavingId, { message: 'saving.transfer_same_account', path: ['toSavingId'] });
export type TransferFormIn = z.input<typeof transferForm>;
export type TransferFormOut = z.output<typeof transferForm>;

/** Block (amount and reason) or unblock (reason). */
export const blockForm = z.object({ isBlocked: z.boolean(), amount: z.number().nullable(), reason: z.string() }).superRefine((v, ctx) => {
  const r = blockedBody.safeParse(v);
  if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: 'custom', message: i.message, path: i.path });
});
export type BlockFormIn = z.input<typeof blockForm>;

/** Opening: the product, an optional first deposit, plan fields for plan savings. */
export const openForm = z.object({
  productId: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
  initialDeposit: z
    .number()
    .nullable()
    .refine((v) => v === null || v > 0, 'validation.amount_positive'),
  coaId: z.string(),
  tag: z.string().trim().max(100, 'validation.invalid'),
  planMonthlyAmount: z.number().nullable(),
  planTargetBalance: z.number().nullable(),
  planTargetDate: z.string().nullable(),
  description: z.string().trim().max(500, 'validation.invalid'),
});
export type OpenFormIn = z.input<typeof openForm>;

/** Cancel or reject: a reason is required (the screens ask for it even where the API would take none). */
export const reasonForm = z.object({
  reason: z.string({ error: 'saving.reason_required' }).trim().min(1, 'saving.reason_required').max(500, 'validation.invalid'),
});
