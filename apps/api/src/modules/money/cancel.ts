/**
 * `POST /api/transaction/cancel` takes any transaction id. The savings module
 * answers it; the modules whose transactions are not savings movements (loan
 * payments and releases) register a handler here, asked first: a handler
 * answers `null` when the id is not one of its own.
 */
import type { Ctx } from '../../lib/context.ts';

export interface CancelBody {
  transactionId: string;
  reason?: string | null;
}

export type CancelHandler = (ctx: Ctx, body: CancelBody) => Promise<unknown | null>;
const handlers = new Map<string, CancelHandler>();

export function registerCancelHandler(name: string, fn: CancelHandler): void {
  handlers.set(name, fn);
}

/** The answer of the module that owns the id, or `undefined` when none of the registered modules does. */
export async function cancelElsewhere(ctx: Ctx, body: CancelBody): Promise<unknown | undefined> {
  for (const fn of handlers.values()) {
    const r = await fn(ctx, body);
    if (r != null) return r;
  }
  return undefined;
}
