/** What the teller screens show of a session and a handover (teller.service.ts, teller.handover.ts). */
import type { TellerSessionView } from '@koperasi/contracts';
import { type Dec, dec, formatRupiah } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import type * as repo from './teller.repo.ts';
import { sessionNet } from './teller.repo.ts';

export const rp = (v: Dec | number | string, ctx: Ctx) => formatRupiah(v, ctx.lang === 'en' ? 'en' : 'id');

/** Sees every session: anyone but a teller or an agent (supervisors, admins). */
export function seesAll(ctx: Ctx): boolean {
  const role = ctx.principal?.roleCode;
  return role !== 'TELLER' && role !== 'AGENT';
}

export function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

async function expectedOf(tx: Tx, s: repo.SessionRow): Promise<Dec> {
  if (s.status === 'CLOSED' && s.expected_cash) return s.expected_cash;
  return s.opening_balance.plus(await sessionNet(tx, s));
}

export async function sessionView(tx: Tx, s: repo.SessionRow): Promise<TellerSessionView> {
  const expected = await expectedOf(tx, s);
  return {
    id: s.id,
    userId: s.user_id,
    tellerName: s.teller_name ?? '',
    coa: { id: s.coa_id, code: s.coa_code, name: s.coa_name },
    date: s.business_date,
    status: s.status,
    openingBalance: s.opening_balance as unknown as number,
    openedAt: s.opened_at.toISOString(),
    closedAt: iso(s.closed_at),
    closedByName: s.closed_by_name,
    expectedCash: expected as unknown as number,
    countedCash: s.counted_cash as unknown as number | null,
    difference: s.difference as unknown as number | null,
    denominations: s.denominations
      ? s.denominations.map((d) => ({ ...d, total: dec(d.denomination).times(d.count) as unknown as number }))
      : null,
    closeReason: s.close_reason,
    differenceJournalNumber: s.difference_journal_number,
  };
}

export function handoverView(h: repo.HandoverRow) {
  return {
    id: h.id,
    sessionId: h.session_id,
    from: { userId: h.from_user_id, name: h.from_name, coa: { id: h.from_coa_id, code: h.from_coa_code, name: h.from_coa_name } },
    target: h.target,
    to: { userId: h.to_user_id, name: h.to_name, coa: { id: h.to_coa_id, code: h.to_coa_code, name: h.to_coa_name } },
    amount: h.amount,
    description: h.description,
    status: h.status,
    decidedByName: h.decided_by_name,
    decidedAt: iso(h.decided_at),
    reason: h.reason,
    journalNumber: h.journal_number,
    createdDate: h.created_date.toISOString(),
  };
}
