/**
 * Members (anggota): the record and its lifecycle.
 *
 * Decisions a cooperative's staff and auditor should know (docs/members.md has the full picture):
 *  - Types and states. PROSPECTIVE (calon anggota): WAITING_INTERVIEW →
 *    POST member/interview → WAITING_APPROVAL → POST member/aprroval →
 *    MEMBER/ACTIVE with a join date, or REJECTED. NON_MEMBER (customer served
 *    without membership): ACTIVE; POST member/upgrade-member-verify asks to
 *    become a member (WAITING_APPROVAL on the request, decided by the same
 *    approval call) or, without approval, upgrades at once. MEMBER/NON_MEMBER
 *    → exit-check → exit-confirm → EXITED (inactive, exit date kept).
 *  - POST member with memberType MEMBER records someone who is already a
 *    member (a cooperative moving onto the system); new applicants start as
 *    PROSPECTIVE. Both are audited with the type chosen.
 *  - The interview is required before approval while the cooperative's
 *    regulation says membershipRequiresApproval (default); otherwise approval
 *    may be given straight away. The minimum member age of the regulation
 *    (default 17) applies to members and prospective members, not to
 *    non-members.
 *  - Approval runs the approval hooks of other modules (the savings module
 *    refuses while the simpanan pokok is unpaid). When no module reports on the
 *    principal saving, the regulation's principalSavingAmount is recorded as
 *    owed on the member (principal_status OWED) and shown in the detail.
 *  - Identity number and phone are unique among live records (waiting,
 *    active) of a cooperative; a rejected or exited person may register again
 *    (a new record with a new CIF, the old one stays for the books).
 *  - Exit needs `member:delete` (it closes the membership for good); approval,
 *    interview and the become-member request need `member:update`.
 *  - Agents (built-in AGENT role) see only their assigned members (agent_id is
 *    the agent, or the member lives in the agent's area) in every read, and
 *    members they register are assigned to them.
 *  - Dates are the cooperative's calendar days in Asia/Jakarta (WIB).
 */
import {
  identityNumberError,
  type MemberCreate,
  type MemberDatatableQuery,
  type MemberPhotoKind,
  type MemberUpdate,
  type memberApprovalBody,
  type memberInterviewBody,
  type memberOnlineRegistrationBody,
  type memberUpgradeBody,
  translate,
} from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { z } from 'zod';
import { type Db, isUuid, type Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, systemCtx, withTx } from '../../lib/context.ts';
import { AppError, badRequest, conflict, type ErrorCode, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Storage } from '../../lib/storage.ts';
import { sixDigitCode } from '../../lib/tokens.ts';
import { getConfig } from '../settings/configuration.ts';
import { allocateCifs, cifPattern, suggestCif } from './members.cif.ts';
import { PHOTO_COLUMNS, reencodePhoto } from './members.photos.ts';
import { type CollectedExitItem, collectExitChecks, collectSummary, runApprovalHooks, runExitSettlements } from './members.registry.ts';
import {
  activeHolders,
  auditView,
  findFull,
  insertMembers,
  isAgent,
  type MemberFullRow,
  type MemberRow,
  type NewMember,
  phonePrefix,
  photoUrl,
  toDetail,
  toListItem,
  toRefFromRow,
  updateMember,
} from './members.repo.ts';

// ---------------------------------------------------------------- dates

/** Today in Asia/Jakarta (UTC+7, no daylight saving). */
export function todayWib(now = new Date()): string {
  return new Date(now.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
}

/** Whole years between a birth date and a day. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

// ---------------------------------------------------------------- shared checks

async function regulation(tx: Tx, tenantId: string) {
  return getConfig(tx, tenantId, 'cooperativeRegulation');
}

function checkAge(birthDate: string | null | undefined, minimum: number, day: string) {
  if (!birthDate || minimum <= 0) return;
  if (ageOn(birthDate, day) < minimum) {
    throw badRequest('MEMBER_TOO_YOUNG', 'member.too_young', { age: minimum }, [{ field: 'birthDate', message: 'member.too_young' }]);
  }
}

function fieldError(code: ErrorCode, key: string, field: string, params?: Record<string, unknown>) {
  return new AppError(400, code, key, params, [{ field, message: key }]);
}

/** Branch, area and agent must exist in this cooperative (RLS hides other tenants' rows). */
async function checkReferences(tx: Tx, v: { branchId?: string | null; areaId?: string | null; agentId?: string | null }) {
  if (v.branchId) {
    const b = await tx.one('SELECT 1 FROM branch WHERE tenant_id = app_tenant() AND id = $1', [v.branchId]);
    if (!b)
      throw new AppError(422, 'BRANCH_NOT_FOUND', 'member.branch_not_found', undefined, [
        { field: 'branchId', message: 'member.branch_not_found' },
      ]);
  }
  if (v.areaId) {
    const a = await tx.one('SELECT 1 FROM area WHERE tenant_id = app_tenant() AND id = $1', [v.areaId]);
    if (!a)
      throw new AppError(422, 'AREA_NOT_FOUND', 'member.area_not_found', undefined, [
        { field: 'areaId', message: 'member.area_not_found' },
      ]);
  }
  if (v.agentId) {
    const u = await tx.one('SELECT 1 FROM app_user WHERE tenant_id = app_tenant() AND id = $1 AND is_active', [v.agentId]);
    if (!u)
      throw new AppError(422, 'AGENT_NOT_FOUND', 'member.agent_not_found', undefined, [
        { field: 'agentId', message: 'member.agent_not_found' },
      ]);
  }
}

/**
 * 409 with the holder's name when a live member already has this identity
 * number or phone; an agent is told the holder only when the member is in
 * the agent's scope (otherwise only that the number is registered).
 */
async function checkUnique(tx: Tx, ctx: Ctx, identityNumber: string | undefined, phone: string | null | undefined, exceptId?: string) {
  const agent = isAgent(ctx) ? ctx.userId : null;
  const holders = await activeHolders(tx, identityNumber ? [identityNumber] : [], phone ? [phone] : [], exceptId, agent);
  const byId = holders.find((h) => identityNumber && h.identity_number === identityNumber);
  if (byId) {
    const key = byId.in_scope ? 'member.identity_taken' : 'member.identity_registered';
    const params = byId.in_scope ? { identityNumber, name: byId.full_name, cif: byId.cif_number } : { identityNumber };
    throw new AppError(409, 'IDENTITY_TAKEN', key, params, [{ field: 'identityNumber', message: key }]);
  }
  const byPhone = holders.find((h) => phone && h.phone === phone);
  if (byPhone) {
    const key = byPhone.in_scope ? 'member.phone_taken' : 'member.phone_registered';
    const params = byPhone.in_scope ? { phone, name: byPhone.full_name, cif: byPhone.cif_number } : { phone };
    throw new AppError(409, 'PHONE_TAKEN', key, params, [{ field: 'phone', message: key }]);
  }
}

async function checkCifFree(tx: Tx, cif: string, exceptId?: string) {
  const r = await tx.one(
    'SELECT 1 FROM member WHERE tenant_id = app_tenant() AND cif_number = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)',
    [cif, exceptId ?? null],
  );
  if (r) throw new AppError(409, 'CIF_TAKEN', 'member.cif_taken', { cif }, [{ field: 'cifNumber', message: 'member.cif_taken' }]);
}

/** A unique index refused a row another request inserted a moment earlier: the same clear 409. */
function uniqueViolation(err: unknown): AppError | null {
  const e = err as { code?: string; constraint?: string };
  if (e.code !== '23505') return null;
  if (e.constraint === 'member_identity_active_uq') return conflict('IDENTITY_TAKEN', 'member.identity_taken_race');
  if (e.constraint === 'member_phone_active_uq') return conflict('PHONE_TAKEN', 'member.phone_taken_race');
  if (e.constraint === 'member_cif_uq') return conflict('CIF_TAKEN', 'member.cif_taken_race');
  return null;
}

async function withMemberTx<T>(ctx: Ctx, fn: (tx: Tx) => Promise<T>, opts?: { idempotent?: boolean; message?: string }): Promise<T> {
  try {
    return await withTx(ctx, fn, opts);
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

async function loadLocked(tx: Tx, ctx: Ctx, id: string): Promise<MemberFullRow> {
  const m = await findFull(tx, ctx, id, { lock: true });
  if (!m) throw notFound('member.not_found');
  return m;
}

async function detailOf(tx: Tx, ctx: Ctx, id: string) {
  const m = await findFull(tx, ctx, id);
  if (!m) throw notFound('member.not_found');
  return toDetail(m, await collectSummary(tx, ctx, toRefFromRow(m)));
}

const stateError = (m: MemberRow) => unprocessable('MEMBER_INVALID_STATE', 'member.invalid_state', { status: m.status });

// ---------------------------------------------------------------- create / update

function principalOnAdmission(amount: number): { principal_status: 'OWED' | 'NOT_REQUIRED'; principal_owed: string | null } {
  return amount > 0
    ? { principal_status: 'OWED', principal_owed: dec(amount).toFixed(2) }
    : { principal_status: 'NOT_REQUIRED', principal_owed: null };
}

export async function createMember(ctx: Ctx, body: MemberCreate) {
  return withMemberTx(ctx, async (tx) => {
    const today = todayWib();
    const reg = await regulation(tx, ctx.tenantId);
    if (body.memberType !== 'MEMBER' && body.joinDate) {
      throw fieldError('JOIN_DATE_MEMBER_ONLY', 'member.join_date_member_only', 'joinDate');
    }
    const joinDate = body.memberType === 'MEMBER' ? (body.joinDate ?? today) : null;
    if (body.memberType !== 'NON_MEMBER') checkAge(body.birthDate, reg.minimumMemberAge, joinDate ?? today);
    if (joinDate && joinDate < body.birthDate) throw fieldError('JOIN_BEFORE_BIRTH', 'member.join_before_birth', 'joinDate');
    const agentId = body.agentId ?? (isAgent(ctx) ? ctx.userId : null);
    await checkReferences(tx, { branchId: body.branchId, areaId: body.areaId, agentId });
    await checkUnique(tx, ctx, body.identityNumber, body.phone);
    const branchCode = body.branchId
      ? (await tx.one<{ code: string | null }>('SELECT code FROM branch WHERE tenant_id = app_tenant() AND id = $1', [body.branchId]))?.code
      : null;
    let cif = body.cifNumber ?? null;
    if (cif) await checkCifFree(tx, cif);
    else [cif] = await allocateCifs(tx, await cifPattern(tx, ctx.tenantId), [{ date: joinDate ?? today, branchCode }]);
    const row: NewMember = {
      ...fieldsToColumns(body),
      cif_number: cif,
      full_name: body.fullName,
      gender: body.gender,
      identity_type: body.identityType,
      identity_number: body.identityNumber,
      agent_id: agentId,
      member_type: body.memberType,
      status: body.memberType === 'PROSPECTIVE' ? 'WAITING_INTERVIEW' : 'ACTIVE',
      join_date: joinDate,
      registration_channel: 'STAFF',
      ...(body.memberType === 'MEMBER' ? principalOnAdmission(reg.principalSavingAmount) : { principal_status: 'NOT_REQUIRED' as const }),
      registered_by: ctx.userId,
    };
    const ids = await insertMembers(tx, [row], ctx.userId);
    const id = ids.get(cif)!;
    const detail = await detailOf(tx, ctx, id);
    await audit(tx, ctx, { action: 'member.create', entity: 'member', entityId: id, after: auditView(await rawRow(tx, id)) });
    return detail;
  });
}

async function rawRow(tx: Tx, id: string): Promise<MemberRow> {
  return (await tx.one<MemberRow>('SELECT * FROM member WHERE tenant_id = app_tenant() AND id = $1', [id]))!;
}

/** The optional fields of the create/update bodies as columns (undefined = not given). */
function fieldsToColumns(b: Partial<MemberCreate>): Partial<NewMember> {
  const out: Partial<NewMember> = {
    birth_place: b.birthPlace,
    birth_date: b.birthDate,
    phone: b.phone,
    family_card_number: b.familyCardNumber,
    address: b.address,
    occupation: b.occupation,
    loan_limit: b.loanLimit === undefined ? undefined : b.loanLimit === null ? null : dec(b.loanLimit).toFixed(2),
    group_name: b.groupName,
    closest_family_name: b.closestFamilyName,
    closest_family_relationship: b.closestFamilyRelationship,
    closest_family_phone: b.closestFamilyPhone,
    branch_id: b.branchId,
    area_id: b.areaId,
    is_send_notification: b.isSendNotification,
  };
  return out;
}

export async function updateMemberRecord(ctx: Ctx, body: MemberUpdate) {
  return withMemberTx(ctx, async (tx) => {
    const m = await loadLocked(tx, ctx, body.id);
    if (!m.is_active) throw unprocessable('MEMBER_CLOSED', 'member.closed');
    const identityType = body.identityType ?? m.identity_type;
    const identityNumber = body.identityNumber ?? m.identity_number;
    if (body.identityType !== undefined && body.identityNumber === undefined) {
      // Changing only the type: the stored number must fit the new type.
      const err = identityNumberError(identityType, identityNumber);
      if (err) throw fieldError('VALIDATION_FAILED', err, 'identityNumber');
    }
    if (body.joinDate !== undefined && m.member_type !== 'MEMBER')
      throw fieldError('JOIN_DATE_MEMBER_ONLY', 'member.join_date_member_only', 'joinDate');
    if (body.joinDate === null && m.member_type === 'MEMBER') throw fieldError('VALIDATION_FAILED', 'validation.required', 'joinDate');
    const birthDate = body.birthDate ?? m.birth_date;
    const joinDate = body.joinDate ?? m.join_date;
    if (birthDate && joinDate && joinDate < birthDate) throw fieldError('JOIN_BEFORE_BIRTH', 'member.join_before_birth', 'joinDate');
    if (body.birthDate && m.member_type !== 'NON_MEMBER') {
      checkAge(body.birthDate, (await regulation(tx, ctx.tenantId)).minimumMemberAge, m.join_date ?? todayWib());
    }
    await checkReferences(tx, { branchId: body.branchId, areaId: body.areaId, agentId: body.agentId });
    const phone = body.phone === undefined ? m.phone : body.phone;
    await checkUnique(
      tx,
      ctx,
      body.identityNumber !== undefined && body.identityNumber !== m.identity_number ? identityNumber : undefined,
      body.phone !== undefined && phone !== m.phone ? phone : undefined,
      m.id,
    );
    if (body.cifNumber && body.cifNumber !== m.cif_number) await checkCifFree(tx, body.cifNumber, m.id);
    const wanted: Record<string, unknown> = {
      ...fieldsToColumns(body),
      full_name: body.fullName,
      gender: body.gender,
      identity_type: body.identityType,
      identity_number: body.identityNumber,
      agent_id: body.agentId,
      join_date: body.joinDate ?? undefined,
      cif_number: body.cifNumber ?? undefined,
    };
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const changes: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(wanted)) {
      if (v === undefined) continue;
      const cur = (m as unknown as Record<string, unknown>)[k];
      const same =
        cur === v ||
        (cur != null && v != null && String(cur) === String(v)) ||
        (k === 'loan_limit' && cur != null && v != null && dec(cur as string).eq(dec(v as string)));
      if (same) continue;
      changes[k] = v;
      before[k] = cur;
      after[k] = v;
    }
    if (Object.keys(changes).length) {
      await updateMember(tx, m.id, changes, ctx.userId);
      await audit(tx, ctx, { action: 'member.update', entity: 'member', entityId: m.id, before, after });
    }
    return detailOf(tx, ctx, m.id);
  });
}

export async function getDetail(ctx: Ctx, id: string) {
  return withTx(ctx, (tx) => detailOf(tx, ctx, id));
}

/** The public member-app registration: a prospective member, waiting for an interview. */
export async function registerOnline(
  db: Db,
  body: z.output<typeof memberOnlineRegistrationBody>,
  meta: { requestId: string; ip: string | null; userAgent: string | null },
) {
  const ctx = systemCtx(db, body.tenantId, { requestId: meta.requestId, ip: meta.ip, userAgent: meta.userAgent });
  const pinHash = await hashPassword(body.pin);
  try {
    return await db.tenant(body.tenantId, async (tx) => {
      const t = await tx.one<{ is_active: boolean }>('SELECT is_active FROM tenant WHERE tenant_id = $1', [body.tenantId]);
      if (!t?.is_active) throw notFound('member.tenant_unknown');
      const today = todayWib();
      checkAge(body.birthDate, (await regulation(tx, ctx.tenantId)).minimumMemberAge, today);
      // Unauthenticated callers learn only that the person is known, never whose record it is.
      const holders = await activeHolders(tx, [body.identityNumber], [body.phone]);
      if (holders.length) throw conflict('ALREADY_REGISTERED', 'member.already_registered_public');
      const [cif] = await allocateCifs(tx, await cifPattern(tx, ctx.tenantId), [{ date: today }]);
      const ids = await insertMembers(
        tx,
        [
          {
            ...fieldsToColumns(body),
            cif_number: cif,
            full_name: body.fullName,
            gender: body.gender,
            identity_type: body.identityType,
            identity_number: body.identityNumber,
            member_type: 'PROSPECTIVE',
            status: 'WAITING_INTERVIEW',
            registration_channel: 'MEMBER_APP',
            principal_status: 'NOT_REQUIRED',
            pin_hash: pinHash,
          },
        ],
        null,
      );
      const id = ids.get(cif)!;
      await tx.exec('UPDATE member SET pin_changed_at = now() WHERE tenant_id = app_tenant() AND id = $1', [id]);
      await audit(tx, ctx, { action: 'member.register_online', entity: 'member', entityId: id, after: auditView(await rawRow(tx, id)) });
      return { id, cifNumber: cif, status: 'WAITING_INTERVIEW' as const };
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict('ALREADY_REGISTERED', 'member.already_registered_public');
    throw err;
  }
}

// ---------------------------------------------------------------- lists

/** Client sort names (camelCase or snake_case) → the keys member_list() knows. */
const SORT_KEYS: Record<string, string> = {
  created_date: 'created_date',
  createdDate: 'created_date',
  cif_number: 'cif_number',
  cifNumber: 'cif_number',
  full_name: 'full_name',
  fullName: 'full_name',
  join_date: 'join_date',
  joinDate: 'join_date',
  birth_date: 'birth_date',
  birthDate: 'birth_date',
  status: 'status',
  member_type: 'member_type',
  memberType: 'member_type',
  updated_date: 'updated_date',
  updatedDate: 'updated_date',
};

const LIST_SELECT = `SELECT m.id, m.cif_number, m.full_name, m.gender, m.birth_date, m.phone, m.identity_type, m.identity_number,
  m.address, m.member_type, m.status, m.is_active, m.join_date, m.exit_date, m.branch_id, m.area_id, m.agent_id,
  m.upgrade_status, m.principal_status, m.registration_channel, m.created_date,
  (SELECT b.name FROM branch b WHERE b.tenant_id = m.tenant_id AND b.id = m.branch_id) AS branch_name,
  (SELECT a.name FROM area a WHERE a.tenant_id = m.tenant_id AND a.id = m.area_id) AS area_name
  FROM member m`;

type ListRow = MemberRow & { branch_name: string | null; area_name: string | null };

/** The list rows of these ids, in the order given (read under row-level security). */
async function rowsByIds(tx: Tx, ids: string[], rank?: Map<string, number>): Promise<ListRow[]> {
  if (!ids.length) return [];
  const rows = await tx.query<ListRow>(`${LIST_SELECT} WHERE m.tenant_id = app_tenant() AND m.id = ANY($1::uuid[])`, [ids]);
  const pos = rank ?? new Map(ids.map((id, i) => [id, i]));
  return rows.sort((x, y) => (pos.get(x.id) ?? 0) - (pos.get(y.id) ?? 0));
}

/** A search beyond this many matches answers this total with totalCapped: true (refine the search). */
export const SEARCH_COUNT_CAP = 1000;

export interface ListFilter {
  search?: string;
  isActive?: boolean;
  memberTypes?: string[];
  statuses?: string[];
  upgradeWaiting?: boolean;
  branchId?: string;
  areaId?: string;
  agentId?: string;
  /** Registration date from, YYYY-MM-DD (WIB). */
  start?: string;
  /** Registration date until, inclusive. */
  end?: string;
  /** Members assigned to this user (agent rule). */
  assignedTo?: string | null;
}

const esc = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * LIKE patterns of a search as typed. Text with letters searches names (it
 * contains the text: three letters or more, trigram index; one or two
 * letters: the name starts with it); text with digits searches the starts of
 * identity numbers and (in any Indonesian writing) phones; both search the
 * start of CIF numbers.
 */
export function searchPatterns(search: string | undefined) {
  const s = (search ?? '').trim().toLowerCase();
  if (!s) return null;
  const letters = /[a-z]/.test(s);
  const digits = /\d/.test(s);
  const upper = s.replace(/\s/g, '').toUpperCase();
  const compact = s.replace(/[\s.-]/g, '').toUpperCase();
  const phone = letters ? null : phonePrefix(s);
  const cif = /^[A-Z0-9./-]+$/.test(upper);
  const p = {
    nameLike: letters && s.length >= 3 ? `%${esc(s)}%` : null,
    namePrefix: letters && s.length < 3 ? `${esc(s)}%` : null,
    /** Names starting with the text (ranks first in the as-you-type search). */
    nameStarts: letters ? `${esc(s)}%` : null,
    cifExact: cif ? upper : null,
    cifPrefix: cif ? `${esc(upper)}%` : null,
    identityPrefix: digits && /^[A-Z0-9]{4,16}$/.test(compact) ? `${compact}%` : null,
    phonePrefix: phone ? `${esc(phone)}%` : null,
  };
  // Text that fits no field still searches (and finds nothing) rather than list everyone.
  if (!p.nameLike && !p.namePrefix && !p.cifPrefix && !p.identityPrefix && !p.phonePrefix) p.nameLike = `%${esc(s)}%`;
  return p;
}

/** Midnight WIB of a day, as an instant. */
const wibMidnight = (day: string, plusDays = 0) => new Date(new Date(`${day}T00:00:00+07:00`).getTime() + plusDays * 86_400_000);

export async function listPage(tx: Tx, f: ListFilter, page: number, limit: number, sortBy: string | undefined, dir: 'ASC' | 'DESC') {
  const p = searchPatterns(f.search);
  const r = await tx.one<{ r: { ids: string[]; total: number; capped: boolean } }>(
    `SELECT member_list($1, $2, $3, $4, $5, $6, $7::text[], $8::text[], $9, $10::uuid, $11::uuid, $12::uuid, $13::timestamptz, $14::timestamptz,
                        $15::uuid, $16, $17, $18, $19, $20) AS r`,
    [
      p?.nameLike ?? null,
      p?.namePrefix ?? null,
      p?.cifPrefix ?? null,
      p?.phonePrefix ?? null,
      p?.identityPrefix ?? null,
      f.isActive ?? null,
      f.memberTypes?.length ? f.memberTypes : null,
      f.statuses?.length ? f.statuses : null,
      f.upgradeWaiting ?? null,
      f.branchId ?? null,
      f.areaId ?? null,
      f.agentId ?? null,
      f.start ? wibMidnight(f.start) : null,
      f.end ? wibMidnight(f.end, 1) : null,
      f.assignedTo ?? null,
      (sortBy && SORT_KEYS[sortBy]) || 'created_date',
      dir === 'DESC',
      limit,
      page * limit,
      SEARCH_COUNT_CAP,
    ],
  );
  const { ids, total, capped } = r!.r;
  const rows = await rowsByIds(tx, ids);
  return { ...paged(rows.map(toListItem), Number(total), page, limit), totalCapped: capped };
}

function parseSort(q: MemberDatatableQuery): { sortBy?: string; dir: 'ASC' | 'DESC' } {
  if (q.sort) {
    const [col, d] = q.sort.split(',').map((s) => s.trim());
    return { sortBy: col, dir: d?.toUpperCase() === 'ASC' ? 'ASC' : d?.toUpperCase() === 'DESC' ? 'DESC' : q.ascOrDesc };
  }
  return { sortBy: q.sortBy, dir: q.ascOrDesc };
}

export async function datatable(ctx: Ctx, q: MemberDatatableQuery) {
  const types = q.memberType ? [q.memberType] : q.isNonMember === true ? ['NON_MEMBER'] : q.isNonMember === false ? ['MEMBER'] : undefined;
  const { sortBy, dir } = parseSort(q);
  return withTx(ctx, (tx) =>
    listPage(
      tx,
      {
        search: q.search,
        isActive: q.isActive,
        memberTypes: types,
        statuses: q.status ? [q.status] : undefined,
        branchId: q.branchId,
        areaId: q.areaId,
        agentId: q.agentId,
        start: q.start,
        end: q.end,
        assignedTo: isAgent(ctx) ? ctx.userId : null,
      },
      q.page,
      q.limit,
      sortBy,
      dir,
    ),
  );
}

/** GET /api/member/assign-to-me: the signed-in user's assigned members (agent rule), active ones. */
export async function assignedToMe(
  ctx: Ctx,
  q: { search?: string; page: number; limit: number; sortBy?: string; ascOrDesc: 'ASC' | 'DESC' },
) {
  return withTx(ctx, (tx) =>
    listPage(
      tx,
      { search: q.search, isActive: true, assignedTo: ctx.userId },
      q.page,
      q.limit,
      q.sortBy ?? 'full_name',
      q.sortBy ? q.ascOrDesc : 'ASC',
    ),
  );
}

/**
 * GET member/{q}/search-member: as-you-type lookup for transaction screens.
 * Exact CIF first, then CIF, phone and identity number prefixes, then names
 * starting with the text, then names containing it; each arm is bounded, so
 * the answer stays fast on a million members.
 */
export async function searchMembers(ctx: Ctx, q: string, limit: number, includeInactive: boolean) {
  return withTx(ctx, async (tx) => {
    const p = searchPatterns(q);
    if (!p) return [];
    const hits = await tx.query<{ id: string; rank: number }>(
      'SELECT id, rank FROM member_quick_search($1, $2, $3, $4, $5, $6, $7, $8::uuid, $9)',
      [
        p.cifExact,
        p.cifPrefix,
        p.phonePrefix,
        p.identityPrefix,
        p.namePrefix,
        p.nameLike,
        !includeInactive,
        isAgent(ctx) ? ctx.userId : null,
        limit,
      ],
    );
    const rank = new Map(hits.map((h) => [h.id, h.rank]));
    const rows = await rowsByIds(
      tx,
      hits.map((h) => h.id),
      rank,
    );
    rows.sort(
      (x, y) => (rank.get(x.id) ?? 9) - (rank.get(y.id) ?? 9) || x.full_name.toLowerCase().localeCompare(y.full_name.toLowerCase()),
    );
    return rows.map(toListItem);
  });
}

// ---------------------------------------------------------------- small actions

export async function updateNotification(ctx: Ctx, memberId: string, isSendNotification: boolean) {
  return withTx(ctx, async (tx) => {
    const m = await loadLocked(tx, ctx, memberId);
    if (m.is_send_notification !== isSendNotification) {
      await updateMember(tx, m.id, { is_send_notification: isSendNotification }, ctx.userId);
      await audit(tx, ctx, {
        action: 'member.notification',
        entity: 'member',
        entityId: m.id,
        before: { isSendNotification: m.is_send_notification },
        after: { isSendNotification },
      });
    }
    return { memberId: m.id, isSendNotification };
  });
}

/** A new 6-digit PIN for the member app, stored as an argon2id hash and sent by SMS after the commit. */
export async function resetPin(ctx: Ctx, notifier: Notifier, memberId: string) {
  const pin = sixDigitCode();
  const pinHash = await hashPassword(pin);
  return withTx(ctx, async (tx) => {
    const m = await loadLocked(tx, ctx, memberId);
    if (!m.is_active) throw unprocessable('MEMBER_CLOSED', 'member.closed');
    if (!m.phone) throw unprocessable('MEMBER_NO_PHONE', 'member.no_phone');
    await updateMember(tx, m.id, { pin_hash: pinHash, pin_changed_at: new Date() }, ctx.userId);
    await audit(tx, ctx, { action: 'member.reset_pin', entity: 'member', entityId: m.id, after: { sentTo: m.phone } });
    const t = await tx.one<{ name: string }>('SELECT name FROM tenant WHERE tenant_id = $1', [ctx.tenantId]);
    const phone = m.phone;
    tx.afterCommit(() =>
      notifier.send({
        channel: 'sms',
        to: phone,
        text: translate('member.pin_sms', 'id', { cooperative: t?.name ?? '', pin }),
        code: pin,
        tenantId: ctx.tenantId,
      }),
    );
    return { memberId: m.id, sentTo: maskPhone(phone) };
  });
}

function maskPhone(p: string): string {
  return p.length > 7 ? `${p.slice(0, 6)}${'*'.repeat(p.length - 9)}${p.slice(-3)}` : p;
}

export async function suggestionCif(ctx: Ctx, id: string) {
  return withTx(ctx, async (tx) => {
    // {id}: a member (its branch and join date), a branch, or anything else (no branch, today).
    let date = todayWib();
    const m = isUuid(id)
      ? await tx.one<{ branch_id: string | null; join_date: string | null }>(
          'SELECT branch_id, join_date FROM member WHERE tenant_id = app_tenant() AND id = $1',
          [id],
        )
      : undefined;
    const branchId = m?.branch_id ?? id;
    if (m?.join_date) date = m.join_date;
    const b = isUuid(branchId)
      ? await tx.one<{ code: string | null }>('SELECT code FROM branch WHERE tenant_id = app_tenant() AND id = $1', [branchId])
      : undefined;
    const branchCode = b?.code ?? null;
    const pattern = await cifPattern(tx, ctx.tenantId);
    return { cifNumber: await suggestCif(tx, pattern, { date, branchCode }), pattern };
  });
}

// ---------------------------------------------------------------- lifecycle

export async function interview(ctx: Ctx, b: z.output<typeof memberInterviewBody>) {
  return withTx(ctx, async (tx) => {
    const m = await loadLocked(tx, ctx, b.memberId);
    const prospective = m.member_type === 'PROSPECTIVE' && (m.status === 'WAITING_INTERVIEW' || m.status === 'WAITING_APPROVAL');
    const upgrade = m.member_type === 'NON_MEMBER' && m.status === 'ACTIVE' && m.upgrade_status === 'WAITING_APPROVAL';
    if (!prospective && !upgrade) throw stateError(m);
    let interviewerId = b.interviewerId ?? null;
    if (interviewerId) {
      const u = await tx.one('SELECT 1 FROM app_user WHERE tenant_id = app_tenant() AND id = $1', [interviewerId]);
      if (!u)
        throw new AppError(422, 'INTERVIEWER_NOT_FOUND', 'auth.no_user', undefined, [{ field: 'interviewerId', message: 'auth.no_user' }]);
    } else if (!b.interviewerName) {
      interviewerId = ctx.userId;
    }
    const changes = {
      interview_date: b.interviewDate,
      interviewer_id: interviewerId,
      interviewer_name: b.interviewerName ?? null,
      interview_notes: b.notes,
      interview_result: b.result,
      interviewed_by: ctx.userId,
      interviewed_at: new Date(),
      ...(prospective ? { status: 'WAITING_APPROVAL' } : {}),
    };
    await updateMember(tx, m.id, changes, ctx.userId);
    await audit(tx, ctx, {
      action: 'member.interview',
      entity: 'member',
      entityId: m.id,
      before: { status: m.status, interviewResult: m.interview_result },
      after: {
        status: prospective ? 'WAITING_APPROVAL' : m.status,
        interviewDate: b.interviewDate,
        interviewerId,
        interviewerName: b.interviewerName ?? null,
        notes: b.notes,
        result: b.result,
      },
    });
    return detailOf(tx, ctx, m.id);
  });
}

/** Admit a member (prospective approval or a non-member's upgrade): hooks, principal saving, join date. */
async function admit(tx: Tx, ctx: Ctx, m: MemberFullRow, kind: 'PROSPECTIVE' | 'UPGRADE', joinDate: string, reason: string | null) {
  const reg = await regulation(tx, ctx.tenantId);
  checkAge(m.birth_date, reg.minimumMemberAge, joinDate);
  if (m.birth_date && joinDate < m.birth_date) throw fieldError('JOIN_BEFORE_BIRTH', 'member.join_before_birth', 'joinDate');
  const hooks = await runApprovalHooks(tx, ctx, toRefFromRow(m), { kind, joinDate });
  const principal = hooks.principal
    ? hooks.principal.status === 'PAID'
      ? { principal_status: 'PAID', principal_owed: null, principal_paid_at: new Date() }
      : { principal_status: 'OWED', principal_owed: hooks.principal.amount?.toFixed(2) ?? null }
    : principalOnAdmission(reg.principalSavingAmount);
  const now = new Date();
  const changes: Record<string, unknown> = { member_type: 'MEMBER', status: 'ACTIVE', join_date: joinDate, ...principal };
  if (kind === 'PROSPECTIVE')
    Object.assign(changes, { approval_status: 'APPROVED', approval_reason: reason, approved_by: ctx.userId, approved_at: now });
  else
    Object.assign(changes, {
      upgrade_status: 'APPROVED',
      upgrade_decided_by: ctx.userId,
      upgrade_decided_at: now,
      approval_reason: reason,
    });
  await updateMember(tx, m.id, changes, ctx.userId);
  await audit(tx, ctx, {
    action: kind === 'PROSPECTIVE' ? 'member.approve' : 'member.upgrade',
    entity: 'member',
    entityId: m.id,
    before: { memberType: m.member_type, status: m.status, upgradeStatus: m.upgrade_status },
    after: {
      memberType: 'MEMBER',
      status: 'ACTIVE',
      joinDate,
      reason,
      principalStatus: changes.principal_status,
      principalOwed: changes.principal_owed ?? null,
    },
  });
  return changes.principal_status as string;
}

export async function approval(ctx: Ctx, b: z.output<typeof memberApprovalBody>) {
  return withTx(ctx, async (tx) => {
    const m = await loadLocked(tx, ctx, b.memberId);
    const now = new Date();
    const reason = b.reason ?? null;
    const today = todayWib();
    let outcome: 'APPROVED' | 'REJECTED' | 'UPGRADED' | 'UPGRADE_REJECTED';
    let principalStatus: string | null = null;
    if (m.member_type === 'PROSPECTIVE' && m.is_active) {
      if (b.status === 'REJECTED') {
        await updateMember(
          tx,
          m.id,
          { status: 'REJECTED', approval_status: 'REJECTED', approval_reason: reason, approved_by: ctx.userId, approved_at: now },
          ctx.userId,
        );
        await audit(tx, ctx, {
          action: 'member.reject',
          entity: 'member',
          entityId: m.id,
          before: { status: m.status },
          after: { status: 'REJECTED', reason },
        });
        outcome = 'REJECTED';
      } else {
        const reg = await regulation(tx, ctx.tenantId);
        if (m.status === 'WAITING_INTERVIEW' && reg.membershipRequiresApproval)
          throw unprocessable('INTERVIEW_REQUIRED', 'member.interview_required');
        principalStatus = await admit(tx, ctx, m, 'PROSPECTIVE', b.joinDate ?? today, reason);
        outcome = 'APPROVED';
      }
    } else if (m.member_type === 'NON_MEMBER' && m.status === 'ACTIVE' && m.upgrade_status === 'WAITING_APPROVAL') {
      if (b.status === 'REJECTED') {
        await updateMember(
          tx,
          m.id,
          { upgrade_status: 'REJECTED', upgrade_decided_by: ctx.userId, upgrade_decided_at: now, approval_reason: reason },
          ctx.userId,
        );
        await audit(tx, ctx, {
          action: 'member.upgrade_reject',
          entity: 'member',
          entityId: m.id,
          before: { upgradeStatus: m.upgrade_status },
          after: { upgradeStatus: 'REJECTED', reason },
        });
        outcome = 'UPGRADE_REJECTED';
      } else {
        principalStatus = await admit(tx, ctx, m, 'UPGRADE', b.joinDate ?? today, reason);
        outcome = 'UPGRADED';
      }
    } else {
      throw unprocessable('NO_PENDING_REQUEST', 'member.no_request');
    }
    const detail = await detailOf(tx, ctx, m.id);
    return { outcome, principalStatus, member: detail };
  });
}

export async function upgradeVerify(ctx: Ctx, b: z.output<typeof memberUpgradeBody>) {
  return withTx(ctx, async (tx) => {
    const m = await loadLocked(tx, ctx, b.memberId);
    if (m.member_type !== 'NON_MEMBER' || m.status !== 'ACTIVE') throw unprocessable('NOT_NON_MEMBER', 'member.upgrade_only_non_member');
    if (m.upgrade_status === 'WAITING_APPROVAL') throw conflict('UPGRADE_PENDING', 'member.upgrade_pending');
    const reason = b.reason ?? null;
    if (b.isNeedApproval) {
      await updateMember(
        tx,
        m.id,
        {
          upgrade_status: 'WAITING_APPROVAL',
          upgrade_requested_at: new Date(),
          upgrade_requested_by: ctx.userId,
          upgrade_reason: reason,
          upgrade_decided_at: null,
          upgrade_decided_by: null,
        },
        ctx.userId,
      );
      await audit(tx, ctx, {
        action: 'member.upgrade_request',
        entity: 'member',
        entityId: m.id,
        before: { upgradeStatus: m.upgrade_status },
        after: { upgradeStatus: 'WAITING_APPROVAL', reason },
      });
      return { outcome: 'WAITING_APPROVAL' as const, principalStatus: null, member: await detailOf(tx, ctx, m.id) };
    }
    await updateMember(
      tx,
      m.id,
      { upgrade_requested_at: new Date(), upgrade_requested_by: ctx.userId, upgrade_reason: reason },
      ctx.userId,
    );
    const principalStatus = await admit(tx, ctx, m, 'UPGRADE', todayWib(), reason);
    return { outcome: 'UPGRADED' as const, principalStatus, member: await detailOf(tx, ctx, m.id) };
  });
}

// ---------------------------------------------------------------- exit

function exitItemsView(items: CollectedExitItem[], lang: Ctx['lang']) {
  return items.map((i) => ({
    module: i.module,
    kind: i.kind,
    id: i.id ?? null,
    label: i.label,
    amount: i.amount == null ? null : dec(i.amount),
    message: i.messageKey ? translate(i.messageKey, lang, i.params) : i.label,
  }));
}

async function exitState(tx: Tx, ctx: Ctx, m: MemberFullRow) {
  if (m.status !== 'ACTIVE' || m.member_type === 'PROSPECTIVE') throw unprocessable('EXIT_NOT_ALLOWED', 'member.exit_only_active');
  const r = await collectExitChecks(tx, ctx, toRefFromRow(m));
  const settlement = exitItemsView(r.settlement, ctx.lang);
  return {
    raw: r,
    view: {
      memberId: m.id,
      cifNumber: m.cif_number,
      fullName: m.full_name,
      canExit: r.blocking.length === 0,
      blocking: exitItemsView(r.blocking, ctx.lang),
      settlement,
      settlementTotal: settlement.reduce((s, i) => (i.amount ? s.plus(i.amount) : s), dec(0)),
    },
  };
}

export async function exitCheck(ctx: Ctx, memberId: string) {
  return withTx(ctx, async (tx) => {
    const m = await findFull(tx, ctx, memberId);
    if (!m) throw notFound('member.not_found');
    return (await exitState(tx, ctx, m)).view;
  });
}

export async function exitConfirm(
  ctx: Ctx,
  body: { memberId: string; exitDate?: string | null; reason?: string | null; [k: string]: unknown },
) {
  return withTx(
    ctx,
    async (tx) => {
      const m = await loadLocked(tx, ctx, body.memberId);
      const exitDate = body.exitDate ?? todayWib();
      if (m.join_date && exitDate < m.join_date) throw fieldError('EXIT_BEFORE_JOIN', 'member.exit_before_join', 'exitDate');
      const { raw, view } = await exitState(tx, ctx, m);
      if (!view.canExit) {
        throw new AppError(
          422,
          'MEMBER_EXIT_BLOCKED',
          'member.exit_blocked',
          { items: view.blocking.map((b) => b.message).join('; ') },
          view.blocking.map((b) => ({ field: b.kind, message: b.message })),
        );
      }
      const { memberId: _id, exitDate: _d, reason: _r, ...options } = body;
      await runExitSettlements(tx, ctx, toRefFromRow(m), { exitDate, reason: body.reason ?? null, options }, raw.byModule);
      await updateMember(
        tx,
        m.id,
        {
          status: 'EXITED',
          exit_date: exitDate,
          exit_reason: body.reason ?? null,
          exited_by: ctx.userId,
          ...(m.upgrade_status === 'WAITING_APPROVAL'
            ? { upgrade_status: 'REJECTED', upgrade_decided_at: new Date(), upgrade_decided_by: ctx.userId }
            : {}),
        },
        ctx.userId,
      );
      await audit(tx, ctx, {
        action: 'member.exit',
        entity: 'member',
        entityId: m.id,
        before: { status: m.status },
        after: {
          status: 'EXITED',
          exitDate,
          reason: body.reason ?? null,
          settlement: view.settlement,
          settlementTotal: view.settlementTotal,
        },
      });
      return { ...view, exitDate, member: await detailOf(tx, ctx, m.id) };
    },
    { idempotent: true, message: 'member.exited' },
  );
}

// ---------------------------------------------------------------- timeline

export async function timeline(ctx: Ctx, memberId: string, page: number, limit: number) {
  return withTx(ctx, async (tx) => {
    const m = await findFull(tx, ctx, memberId);
    if (!m) throw notFound('member.not_found');
    const rows = await tx.query<{
      id: number;
      at: Date;
      action: string;
      actor_user_id: string | null;
      actor_name: string | null;
      before: unknown;
      after: unknown;
    }>(
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
    const content = rows.map((r) => {
      const key = `timeline.${r.action}`;
      const label = translate(key, ctx.lang);
      return {
        id: Number(r.id),
        at: r.at.toISOString(),
        action: r.action,
        label: label === key ? r.action : label,
        actorId: r.actor_user_id,
        actorName: r.actor_name,
        before: r.before,
        after: r.after,
      };
    });
    return paged(content, total?.n ?? 0, page, limit);
  });
}

// ---------------------------------------------------------------- photos

/**
 * Store a photo: re-encoded first (outside the transaction), written to
 * storage, then referenced by the member row; a failed transaction removes the
 * new file and a committed one removes the replaced file. A user with
 * `member:update` may upload for any member they can see; a user with only
 * `member:add` (agents in the field) only for a prospective member they
 * registered themselves that is not interviewed yet.
 */
export async function savePhoto(ctx: Ctx, storage: Storage, memberId: string, kind: MemberPhotoKind, file: Buffer, canUpdate: boolean) {
  const jpeg = await reencodePhoto(file);
  const key = `${ctx.tenantId}/members/${memberId}-${kind}-${crypto.randomUUID()}.jpg`;
  const column = PHOTO_COLUMNS[kind];
  // Check the member first, so nothing is written for a member the user cannot touch.
  await withTx(ctx, async (tx) => {
    const m = await findFull(tx, ctx, memberId);
    if (!m) throw notFound('member.not_found');
    checkPhotoRights(ctx, m, canUpdate);
  });
  await storage.put(key, jpeg, 'image/jpeg');
  try {
    return await withTx(ctx, async (tx) => {
      const m = await loadLocked(tx, ctx, memberId);
      checkPhotoRights(ctx, m, canUpdate);
      const old = m[column];
      await updateMember(tx, m.id, { [column]: key }, ctx.userId);
      await audit(tx, ctx, { action: 'member.photo', entity: 'member', entityId: m.id, after: { kind, bytes: jpeg.length } });
      if (old) tx.afterCommit(() => storage.delete(old));
      return { memberId: m.id, kind, url: photoUrl(m.id, kind, key), bytes: jpeg.length };
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}

function checkPhotoRights(ctx: Ctx, m: MemberRow, canUpdate: boolean) {
  if (!m.is_active) throw unprocessable('MEMBER_CLOSED', 'member.closed');
  if (canUpdate) return;
  if (!(m.status === 'WAITING_INTERVIEW' && m.registered_by === ctx.userId)) throw forbidden('PHOTO_FORBIDDEN', 'member.photo_forbidden');
}

export async function getPhoto(ctx: Ctx, storage: Storage, memberId: string, kind: MemberPhotoKind) {
  const key = await withTx(ctx, async (tx) => {
    const m = await findFull(tx, ctx, memberId);
    if (!m) throw notFound('member.not_found');
    return m[PHOTO_COLUMNS[kind]];
  });
  if (!key) throw notFound('member.photo_not_found');
  const file = await storage.get(key);
  if (!file) throw notFound('member.photo_not_found');
  return file;
}
