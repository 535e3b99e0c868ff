/**
 * The audit trail: who did what, when, from where, with the record before and
 * after. Every module calls `audit()` inside the transaction of the change, so
 * a change and its audit entry commit or roll back together. The table is
 * append-only for the application role.
 */
import type { Tx } from '../db/db.ts';
import { insertAuditEntry } from './audit.repo.ts';
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
  await insertAuditEntry(tx, {
    tenantId: ctx.tenantId,
    actorUserId: ctx.userId,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId ?? null,
    before: e.before === undefined ? null : JSON.stringify(scrub(e.before)),
    after: e.after === undefined ? null : JSON.stringify(scrub(e.after)),
    requestId: ctx.requestId,
    ip: ctx.ip,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
  });
}
