/**
 * The database side of a member upload: one transaction per batch of rows,
 * as the app role in the tenant's transaction (row-level security applies):
 *
 *  1. the job row is locked and must still be RUNNING at exactly the row
 *     before this batch (a fence: a batch commits once, in order, and a runner
 *     that lost the job, e.g. to a resumed upload, stops);
 *  2. identity numbers and phones of live members, and the CIF numbers typed
 *     in the file, are looked up (one statement);
 *  3. CIF numbers are drawn from the tenant's counter (members.cif.ts), inside
 *     the same transaction, so a batch that rolls back leaves no gap;
 *  4. one statement writes the members, their audit entries (built from the
 *     same rows), the failed and skipped rows, and the job's counters.
 *
 * A batch is all or nothing, and its progress is committed with its members,
 * so a job resumes at `processed_rows` without inserting anything twice.
 */
import { randomUUID } from 'node:crypto';
import { translate } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { recordChunk } from '../jobs/batch.ts';
import { allocateCifs } from './members.cif.ts';
import { type Holder, holders, lockJobFence, writeBatch } from './members.upload.repo.ts';
import type { Batch, Candidate, Lookup } from './members.upload.rows.ts';

export interface BatchResult {
  success: number;
  skipped: number;
  failed: number;
}

/** The job runner's name of member uploads (job_run rows keyed and identified by the upload job's id). */
export const UPLOAD_JOB = 'members.upload';

/** The job is no longer this runner's (finished, failed, or continued by another upload of the file). */
export class JobSuperseded extends Error {}

/** MEMBER_UPLOAD_PROFILE=1 prints where an upload spends its time (benchmarks). */
export const profile = process.env.MEMBER_UPLOAD_PROFILE ? new Map<string, number>() : null;
export async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  if (!profile) return fn();
  const s = performance.now();
  try {
    return await fn();
  } finally {
    profile.set(label, (profile.get(label) ?? 0) + performance.now() - s);
  }
}

/** Commit one batch (retried when a member registered meanwhile takes an identity number, phone or CIF of the batch). */
export async function commitBatch(ctx: Ctx, jobId: string, batch: Batch, lk: Lookup): Promise<BatchResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await timed('db: batch transaction (total)', () =>
        ctx.db.tenant(ctx.tenantId, (tx) => commitBatchTx(tx, ctx, jobId, batch, lk)),
      );
    } catch (err) {
      // A member registered by someone else between our check and insert: check again.
      if ((err as { code?: string }).code === '23505' && attempt < 3) continue;
      throw err;
    }
  }
}

const sameName = (a: string, b: string) => a.toLowerCase().replace(/\s+/g, ' ').trim() === b.toLowerCase().replace(/\s+/g, ' ').trim();

/** One new member of a batch as the JSON object writeBatch reads. */
function memberRowOf(c: Candidate, lk: Lookup, owed: string | null): Record<string, unknown> {
  const v = c.value!;
  const principal =
    v.memberType === 'MEMBER' && owed ? { principal_status: 'OWED', principal_owed: owed } : { principal_status: 'NOT_REQUIRED' };
  // Only the values a row has: absent keys read as NULL (a smaller document to build and parse).
  const row: Record<string, unknown> = {
    row_n: c.n,
    id: randomUUID(),
    cif_number: v.cifNumber,
    full_name: v.fullName,
    gender: v.gender,
    birth_date: v.birthDate,
    phone: v.phone,
    identity_type: v.identityType,
    identity_number: v.identityNumber,
    address: v.address,
    member_type: v.memberType,
    status: v.memberType === 'PROSPECTIVE' ? 'WAITING_INTERVIEW' : 'ACTIVE',
    ...principal,
  };
  if (v.birthPlace != null) row.birth_place = v.birthPlace;
  if (v.familyCardNumber != null) row.family_card_number = v.familyCardNumber;
  if (v.occupation != null) row.occupation = v.occupation;
  if (v.joinDate != null) row.join_date = v.joinDate;
  if (v.loanLimit != null) row.loan_limit = dec(v.loanLimit).toFixed(2);
  if (v.groupName != null) row.group_name = v.groupName;
  if (v.closestFamilyName != null) row.closest_family_name = v.closestFamilyName;
  if (v.closestFamilyRelationship != null) row.closest_family_relationship = v.closestFamilyRelationship;
  if (v.closestFamilyPhone != null) row.closest_family_phone = v.closestFamilyPhone;
  if (v.branchId != null) row.branch_id = v.branchId;
  if (v.areaId != null) row.area_id = v.areaId;
  // An agent's uploaded members are the agent's, as those it registers one by one.
  if (lk.agentId) row.agent_id = lk.agentId;
  return row;
}

async function commitBatchTx(tx: Tx, ctx: Ctx, jobId: string, batch: Batch, lk: Lookup): Promise<BatchResult> {
  const fence = await lockJobFence(tx, jobId);
  if (fence?.status !== 'RUNNING' || fence.processed_rows !== batch.first - 1) throw new JobSuperseded(jobId);

  const results: Array<{
    row_number: number;
    status: 'FAILED' | 'SKIPPED';
    message: string;
    data: Record<string, string>;
    member_id: string | null;
  }> = [];
  const fail = (c: Candidate, reason: string) =>
    results.push({
      row_number: c.n,
      status: 'FAILED',
      message: translate('member.upload_row_failed', lk.lang, { n: c.n, reason }),
      data: c.data,
      member_id: null,
    });
  const valid: Candidate[] = [];
  for (const c of batch.rows) {
    if (c.error) fail(c, c.error);
    else valid.push(c);
  }
  const found = await timed('db: existing identity/phone/CIF', () =>
    holders(
      tx,
      valid.map((c) => c.value!.identityNumber),
      valid.map((c) => c.value!.phone),
      valid.map((c) => c.value!.cifNumber).filter((x): x is string => Boolean(x)),
      lk.agentId ?? null,
    ),
  );
  const byIdentity = new Map<string, Holder>();
  const byPhone = new Map<string, Holder>();
  const takenCifs = new Set<string>();
  for (const h of found) {
    if (h.kind === 'identity') byIdentity.set(h.key, h);
    else if (h.kind === 'phone') byPhone.set(h.key, h);
    else takenCifs.add(h.key);
  }
  const toInsert: Candidate[] = [];
  for (const c of valid) {
    const v = c.value!;
    const holder = byIdentity.get(v.identityNumber);
    if (holder) {
      if (sameName(holder.full_name, v.fullName)) {
        results.push({
          row_number: c.n,
          status: 'SKIPPED',
          message: holder.in_scope
            ? translate('member.upload_row_skipped', lk.lang, { n: c.n, cif: holder.cif_number })
            : translate('member.upload_row_skipped_registered', lk.lang, { n: c.n }),
          data: c.data,
          member_id: holder.in_scope ? holder.id : null,
        });
      } else {
        fail(
          c,
          holder.in_scope
            ? translate('member.upload_identity_other_name', lk.lang, {
                identityNumber: v.identityNumber,
                name: holder.full_name,
                cif: holder.cif_number,
              })
            : translate('member.upload_identity_registered', lk.lang, { identityNumber: v.identityNumber }),
        );
      }
      continue;
    }
    const phoneHolder = byPhone.get(v.phone);
    if (phoneHolder) {
      fail(
        c,
        phoneHolder.in_scope
          ? translate('member.upload_phone_taken', lk.lang, { phone: v.phone, name: phoneHolder.full_name, cif: phoneHolder.cif_number })
          : translate('member.upload_phone_registered', lk.lang, { phone: v.phone }),
      );
      continue;
    }
    if (v.cifNumber && takenCifs.has(v.cifNumber)) {
      fail(c, translate('member.cif_taken', lk.lang, { cif: v.cifNumber }));
      continue;
    }
    toInsert.push(c);
  }
  const needCif = toInsert.filter((c) => !c.value!.cifNumber);
  const cifs = await timed('db: CIF numbers', () =>
    allocateCifs(
      tx,
      lk.pattern,
      needCif.map((c) => ({ date: c.value!.joinDate ?? lk.today, branchCode: c.value!.branchCode })),
    ),
  );
  needCif.forEach((c, i) => {
    c.value!.cifNumber = cifs[i];
  });
  const owed = lk.principalAmount > 0 ? dec(lk.principalAmount).toFixed(2) : null;
  const members = toInsert.map((c) => memberRowOf(c, lk, owed));
  const r = {
    success: toInsert.length,
    skipped: results.filter((x) => x.status === 'SKIPPED').length,
    failed: results.filter((x) => x.status === 'FAILED').length,
  };
  await timed('db: members, audit, rows, job (one statement)', () =>
    writeBatch(tx, jobId, ctx, members, results, { rows: batch.rows.length, ...r }),
  );
  // The job runner's progress row of the upload (GET /api/jobs/{jobId}): the batch is recorded once, with it.
  await timed('db: job run progress', () =>
    recordChunk(tx, UPLOAD_JOB, jobId, { key: `${batch.first}-${batch.last}`, cursor: String(batch.last), items: batch.rows.length }),
  );
  return r;
}
