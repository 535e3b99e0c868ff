/**
 * The deposits' part of the dashboard savings summary (GET /api/home/saving-loan, key `deposits`): running and
 * matured deposits with their principal, those maturing in the next 30 days (count, principal, the first five),
 * break requests waiting for approval, this month's placements, and what waits in the holding accounts.
 * Agents see their members' deposits only. Zero and empty lists when there are none (the widget's empty state).
 */
import { dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { todayJakarta } from '../ledger/dates.ts';
import { isAgentCtx } from '../savings/savings.core.ts';
import { depositsSummaryRows } from './deposits.reads.repo.ts';

export const MATURING_DAYS = 30;

export async function depositsSummary(tx: Tx, ctx: Ctx) {
  const today = todayJakarta();
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + MATURING_DAYS);
  const until = soon.toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 7)}-01`;
  const { r, next, holding } = await depositsSummaryRows(tx, {
    today,
    until,
    monthStart,
    agentUserId: isAgentCtx(ctx) ? ctx.userId : undefined,
  });
  const n = (v: string | number | undefined) => dec(v ?? 0).toNumber();
  return {
    deposits: {
      running: Number(r?.running ?? 0),
      runningPrincipal: n(r?.running_principal),
      matured: Number(r?.matured ?? 0),
      maturedPrincipal: n(r?.matured_principal),
      totalPrincipal: n(
        dec(r?.running_principal ?? 0)
          .plus(r?.matured_principal ?? 0)
          .toString(),
      ),
      maturingSoon: {
        days: MATURING_DAYS,
        until,
        count: Number(r?.soon ?? 0),
        principal: n(r?.soon_principal),
        next: next.map((x) => ({
          id: x.id,
          accountNumber: x.account_number,
          memberName: x.member_name,
          principal: n(x.principal),
          maturityDate: x.maturity_date,
          rollover: x.rollover,
        })),
      },
      breakRequests: Number(r?.break_requests ?? 0),
      payoutRequests: Number(r?.payout_requests ?? 0),
      placedThisMonth: { count: Number(r?.placed ?? 0), amount: n(r?.placed_amount) },
      holding: { principal: n(holding?.principal), interest: n(holding?.interest) },
    },
  };
}
