/**
 * Early break of a term deposit (POST transaction/deposit/break), with the approval where the product asks (decideBreak).
 * docs/deposits.md.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import { breakPenalty, type PenaltyBasis } from '@koperasi/finance/deposit';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import { post } from '../ledger/posting.ts';
import { audit, refusalError, withTx } from '../money/index.ts';
import { glOf, payDueInterest } from './deposits.core.ts';
import { checkHolding, journalText, lockOne, movementOf, today, view } from './deposits.helpers.ts';
import { addHolding } from './deposits.holding.repo.ts';
import { clearBreakRequest, markBroken, requestBreak, termsOfVersion } from './deposits.ops.repo.ts';
import { insertMovements, type LockedDeposit, takeUnpaidAccrual } from './deposits.repo.ts';

export async function breakDeposit(
  ctx: Ctx,
  b: { accountProductId: string; accountPenampungPokokId?: string | null; pinaltyBreak?: number | null; reason?: string | null },
) {
  return withTx(
    ctx,
    async (tx) => {
      const date = today();
      const d = await lockOne(tx, ctx, b.accountProductId);
      if (d.status !== 'ACTIVE') throw refusalError(ctx.lang, 'DEPOSIT_CLOSED', { number: d.account_number, status: d.status });
      if (d.maturity_date <= date) throw refusalError(ctx.lang, 'DEPOSIT_MATURED', { number: d.account_number });
      if (d.break_requested_at) throw refusalError(ctx.lang, 'BREAK_PENDING', { number: d.account_number });
      const holding = b.accountPenampungPokokId
        ? await checkHolding(tx, ctx, b.accountPenampungPokokId, 'accountPenampungPokokId')
        : glOf(ctx, d, 'HOLDING_PRINCIPAL');
      // Periods already due are earned: paid before the break (to their usual destination).
      await payDueInterest(tx, ctx, [d], { through: date, releaseId: null });
      const terms = await termsOfVersion(tx, d.product_id, d.terms_version);
      const computed = breakPenalty({
        basis: ((terms?.deposit_penalty_basis as PenaltyBasis | null) ?? 'PRINCIPAL') as PenaltyBasis,
        pct: dec((terms?.deposit_penalty as Dec | null) ?? 0),
        principal: d.principal,
        interestEarned: d.interest_paid,
      });
      const penalty = b.pinaltyBreak == null ? computed : dec(b.pinaltyBreak);
      if (penalty.gt(d.principal)) throw refusalError(ctx.lang, 'PENALTY_ABOVE_PRINCIPAL', { principal: d.principal });
      if (terms?.deposit_break_needs_approval) {
        await requestBreak(tx, d.id, { userId: ctx.userId, penalty, holdingCoaId: holding, reason: b.reason?.trim() || null });
        await audit(tx, ctx, {
          action: 'deposit.break_request',
          entity: 'deposit',
          entityId: d.id,
          after: { penalty, computedPenalty: computed, holdingPrincipalCoaId: holding, reason: b.reason ?? null },
        });
        return {
          status: 'WAITING_APPROVAL' as const,
          deposit: await view(tx, d.id),
          penalty: penalty.toNumber(),
          computedPenalty: computed.toNumber(),
        };
      }
      return executeBreak(tx, ctx, d, { penalty, computed, holding, reason: b.reason ?? null, approvedBy: null });
    },
    { idempotent: true, message: 'deposit.break_success' },
  );
}

async function executeBreak(
  tx: Tx,
  ctx: Ctx,
  d: LockedDeposit,
  o: { penalty: Dec; computed: Dec; holding: string; reason: string | null; approvedBy: string | null },
) {
  const date = today();
  const principal = d.principal;
  const payout = principal.minus(o.penalty);
  const groupId = crypto.randomUUID();
  const journalId = uuidv7();
  const rows = await insertMovements(tx, [
    movementOf(ctx, d, {
      kind: 'WITHDRAW',
      activity: 'PENALTY',
      amount: o.penalty,
      balanceAfter: payout,
      date,
      groupId,
      journalId,
      description: o.reason,
    }),
    movementOf(ctx, d, {
      kind: 'WITHDRAW',
      activity: 'BREAK',
      amount: payout,
      balanceAfter: ZERO,
      date,
      groupId,
      journalId,
      description: o.reason,
    }),
  ]);
  await markBroken(tx, d.id, o.penalty, date, ctx.userId);
  await audit(tx, ctx, {
    action: 'deposit.break',
    entity: 'deposit',
    entityId: d.id,
    before: { status: 'ACTIVE', principal, maturityDate: d.maturity_date },
    after: {
      status: 'BROKEN',
      penalty: o.penalty,
      computedPenalty: o.computed,
      payout,
      holdingPrincipalCoaId: o.holding,
      approvedBy: o.approvedBy,
    },
  });
  // The running period earns nothing when broken: what the daily accrual booked for it goes back.
  const accrued = await takeUnpaidAccrual(tx, d.id);
  const journal = await post(tx, ctx, {
    id: journalId,
    date,
    description: journalText('Pencairan dini', d),
    referenceCode: rows[rows.length - 1]?.code ?? d.account_number,
    source: { module: 'DEPOSIT', id: groupId },
    lines: [
      { accountId: glOf(ctx, d, 'CONTROL'), debit: principal },
      ...(o.penalty.gt(0) ? [{ accountId: glOf(ctx, d, 'PENALTY_INCOME'), credit: o.penalty }] : []),
      ...(payout.gt(0) ? [{ accountId: o.holding, credit: payout }] : []),
      ...(accrued.gt(0)
        ? [
            { accountId: glOf(ctx, d, 'INTEREST_PAYABLE'), debit: accrued },
            { accountId: glOf(ctx, d, 'INTEREST_EXPENSE'), credit: accrued },
          ]
        : []),
    ],
  });
  await addHolding(tx, { depositId: d.id, kind: 'PRINCIPAL', coaId: o.holding, amount: payout, source: 'BREAK', date, journalId });
  return {
    status: 'BROKEN' as const,
    deposit: await view(tx, d.id),
    penalty: o.penalty.toNumber(),
    computedPenalty: o.computed.toNumber(),
    payout: payout.toNumber(),
    transaction: { code: rows[rows.length - 1]?.code ?? null, journalNumber: journal.number },
  };
}

export async function decideBreak(ctx: Ctx, id: string, b: { status: 'APPROVED' | 'REJECTED'; reason?: string | null }) {
  return withTx(
    ctx,
    async (tx) => {
      const d = await lockOne(tx, ctx, id);
      if (!d.break_requested_at) throw refusalError(ctx.lang, 'BREAK_NOT_PENDING');
      if (d.break_requested_by && d.break_requested_by === ctx.userId) throw refusalError(ctx.lang, 'BREAK_SELF_APPROVAL');
      if (b.status === 'REJECTED' || d.status !== 'ACTIVE' || d.maturity_date <= today()) {
        await clearBreakRequest(tx, d.id, ctx.userId);
        await audit(tx, ctx, {
          action: 'deposit.break_reject',
          entity: 'deposit',
          entityId: d.id,
          before: { penalty: d.break_penalty, requestedBy: d.break_requested_by },
          after: { reason: b.reason ?? null },
        });
        if (b.status === 'APPROVED') throw refusalError(ctx.lang, 'DEPOSIT_MATURED', { number: d.account_number });
        return { status: 'REJECTED' as const, deposit: await view(tx, d.id) };
      }
      await payDueInterest(tx, ctx, [d], { through: today(), releaseId: null });
      const penalty = dec(d.break_penalty ?? 0);
      return executeBreak(tx, ctx, d, {
        penalty: penalty.gt(d.principal) ? d.principal : penalty,
        computed: penalty,
        holding: d.break_holding_coa_id ?? glOf(ctx, d, 'HOLDING_PRINCIPAL'),
        reason: d.break_reason,
        approvedBy: ctx.userId,
      });
    },
    { idempotent: true, message: 'deposit.break_success' },
  );
}

// ---------------------------------------------------------------- position
