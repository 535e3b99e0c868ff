/** SQL of the audit trail (audit.ts): one entry, appended in the transaction of the change. */
import type { Tx } from '../db/db.ts';

export interface AuditRow {
  tenantId: string;
  actorUserId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** JSON text, or null. */
  before: string | null;
  after: string | null;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
}

export async function insertAuditEntry(tx: Tx, r: AuditRow): Promise<void> {
  await tx.exec(
    `INSERT INTO audit_log (tenant_id, actor_user_id, action, entity, entity_id, before, after, request_id, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10)`,
    [r.tenantId, r.actorUserId, r.action, r.entity, r.entityId, r.before, r.after, r.requestId, r.ip, r.userAgent],
  );
}
