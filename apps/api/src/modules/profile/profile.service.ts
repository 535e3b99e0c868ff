/**
 * The signed-in user's own profile: name and phone, preferences (profile tabs
 * information, social, notification, connections) and activity (own sign-ins
 * and own actions from the audit trail).
 *
 * Decisions:
 *  - Everything here acts on the caller only (config auth, no menu
 *    permission): any signed-in user may edit their own name, phone and
 *    preferences and read their own activity. E-mail, role and position are
 *    changed by an admin in User Akses.
 *  - The phone number signs in, so it stays unique across the product: a
 *    number another account uses is refused with a clear message before the
 *    database's unique index would refuse it.
 *  - Preferences are validated JSON per section; a PATCH replaces the
 *    sections it carries and keeps the others. Every change is audited with
 *    the sections before and after.
 *  - Activity is read-only and paged; audit entries show verb, entity and
 *    id, never their before/after payloads.
 */
import { defaultPreferences, type ProfilePreferences } from '@koperasi/contracts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { findLogin } from '../auth/auth.repo.ts';
import {
  findPreferences,
  listActivity,
  lockProfileName,
  PREFERENCE_SECTIONS,
  type PreferenceRow,
  type PreferenceSection,
  updateProfileName,
  upsertPreferences,
} from './profile.repo.ts';

export interface ProfileInput {
  firstName: string;
  lastName?: string | null;
  phone: string | null;
}

export async function updateProfile(ctx: Ctx, input: ProfileInput) {
  if (input.phone) {
    const holder = await findLogin(ctx.db, input.phone);
    if (holder && holder.user_id !== ctx.userId) throw conflict('PHONE_TAKEN', 'auth.register_phone_taken');
  }
  return withTx(ctx, async (tx) => {
    const before = await lockProfileName(tx, ctx.tenantId, ctx.userId);
    if (!before) throw notFound('auth.no_user');
    if (!input.phone && !before.email) {
      // An account must keep a way to sign in.
      throw conflict('PHONE_REQUIRED', 'validation.phone_required');
    }
    const after = { first_name: input.firstName, last_name: input.lastName || null, phone: input.phone };
    await updateProfileName(tx, ctx.tenantId, ctx.userId, after);
    await audit(tx, ctx, {
      action: 'profile.update',
      entity: 'app_user',
      entityId: ctx.userId,
      before: { first_name: before.first_name, last_name: before.last_name, phone: before.phone },
      after,
    });
    return {
      id: ctx.userId,
      firstName: after.first_name,
      lastName: after.last_name,
      fullName: [after.first_name, after.last_name].filter(Boolean).join(' '),
      email: before.email,
      phone: after.phone,
    };
  });
}

function toPreferences(row: PreferenceRow | undefined): ProfilePreferences {
  const d = defaultPreferences();
  if (!row) return d;
  return {
    information: { ...d.information, ...((row.information as object | null) ?? {}) },
    social: (row.social as ProfilePreferences['social'] | null) ?? d.social,
    notification: {
      events: { ...d.notification.events, ...((row.notification as ProfilePreferences['notification'] | null)?.events ?? {}) },
    },
    connections: (row.connections as ProfilePreferences['connections'] | null) ?? d.connections,
    updatedDate: new Date(row.updated_date).toISOString(),
  };
}

export async function getPreferences(ctx: Ctx): Promise<ProfilePreferences> {
  return withTx(ctx, async (tx) => toPreferences(await findPreferences(tx, ctx.tenantId, ctx.userId!)));
}

export async function updatePreferences(ctx: Ctx, body: Partial<Record<PreferenceSection, unknown>>): Promise<ProfilePreferences> {
  return withTx(ctx, async (tx) => {
    const prior = await findPreferences(tx, ctx.tenantId, ctx.userId!);
    const row = await upsertPreferences(tx, ctx.tenantId, ctx.userId!, body);
    const changed = PREFERENCE_SECTIONS.filter((k) => body[k] !== undefined);
    await audit(tx, ctx, {
      action: 'profile.preferences',
      entity: 'user_preference',
      entityId: ctx.userId,
      before: prior ? Object.fromEntries(changed.map((k) => [k, prior[k]])) : null,
      after: Object.fromEntries(changed.map((k) => [k, body[k]])),
    });
    return toPreferences(row);
  });
}

export async function activity(ctx: Ctx, q: { type: 'all' | 'signin' | 'action'; page: number; limit: number }) {
  return withTx(ctx, async (tx) => {
    const { rows, total } = await listActivity(tx, {
      tenantId: ctx.tenantId,
      userId: ctx.userId!,
      sessionId: ctx.principal?.sessionId ?? null,
      type: q.type,
      page: q.page,
      limit: q.limit,
    });
    return paged(rows, total, q.page, q.limit);
  });
}
