/**
 * The one "above the role's limit" decision of a money movement.
 *
 *   const d = await limitDecision(tx, ctx, 'SAVING_WITHDRAWAL', amount, { mayQueue: true });
 *   if (d === 'QUEUE') return queueForApproval(...);   // else go on and move the money
 *
 * Within the signed-in role's limit (or without a limit, or system work):
 * 'WITHIN'. Above it: when the operation may wait for approval and the
 * cooperative's configuration says REQUEST_APPROVAL (`transactionPolicy`),
 * 'QUEUE'; otherwise the LIMIT_EXCEEDED refusal (403, naming the limit, the
 * role, the amount and the maximum) is thrown. An approval, a closing's
 * payout or anything that may not wait passes `mayQueue: false`.
 */
import type { DecInput } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { aboveLimitPolicy, assertWithinLimit, isWithinLimit, type LimitKind } from '../roles/limits.ts';

export type LimitDecision = 'WITHIN' | 'QUEUE';

export async function limitDecision(
  tx: Tx,
  ctx: Ctx,
  kind: LimitKind,
  amount: DecInput,
  opts: { mayQueue: boolean },
): Promise<LimitDecision> {
  if (isWithinLimit(ctx, kind, amount)) return 'WITHIN';
  if (opts.mayQueue && (await aboveLimitPolicy(tx, ctx, kind)) === 'REQUEST_APPROVAL') return 'QUEUE';
  assertWithinLimit(ctx, kind, amount);
  return 'WITHIN';
}

/** Before any transaction (to choose the fast path): whether the amount is within the role's limit. */
export { isWithinLimit as withinLimit } from '../roles/limits.ts';
