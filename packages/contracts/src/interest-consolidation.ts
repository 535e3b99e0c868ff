/**
 * Consolidated interest release (/api/consolidation/*) and the interest upload (/api/upload/interest*).
 * docs/interest.md "Consolidation" and "Interest upload".
 */
import { z } from 'zod';
import { dateString, listQuery, moneyNonNegative } from './common.ts';

const optUuid = z
  .string()
  .optional()
  .transform((v) => (v && v !== 'none' ? v : undefined))
  .pipe(z.string().uuid('validation.uuid').optional());

/** POST consolidation/process: the period (both dates required), optionally one product or one branch. */
export const consolidationProcessBody = z.object({
  startDate: dateString,
  endDate: dateString,
  productId: optUuid,
  branchId: optUuid,
});
export type ConsolidationProcessBody = z.infer<typeof consolidationProcessBody>;

/** GET consolidation/review and datatable: the batch (else the newest live one). */
export const consolidationQuery = listQuery.extend({
  consolidationId: optUuid,
  id: optUuid,
  format: z.string().optional(),
});

/** POST consolidation/{lineId}/update: the line's new gross interest (and admin fee) with the reason. */
export const consolidationUpdateBody = z.object({
  gross: moneyNonNegative,
  adminFee: moneyNonNegative.optional(),
  reason: z.string().trim().min(1, 'validation.required').max(500, 'validation.invalid'),
});
export type ConsolidationUpdateBody = z.infer<typeof consolidationUpdateBody>;

export const consolidationCancelBody = z
  .object({ reason: z.string().trim().max(500, 'validation.invalid').optional() })
  .optional()
  .default({});

export const consolidationReleaseBody = z
  .object({ chunkSize: z.number().int().min(1).max(5000).optional() })
  .optional()
  .default({});

/** GET upload/v2/interest-by-date: the rows of a release date (else every date, newest first). */
export const interestByDateQuery = listQuery.extend({
  releaseDate: dateString.optional(),
  status: z.enum(['VALID', 'FAILED', 'POSTED', 'SKIPPED']).optional(),
  format: z.string().optional(),
});

/** POST upload/interest/confirm-by-date. */
export const interestConfirmBody = z.object({ releaseDate: dateString });
