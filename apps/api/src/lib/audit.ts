/**
 * The audit trail: who did what, when, from where, with the record before and
 * after. Every module calls `audit()` inside the transaction of the change, so
 * a change and its audit entry commit or roll back together. The table is
 * append-only for the application role.
 */
import type { Tx } from '../db/db.ts';
import type { Ctx } from './context.ts';

const SECRET_KEYS = /password|pin_hash|pinHash|code_hash|secret|token/i;

function scrub(v: unknown): unknown {
  if (v === null || v === undefined) return v ?? null;
  if (Array.isArray(v)) return v.map(scrub);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return v;
    const out: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
      out[k] = SECRET_KEYS.test(k) ? '[redacted]' : scrub(val);
    }
    return out;
  }
  return v;
}

export interface AuditEntry {
  /** Verb in dotted form: member.create, journal.reverse, auth.login ... */
  action: string;
  /** Table or aggregate name: member, journal, app_user ... */
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

export async function audit(tx: Tx, ctx: Ctx, e: AuditEntry): Promise<void> {
  await tx.exec(
    `INSERT INTO audit_log (tenant_id, actor_user_id, action, entity, entity_id, before, after, request_id, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10)`,
    [
      ctx.tenantId,
      ctx.userId,
      e.action,
      e.entity,
      e.entityId ?? null,
      e.before === undefined ? null : JSON.stringify(scrub(e.before)),
      e.after === undefined ? null : JSON.stringify(scrub(e.after)),
      ctx.requestId,
      ctx.ip,
      ctx.userAgent?.slice(0, 500) ?? null,
    ],
  );
}
