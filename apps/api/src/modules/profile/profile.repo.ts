import type { ProfileActivityItem } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';

export interface PreferenceRow {
  information: unknown;
  social: unknown;
  notification: unknown;
  connections: unknown;
  updated_date: Date;
}

export function findPreferences(tx: Tx, tenantId: string, userId: string) {
  return tx.one<PreferenceRow>(
    'SELECT information, social, notification, connections, updated_date FROM user_preference WHERE tenant_id = $1 AND user_id = $2',
    [tenantId, userId],
  );
}

export const PREFERENCE_SECTIONS = ['information', 'social', 'notification', 'connections'] as const;
export type PreferenceSection = (typeof PREFERENCE_SECTIONS)[number];

/** Insert or replace the given sections; sections not given keep their value. */
export function upsertPreferences(tx: Tx, tenantId: string, userId: string, sections: Partial<Record<PreferenceSection, unknown>>) {
  const v = (k: PreferenceSection) => (sections[k] === undefined ? null : JSON.stringify(sections[k]));
  return tx.one<PreferenceRow>(
    `INSERT INTO user_preference AS p (tenant_id, user_id, information, social, notification, connections)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb)
     ON CONFLICT (tenant_id, user_id) DO UPDATE SET
       information = COALESCE(EXCLUDED.information, p.information),
       social = COALESCE(EXCLUDED.social, p.social),
       notification = COALESCE(EXCLUDED.notification, p.notification),
       connections = COALESCE(EXCLUDED.connections, p.connections)
     RETURNING information, social, notification, connections, updated_date`,
    [tenantId, userId, v('information'), v('social'), v('notification'), v('connections')],
  );
}

interface ActivityRow {
  type: 'SIGN_IN' | 'ACTION';
  at: Date;
  ip: string | null;
  user_agent: string | null;
  action: string | null;
  entity: string | null;
  entity_id: string | null;
  active: boolean | null;
  current: boolean | null;
}

/**
 * The user's own sign-ins (auth_session) and actions (audit_log, without the
 * sign-in records the sessions already show), newest first.
 */
export async function listActivity(
  tx: Tx,
  p: { tenantId: string; userId: string; sessionId: string | null; type: 'all' | 'signin' | 'action'; page: number; limit: number },
): Promise<{ rows: ProfileActivityItem[]; total: number }> {
  const params: unknown[] = [p.tenantId, p.userId];
  const parts: string[] = [];
  if (p.type !== 'action') {
    params.push(p.sessionId);
    parts.push(`SELECT 'SIGN_IN' AS type, s.created_at AS at, s.ip, s.user_agent, NULL::text AS action, NULL::text AS entity,
                       NULL::text AS entity_id, (s.revoked_at IS NULL AND s.expires_at > now()) AS active,
                       (s.id = $${params.length}::uuid) AS current, s.id::text AS ref
                FROM auth_session s WHERE s.tenant_id = $1 AND s.user_id = $2`);
  }
  if (p.type !== 'signin') {
    parts.push(`SELECT 'ACTION' AS type, a.at AS at, a.ip, a.user_agent, a.action, a.entity, a.entity_id,
                       NULL::boolean AS active, NULL::boolean AS current, a.id::text AS ref
                FROM audit_log a WHERE a.tenant_id = $1 AND a.actor_user_id = $2 AND a.action <> 'auth.login'`);
  }
  const union = parts.join(' UNION ALL ');
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM (${union}) x`, params);
  const rows = await tx.query<ActivityRow>(
    `SELECT type, at, ip, user_agent, action, entity, entity_id, active, current FROM (${union}) x
     ORDER BY at DESC, ref DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, p.limit, p.page * p.limit],
  );
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      type: r.type,
      at: new Date(r.at).toISOString(),
      ip: r.ip,
      userAgent: r.user_agent,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      active: r.active,
      current: r.current,
    })),
  };
}

export interface ProfileNameRow {
  first_name: string;
  last_name: string | null;
  phone: string | null;
  email: string | null;
}

/** The user's name and contacts, locked for the profile update. */
export function lockProfileName(tx: Tx, tenantId: string, userId: string | null) {
  return tx.one<ProfileNameRow>('SELECT first_name, last_name, phone, email FROM app_user WHERE tenant_id = $1 AND id = $2 FOR UPDATE', [
    tenantId,
    userId,
  ]);
}

/** Writes the user's own name and phone (the user is its own editor). */
export async function updateProfileName(
  tx: Tx,
  tenantId: string,
  userId: string | null,
  v: { first_name: string; last_name: string | null; phone: string | null },
): Promise<void> {
  await tx.exec('UPDATE app_user SET first_name = $3, last_name = $4, phone = $5, updated_by = $2 WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    userId,
    v.first_name,
    v.last_name,
    v.phone,
  ]);
}
