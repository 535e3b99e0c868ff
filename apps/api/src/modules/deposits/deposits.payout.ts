/**
 * Paying out the holding accounts (penampung pokok / bunga) of term deposits.
 * After a withdrawal at maturity, an early break, or interest released to the
 * interest holding account, the money waits there as open entries of the
 * deposit (deposit_holding). Staff pay them out in cash (a cash or bank
 * account) or move them to a savings account of the member:
 *   Dr each holding account (its open entries), Cr cash / savings control
 * (plus the savings TOPUP movement DEPOSIT_PAYOUT). Each entry is paid once:
 * the deposit and its open entries are locked, paid entries are marked with
 * the payout; the route is under Idempotency-Key (a replay answers the first
 * result), and a second payout finds nothing open (422 NOTHING_TO_PAY).
 * docs/deposits.md "Holding accounts".
 */
import type { DepositPayoutBody } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { paged } from '../../lib/http.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { post } from '../ledger/posting.ts';
import { audit, refusalError, withTx } from '../money/index.ts';
import { assertCanMove, channelOf, isAgentCtx, move, resolveCash } from '../savings/savings.core.ts';
import { lockAccounts } from '../savings/savings.repo.ts';
import { holdingEntries, insertPayout, listWaiting, payoutsOf } from './deposits.holding.repo.ts';
import { findDepositRef, interestWithdrawalNeedsApproval } from './deposits.ops.repo.ts';
import { decideRequest, insertRequest, pendingRequest } from './deposits.payout-request.repo.ts';
import { lockDeposits } from './deposits.repo.ts';

const num = (v: Dec) => dec(v).toNumber();

async function visible(ctx: Ctx, tx: Parameters<typeof holdingEntries>[0], id: string) {
  const d = await findDepositRef(tx, id, isAgentCtx(ctx) ? ctx.userId : undefined);
  if (!d) throw refusalError(ctx.lang, 'DEPOSIT_NOT_FOUND');
  return d;
}

/** GET transaction/deposit/{id}/holding: open and paid entries, the open totals, the payouts. */
export async function holdingOf(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const d = await visible(ctx, tx, id);
    const entries = await holdingEntries(tx, d.id);
    const open = entries.filter((e) => e.status === 'OPEN');
    const sum = (kind: string) => open.filter((e) => e.kind === kind).reduce((s, e) => s.plus(e.amount), ZERO);
    return {
      depositId: d.id,
      accountNumber: d.account_number,
      open: { principal: num(sum('PRINCIPAL')), interest: num(sum('INTEREST')), total: num(sum('PRINCIPAL').plus(sum('INTEREST'))) },
      entries: entries.map((e) => ({
        id: e.id,
        kind: e.kind,
        source: e.source,
        date: e.entry_date,
        amount: num(e.amount),
        status: e.status,
        coa: { id: e.coa_id, code: e.coa_code, name: e.coa_name },
        payoutId: e.payout_id,
      })),
      pendingRequest: await pendingView(tx, d.id),
      payouts: (await payoutsOf(tx, d.id)).map((p) => ({
        id: p.id,
        method: p.method,
        cashCoaId: p.cash_coa_id,
        savingId: p.saving_id,
        savingNumber: p.saving_number,
        principal: num(p.principal),
        interest: num(p.interest),
        amount: num(p.amount),
        date: p.payout_date,
        journalNumber: p.journal_number,
        description: p.description,
        createdDate: p.created_date.toISOString(),
      })),
    };
  });
}

async function pendingView(tx: Tx, depositId: string) {
  const r = await pendingRequest(tx, depositId);
  if (!r) return null;
  return {
    id: r.id,
    method: r.method,
    cashCoaId: r.cash_coa_id,
    savingId: r.saving_id,
    kinds: r.kinds,
    principal: num(r.principal),
    interest: num(r.interest),
    amount: num(dec(r.principal).plus(r.interest)),
    description: r.description,
    requestedBy: r.requested_by,
    requestedByName: r.requested_by_name,
    requestedAt: new Date(r.requested_at).toISOString(),
  };
}

/** GET transaction/deposit/holding: deposits with money waiting in a holding account, with the totals (200 with an empty page). */
export async function waiting(ctx: Ctx, q: { page: number; limit: number; search?: string }) {
  return withTx(ctx, async (tx) => {
    const r = await listWaiting(tx, q, isAgentCtx(ctx) ? ctx.userId : undefined);
    return {
      ...paged(
        r.rows.map((x) => ({
          id: x.id,
          accountNumber: x.account_number,
          certificateNumber: x.certificate_number,
          memberId: x.member_id,
          memberName: x.member_name,
          cifNumber: x.cif_number,
          productName: x.product_name,
          status: x.status,
          principal: num(x.principal),
          interest: num(x.interest),
          total: num(dec(x.principal).plus(x.interest)),
          since: x.since,
          /** A payout request of this deposit waits for approval (interest withdrawal needs approval). */
          payoutRequestPending: x.pending_request,
        })),
        r.total,
        q.page,
        q.limit,
      ),
      totalPrincipal: num(r.principal),
      totalInterest: num(r.interest),
    };
  });
}

type Locked = Awaited<ReturnType<typeof lockDeposits>>[number];
type Entries = Awaited<ReturnType<typeof holdingEntries>>;

/**
 * POST transaction/deposit/{id}/payout. When the payout includes interest and the product says "interest
 * withdrawal needs approval", nothing is posted: a request waits for another user (status WAITING_APPROVAL).
 */
export async function payout(ctx: Ctx, id: string, b: DepositPayoutBody) {
  return withTx(
    ctx,
    async (tx) => {
      await visible(ctx, tx, id);
      const [d] = await lockDeposits(tx, [id]);
      const kinds = b.kinds?.length ? [...new Set(b.kinds)] : ['PRINCIPAL', 'INTEREST'];
      const entries = await holdingEntries(tx, d.id, { kinds });
      if (!entries.length) throw refusalError(ctx.lang, 'NOTHING_TO_PAY', { number: d.account_number });
      const interest = entries.filter((e) => e.kind === 'INTEREST').reduce((s, e) => s.plus(e.amount), ZERO);
      if (interest.gt(0) && (await interestNeedsApproval(tx, d))) return requestPayout(tx, ctx, d, b, kinds, entries);
      return { status: 'PAID' as const, ...(await executePayout(tx, ctx, d, b, entries, null)) };
    },
    { idempotent: true, message: 'deposit.payout_success' },
  );
}

async function interestNeedsApproval(tx: Tx, d: Locked): Promise<boolean> {
  return interestWithdrawalNeedsApproval(tx, d.product_id, d.terms_version);
}

async function requestPayout(tx: Tx, ctx: Ctx, d: Locked, b: DepositPayoutBody, kinds: string[], entries: Entries) {
  if (await pendingRequest(tx, d.id)) throw refusalError(ctx.lang, 'PAYOUT_PENDING', { number: d.account_number });
  const principal = entries.filter((e) => e.kind === 'PRINCIPAL').reduce((s, e) => s.plus(e.amount), ZERO);
  const interest = entries.filter((e) => e.kind === 'INTEREST').reduce((s, e) => s.plus(e.amount), ZERO);
  let cashCoaId: string | null = null;
  let savingId: string | null = null;
  if (b.method === 'SAVING') savingId = (await savingTarget(tx, ctx, d, b.savingId!, todayJakarta())).id;
  else cashCoaId = (await resolveCash(tx, ctx, b.coaId)).id;
  const description = b.description?.trim() || null;
  const requestId = await insertRequest(tx, {
    depositId: d.id,
    method: b.method,
    cashCoaId,
    savingId,
    kinds,
    principal,
    interest,
    description,
    userId: ctx.userId,
  });
  await audit(tx, ctx, {
    action: 'deposit.payout_request',
    entity: 'deposit',
    entityId: d.id,
    after: { requestId, method: b.method, cashCoaId, savingId, kinds, principal, interest },
  });
  return {
    status: 'WAITING_APPROVAL' as const,
    requestId,
    depositId: d.id,
    method: b.method,
    principal: num(principal),
    interest: num(interest),
    amount: num(principal.plus(interest)),
  };
}

async function savingTarget(tx: Tx, ctx: Ctx, d: Locked, savingId: string, date: string) {
  const a = (await lockAccounts(tx, [savingId], date, isAgentCtx(ctx) ? ctx.userId : null)).get(savingId);
  if (!a || a.member_id !== d.member_id) throw refusalError(ctx.lang, 'PAYOUT_SAVING_INVALID', { number: a?.account_number ?? '-' });
  assertCanMove(ctx, a);
  return a;
}

/** POST transaction/deposit/{id}/payout-approval: another user approves (posts the payout, once) or rejects it. */
export async function decidePayout(ctx: Ctx, id: string, b: { status: 'APPROVED' | 'REJECTED'; reason?: string | null }) {
  return withTx(
    ctx,
    async (tx) => {
      await visible(ctx, tx, id);
      const [d] = await lockDeposits(tx, [id]);
      const r = await pendingRequest(tx, d.id, true);
      if (!r) throw refusalError(ctx.lang, 'PAYOUT_NOT_PENDING');
      if (r.requested_by && r.requested_by === ctx.userId) throw refusalError(ctx.lang, 'PAYOUT_SELF_APPROVAL');
      const reason = b.reason?.trim() || null;
      if (b.status === 'REJECTED') {
        await decideRequest(tx, r.id, { status: 'REJECTED', userId: ctx.userId, reason, payoutId: null });
        await audit(tx, ctx, {
          action: 'deposit.payout_reject',
          entity: 'deposit',
          entityId: d.id,
          before: { requestId: r.id, requestedBy: r.requested_by, principal: r.principal, interest: r.interest },
          after: { reason },
        });
        return { status: 'REJECTED' as const, requestId: r.id, depositId: d.id };
      }
      const entries = await holdingEntries(tx, d.id, { kinds: r.kinds });
      if (!entries.length) throw refusalError(ctx.lang, 'NOTHING_TO_PAY', { number: d.account_number });
      const body: DepositPayoutBody = {
        method: r.method,
        coaId: r.cash_coa_id,
        savingId: r.saving_id,
        description: r.description,
      };
      const res = await executePayout(tx, ctx, d, body, entries, r.requested_by);
      await decideRequest(tx, r.id, { status: 'APPROVED', userId: ctx.userId, reason, payoutId: res.id });
      return { status: 'PAID' as const, requestId: r.id, ...res };
    },
    { idempotent: true, message: 'deposit.payout_success' },
  );
}

/** Posts the payout of the locked open entries: Dr each holding account, Cr cash / savings control. */
async function executePayout(tx: Tx, ctx: Ctx, d: Locked, b: DepositPayoutBody, entries: Entries, requestedBy: string | null) {
  const date = todayJakarta();
  const principal = entries.filter((e) => e.kind === 'PRINCIPAL').reduce((s, e) => s.plus(e.amount), ZERO);
  const interest = entries.filter((e) => e.kind === 'INTEREST').reduce((s, e) => s.plus(e.amount), ZERO);
  const amount = principal.plus(interest);
  const groupId = crypto.randomUUID();
  const journalId = uuidv7();
  let credit: string;
  let cashCoaId: string | null = null;
  let savingId: string | null = null;
  let transaction: { id: string; code: string } | null = null;
  let savingLeg: (() => Promise<void>) | null = null;
  if (b.method === 'SAVING') {
    const a = await savingTarget(tx, ctx, d, b.savingId!, date);
    credit = a.control_id!;
    savingId = a.id;
    savingLeg = async () => {
      const row = await move(tx, ctx, a, {
        kind: 'TOPUP',
        activity: 'DEPOSIT_PAYOUT',
        amount,
        date,
        channel: channelOf(ctx),
        cashCoaId: null,
        groupId,
        description: `Pembayaran penampung deposito ${d.account_number}`,
        journalId,
      });
      transaction = { id: row.id, code: row.code };
    };
  } else {
    const cash = await resolveCash(tx, ctx, b.coaId, requestedBy);
    credit = cash.id;
    cashCoaId = cash.id;
  }
  const perAccount = new Map<string, Dec>();
  for (const e of entries) perAccount.set(e.coa_id, (perAccount.get(e.coa_id) ?? ZERO).plus(e.amount));
  if (savingLeg) await savingLeg();
  const journal = await post(tx, ctx, {
    id: journalId,
    date,
    description: `Pembayaran penampung deposito ${d.account_number} a.n. ${d.member_name} (${d.cif_number})`.slice(0, 500),
    referenceCode: d.account_number,
    source: { module: 'DEPOSIT', id: groupId },
    lines: [...[...perAccount.entries()].map(([accountId, v]) => ({ accountId, debit: v })), { accountId: credit, credit: amount }],
  });
  const tr = transaction as { id: string; code: string } | null;
  const payoutId = await insertPayout(tx, {
    depositId: d.id,
    method: b.method,
    cashCoaId,
    savingId,
    principal,
    interest,
    date,
    journalId,
    transactionId: tr?.id ?? null,
    description: b.description?.trim() || null,
    userId: ctx.userId,
    entryIds: entries.map((e) => e.id),
  });
  await audit(tx, ctx, {
    action: 'deposit.payout',
    entity: 'deposit',
    entityId: d.id,
    after: { payoutId, method: b.method, cashCoaId, savingId, principal, interest, amount, entries: entries.length, requestedBy },
  });
  return {
    id: payoutId,
    depositId: d.id,
    method: b.method,
    principal: num(principal),
    interest: num(interest),
    amount: num(amount),
    date,
    journalNumber: journal.number,
    transaction: tr,
  };
}
