/**
 * Members: checks and helpers shared by the record, lifecycle and list services
 * (dates in WIB, age, references, uniqueness, the member transaction).
 */
import { dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { AppError, badRequest, conflict, type ErrorCode, notFound, unprocessable } from '../../lib/errors.ts';
import { getConfig } from '../settings/configuration.ts';
import { activeUserExists, areaExists, branchExists, cifInUse, memberRow } from './members.lookups.repo.ts';
import { collectSummary } from './members.registry.ts';
import { activeHolders, findFull, isAgent, type MemberFullRow, type MemberRow, toDetail, toRefFromRow } from './members.repo.ts';

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

export async function regulation(tx: Tx, tenantId: string) {
  return getConfig(tx, tenantId, 'cooperativeRegulation');
}

export function checkAge(birthDate: string | null | undefined, minimum: number, day: string) {
  if (!birthDate || minimum <= 0) return;
  if (ageOn(birthDate, day) < minimum) {
    throw badRequest('MEMBER_TOO_YOUNG', 'member.too_young', { age: minimum }, [{ field: 'birthDate', message: 'member.too_young' }]);
  }
}

export function fieldError(code: ErrorCode, key: string, field: string, params?: Record<string, unknown>) {
  return new AppError(400, code, key, params, [{ field, message: key }]);
}

/** Branch, area and agent must exist in this cooperative (RLS hides other tenants' rows). */
export async function checkReferences(tx: Tx, v: { branchId?: string | null; areaId?: string | null; agentId?: string | null }) {
  if (v.branchId) {
    if (!(await branchExists(tx, v.branchId)))
      throw new AppError(422, 'BRANCH_NOT_FOUND', 'member.branch_not_found', undefined, [
        { field: 'branchId', message: 'member.branch_not_found' },
      ]);
  }
  if (v.areaId) {
    if (!(await areaExists(tx, v.areaId)))
      throw new AppError(422, 'AREA_NOT_FOUND', 'member.area_not_found', undefined, [
        { field: 'areaId', message: 'member.area_not_found' },
      ]);
  }
  if (v.agentId) {
    if (!(await activeUserExists(tx, v.agentId)))
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
export async function checkUnique(
  tx: Tx,
  ctx: Ctx,
  identityNumber: string | undefined,
  phone: string | null | undefined,
  exceptId?: string,
) {
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

export async function checkCifFree(tx: Tx, cif: string, exceptId?: string) {
  if (await cifInUse(tx, cif, exceptId ?? null))
    throw new AppError(409, 'CIF_TAKEN', 'member.cif_taken', { cif }, [{ field: 'cifNumber', message: 'member.cif_taken' }]);
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

export async function withMemberTx<T>(ctx: Ctx, fn: (tx: Tx) => Promise<T>, opts?: { idempotent?: boolean; message?: string }): Promise<T> {
  try {
    return await withTx(ctx, fn, opts);
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
}

export async function loadLocked(tx: Tx, ctx: Ctx, id: string): Promise<MemberFullRow> {
  const m = await findFull(tx, ctx, id, { lock: true });
  if (!m) throw notFound('member.not_found');
  return m;
}

export async function detailOf(tx: Tx, ctx: Ctx, id: string) {
  const m = await findFull(tx, ctx, id);
  if (!m) throw notFound('member.not_found');
  return toDetail(m, await collectSummary(tx, ctx, toRefFromRow(m)));
}

export const stateError = (m: MemberRow) => unprocessable('MEMBER_INVALID_STATE', 'member.invalid_state', { status: m.status });

export async function rawRow(tx: Tx, id: string): Promise<MemberRow> {
  return (await memberRow(tx, id))!;
}

export function principalOnAdmission(amount: number): { principal_status: 'OWED' | 'NOT_REQUIRED'; principal_owed: string | null } {
  return amount > 0
    ? { principal_status: 'OWED', principal_owed: dec(amount).toFixed(2) }
    : { principal_status: 'NOT_REQUIRED', principal_owed: null };
}
