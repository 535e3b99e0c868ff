/**
 * Two reads the web screens of the members area need and the spec's calls do not give (members.web-routes.ts):
 * the member form's choices and the become-member requests by state.
 */
import { type Ctx, withTx } from '../../lib/context.ts';
import { paged } from '../../lib/http.ts';
import type { PageQuery } from '../../lib/page-query.ts';
import { isAgent } from './members.repo.ts';
import { countUpgradeRequests, formOptionRows, type UpgradeFilter, upgradeRequestRows } from './members.web.repo.ts';

export async function formOptions(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    const { branches, areas, users } = await formOptionRows(tx);
    return {
      branches: branches.map((b) => ({ id: b.id, name: b.name, code: b.code })),
      areas: areas.map((a) => ({ id: a.id, name: a.name, branchId: a.branch_id, branchName: a.branch_name })),
      agents: users
        .filter((u) => u.role_code === 'AGENT' || u.is_account_officer)
        .map((u) => ({
          id: u.id,
          name: u.name,
          position: u.position,
          roleName: u.role_name,
          isAgent: u.role_code === 'AGENT',
          isAccountOfficer: u.is_account_officer,
          branchId: u.branch_id,
          areaId: u.area_id,
        })),
      staff: users.map((u) => ({ id: u.id, name: u.name, position: u.position, roleName: u.role_name })),
    };
  });
}

export const UPGRADE_REQUEST_STATES = ['WAITING_APPROVAL', 'APPROVED', 'REJECTED', 'ALL'] as const;

export interface UpgradeRequestQuery extends PageQuery {
  status?: (typeof UPGRADE_REQUEST_STATES)[number];
}

const iso = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export async function upgradeRequests(ctx: Ctx, q: UpgradeRequestQuery) {
  const state = q.status ?? 'WAITING_APPROVAL';
  const filter: UpgradeFilter = {
    states: state === 'ALL' ? ['WAITING_APPROVAL', 'APPROVED', 'REJECTED'] : [state],
    search: q.search,
    agentUserId: isAgent(ctx) && ctx.userId ? ctx.userId : null,
  };
  // Waiting requests oldest first (nobody waits forever), decided ones newest first.
  const fallback = state === 'WAITING_APPROVAL' ? 'requested_at' : 'decided_at';
  const dir = q.sortBy ? q.ascOrDesc : state === 'WAITING_APPROVAL' ? 'ASC' : 'DESC';
  const rows = await withTx(ctx, (tx) => upgradeRequestRows(tx, filter, { sortBy: q.sortBy, fallback, dir, page: q.page, limit: q.limit }));
  // The total when the page asked for lies past the last row (the window count has no row to ride on).
  const total = rows[0]?.total ?? (q.page > 0 ? await withTx(ctx, (tx) => countUpgradeRequests(tx, filter)) : 0);
  return paged(
    rows.map((r) => ({
      id: r.id,
      cifNumber: r.cif_number,
      fullName: r.full_name,
      gender: r.gender,
      phone: r.phone,
      identityNumber: r.identity_number,
      memberType: r.member_type,
      status: r.status,
      isActive: r.is_active,
      branchName: r.branch_name,
      areaName: r.area_name,
      upgradeStatus: r.upgrade_status,
      upgradeReason: r.upgrade_reason,
      requestedAt: iso(r.upgrade_requested_at),
      requestedByName: r.requested_by_name,
      decidedAt: iso(r.upgrade_decided_at),
      decidedByName: r.decided_by_name,
      interviewDate: r.interview_date,
      interviewResult: r.interview_result,
      joinDate: r.join_date,
    })),
    total,
    q.page,
    q.limit,
  );
}
