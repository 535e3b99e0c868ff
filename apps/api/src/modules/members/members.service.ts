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
  type MemberPhotoKind,
  type MemberUpdate,
  type memberOnlineRegistrationBody,
  translate,
} from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { z } from 'zod';
import { type Db, isUuid } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, systemCtx, withTx } from '../../lib/context.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Storage } from '../../lib/storage.ts';
import { sixDigitCode } from '../../lib/tokens.ts';
import { allocateCifs, cifPattern, suggestCif } from './members.cif.ts';
import {
  branchCodeRow,
  markPinChanged,
  memberBranchAndJoinDate,
  tenantActiveRow,
  tenantNameRow,
  timelinePage,
} from './members.lookups.repo.ts';
import { PHOTO_COLUMNS, reencodePhoto } from './members.photos.ts';
import {
  activeHolders,
  auditView,
  findFull,
  insertMembers,
  isAgent,
  type MemberRow,
  type NewMember,
  photoUrl,
  updateMember,
} from './members.repo.ts';
import {
  checkAge,
  checkCifFree,
  checkReferences,
  checkUnique,
  detailOf,
  fieldError,
  loadLocked,
  principalOnAdmission,
  rawRow,
  regulation,
  todayWib,
  withMemberTx,
} from './members.rules.ts';

// ---------------------------------------------------------------- create / update

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
    const branchCode = body.branchId ? (await branchCodeRow(tx, body.branchId))?.code : null;
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
      const t = await tenantActiveRow(tx, body.tenantId);
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
      await markPinChanged(tx, id);
      await audit(tx, ctx, { action: 'member.register_online', entity: 'member', entityId: id, after: auditView(await rawRow(tx, id)) });
      return { id, cifNumber: cif, status: 'WAITING_INTERVIEW' as const };
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw conflict('ALREADY_REGISTERED', 'member.already_registered_public');
    throw err;
  }
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
    const t = await tenantNameRow(tx, ctx.tenantId);
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
    const m = isUuid(id) ? await memberBranchAndJoinDate(tx, id) : undefined;
    const branchId = m?.branch_id ?? id;
    if (m?.join_date) date = m.join_date;
    const b = isUuid(branchId) ? await branchCodeRow(tx, branchId) : undefined;
    const branchCode = b?.code ?? null;
    const pattern = await cifPattern(tx, ctx.tenantId);
    return { cifNumber: await suggestCif(tx, pattern, { date, branchCode }), pattern };
  });
}

// ---------------------------------------------------------------- timeline

export async function timeline(ctx: Ctx, memberId: string, page: number, limit: number) {
  return withTx(ctx, async (tx) => {
    const m = await findFull(tx, ctx, memberId);
    if (!m) throw notFound('member.not_found');
    const { rows, total } = await timelinePage(tx, memberId, page, limit);
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
    return paged(content, total, page, limit);
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
