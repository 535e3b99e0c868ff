/**
 * Term deposits (simpanan berjangka, deposito): placement (the opener of
 * request-open-product-member for SAVING_DEPOSIT), withdrawal at maturity,
 * early break (with approval where the product asks), the interest position,
 * the monthly interest release (resumable chunks) and its cancellation.
 * Every money operation: one transaction, deposits locked FOR UPDATE in
 * ascending id before savings accounts (ascending id), the ledger journal
 * posted in the same transaction, an audit entry. docs/deposits.md.
 */
import { type DepositOpenBody, depositOpenBody } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import { maturityDate, projectInterest } from '@koperasi/finance/deposit';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { RequestValidationError } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import { post } from '../ledger/posting.ts';
import { findMemberRef } from '../members/members.registry.ts';
import { audit, refusalError, withTx } from '../money/index.ts';
import { findProduct } from '../products/products.repo.ts';
import { assertCanMove, assertCanWithdraw, type Channel, channelOf, isAgentCtx, move, resolveCash } from '../savings/savings.core.ts';
import { lockAccounts } from '../savings/savings.repo.ts';
import { glOf, payDueInterest, taxSetting } from './deposits.core.ts';
import { checkHolding, checkInterestSaving, journalText, lockOne, movementOf, rateFor, today, view } from './deposits.helpers.ts';
import { addHolding } from './deposits.holding.repo.ts';
import { agentHasMember, insertDeposit, markWithdrawn, productControlAccount, setPosition } from './deposits.ops.repo.ts';
import { insertMovements, nextAccountNumber, nextCertificateNumber } from './deposits.repo.ts';

export * from './deposits.break.ts';
export { rateFor, today } from './deposits.helpers.ts';

/** request-open-product-member for a SAVING_DEPOSIT product (runs in the caller's idempotent transaction). */
export async function openDepositTx(tx: Tx, ctx: Ctx, raw: Record<string, unknown>) {
  const parsed = depositOpenBody.safeParse(raw, { reportInput: true });
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues as unknown as RequestValidationError['issues']);
  const b: DepositOpenBody = parsed.data;
  const date = today();
  const amount = dec(b.amount);

  const { product, member } = await placementParties(tx, ctx, b);
  const { terms, rate } = await rateFor(tx, ctx, product, b.tenor, date);
  const min = dec((terms.deposit_min_amount as Dec | null) ?? 0);
  const max = terms.deposit_max_amount as Dec | null;
  if (amount.lt(min)) throw refusalError(ctx.lang, 'AMOUNT_BELOW_MIN', { min });
  if (max && dec(max).gt(0) && amount.gt(max)) throw refusalError(ctx.lang, 'AMOUNT_ABOVE_MAX', { max: dec(max) });

  const destination = b.interestDestination ?? (b.interestSavingId ? 'SAVING' : 'HOLDING');
  if (destination === 'SAVING') {
    if (!b.interestSavingId) throw refusalError(ctx.lang, 'INTEREST_SAVING_REQUIRED');
    await checkInterestSaving(tx, ctx, member.id, b.interestSavingId);
  }
  const rollover =
    b.rollover ??
    (terms.deposit_auto_rollover ? ((terms.deposit_rollover_type as 'PRINCIPAL' | 'PRINCIPAL_INTEREST' | null) ?? 'PRINCIPAL') : 'NONE');
  const dayCount = (terms.deposit_day_count as 'MONTHLY' | 'ACTUAL_365' | null) ?? 'MONTHLY';

  // The funding leg: a savings account of the member (the savings module's rules), or cash / bank.
  const groupId = crypto.randomUUID();
  const journalId = uuidv7();
  const channel = channelOf(ctx);
  const { debitAccount, cashCoaId, sourceNumber, savingLeg } = await fundingLeg(tx, ctx, b, {
    memberId: member.id,
    amount,
    date,
    channel,
    groupId,
    journalId,
    productName: product.name,
  });
  const control = await productControlAccount(tx, product.id);
  if (!control) throw refusalError(ctx.lang, 'DEPOSIT_GL_MISSING', { product: product.name, role: 'CONTROL' });

  const accountNumber = await nextAccountNumber(tx, product.id);
  const certificate = await nextCertificateNumber(tx, date);
  const maturity = maturityDate(date, b.tenor);
  const id = await insertDeposit(tx, {
    accountNumber,
    certificateNumber: certificate,
    memberId: member.id,
    productId: product.id,
    amount,
    tenor: b.tenor,
    rate,
    dayCount,
    termsVersion: terms.version,
    date,
    maturityDate: maturity,
    interestDestination: destination,
    interestSavingId: destination === 'SAVING' ? b.interestSavingId : null,
    rollover,
    funding: b.sourceSavingId ? 'SAVING' : 'CASH',
    fundingSavingId: b.sourceSavingId ?? null,
    cashCoaId,
    description: b.description?.trim() || null,
    userId: ctx.userId,
  });
  if (savingLeg) await savingLeg();
  const [mv] = await insertMovements(tx, [
    {
      depositId: id,
      memberId: member.id,
      productId: product.id,
      kind: 'TOPUP',
      activity: 'PLACEMENT',
      amount,
      balanceAfter: amount,
      date,
      channel,
      cashCoaId,
      groupId,
      journalId,
      description: b.description?.trim() || null,
      termsVersion: terms.version as number,
      branchId: member.branchId,
      userId: ctx.userId,
    },
  ]);
  await audit(tx, ctx, {
    action: 'deposit.open',
    entity: 'deposit',
    entityId: id,
    after: {
      accountNumber,
      certificateNumber: certificate,
      memberId: member.id,
      productId: product.id,
      amount,
      tenor: b.tenor,
      rate,
      dayCount,
      maturityDate: maturity,
      interestDestination: destination,
      interestSavingId: b.interestSavingId ?? null,
      rollover,
      funding: b.sourceSavingId ? { savingId: b.sourceSavingId, accountNumber: sourceNumber } : { cashCoaId },
    },
  });
  const journal = await post(tx, ctx, {
    id: journalId,
    date,
    description: journalText('Penempatan', {
      product_name: product.name,
      account_number: accountNumber,
      member_name: member.fullName,
      cif_number: member.cifNumber,
    }),
    referenceCode: mv.code,
    source: { module: 'DEPOSIT', id: groupId },
    lines: [
      { accountId: debitAccount, debit: amount },
      { accountId: control, credit: amount },
    ],
  });
  const setting = await taxSetting(tx, ctx);
  const projection = projectInterest({ start: date, tenor: b.tenor, principal: amount, ratePct: rate, dayCount, rule: setting.rule });
  return {
    status: 'OPENED' as const,
    deposit: await view(tx, id),
    transaction: { id: mv.id, code: mv.code, journalNumber: journal.number },
    projection,
  };
}

/** The product and member of a placement, with their refusals (product kind and state, member state, agent scope, audience). */
async function placementParties(tx: Tx, ctx: Ctx, b: DepositOpenBody) {
  const product = await findProduct(tx, b.productId);
  if (!product) throw refusalError(ctx.lang, 'PRODUCT_NOT_FOUND');
  if (product.kind !== 'SAVING_DEPOSIT') throw refusalError(ctx.lang, 'PRODUCT_NOT_DEPOSIT', { product: product.name });
  if (!product.is_active) throw refusalError(ctx.lang, 'PRODUCT_INACTIVE', { product: product.name });

  const member = await findMemberRef(tx, b.memberId, 'share');
  if (!member) throw refusalError(ctx.lang, 'DEPOSIT_MEMBER_NOT_FOUND');
  if (!member.isActive) throw refusalError(ctx.lang, 'MEMBER_INACTIVE', { name: member.fullName, cif: member.cifNumber });
  if (member.memberType === 'PROSPECTIVE') throw refusalError(ctx.lang, 'MEMBER_NOT_APPROVED', { name: member.fullName });
  if (isAgentCtx(ctx)) {
    if (!(await agentHasMember(tx, member.id, ctx.userId))) throw refusalError(ctx.lang, 'DEPOSIT_MEMBER_NOT_FOUND');
  }
  if (product.audience === 'MEMBER' && member.memberType !== 'MEMBER')
    throw refusalError(ctx.lang, 'PRODUCT_MEMBERS_ONLY', { product: product.name });
  if (product.audience === 'NON_MEMBER' && member.memberType === 'MEMBER')
    throw refusalError(ctx.lang, 'PRODUCT_NON_MEMBERS_ONLY', { product: product.name });

  return { product, member };
}

/** The funding leg of a placement: a savings account of the member (the savings module's rules, moved later), or cash / bank. */
async function fundingLeg(
  tx: Tx,
  ctx: Ctx,
  b: DepositOpenBody,
  o: { memberId: string; amount: Dec; date: string; channel: Channel; groupId: string; journalId: string; productName: string },
) {
  if (b.sourceSavingId) {
    const a = (await lockAccounts(tx, [b.sourceSavingId], o.date, isAgentCtx(ctx) ? ctx.userId : null)).get(b.sourceSavingId);
    if (a && a.member_id !== o.memberId) throw refusalError(ctx.lang, 'SOURCE_SAVING_INVALID', { number: a.account_number });
    assertCanMove(ctx, a);
    assertCanWithdraw(ctx, a, o.amount);
    const leg = () =>
      move(tx, ctx, a, {
        kind: 'WITHDRAW',
        activity: 'DEPOSIT_PLACEMENT',
        amount: o.amount,
        date: o.date,
        channel: o.channel,
        cashCoaId: null,
        groupId: o.groupId,
        description: `Penempatan deposito ${o.productName}`,
        journalId: o.journalId,
      });
    return {
      debitAccount: a.control_id!,
      cashCoaId: null,
      sourceNumber: a.account_number as string | null,
      savingLeg: leg as (() => Promise<unknown>) | null,
    };
  }
  const cash = await resolveCash(tx, ctx, b.coaId);
  return { debitAccount: cash.id, cashCoaId: cash.id as string | null, sourceNumber: null, savingLeg: null };
}

// ---------------------------------------------------------------- withdrawal at maturity

export async function withdraw(
  ctx: Ctx,
  b: {
    accountProductId: string;
    accountPenampungPokokId?: string | null;
    accountPenampungBungaId?: string | null;
    description?: string | null;
  },
) {
  return withTx(
    ctx,
    async (tx) => {
      const date = today();
      const d = await lockOne(tx, ctx, b.accountProductId);
      if (d.status !== 'ACTIVE' && d.status !== 'MATURED')
        throw refusalError(ctx.lang, 'DEPOSIT_CLOSED', { number: d.account_number, status: d.status });
      if (d.maturity_date > date)
        throw refusalError(ctx.lang, 'DEPOSIT_NOT_MATURED', { number: d.account_number, maturity: d.maturity_date });
      const pokok = b.accountPenampungPokokId
        ? await checkHolding(tx, ctx, b.accountPenampungPokokId, 'accountPenampungPokokId')
        : glOf(ctx, d, 'HOLDING_PRINCIPAL');
      const bunga = b.accountPenampungBungaId
        ? await checkHolding(tx, ctx, b.accountPenampungBungaId, 'accountPenampungBungaId')
        : glOf(ctx, d, 'HOLDING_INTEREST');
      // Interest of the term not yet released is paid now, to the interest holding account (no rollover).
      const wasMatured = d.status === 'MATURED';
      if (!wasMatured)
        await payDueInterest(tx, ctx, [d], {
          through: d.maturity_date,
          releaseId: null,
          holdingOverride: bunga,
          label: 'Bunga deposito jatuh tempo',
        });
      const principal = d.principal;
      const groupId = crypto.randomUUID();
      const journalId = uuidv7();
      const [mv] = await insertMovements(tx, [
        movementOf(ctx, d, {
          kind: 'WITHDRAW',
          activity: 'WITHDRAWAL',
          amount: principal,
          balanceAfter: ZERO,
          date,
          groupId,
          journalId,
          description: b.description?.trim() || null,
        }),
      ]);
      await markWithdrawn(tx, d.id, date, ctx.userId);
      await audit(tx, ctx, {
        action: 'deposit.withdraw',
        entity: 'deposit',
        entityId: d.id,
        before: { status: d.status, principal },
        after: {
          status: 'WITHDRAWN',
          principal: 0,
          holdingPrincipalCoaId: pokok,
          holdingInterestCoaId: bunga,
          interestPaid: d.interest_paid,
        },
      });
      const journal = await post(tx, ctx, {
        id: journalId,
        date,
        description: journalText('Pencairan jatuh tempo', d),
        referenceCode: mv.code,
        source: { module: 'DEPOSIT', id: groupId },
        lines: [
          { accountId: glOf(ctx, d, 'CONTROL'), debit: principal },
          { accountId: pokok, credit: principal },
        ],
      });
      await addHolding(tx, { depositId: d.id, kind: 'PRINCIPAL', coaId: pokok, amount: principal, source: 'WITHDRAWAL', date, journalId });
      return {
        status: 'WITHDRAWN' as const,
        deposit: await view(tx, d.id),
        transaction: { id: mv.id, code: mv.code, journalNumber: journal.number },
      };
    },
    { idempotent: true, message: 'deposit.withdraw_success' },
  );
}

export async function updatePosition(
  ctx: Ctx,
  id: string,
  b: {
    interestDestination?: 'SAVING' | 'HOLDING';
    interestSavingId?: string | null;
    rollover?: 'NONE' | 'PRINCIPAL' | 'PRINCIPAL_INTEREST';
  },
) {
  return withTx(ctx, async (tx) => {
    const d = await lockOne(tx, ctx, id);
    if (d.status !== 'ACTIVE') throw refusalError(ctx.lang, 'DEPOSIT_CLOSED', { number: d.account_number, status: d.status });
    const destination = b.interestDestination ?? (b.interestSavingId ? 'SAVING' : d.interest_destination);
    const savingId = destination === 'SAVING' ? (b.interestSavingId ?? d.interest_saving_id) : null;
    if (destination === 'SAVING') {
      if (!savingId) throw refusalError(ctx.lang, 'INTEREST_SAVING_REQUIRED');
      await checkInterestSaving(tx, ctx, d.member_id, savingId);
    }
    const rollover = b.rollover ?? d.rollover;
    await setPosition(tx, d.id, { destination, savingId, rollover, userId: ctx.userId });
    await audit(tx, ctx, {
      action: 'deposit.position',
      entity: 'deposit',
      entityId: d.id,
      before: { interestDestination: d.interest_destination, interestSavingId: d.interest_saving_id, rollover: d.rollover },
      after: { interestDestination: destination, interestSavingId: savingId, rollover },
    });
    return view(tx, d.id);
  });
}

export * from './deposits.release.ts';
