/**
 * Deposits and withdrawals by the member's CIF (and product): the teller
 * screen's calls. The account is found in the batch's own statement
 * (savings.batch.ts) and the movement goes the way of a by-account one; what
 * the batch cannot decide runs alone here (`accountByCif`, then saving_move).
 * Apart from savings.service.ts so that opening a missing equity account
 * (savings.accounts.ts, which deposits through the service) is a plain import.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { type Ctx, claimKey } from '../../lib/context.ts';
import { AppError, unprocessable } from '../../lib/errors.ts';
import { withinLimit as isWithinLimit, limitDecision } from '../money/index.ts';
import { ensureEquityAccount } from './savings.accounts.ts';
import { type BatchMove, batcherOf } from './savings.batch.ts';
import type { MovementView } from './savings.core.ts';
import { activeAccountsOf, memberByCif } from './savings.moves.repo.ts';
import { moveInOneCall, movementTx, queueWithdrawal, type WithdrawInput } from './savings.service.ts';

/**
 * The account of a member (by CIF) in a product; without a product, the
 * member's one open voluntary account. An equity account the member lacks
 * (members recorded before the system) is opened on the spot.
 */
export async function accountByCif(tx: Tx, ctx: Ctx, cif: string, productId: string | null | undefined): Promise<string> {
  const member = await memberByCif(tx, cif.toUpperCase());
  if (!member)
    throw new AppError(404, 'MEMBER_NOT_FOUND', 'saving.cif_not_found', { cif }, [{ field: 'cif', message: 'saving.cif_not_found' }]);
  const rows = await activeAccountsOf(tx, member.id, productId ?? null);
  if (rows.length === 1) return rows[0].id;
  if (rows.length > 1) {
    throw unprocessable('CHOOSE_ACCOUNT', 'saving.choose_account', { accounts: rows.map((r) => r.account_number).join(', ') });
  }
  if (productId) {
    const opened = await ensureEquityAccount(tx, ctx, member.id, productId);
    if (opened) return opened;
    throw unprocessable('NO_ACCOUNT', 'saving.no_account_in_product', { name: member.full_name, cif });
  }
  throw unprocessable('NO_ACCOUNT', 'saving.no_voluntary_account', { name: member.full_name, cif });
}

interface ByCif {
  cif: string;
  productId?: string | null;
  amount: Dec;
  description?: string | null;
  coaId?: string | null;
}

/**
 * The movement alone, in its own transaction: the key claimed first, the account found (an equity account the
 * member lacks opened), then `then` with the account's input (saving_move, or the withdrawal's limit decision).
 */
function alone<T>(ctx: Ctx, b: ByCif, message: string, then: (tx: Tx, input: WithdrawInput) => Promise<T>): Promise<T> {
  return movementTx(
    ctx,
    async (tx) => {
      await claimKey(tx, ctx);
      const savingId = await accountByCif(tx, ctx, b.cif, b.productId);
      return then(tx, { savingId, amount: b.amount, description: b.description, coaId: b.coaId });
    },
    { idempotent: true, selfClaim: true, message },
  );
}

/** The batch item of a by-CIF movement: the batch's statement finds the account. */
function item(kind: 'TOPUP' | 'WITHDRAW', b: ByCif, activity: string, message: string): BatchMove {
  const { cif, productId, amount, description, coaId } = b;
  return { kind, savingId: null, cif, productId: productId ?? null, amount, description, coaId, activity, message };
}

/** A deposit by CIF (and product): the account is found in the batch's transaction, then as by account. */
export async function depositByCif(ctx: Ctx, b: ByCif) {
  const message = 'saving.deposit_success';
  const single = () => alone(ctx, b, message, (tx, input) => moveInOneCall(tx, ctx, 'TOPUP', input));
  return batcherOf(ctx.db).submit(ctx, item('TOPUP', b, 'DEPOSIT', message), single);
}

/**
 * A withdrawal by CIF and product: within the role's limit in the next batch (the account found in its
 * transaction), else alone: refused or queued for approval.
 */
export async function withdrawByCif(ctx: Ctx, b: ByCif & { productId: string }) {
  const message = 'saving.withdraw_success';
  const single = () =>
    alone(ctx, b, message, async (tx, input) => {
      if ((await limitDecision(tx, ctx, 'SAVING_WITHDRAWAL', b.amount, { mayQueue: true })) === 'QUEUE') {
        return queueWithdrawal(tx, ctx, input);
      }
      return moveInOneCall(tx, ctx, 'WITHDRAW', input);
    });
  if (!isWithinLimit(ctx, 'SAVING_WITHDRAWAL', b.amount)) return single();
  return batcherOf(ctx.db).submit(
    ctx,
    item('WITHDRAW', b, 'WITHDRAWAL', message),
    single as () => Promise<{ status: 'POSTED'; transaction: MovementView }>,
  );
}
