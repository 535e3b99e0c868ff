/**
 * What the savings route files share: tags, the idempotency setting of money
 * routes, the movement answer's schema and notes, the zod-typed Fastify
 * instance the route functions take.
 */
import { transactionView } from '@koperasi/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const TAG = ['transaction'];
export const FLAG_TAG = ['member saving flags'];
export const money = { idempotency: 'transactional' as const };
// principalInTx (teller deposits and withdrawals): every check of the signed-in user runs inside the movement's
// transaction, which verifies the cached principal first (plugins/auth.ts); other routes read it on every request.
export const idParam = z.object({ id: z.string().uuid('validation.uuid') });

export const movementResult = z.object({
  status: z.enum(['POSTED', 'WAITING_APPROVAL']),
  transaction: transactionView.optional(),
  transactions: z.array(transactionView).optional(),
  request: z.record(z.string(), z.unknown()).optional(),
});

export const MOVEMENT_NOTES =
  'Amount: positive, at most 2 decimals. coaId: a cash or bank account under 101 (default: the signed-in user’s assigned cash account, else Kas Besar). ' +
  'The answer carries the transaction (code, balance after, journal number); GET /api/transaction/{id}/receipt gives the printable receipt. ' +
  'Send Idempotency-Key to make retries safe: a repeat answers the first result (header idempotent-replayed: true).';

export function tenantName(req: FastifyRequest): string {
  return req.principal?.tenantName ?? '';
}

/** The Fastify instance with zod types, as the route functions below take it. */
export type App = ReturnType<typeof typed>;
export const typed = (a: FastifyInstance) => a.withTypeProvider<ZodTypeProvider>();
