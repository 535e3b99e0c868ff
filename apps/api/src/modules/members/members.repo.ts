/**
 * SQL of the members module. Every function takes the caller's transaction;
 * row-level security confines it to the tenant, and each statement also names
 * `tenant_id = app_tenant()` so the indexes (tenant_id first) are used.
 */
import type { MemberDetail, MemberListItem } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { memberColumns } from './members.columns.ts';
import type { MemberRef, MemberSummaryValues } from './members.registry.ts';

export interface MemberRow {
  id: string;
  cif_number: string;
  full_name: string;
  gender: 'L' | 'P';
  birth_place: string | null;
  birth_date: string | null;
  phone: string | null;
  identity_type: 'KTP' | 'SIM' | 'PASSPORT';
  identity_number: string;
  family_card_number: string | null;
  address: string | null;
  occupation: string | null;
  member_type: MemberRef['memberType'];
  status: MemberRef['status'];
  is_active: boolean;
  join_date: string | null;
  exit_date: string | null;
  exit_reason: string | null;
  loan_limit: Dec | null;
  group_name: string | null;
  closest_family_name: string | null;
  closest_family_relationship: string | null;
  closest_family_phone: string | null;
  branch_id: string | null;
  area_id: string | null;
  agent_id: string | null;
  is_send_notification: boolean;
  pin_hash: string | null;
  pin_changed_at: Date | null;
  photo_self_key: string | null;
  photo_identity_key: string | null;
  photo_family_card_key: string | null;
  registration_channel: 'STAFF' | 'MEMBER_APP' | 'UPLOAD' | 'MIGRATION';
  upload_job_id: string | null;
  interview_date: string | null;
  interviewer_id: string | null;
  interviewer_name: string | null;
  interview_notes: string | null;
  interview_result: 'RECOMMENDED' | 'NOT_RECOMMENDED' | null;
  interviewed_by: string | null;
  interviewed_at: Date | null;
  approval_status: 'APPROVED' | 'REJECTED' | null;
  approval_reason: string | null;
  approved_by: string | null;
  approved_at: Date | null;
  upgrade_status: 'WAITING_APPROVAL' | 'APPROVED' | 'REJECTED' | null;
  upgrade_requested_at: Date | null;
  upgrade_requested_by: string | null;
  upgrade_reason: string | null;
  upgrade_decided_at: Date | null;
  upgrade_decided_by: string | null;
  principal_status: MemberRef['principalStatus'];
  principal_owed: Dec | null;
  principal_paid_at: Date | null;
  exited_by: string | null;
  registered_by: string | null;
  updated_by: string | null;
  created_date: Date;
  updated_date: Date;
}

/** A member row with the names the screens show. */
export interface MemberFullRow extends MemberRow {
  branch_name: string | null;
  area_name: string | null;
  agent_name: string | null;
  registered_by_name: string | null;
  updated_by_name: string | null;
  approved_by_name: string | null;
}

const userName = (alias: string) => `NULLIF(btrim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`;

const FULL_SELECT = `
  SELECT m.*, b.name AS branch_name, a.name AS area_name,
         ${userName('ag')} AS agent_name, ${userName('rb')} AS registered_by_name,
         ${userName('ub')} AS updated_by_name, ${userName('ab')} AS approved_by_name
  FROM member m
  LEFT JOIN branch b ON b.tenant_id = m.tenant_id AND b.id = m.branch_id
  LEFT JOIN area a ON a.tenant_id = m.tenant_id AND a.id = m.area_id
  LEFT JOIN app_user ag ON ag.tenant_id = m.tenant_id AND ag.id = m.agent_id
  LEFT JOIN app_user rb ON rb.tenant_id = m.tenant_id AND rb.id = m.registered_by
  LEFT JOIN app_user ub ON ub.tenant_id = m.tenant_id AND ub.id = m.updated_by
  LEFT JOIN app_user ab ON ab.tenant_id = m.tenant_id AND ab.id = COALESCE(m.approved_by, m.upgrade_decided_by)`;

export function toRefFromRow(r: MemberRow): MemberRef {
  return {
    id: r.id,
    cifNumber: r.cif_number,
    fullName: r.full_name,
    memberType: r.member_type,
    status: r.status,
    isActive: r.is_active,
    joinDate: r.join_date,
    branchId: r.branch_id,
    areaId: r.area_id,
    agentId: r.agent_id,
    principalStatus: r.principal_status,
    principalOwed: r.principal_owed,
  };
}

// ---------------------------------------------------------------- agent rule

/**
 * The agent rule: a user whose role is the built-in AGENT sees only the
 * members assigned to them: members whose agent is the user, or who live in
 * the user's area. `$n` is the parameter holding the user id.
 */
export function agentScopeSql(alias: string, param: string): string {
  return `(${alias}.agent_id = ${param} OR ${alias}.area_id IN (
    SELECT u.area_id FROM app_user u WHERE u.tenant_id = app_tenant() AND u.id = ${param} AND u.area_id IS NOT NULL))`;
}

export function isAgent(ctx: Ctx): boolean {
  return ctx.principal?.roleCode === 'AGENT';
}

// ---------------------------------------------------------------- reads

export async function findFull(tx: Tx, ctx: Ctx, id: string, opts: { lock?: boolean } = {}): Promise<MemberFullRow | undefined> {
  const params: unknown[] = [id];
  let scope = '';
  if (isAgent(ctx) && ctx.userId) {
    params.push(ctx.userId);
    scope = ` AND ${agentScopeSql('m', '$2')}`;
  }
  if (opts.lock) {
    // Lock the member row alone (FOR UPDATE OF m), then read the names.
    const locked = await tx.one('SELECT id FROM member WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE', [id]);
    if (!locked) return undefined;
  }
  return tx.one<MemberFullRow>(`${FULL_SELECT} WHERE m.tenant_id = app_tenant() AND m.id = $1${scope}`, params);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function photoUrl(id: string, kind: string, key: string | null): string | null {
  if (!key) return null;
  // The key's file name changes with every upload, so the URL changes too (no stale cached photo).
  const version = key.slice(key.lastIndexOf('/') + 1).replace(/\.jpg$/, '');
  return `/api/member/${id}/photo/${kind}?v=${encodeURIComponent(version)}`;
}

export function toListItem(r: MemberRow & { branch_name?: string | null; area_name?: string | null }): MemberListItem {
  return {
    id: r.id,
    cifNumber: r.cif_number,
    fullName: r.full_name,
    gender: r.gender,
    birthDate: r.birth_date,
    phone: r.phone,
    identityType: r.identity_type,
    identityNumber: r.identity_number,
    address: r.address,
    memberType: r.member_type,
    status: r.status,
    isActive: r.is_active,
    joinDate: r.join_date,
    exitDate: r.exit_date,
    branchId: r.branch_id,
    branchName: r.branch_name ?? null,
    areaId: r.area_id,
    areaName: r.area_name ?? null,
    agentId: r.agent_id,
    upgradeStatus: r.upgrade_status,
    principalStatus: r.principal_status,
    registrationChannel: r.registration_channel,
    createdDate: r.created_date.toISOString(),
  };
}

type DetailOut = Omit<MemberDetail, 'loanLimit' | 'principal' | 'summary'> & {
  loanLimit: Dec | null;
  principal: { status: MemberRow['principal_status']; owed: Dec | null; paidAt: string | null };
  summary: MemberSummaryValues;
};

export function toDetail(r: MemberFullRow, summary: MemberSummaryValues): DetailOut {
  return {
    ...toListItem(r),
    birthPlace: r.birth_place,
    familyCardNumber: r.family_card_number,
    occupation: r.occupation,
    exitReason: r.exit_reason,
    loanLimit: r.loan_limit,
    groupName: r.group_name,
    closestFamilyName: r.closest_family_name,
    closestFamilyRelationship: r.closest_family_relationship,
    closestFamilyPhone: r.closest_family_phone,
    agentName: r.agent_name,
    isSendNotification: r.is_send_notification,
    hasPin: Boolean(r.pin_hash),
    pinChangedAt: iso(r.pin_changed_at),
    photos: {
      self: photoUrl(r.id, 'self', r.photo_self_key),
      identityCard: photoUrl(r.id, 'identity-card', r.photo_identity_key),
      familyCard: photoUrl(r.id, 'family-card', r.photo_family_card_key),
    },
    interview: {
      date: r.interview_date,
      interviewerId: r.interviewer_id,
      interviewerName: r.interviewer_name,
      notes: r.interview_notes,
      result: r.interview_result,
      recordedBy: r.interviewed_by,
      recordedAt: iso(r.interviewed_at),
    },
    approval: {
      status: r.approval_status,
      reason: r.approval_reason,
      by: r.approved_by,
      byName: r.approval_status ? r.approved_by_name : null,
      at: iso(r.approved_at),
    },
    upgrade: {
      status: r.upgrade_status,
      reason: r.upgrade_reason,
      requestedAt: iso(r.upgrade_requested_at),
      requestedBy: r.upgrade_requested_by,
      decidedAt: iso(r.upgrade_decided_at),
      decidedBy: r.upgrade_decided_by,
    },
    principal: { status: r.principal_status, owed: r.principal_owed, paidAt: iso(r.principal_paid_at) },
    registeredBy: r.registered_by,
    registeredByName: r.registered_by_name,
    updatedBy: r.updated_by,
    updatedByName: r.updated_by_name,
    updatedDate: r.updated_date.toISOString(),
    summary,
  };
}

/** The record as the audit log keeps it: the data fields, no secrets, no storage keys. */
export function auditView(r: Partial<MemberRow>): Record<string, unknown> {
  const { pin_hash: _p, photo_self_key: _a, photo_identity_key: _b, photo_family_card_key: _c, ...rest } = r as MemberRow;
  return rest;
}

// ---------------------------------------------------------------- uniqueness

export interface Holder {
  id: string;
  cif_number: string;
  full_name: string;
  identity_number: string;
  phone: string | null;
  /** False when the caller is an agent who may not see this member (its name and CIF are then not told). */
  in_scope: boolean;
}

/**
 * Live members (not exited or rejected) holding any of these identity numbers
 * or phones. One index lookup per value (a join with the values), so the plan
 * does not depend on table statistics, however many values a batch brings.
 */
export async function activeHolders(
  tx: Tx,
  identityNumbers: string[],
  phones: string[],
  exceptId?: string,
  agentUserId?: string | null,
): Promise<Holder[]> {
  // LATERAL ... LIMIT keeps each value an index lookup even when the table's statistics are stale (mid-upload).
  const scope = `($4::uuid IS NULL OR ${agentScopeSql('m', '$4::uuid')}) AS in_scope`;
  return tx.query<Holder>(
    `SELECT h.* FROM unnest($1::text[]) AS k(v) CROSS JOIN LATERAL (
       SELECT m.id, m.cif_number, m.full_name, m.identity_number, m.phone, ${scope} FROM member m
       WHERE m.tenant_id = app_tenant() AND m.is_active AND m.identity_number = k.v AND ($3::uuid IS NULL OR m.id <> $3::uuid) LIMIT 2) h
     UNION
     SELECT h.* FROM unnest($2::text[]) AS k(v) CROSS JOIN LATERAL (
       SELECT m.id, m.cif_number, m.full_name, m.identity_number, m.phone, ${scope} FROM member m
       WHERE m.tenant_id = app_tenant() AND m.is_active AND m.phone = k.v AND ($3::uuid IS NULL OR m.id <> $3::uuid) LIMIT 2) h`,
    [identityNumbers, phones, exceptId ?? null, agentUserId ?? null],
  );
}

// ---------------------------------------------------------------- writes

/** Columns a new member row may set (snake_case, as in the table). */
export interface NewMember {
  cif_number: string;
  full_name: string;
  gender: 'L' | 'P';
  birth_place?: string | null;
  birth_date?: string | null;
  phone?: string | null;
  identity_type: 'KTP' | 'SIM' | 'PASSPORT';
  identity_number: string;
  family_card_number?: string | null;
  address?: string | null;
  occupation?: string | null;
  member_type: MemberRef['memberType'];
  status: MemberRef['status'];
  join_date?: string | null;
  exit_date?: string | null;
  exit_reason?: string | null;
  loan_limit?: string | null;
  group_name?: string | null;
  closest_family_name?: string | null;
  closest_family_relationship?: string | null;
  closest_family_phone?: string | null;
  branch_id?: string | null;
  area_id?: string | null;
  agent_id?: string | null;
  is_send_notification?: boolean;
  pin_hash?: string | null;
  registration_channel: MemberRow['registration_channel'];
  upload_job_id?: string | null;
  interview_date?: string | null;
  interviewer_id?: string | null;
  interviewer_name?: string | null;
  interview_notes?: string | null;
  interview_result?: string | null;
  interviewed_by?: string | null;
  approval_status?: string | null;
  approval_reason?: string | null;
  approved_by?: string | null;
  upgrade_status?: string | null;
  upgrade_reason?: string | null;
  upgrade_requested_by?: string | null;
  principal_status: MemberRow['principal_status'];
  principal_owed?: string | null;
  registered_by?: string | null;
  created_date?: string | null;
}

const INSERT_COLUMNS: Array<[keyof NewMember, string]> = memberColumns([
  'cif_number',
  'full_name',
  'gender',
  'birth_place',
  'birth_date',
  'phone',
  'identity_type',
  'identity_number',
  'family_card_number',
  'address',
  'occupation',
  'member_type',
  'status',
  'join_date',
  'exit_date',
  'exit_reason',
  'loan_limit',
  'group_name',
  'closest_family_name',
  'closest_family_relationship',
  'closest_family_phone',
  'branch_id',
  'area_id',
  'agent_id',
  'is_send_notification',
  'pin_hash',
  'registration_channel',
  'upload_job_id',
  'interview_date',
  'interviewer_id',
  'interviewer_name',
  'interview_notes',
  'interview_result',
  'interviewed_by',
  'approval_status',
  'approval_reason',
  'approved_by',
  'upgrade_status',
  'upgrade_reason',
  'upgrade_requested_by',
  'principal_status',
  'principal_owed',
  'registered_by',
  'created_date',
]);

/**
 * Insert members in one statement (any number of rows) and return their ids
 * by CIF number. Timestamps of the lifecycle steps a row already went through
 * (interview, approval, upgrade request) take the row's created_date.
 */
export async function insertMembers(tx: Tx, rows: NewMember[], actorId: string | null): Promise<Map<string, string>> {
  if (!rows.length) return new Map();
  const cols = INSERT_COLUMNS.map(([c]) => c);
  // Absent keys read as NULL in jsonb_to_recordset: send only the values a row has (a smaller document to build and parse).
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(cols.filter((c) => r[c] != null).map((c) => [c, r[c]]))));
  const selectExprs = cols.map((c) => {
    if (c === 'created_date') return 'COALESCE(x.created_date, now())';
    if (c === 'is_send_notification') return 'COALESCE(x.is_send_notification, true)';
    return `x.${c}`;
  });
  const ins = await tx.query<{ id: string; cif_number: string }>(
    `INSERT INTO member (tenant_id, ${cols.join(', ')}, updated_by, interviewed_at, approved_at, upgrade_requested_at)
     SELECT app_tenant(), ${selectExprs.join(', ')}, $2::uuid,
            CASE WHEN x.interview_result IS NOT NULL THEN COALESCE(x.created_date, now()) END,
            CASE WHEN x.approval_status IS NOT NULL THEN COALESCE(x.created_date, now()) END,
            CASE WHEN x.upgrade_status IS NOT NULL THEN COALESCE(x.created_date, now()) END
     FROM jsonb_to_recordset($1::jsonb) AS x(${INSERT_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')})
     RETURNING id, cif_number`,
    [json, actorId],
  );
  return new Map(ins.map((r) => [r.cif_number, r.id]));
}

/** Audit entries for many new members in one statement (bulk upload, demo data). */
export async function auditCreatedMany(
  tx: Tx,
  ctx: Ctx,
  action: string,
  entries: Array<{ id: string; after: Record<string, unknown> }>,
): Promise<void> {
  if (!entries.length) return;
  await tx.exec(
    `INSERT INTO audit_log (tenant_id, actor_user_id, action, entity, entity_id, after, request_id, ip, user_agent)
     SELECT app_tenant(), $2::uuid, $3, 'member', x.id, x.after, $4, $5, $6
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, after jsonb)`,
    [JSON.stringify(entries), ctx.userId, action, ctx.requestId, ctx.ip, ctx.userAgent?.slice(0, 500) ?? null],
  );
}

/** Update some columns of one member. `changes` keys are column names (checked against the insert list). */
export async function updateMember(tx: Tx, id: string, changes: Record<string, unknown>, actorId: string | null): Promise<void> {
  const allowed = new Set<string>([
    ...INSERT_COLUMNS.map(([c]) => c as string),
    'exit_date',
    'exited_by',
    'interviewed_at',
    'approved_at',
    'upgrade_requested_at',
    'upgrade_decided_at',
    'upgrade_decided_by',
    'principal_paid_at',
    'pin_changed_at',
    'photo_self_key',
    'photo_identity_key',
    'photo_family_card_key',
  ]);
  const keys = Object.keys(changes).filter((k) => changes[k] !== undefined);
  for (const k of keys) if (!allowed.has(k)) throw new Error(`member column ${k} cannot be updated`);
  const sets = keys.map((k, i) => `${k} = $${i + 3}`);
  sets.push('updated_by = $2');
  await tx.exec(`UPDATE member SET ${sets.join(', ')} WHERE tenant_id = app_tenant() AND id = $1`, [
    id,
    actorId,
    ...keys.map((k) => changes[k]),
  ]);
}

// ---------------------------------------------------------------- search

/** An Indonesian phone prefix as typed (0812.., 62812.., +62812.., 812..) in E.164 form, or null. */
export function phonePrefix(search: string): string | null {
  const raw = search.replace(/[\s\-().]/g, '');
  let nsn: string;
  if (/^\+62\d+$/.test(raw)) nsn = raw.slice(3);
  else if (/^62\d+$/.test(raw)) nsn = raw.slice(2);
  else if (/^0\d+$/.test(raw)) nsn = raw.slice(1);
  else if (/^8\d+$/.test(raw)) nsn = raw;
  else return null;
  return nsn.length >= 3 ? `+62${nsn}` : null;
}
