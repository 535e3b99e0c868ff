/**
 * What an agent sees (spec section 6: "Agents see only their own assigned
 * members, accounts and transactions"). The rule, for the modules that build
 * the agent endpoints (docs/access.md, "Agents"):
 *
 *  - accounts (GET /api/coa/assign-to-me, users module): the cash or bank
 *    account assigned to the user (app_user.coa_id);
 *  - members (GET /api/member/assign-to-me and every member read by an agent,
 *    members module): members whose member.agent_id is the agent, or who live
 *    in the agent's area (member.area_id = the agent's area_id). Members an
 *    agent registers get agent_id = the agent. The SQL is agentMemberCondition
 *    below (members.repo.ts agentScopeSql says the same);
 *  - transactions (GET /api/transaction/datatable-by-me, savings module):
 *    transactions the user entered (created_by = the user), newest first.
 *
 * Helpers so the modules say it the same way:
 *   const me = await agentContext(tx, ctx);
 *   `WHERE ${agentMemberCondition('m', '$2')}` with params [tenantId, me.userId]
 */
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { unauthorized } from '../../lib/errors.ts';
import { findUserPlacement } from './users.repo.ts';

export interface AgentContext {
  userId: string;
  isAgent: boolean;
  branchId: string | null;
  areaId: string | null;
  coaId: string | null;
}

export async function agentContext(tx: Tx, ctx: Ctx): Promise<AgentContext> {
  if (!ctx.userId) throw unauthorized();
  const u = await findUserPlacement(tx, ctx.tenantId, ctx.userId);
  if (!u) throw unauthorized();
  return {
    userId: ctx.userId,
    isAgent: ctx.principal?.roleCode === 'AGENT',
    branchId: u.branch_id,
    areaId: u.area_id,
    coaId: u.coa_id,
  };
}

/** SQL condition: the member (table alias `m`) is one the agent (parameter `userParam`) looks after. */
export function agentMemberCondition(m: string, userParam: string): string {
  return `(${m}.agent_id = ${userParam} OR ${m}.area_id IN (
    SELECT u.area_id FROM app_user u WHERE u.tenant_id = app_tenant() AND u.id = ${userParam} AND u.area_id IS NOT NULL))`;
}

/** SQL condition: the transaction (alias `t`) was entered by the user (parameter `userParam`). */
export function ownTransactionCondition(t: string, userParam: string): string {
  return `${t}.created_by = ${userParam}`;
}
