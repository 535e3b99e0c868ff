/**
 * Teller sessions (buka/tutup kas teller) and cash handovers (serah terima
 * kas). docs/teller.md.
 *
 * Rules:
 *  - A session belongs to one teller (the signed-in user) and one business day
 *    (WIB), on the cash account assigned to the teller (app_user.coa_id). One
 *    session per teller and day; at most one open session per teller (the
 *    previous day's must be closed first). Only today can be opened.
 *  - The opening balance must equal the cash account's ledger balance: the
 *    drawer starts with what the books say it holds.
 *  - Expected cash = opening balance + net of the cash account's journal lines
 *    posted since the session opened (ledger), whatever module posted them.
 *  - Closing counts notes and coins; a difference posts a journal between the
 *    cash account and the cash over/short account (system key CASH_OVER_SHORT,
 *    "Selisih Kas") with a required reason. Refused while a request the teller
 *    entered during the session waits for approval or a handover of the
 *    session waits for confirmation.
 *  - Handovers (serah terima kas): teller.handover.ts; what the screens show:
 *    teller.views.ts; the session rule itself: teller.guard.ts.
 *  - Tellers (and agents) see only their own sessions and handovers; 404 for
 *    another's. Every change is audited; sessions and handovers are locked
 *    FOR UPDATE (handover first, then sessions by id).
 */
import type { CloseTellerBody, OpenTellerBody } from '@koperasi/contracts';
import { translate } from '@koperasi/contracts';
import { type Dec, dec, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import type { DatedPageQuery } from '../../lib/page-query.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { accountBalance, accountIdByKey, post } from '../ledger/posting.ts';
import { audit, withTx } from '../money/index.ts';
import { forgetSession } from './teller.guard.ts';
import * as repo from './teller.repo.ts';
import * as sessions from './teller.session.repo.ts';
import { handoverView, rp, seesAll, sessionView } from './teller.views.ts';

async function cashAccountOf(tx: Tx, userId: string) {
  const r = await sessions.userCashAccount(tx, userId);
  if (!r?.coa_id || !r.code) throw unprocessable('TELLER_CASH_ACCOUNT_MISSING', 'teller.cash_account_missing');
  return { id: r.coa_id, code: r.code, name: r.name ?? '' };
}

// ---------------------------------------------------------------- open

/** GET open-balance-teller: the signed-in teller's session of the day (if any), cash account and its balance. */
export async function openBalance(ctx: Ctx, date: string | undefined) {
  const day = date ?? todayJakarta();
  return withTx(ctx, async (tx) => {
    const s = await repo.sessionOfDay(tx, ctx.userId!, day);
    const open = s?.status === 'OPEN' ? s : await repo.openSessionOf(tx, ctx.userId!);
    let cashAccount: { id: string; code: string; name: string; balance: Dec } | null = null;
    if (await sessions.userCoaId(tx, ctx.userId!)) {
      const c = await cashAccountOf(tx, ctx.userId!);
      cashAccount = { ...c, balance: await accountBalance(tx, c.id) };
    }
    return {
      date: day,
      today: todayJakarta(),
      cashAccount,
      /** The suggested opening balance: the cash account's ledger balance. */
      openingBalance: cashAccount?.balance ?? ZERO,
      session: s ? await sessionView(tx, s) : null,
      /** An open session of another day (must be closed before today's opens). */
      openSession: open && open.id !== s?.id ? await sessionView(tx, open) : null,
    };
  });
}

export async function openTeller(ctx: Ctx, b: OpenTellerBody) {
  const today = todayJakarta();
  const date = b.date ?? today;
  if (date !== today) throw unprocessable('TELLER_SESSION_DATE_INVALID', 'teller.date_not_today', { today });
  const opening = dec(b.openingBalance);
  return withTx(
    ctx,
    async (tx) => {
      const cash = await cashAccountOf(tx, ctx.userId!);
      const previous = await repo.openSessionOf(tx, ctx.userId!);
      if (previous && previous.business_date !== date) {
        throw unprocessable('TELLER_SESSION_PREVIOUS_OPEN', 'teller.previous_session_open', { date: previous.business_date });
      }
      if (await repo.sessionOfDay(tx, ctx.userId!, date)) throw conflict('TELLER_SESSION_EXISTS', 'teller.session_exists', { date });
      const balance = await accountBalance(tx, cash.id);
      if (!balance.eq(opening)) {
        throw new AppError(
          422,
          'TELLER_OPENING_MISMATCH',
          'teller.opening_mismatch',
          { opening: rp(opening, ctx), balance: rp(balance, ctx), account: `${cash.code} ${cash.name}` },
          [
            {
              field: 'openingBalance',
              message: translate('teller.opening_mismatch', ctx.lang, {
                opening: rp(opening, ctx),
                balance: rp(balance, ctx),
                account: `${cash.code} ${cash.name}`,
              }),
            },
          ],
        );
      }
      const id = await sessions.insertOpenSession(tx, ctx.userId!, cash.id, date, opening);
      if (!id) throw conflict('TELLER_SESSION_EXISTS', 'teller.session_exists', { date });
      const s = (await repo.findSession(tx, id))!;
      const view = await sessionView(tx, s);
      await audit(tx, ctx, { action: 'teller_session.open', entity: 'teller_session', entityId: id, after: view });
      return view;
    },
    { idempotent: true, message: 'teller.session_opened' },
  );
}

// ---------------------------------------------------------------- read

export async function visibleSession(tx: Tx, ctx: Ctx, id: string, own: boolean): Promise<repo.SessionRow> {
  const s = await repo.findSession(tx, id);
  if (!s || ((own || !seesAll(ctx)) && s.user_id !== ctx.userId)) throw notFound('teller.session_not_found');
  return s;
}

/** datatable/{id}/detail and datatable-teller/{id}/detail: the session, its movements by kind, journals and handovers (the printable report). */
export async function sessionDetail(ctx: Ctx, id: string, own: boolean) {
  return withTx(ctx, async (tx) => {
    const s = await visibleSession(tx, ctx, id, own);
    const view = await sessionView(tx, s);
    const exclude = s.status === 'CLOSED' ? await sessions.differenceJournalId(tx, s.id) : null;
    const groups = await repo.sessionMovements(tx, s, exclude);
    const journals = await repo.sessionJournals(tx, s, 200);
    const handovers = await sessions.sessionWindowHandovers(tx, s);
    const cooperativeName = await sessions.cooperativeName(tx);
    let cashIn = ZERO;
    let cashOut = ZERO;
    for (const g of groups) {
      cashIn = cashIn.plus(g.cash_in);
      cashOut = cashOut.plus(g.cash_out);
    }
    return {
      ...view,
      cooperativeName,
      movements: groups.map((g) => ({ module: g.module, cashIn: g.cash_in, cashOut: g.cash_out, count: g.n })),
      totalCashIn: cashIn,
      totalCashOut: cashOut,
      journals: journals.map((j) => ({
        id: j.id,
        number: j.number,
        description: j.description,
        module: j.module,
        postedAt: j.posted_at.toISOString(),
        cashIn: j.debit,
        cashOut: j.credit,
      })),
      handovers: handovers.map(handoverView),
    };
  });
}

export async function listSessions(ctx: Ctx, q: DatedPageQuery & { status?: string; userId?: string }, own: boolean) {
  return withTx(ctx, async (tx) => {
    const userId = own || !seesAll(ctx) ? ctx.userId! : q.userId;
    const { rows, total } = await sessions.sessionsPage(tx, { ...q, userId });
    const content = [];
    for (const r of rows) content.push(await sessionView(tx, r));
    return paged(content, total, q.page, q.limit);
  });
}

// ---------------------------------------------------------------- close

export async function closeTeller(ctx: Ctx, id: string, b: CloseTellerBody) {
  const seen = new Set<number>();
  let counted = ZERO;
  const denominations: Array<{ denomination: number; count: number }> = [];
  for (const d of b.body) {
    if (seen.has(d.denomination)) {
      throw badRequest('VALIDATION_FAILED', 'teller.denomination_duplicate', { denomination: d.denomination });
    }
    seen.add(d.denomination);
    denominations.push({ denomination: d.denomination, count: d.count });
    counted = counted.plus(dec(d.denomination).times(d.count));
  }
  denominations.sort((a, b2) => b2.denomination - a.denomination);
  const opening = dec(b.openingBalance);
  return withTx(
    ctx,
    async (tx) => {
      const s = await repo.findSession(tx, id, { forUpdate: true });
      if (!s || (s.user_id !== ctx.userId && !seesAll(ctx))) throw notFound('teller.session_not_found');
      if (s.status !== 'OPEN') throw unprocessable('TELLER_SESSION_CLOSED', 'teller.session_not_open');
      if (!s.opening_balance.eq(opening)) {
        throw unprocessable('TELLER_OPENING_DIFFERS', 'teller.opening_differs', {
          given: rp(opening, ctx),
          opening: rp(s.opening_balance, ctx),
        });
      }
      const waiting = await repo.pendingRequests(tx, s.user_id, s.opened_at);
      if (waiting > 0) throw unprocessable('TELLER_PENDING_APPROVAL', 'teller.pending_approval', { count: waiting });
      const handovers = await repo.pendingHandovers(tx, s.id);
      if (handovers.n > 0) throw unprocessable('TELLER_PENDING_HANDOVER', 'teller.pending_handover', { count: handovers.n });
      const expected = s.opening_balance.plus(await repo.sessionNet(tx, s));
      const difference = counted.minus(expected);
      const reason = b.reason?.trim() || null;
      if (!difference.isZero() && !reason) {
        const params = { counted: rp(counted, ctx), expected: rp(expected, ctx), difference: rp(difference, ctx) };
        throw new AppError(422, 'TELLER_DIFFERENCE_REASON_REQUIRED', 'teller.difference_reason_required', params, [
          { field: 'reason', message: translate('teller.difference_reason_required', ctx.lang, params) },
        ]);
      }
      let journalId: string | null = null;
      if (!difference.isZero()) {
        const overShort = await accountIdByKey(tx, 'CASH_OVER_SHORT');
        const amount = difference.abs();
        const over = difference.isPositive();
        const j = await post(tx, ctx, {
          date: todayJakarta(),
          description: translate('teller.difference_journal', 'id', { teller: s.teller_name ?? '', date: s.business_date, reason }).slice(
            0,
            500,
          ),
          source: { module: 'TELLER', id: s.id },
          lines: [
            { accountId: over ? s.coa_id : overShort, debit: amount },
            { accountId: over ? overShort : s.coa_id, credit: amount },
          ],
        });
        journalId = j.id;
      }
      await sessions.closeSessionRow(tx, s.id, { closedBy: ctx.userId, expected, counted, difference, denominations, reason, journalId });
      const after = await sessionView(tx, (await repo.findSession(tx, s.id))!);
      await audit(tx, ctx, { action: 'teller_session.close', entity: 'teller_session', entityId: s.id, before: { status: 'OPEN' }, after });
      tx.afterCommit(() => forgetSession(ctx.tenantId, s.user_id));
      return after;
    },
    { idempotent: true, message: 'teller.session_closed' },
  );
}
