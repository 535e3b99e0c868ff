/**
 * Small reads and writes of the member services (members.rules.ts, members.lifecycle.ts, members.service.ts):
 * references that must exist, a CIF number in use, the raw row, the tenant's name, the timeline.
 */
import type { Tx } from '../../db/db.ts';
import type { MemberRow } from './members.repo.ts';

// ---------------------------------------------------------------- references

/** A user of this cooperative (active or not). */
export async function userExists(tx: Tx, id: string): Promise<boolean> {
  return Boolean(await tx.one('SELECT 1 FROM app_user WHERE tenant_id = app_tenant() AND id = $1', [id]));
}

export async function activeUserExists(tx: Tx, id: string): Promise<boolean> {
  return Boolean(await tx.one('SELECT 1 FROM app_user WHERE tenant_id = app_tenant() AND id = $1 AND is_active', [id]));
}

export async function branchExists(tx: Tx, id: string): Promise<boolean> {
  return Boolean(await tx.one('SELECT 1 FROM branch WHERE tenant_id = app_tenant() AND id = $1', [id]));
}

export async function areaExists(tx: Tx, id: string): Promise<boolean> {
  return Boolean(await tx.one('SELECT 1 FROM area WHERE tenant_id = app_tenant() AND id = $1', [id]));
}

/** The branch's row with its code, undefined when there is no such branch. */
export async function branchCodeRow(tx: Tx, id: string) {
  return tx.one<{ code: string | null }>('SELECT code FROM branch WHERE tenant_id = app_tenant() AND id = $1', [id]);
}

/** Another member (than `exceptId`) has this CIF number. */
export async function cifInUse(tx: Tx, cif: string, exceptId: string | null): Promise<boolean> {
  const r = await tx.one(
    'SELECT 1 FROM member WHERE tenant_id = app_tenant() AND cif_number = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)',
    [cif, exceptId],
  );
  return Boolean(r);
}

// ---------------------------------------------------------------- the member row

export async function memberRow(tx: Tx, id: string) {
  return tx.one<MemberRow>('SELECT * FROM member WHERE tenant_id = app_tenant() AND id = $1', [id]);
}

export async function memberBranchAndJoinDate(tx: Tx, id: string) {
  return tx.one<{ branch_id: string | null; join_date: string | null }>(
    'SELECT branch_id, join_date FROM member WHERE tenant_id = app_tenant() AND id = $1',
    [id],
  );
}

export async function markPinChanged(tx: Tx, id: string): Promise<void> {
  await tx.exec('UPDATE member SET pin_changed_at = now() WHERE tenant_id = app_tenant() AND id = $1', [id]);
}

// ---------------------------------------------------------------- the cooperative

export async function tenantActiveRow(tx: Tx, tenantId: string) {
  return tx.one<{ is_active: boolean }>('SELECT is_active FROM tenant WHERE tenant_id = $1', [tenantId]);
}

export async function tenantNameRow(tx: Tx, tenantId: string) {
  return tx.one<{ name: string }>('SELECT name FROM tenant WHERE tenant_id = $1', [tenantId]);
}

// ---------------------------------------------------------------- timeline

export interface TimelineRow {
  id: number;
  at: Date;
  action: string;
  actor_user_id: string | null;
  actor_name: string | null;
  before: unknown;
  after: unknown;
}

/** One page of the member's audit entries, newest first, and their count. */
export async function timelinePage(tx: Tx, memberId: string, page: number, limit: number) {
  const rows = await tx.query<TimelineRow>(
    `SELECT l.id, l.at, l.action, l.actor_user_id, NULLIF(btrim(concat_ws(' ', u.first_name, u.last_name)), '') AS actor_name, l.before, l.after
       FROM audit_log l LEFT JOIN app_user u ON u.tenant_id = l.tenant_id AND u.id = l.actor_user_id
       WHERE l.tenant_id = app_tenant() AND l.entity = 'member' AND l.entity_id = $1
       ORDER BY l.at DESC, l.id DESC LIMIT ${limit} OFFSET ${page * limit}`,
    [memberId],
  );
  const total = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE tenant_id = app_tenant() AND entity = 'member' AND entity_id = $1`,
    [memberId],
  );
  return { rows, total: total?.n ?? 0 };
}
