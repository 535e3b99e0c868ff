/**
 * The bookkeeping every money movement shares, named once for the modules that
 * move money (savings now; loans, deposits, bills, business-unit debts and
 * interest release next):
 *
 *  - `withTx(ctx, fn, { idempotent: true })`: the business transaction; the
 *    Idempotency-Key is claimed in it and the answer stored with its COMMIT.
 *    `selfClaim: true` when the movement's SQL function claims the key itself
 *    (saving_move); `claimKey(tx, ctx)` claims it first when TypeScript work
 *    precedes that function, and `applyClaim` turns the function's claim
 *    outcome into the replay or the 409.
 *  - `audit(tx, ctx, {...})`: the audit entry in the same transaction (the SQL
 *    functions write theirs in the same statement).
 *  - `transactionCode(date, seq)`: TRX + yyMMdd + the 8-digit global sequence
 *    (`member_transaction_seq`), as the SQL functions build it.
 */
export { audit } from '../../lib/audit.ts';
export { applyClaim, claimKey, withTx } from '../../lib/context.ts';

/** 'TRX' + yyMMdd of the business date + the sequence on 8 digits: TRX26112600001234. */
export function transactionCode(date: string, seq: number | bigint): string {
  return `TRX${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}${String(seq).padStart(8, '0')}`;
}
