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
import { agentMemberCondition } from '../users/agent-scope.ts';

export const MATURING_DAYS = 30;

export async function depositsSummary(tx: Tx, ctx: Ctx) {
  const today = todayJakarta();
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + MATURING_DAYS);
  const until = soon.toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 7)}-01`;
  const agent = isAgentCtx(ctx);
  const scope = agent ? `AND ${agentMemberCondition('m', '$4')}` : '';
  const params: unknown[] = [today, until, monthStart, ...(agent ? [ctx.userId] : [])];
  const r = await tx.one<Record<string, string | number>>(
    `SELECT count(*) FILTER (WHERE d.status = 'ACTIVE')::int AS running,
            coalesce(sum(d.principal) FILTER (WHERE d.status = 'ACTIVE'), 0)::text AS running_principal,
            count(*) FILTER (WHERE d.status = 'MATURED')::int AS matured,
            coalesce(sum(d.principal) FILTER (WHERE d.status = 'MATURED'), 0)::text AS matured_principal,
            count(*) FILTER (WHERE d.status = 'ACTIVE' AND d.maturity_date BETWEEN $1::date AND $2::date)::int AS soon,
            coalesce(sum(d.principal) FILTER (WHERE d.status = 'ACTIVE' AND d.maturity_date BETWEEN $1::date AND $2::date), 0)::text AS soon_principal,
            count(*) FILTER (WHERE d.break_requested_at IS NOT NULL AND d.status = 'ACTIVE')::int AS break_requests,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM deposit_payout_request pr
                                           WHERE pr.tenant_id = d.tenant_id AND pr.deposit_id = d.id AND pr.status = 'PENDING'))::int AS payout_requests,
            count(*) FILTER (WHERE d.placed_date >= $3::date)::int AS placed,
            coalesce(sum(d.placed_amount) FILTER (WHERE d.placed_date >= $3::date), 0)::text AS placed_amount
     FROM deposit d JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
     WHERE d.tenant_id = app_tenant() ${scope}`,
    params,
  );
  const next = await tx.query<{
    id: string;
    account_number: string;
    member_name: string;
    principal: string;
    maturity_date: string;
    rollover: string;
  }>(
    `SELECT d.id, d.account_number, m.full_name AS member_name, d.principal::text AS principal, to_char(d.maturity_date, 'YYYY-MM-DD') AS maturity_date,
            d.rollover
     FROM deposit d JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
     WHERE d.tenant_id = app_tenant() AND d.status = 'ACTIVE' AND d.maturity_date BETWEEN $1::date AND $2::date
       ${agent ? `AND ${agentMemberCondition('m', '$3')}` : ''}
     ORDER BY d.maturity_date, d.account_number LIMIT 5`,
    agent ? [today, until, ctx.userId] : [today, until],
  );
  const holding = await tx.one<{ principal: string; interest: string }>(
    `SELECT coalesce(sum(h.amount) FILTER (WHERE h.kind = 'PRINCIPAL'), 0)::text AS principal,
            coalesce(sum(h.amount) FILTER (WHERE h.kind = 'INTEREST'), 0)::text AS interest
     FROM deposit_holding h JOIN deposit d ON d.tenant_id = h.tenant_id AND d.id = h.deposit_id
     JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
     WHERE h.tenant_id = app_tenant() AND h.status = 'OPEN' ${agent ? `AND ${agentMemberCondition('m', '$1')}` : ''}`,
    agent ? [ctx.userId] : [],
  );
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
