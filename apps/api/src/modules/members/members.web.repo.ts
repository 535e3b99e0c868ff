/** SQL of the members area's web reads (members.web.ts): the form's choices and the become-member requests. */
import type { Tx } from '../../db/db.ts';
import { likePattern, orderBy } from '../../lib/http.ts';
import { agentScopeSql } from './members.repo.ts';

interface NamedRow {
  id: string;
  name: string;
}

export interface OptionUserRow extends NamedRow {
  position: string | null;
  role_name: string;
  role_code: string | null;
  is_account_officer: boolean;
  branch_id: string | null;
  area_id: string | null;
}

/** Active branches, active areas (with their branch) and active users with their role, by name. */
export async function formOptionRows(tx: Tx) {
  const branches = await tx.query<NamedRow & { code: string | null }>(
    'SELECT id, name, code FROM branch WHERE tenant_id = app_tenant() AND is_active ORDER BY lower(name), id',
  );
  const areas = await tx.query<NamedRow & { branch_id: string | null; branch_name: string | null }>(
    `SELECT a.id, a.name, a.branch_id, b.name AS branch_name
         FROM area a LEFT JOIN branch b ON b.tenant_id = a.tenant_id AND b.id = a.branch_id
         WHERE a.tenant_id = app_tenant() AND a.is_active ORDER BY lower(a.name), a.id`,
  );
  const users = await tx.query<OptionUserRow>(
    `SELECT u.id, trim(u.first_name || ' ' || coalesce(u.last_name, '')) AS name, u.position, r.name AS role_name, r.code AS role_code,
                u.is_account_officer, u.branch_id, u.area_id
         FROM app_user u JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
         WHERE u.tenant_id = app_tenant() AND u.is_active ORDER BY lower(u.first_name), lower(coalesce(u.last_name, '')), u.id`,
  );
  return { branches, areas, users };
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

export interface UpgradeRow {
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

export interface UpgradeFilter {
  /** Request states to list. */
  states: string[];
  /** Name contains or CIF starts with. */
  search?: string;
  /** Set for an agent: only its assigned members. */
  agentUserId?: string | null;
}

function upgradeWhere(f: UpgradeFilter) {
  const params: unknown[] = [f.states];
  const where = ['m.tenant_id = app_tenant()', 'm.upgrade_status = ANY($1::text[])'];
  const search = f.search?.trim();
  if (search) {
    params.push(likePattern(search), `${search.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(lower(m.full_name) LIKE $${params.length - 1} OR m.cif_number LIKE $${params.length})`);
  }
  if (f.agentUserId) {
    params.push(f.agentUserId);
    where.push(agentScopeSql('m', `$${params.length}`));
  }
  return { where, params };
}

/** One page of become-member requests, each row with the total of all (`count(*) OVER ()`). */
export async function upgradeRequestRows(
  tx: Tx,
  f: UpgradeFilter,
  page: { sortBy: string | undefined; fallback: string; dir: 'ASC' | 'DESC'; page: number; limit: number },
) {
  const { where, params } = upgradeWhere(f);
  params.push(page.limit, page.page * page.limit);
  return tx.query<UpgradeRow>(
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
       ${orderBy(page.sortBy ?? page.fallback, page.dir, UPGRADE_SORT, page.fallback, 'm.id')}
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

/** The number of requests (for a page past the last row, where the window count has no row to ride on). */
export async function countUpgradeRequests(tx: Tx, f: UpgradeFilter): Promise<number> {
  const { where, params } = upgradeWhere(f);
  const r = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM member m WHERE ${where.join(' AND ')}`, params);
  return r?.n ?? 0;
}
