/**
 * The money-movement core (docs/architecture.md "How money moves"): what every
 * module that moves a member's money uses, so each rule is written once.
 *
 *  - refusals.ts: a refusal code plus parameters (from an SQL function or a
 *    TypeScript rule) becomes the error with its catalogue message, once.
 *  - limits.ts: the role limit decision (within, queue for approval, refuse).
 *  - movement.ts: the Idempotency-Key claim inside the business transaction,
 *    the audit entry, and the movement's transaction code.
 */

export { type LimitDecision, limitDecision, withinLimit } from './limits.ts';
export { applyClaim, audit, claimKey, transactionCode, withTx } from './movement.ts';
export { type AnyRefusalCode, isRefusalCode, REFUSALS, type RefusalCode, refusalError } from './refusals.ts';
