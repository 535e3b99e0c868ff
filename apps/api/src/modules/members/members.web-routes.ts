/**
 * Two reads the web screens of the members area need and the spec's calls do
 * not give (added with the screens, issue 6):
 *
 *  - `GET /api/member/form-options` (member:view): what the member form and
 *    the interview dialog choose from — active branches, active areas (with
 *    their branch), the users a member can be assigned to (the built-in AGENT
 *    role and account officers) and the active staff who can interview. The
 *    branch and area lists of their own menus need `branch:view` /
 *    `area:view`, which a teller registering members usually lacks; these are
 *    names only, the same a member record shows.
 *  - `GET /api/member/upgrade-request/datatable` (member:view): become-member
 *    requests of non-members by state (WAITING_APPROVAL by default, APPROVED,
 *    REJECTED, ALL), with the request, interview and decision facts, so the
 *    "Pengajuan Anggota" screen shows decided requests too (the dashboard's
 *    home/application-to-become-member lists the waiting ones only). Waiting
 *    requests come from the partial index `member_upgrade_idx`; decided ones
 *    are few per cooperative and read with the tenant's rows. Agents see only
 *    their assigned members, as in every member read.
 */
import { listQuery } from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Ctx, ctxOf, withTx } from '../../lib/context.ts';
import { likePattern, ok, orderBy, paged } from '../../lib/http.ts';
import { agentScopeSql, isAgent } from './members.repo.ts';
import { documented, passthroughSerializer } from './members.routes.ts';

const TAG = ['member'];

const option = z.object({ id: z.string(), name: z.string() });
export const memberFormOptions = z.object({
  branches: z.array(option.extend({ code: z.string().nullable() })),
  areas: z.array(option.extend({ branchId: z.string().nullable(), branchName: z.string().nullable() })),
  agents: z.array(
    option.extend({
      position: z.string().nullable(),
      roleName: z.string(),
      isAgent: z.boolean(),
      isAccountOfficer: z.boolean(),
      branchId: z.string().nullable(),
      areaId: z.string().nullable(),
    }),
  ),
  staff: z.array(option.extend({ position: z.string().nullable(), roleName: z.string() })),
});

export const UPGRADE_REQUEST_STATES = ['WAITING_APPROVAL', 'APPROVED', 'REJECTED', 'ALL'] as const;
export const upgradeRequestQuery = listQuery.extend({
  status: z
    .enum(UPGRADE_REQUEST_STATES, { error: 'validation.invalid' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const upgradeRequestItem = z.object({
  id: z.string(),
  cifNumber: z.string(),
  fullName: z.string(),
  gender: z.string(),
  phone: z.string().nullable(),
  identityNumber: z.string(),
  memberType: z.string(),
  status: z.string(),
  isActive: z.boolean(),
  branchName: z.string().nullable(),
  areaName: z.string().nullable(),
  upgradeStatus: z.enum(['WAITING_APPROVAL', 'APPROVED', 'REJECTED']),
  upgradeReason: z.string().nullable(),
  requestedAt: z.string().nullable(),
  requestedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByName: z.string().nullable(),
  interviewDate: z.string().nullable(),
  interviewResult: z.string().nullable(),
  joinDate: z.string().nullable(),
});

interface NamedRow {
  id: string;
  name: string;
}

export async function formOptions(ctx: Ctx) {
  return withTx(ctx, async (tx) => {
    const branches = await tx.query<NamedRow & { code: string | null }>(
      'SELECT id, name, code FROM branch WHERE tenant_id = app_tenant() AND is_active ORDER BY lower(name), id',
    );
    const areas = await tx.query<NamedRow & { branch_id: string | null; branch_name: string | null }>(
      `SELECT a.id, a.name, a.branch_id, b.name AS branch_name
         FROM area a LEFT JOIN branch b ON b.tenant_id = a.tenant_id AND b.id = a.branch_id
         WHERE a.tenant_id = app_tenant() AND a.is_active ORDER BY lower(a.name), a.id`,
    );
    const users = await tx.query<
      NamedRow & {
        position: string | null;
        role_name: string;
        role_code: string | null;
        is_account_officer: boolean;
        branch_id: string | null;
        area_id: string | null;
      }
    >(
      `SELECT u.id, trim(u.first_name || ' ' || coalesce(u.last_name, '')) AS name, u.position, r.name AS role_name, r.code AS role_code,
                u.is_account_officer, u.branch_id, u.area_id
         FROM app_user u JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
         WHERE u.tenant_id = app_tenant() AND u.is_active ORDER BY lower(u.first_name), lower(coalesce(u.last_name, '')), u.id`,
    );
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

const UPGRADE_SORT: Record<string, string> = {
  requested_at: 'm.upgrade_requested_at',
  requestedAt: 'm.upgrade_requested_at',
  decided_at: 'm.upgrade_decided_at',
  decidedAt: 'm.upgrade_decided_at',
  full_name: 'lower(m.full_name)',
  fullName: 'lower(m.full_name)',
  cif_number: 'm.cif_number',
  cifNumber: 'm.cif_number',
};

interface UpgradeRow {
  id: string;
  cif_number: string;
  full_name: string;
  gender: string;
  phone: string | null;
  identity_number: string;
  member_type: string;
  status: string;
  is_active: boolean;
  branch_name: string | null;
  area_name: string | null;
  upgrade_status: 'WAITING_APPROVAL' | 'APPROVED' | 'REJECTED';
  upgrade_reason: string | null;
  upgrade_requested_at: Date | null;
  requested_by_name: string | null;
  upgrade_decided_at: Date | null;
  decided_by_name: string | null;
  interview_date: string | null;
  interview_result: string | null;
  join_date: string | null;
  total: number;
}

const iso = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

export async function upgradeRequests(ctx: Ctx, q: z.output<typeof upgradeRequestQuery>) {
  const state = q.status ?? 'WAITING_APPROVAL';
  const params: unknown[] = [state === 'ALL' ? ['WAITING_APPROVAL', 'APPROVED', 'REJECTED'] : [state]];
  const where = ['m.tenant_id = app_tenant()', 'm.upgrade_status = ANY($1::text[])'];
  const search = q.search?.trim();
  if (search) {
    params.push(likePattern(search), `${search.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(lower(m.full_name) LIKE $${params.length - 1} OR m.cif_number LIKE $${params.length})`);
  }
  if (isAgent(ctx) && ctx.userId) {
    params.push(ctx.userId);
    where.push(agentScopeSql('m', `$${params.length}`));
  }
  // Waiting requests oldest first (nobody waits forever), decided ones newest first.
  const fallback = state === 'WAITING_APPROVAL' ? 'requested_at' : 'decided_at';
  const dir = q.sortBy ? q.ascOrDesc : state === 'WAITING_APPROVAL' ? 'ASC' : 'DESC';
  params.push(q.limit, q.page * q.limit);
  const rows = await withTx(ctx, (tx) =>
    tx.query<UpgradeRow>(
      `SELECT m.id, m.cif_number, m.full_name, m.gender, m.phone, m.identity_number, m.member_type, m.status, m.is_active,
              m.upgrade_status, m.upgrade_reason, m.upgrade_requested_at, m.upgrade_decided_at, m.interview_date::text AS interview_date,
              m.interview_result, m.join_date::text AS join_date,
              (SELECT b.name FROM branch b WHERE b.tenant_id = m.tenant_id AND b.id = m.branch_id) AS branch_name,
              (SELECT a.name FROM area a WHERE a.tenant_id = m.tenant_id AND a.id = m.area_id) AS area_name,
              (SELECT trim(u.first_name || ' ' || coalesce(u.last_name, '')) FROM app_user u
                 WHERE u.tenant_id = m.tenant_id AND u.id = m.upgrade_requested_by) AS requested_by_name,
              (SELECT trim(u.first_name || ' ' || coalesce(u.last_name, '')) FROM app_user u
                 WHERE u.tenant_id = m.tenant_id AND u.id = m.upgrade_decided_by) AS decided_by_name,
              count(*) OVER ()::int AS total
       FROM member m
       WHERE ${where.join(' AND ')}
       ${orderBy(q.sortBy ?? fallback, dir, UPGRADE_SORT, fallback, 'm.id')}
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
  );
  const total = rows[0]?.total ?? (q.page > 0 ? await countUpgradeRequests(ctx, where, params.slice(0, -2)) : 0);
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

/** The total when the page asked for lies past the last row (the window count has no row to ride on). */
async function countUpgradeRequests(ctx: Ctx, where: string[], params: unknown[]): Promise<number> {
  const r = await withTx(ctx, (tx) =>
    tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM member m WHERE ${where.join(' AND ')}`, params),
  );
  return r?.n ?? 0;
}

export async function memberWebRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const s = { serializerCompiler: passthroughSerializer };

  app.get(
    '/api/member/form-options',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'What the member form chooses from: active branches, areas, agents and account officers, staff (interviewers)',
        response: documented(memberFormOptions),
      },
    },
    async (req) => ok(await formOptions(ctxOf(req))),
  );

  app.get(
    '/api/member/upgrade-request/datatable',
    {
      ...s,
      config: { permission: 'member:view' },
      schema: {
        tags: TAG,
        summary: 'Become-member requests of non-members by state (WAITING_APPROVAL default, APPROVED, REJECTED, ALL)',
        description:
          'search (name contains or CIF starts with), page, limit, sortBy (requested_at, decided_at, full_name, cif_number), ascOrDesc. ' +
          'Waiting requests oldest first by default, decided ones newest first. Agents see only their assigned members.',
        querystring: upgradeRequestQuery,
        response: documented(
          z.object({
            content: z.array(upgradeRequestItem),
            page: z.number(),
            limit: z.number(),
            totalElements: z.number(),
            totalPages: z.number(),
          }),
        ),
      },
    },
    async (req) => ok(await upgradeRequests(ctxOf(req), req.query)),
  );
}
