/**
 * Cash handovers (serah terima kas): a teller sends cash from her session's account to the main cash (Kas Besar,
 * CASH_MAIN) or another teller's account; nothing posts until the receiving side confirms (the receiving teller;
 * for the main cash anyone with teller:update who sees every session, never the sender); the sender or receiver
 * may reject it. The handover is locked first, then the sender's session. docs/teller.md.
 */
import type { HandoverBody, HandoverStatus } from '@koperasi/contracts';
import { translate } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { accountBalance, accountIdByKey, post } from '../ledger/posting.ts';
import { audit, withTx } from '../money/index.ts';
import * as repo from './teller.repo.ts';
import { visibleSession } from './teller.service.ts';
import { handoverView, rp, seesAll } from './teller.views.ts';

/** datatable/{id}/handover: the handovers of a session. */
export async function sessionHandovers(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    const s = await visibleSession(tx, ctx, id, false);
    const rows = await repo.sessionHandoverRows(tx, s.id);
    return rows.map(handoverView);
  });
}

/** Handovers the signed-in user sent or may confirm. */
export async function listHandovers(
  ctx: Ctx,
  q: { page: number; limit: number; status?: HandoverStatus; direction?: 'INCOMING' | 'OUTGOING' },
) {
  return withTx(ctx, async (tx) => {
    const { total, rows } = await repo.handoverRowsPage(tx, ctx.userId!, seesAll(ctx), q);
    return paged(rows.map(handoverView), total, q.page, q.limit);
  });
}

export async function sendHandover(ctx: Ctx, b: HandoverBody) {
  const amount = dec(b.amount);
  return withTx(
    ctx,
    async (tx) => {
      const open = await repo.openSessionOf(tx, ctx.userId!);
      if (!open) throw unprocessable('TELLER_NO_OPEN_SESSION', 'teller.no_open_session');
      const s = (await repo.findSession(tx, open.id, { forUpdate: true }))!;
      if (s.status !== 'OPEN') throw unprocessable('TELLER_NO_OPEN_SESSION', 'teller.no_open_session');
      let toUserId: string | null = null;
      let toCoa: string;
      if (b.target === 'TELLER') {
        if (!b.toUserId) {
          throw new AppError(400, 'VALIDATION_FAILED', 'teller.handover_receiver_required', undefined, [
            { field: 'toUserId', message: translate('teller.handover_receiver_required', ctx.lang) },
          ]);
        }
        const r = await repo.receiverAccount(tx, b.toUserId);
        if (!r?.coa_id || !r.is_active || b.toUserId === ctx.userId || r.coa_id === s.coa_id) {
          throw unprocessable('TELLER_HANDOVER_RECEIVER_INVALID', 'teller.handover_receiver_invalid');
        }
        toUserId = b.toUserId;
        toCoa = r.coa_id;
      } else {
        toCoa = await accountIdByKey(tx, 'CASH_MAIN');
        if (toCoa === s.coa_id) throw unprocessable('TELLER_HANDOVER_RECEIVER_INVALID', 'teller.handover_receiver_invalid');
      }
      const balance = await accountBalance(tx, s.coa_id);
      const pending = await repo.pendingHandovers(tx, s.id);
      const available = balance.minus(pending.amount);
      if (amount.gt(available)) {
        throw unprocessable('TELLER_INSUFFICIENT_CASH', 'teller.insufficient_cash', {
          balance: rp(available, ctx),
          amount: rp(amount, ctx),
        });
      }
      const row = await repo.insertHandover(tx, {
        sessionId: s.id,
        fromUserId: ctx.userId!,
        fromCoaId: s.coa_id,
        target: b.target,
        toUserId,
        toCoaId: toCoa,
        amount: amount.toFixed(2),
        description: b.description ?? null,
      });
      const h = handoverView((await repo.findHandover(tx, row!.id))!);
      await audit(tx, ctx, { action: 'teller_handover.send', entity: 'teller_handover', entityId: h.id, after: h });
      return h;
    },
    { idempotent: true, message: 'teller.handover_sent' },
  );
}

async function lockedPending(tx: Tx, ctx: Ctx, id: string) {
  const h = await repo.findHandover(tx, id, { forUpdate: true });
  const mayReceive = h && (h.to_user_id === ctx.userId || (h.target === 'MAIN_CASH' && seesAll(ctx)));
  if (!h || (!mayReceive && h.from_user_id !== ctx.userId)) throw notFound('teller.handover_not_found');
  if (h.status !== 'PENDING') {
    throw unprocessable('TELLER_HANDOVER_DECIDED', 'teller.handover_decided', {
      status: h.status === 'CONFIRMED' ? 'dikonfirmasi' : 'ditolak',
    });
  }
  return { h, mayReceive: Boolean(mayReceive) && h.from_user_id !== ctx.userId };
}

export async function confirmHandover(ctx: Ctx, id: string) {
  return withTx(
    ctx,
    async (tx) => {
      const { h, mayReceive } = await lockedPending(tx, ctx, id);
      if (!mayReceive) throw unprocessable('TELLER_HANDOVER_NOT_RECEIVER', 'teller.handover_not_receiver');
      // The sender's session stays open while a handover waits (closing is refused), so it is locked here.
      await repo.lockSession(tx, h.session_id);
      const balance = await accountBalance(tx, h.from_coa_id);
      if (h.amount.gt(balance)) {
        throw unprocessable('TELLER_INSUFFICIENT_CASH', 'teller.insufficient_cash', {
          balance: rp(balance, ctx),
          amount: rp(h.amount, ctx),
        });
      }
      const j = await post(tx, ctx, {
        date: todayJakarta(),
        description: translate('teller.handover_journal', 'id', {
          from: `${h.from_coa_code} ${h.from_name ?? ''}`.trim(),
          to: `${h.to_coa_code} ${h.to_name ?? h.to_coa_name}`.trim(),
        }).slice(0, 500),
        source: { module: 'TELLER', id: h.id },
        lines: [
          { accountId: h.to_coa_id, debit: h.amount },
          { accountId: h.from_coa_id, credit: h.amount },
        ],
      });
      await repo.markHandoverConfirmed(tx, h.id, ctx.userId!, j.id);
      const after = handoverView((await repo.findHandover(tx, h.id))!);
      await audit(tx, ctx, {
        action: 'teller_handover.confirm',
        entity: 'teller_handover',
        entityId: h.id,
        before: { status: 'PENDING' },
        after,
      });
      return after;
    },
    { idempotent: true, message: 'teller.handover_confirmed' },
  );
}

export async function rejectHandover(ctx: Ctx, id: string, reason: string) {
  return withTx(
    ctx,
    async (tx) => {
      const { h } = await lockedPending(tx, ctx, id);
      await repo.markHandoverRejected(tx, h.id, ctx.userId!, reason);
      const after = handoverView((await repo.findHandover(tx, h.id))!);
      await audit(tx, ctx, {
        action: 'teller_handover.reject',
        entity: 'teller_handover',
        entityId: h.id,
        before: { status: 'PENDING' },
        after,
      });
      return after;
    },
    { idempotent: true, message: 'teller.handover_rejected' },
  );
}

/** Users a teller may hand cash to: other active users holding a cash account. */
export async function handoverReceivers(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    const rows = await repo.receiverRows(tx, ctx.userId!);
    return rows.map((r) => ({ userId: r.id, name: r.name, roleCode: r.role, coa: { code: r.coa_code, name: r.coa_name } }));
  });
}
