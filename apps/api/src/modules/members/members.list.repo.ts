/** SQL of the member lists and the as-you-type search (members.list.ts): the list functions and the rows they name. */
import type { Tx } from '../../db/db.ts';
import type { MemberRow } from './members.repo.ts';

const LIST_SELECT = `SELECT m.id, m.cif_number, m.full_name, m.gender, m.birth_date, m.phone, m.identity_type, m.identity_number,
  m.address, m.member_type, m.status, m.is_active, m.join_date, m.exit_date, m.branch_id, m.area_id, m.agent_id,
  m.upgrade_status, m.principal_status, m.registration_channel, m.created_date,
  (SELECT b.name FROM branch b WHERE b.tenant_id = m.tenant_id AND b.id = m.branch_id) AS branch_name,
  (SELECT a.name FROM area a WHERE a.tenant_id = m.tenant_id AND a.id = m.area_id) AS area_name
  FROM member m`;

export type ListRow = MemberRow & { branch_name: string | null; area_name: string | null };

/** The list rows of these ids, in no particular order (read under row-level security). */
export async function listRowsOf(tx: Tx, ids: string[]): Promise<ListRow[]> {
  return tx.query<ListRow>(`${LIST_SELECT} WHERE m.tenant_id = app_tenant() AND m.id = ANY($1::uuid[])`, [ids]);
}

/**
 * member_list(): the ids of one page, the total and whether it was capped. `args` are the function's twenty
 * arguments in order (patterns, filters, sort key, direction, limit, offset, cap).
 */
export async function memberListPage(tx: Tx, args: unknown[]) {
  const r = await tx.one<{ r: { ids: string[]; total: number; capped: boolean } }>(
    `SELECT member_list($1, $2, $3, $4, $5, $6, $7::text[], $8::text[], $9, $10::uuid, $11::uuid, $12::uuid, $13::timestamptz, $14::timestamptz,
                        $15::uuid, $16, $17, $18, $19, $20) AS r`,
    args,
  );
  return r!.r;
}

/**
 * member_quick_search(): ids with their rank. `args`: exact CIF, CIF prefix, phone prefix, identity prefix, name
 * prefix, name pattern, only active, agent user id, limit.
 */
export async function memberQuickSearch(tx: Tx, args: unknown[]) {
  return tx.query<{ id: string; rank: number }>('SELECT id, rank FROM member_quick_search($1, $2, $3, $4, $5, $6, $7, $8::uuid, $9)', args);
}
