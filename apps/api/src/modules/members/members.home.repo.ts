/** SQL of the members' dashboard widgets (members.home.ts). */
import type { Tx } from '../../db/db.ts';

/** Prospective members waiting, per step and from the member app; `assignedTo` limits to an agent's members. */
export async function prospectiveCounts(tx: Tx, assignedTo: string | null) {
  return tx.one<{ waiting_interview: number; waiting_approval: number; from_member_app: number }>(
    `SELECT count(*) FILTER (WHERE status = 'WAITING_INTERVIEW')::int AS waiting_interview,
              count(*) FILTER (WHERE status = 'WAITING_APPROVAL')::int AS waiting_approval,
              count(*) FILTER (WHERE registration_channel = 'MEMBER_APP')::int AS from_member_app
       FROM member m WHERE m.tenant_id = app_tenant() AND m.member_type = 'PROSPECTIVE' AND m.status IN ('WAITING_INTERVIEW', 'WAITING_APPROVAL')
       ${assignedTo ? `AND (m.agent_id = $1 OR m.area_id IN (SELECT area_id FROM app_user WHERE tenant_id = app_tenant() AND id = $1))` : ''}`,
    assignedTo ? [assignedTo] : [],
  );
}

/** Active users holding a position, with their role and branch. */
export async function officerRows(tx: Tx) {
  return tx.query<{
    id: string;
    name: string;
    position: string;
    role_name: string;
    branch_id: string | null;
    branch_name: string | null;
  }>(
    `SELECT u.id, btrim(concat_ws(' ', u.first_name, u.last_name)) AS name, u.position, r.name AS role_name, u.branch_id, b.name AS branch_name
       FROM app_user u
       JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
       LEFT JOIN branch b ON b.tenant_id = u.tenant_id AND b.id = u.branch_id
       WHERE u.tenant_id = app_tenant() AND u.is_active AND u.position IS NOT NULL`,
  );
}

/** Active staff and live members per active branch, and those of no branch (a row with a null branch). */
export async function branchHeadcounts(tx: Tx) {
  return tx.query<{ branch_id: string | null; name: string | null; staff: number; members: number }>(
    `SELECT b.id AS branch_id, b.name,
              (SELECT count(*) FROM app_user u WHERE u.tenant_id = b.tenant_id AND u.branch_id = b.id AND u.is_active)::int AS staff,
              (SELECT count(*) FROM member m WHERE m.tenant_id = b.tenant_id AND m.branch_id = b.id AND m.is_active)::int AS members
       FROM branch b WHERE b.tenant_id = app_tenant() AND b.is_active
       UNION ALL
       SELECT NULL, NULL,
              (SELECT count(*) FROM app_user u WHERE u.tenant_id = app_tenant() AND u.branch_id IS NULL AND u.is_active)::int,
              (SELECT count(*) FROM member m WHERE m.tenant_id = app_tenant() AND m.branch_id IS NULL AND m.is_active)::int
       ORDER BY 2 NULLS LAST`,
  );
}

export interface CompositionRow {
  is_active: boolean;
  member_type: string;
  gender: string;
  band: string;
  branch_id: string | null;
  jm: string | null;
  em: string | null;
  base: boolean;
  n: number;
}

/**
 * One pass over the cooperative's members, grouped: live members by type, gender, age band (on `today`) and
 * branch, and for members the months they joined or left within the 12 months ending with `monthStart`'s month
 * and whether they were members when the window began.
 */
export async function compositionRows(tx: Tx, today: string, monthStart: string) {
  return tx.query<CompositionRow>(
    `WITH w AS (SELECT ($2::date - interval '11 months')::date AS start)
       SELECT m.is_active, m.member_type, m.gender,
              CASE WHEN m.birth_date IS NULL THEN 'UNKNOWN'
                   WHEN m.birth_date > ($1::date - interval '25 years') THEN '<25'
                   WHEN m.birth_date > ($1::date - interval '35 years') THEN '25-34'
                   WHEN m.birth_date > ($1::date - interval '45 years') THEN '35-44'
                   WHEN m.birth_date > ($1::date - interval '55 years') THEN '45-54'
                   WHEN m.birth_date > ($1::date - interval '65 years') THEN '55-64'
                   ELSE '65+' END AS band,
              m.branch_id,
              CASE WHEN m.member_type = 'MEMBER' AND m.join_date >= w.start THEN to_char(m.join_date, 'YYYY-MM') END AS jm,
              CASE WHEN m.member_type = 'MEMBER' AND m.exit_date >= w.start THEN to_char(m.exit_date, 'YYYY-MM') END AS em,
              (m.member_type = 'MEMBER' AND m.join_date < w.start AND (m.exit_date IS NULL OR m.exit_date >= w.start)) AS base,
              count(*)::int AS n
       FROM member m CROSS JOIN w
       WHERE m.tenant_id = app_tenant() AND (m.is_active OR m.member_type = 'MEMBER')
       GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
    [today, monthStart],
  );
}

/** Every branch's name by id. */
export async function branchNames(tx: Tx): Promise<Map<string, string>> {
  const rows = await tx.query<{ id: string; name: string }>('SELECT id, name FROM branch WHERE tenant_id = app_tenant()');
  return new Map(rows.map((b) => [b.id, b.name]));
}
