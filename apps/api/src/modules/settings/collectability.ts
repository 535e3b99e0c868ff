/**
 * Loan collectability settings (GET/POST/PATCH /api/tenant/collectability):
 * the four grades LANCAR, KURANG LANCAR, DIRAGUKAN, MACET, each with a range
 * of days late and an allowance percent (PPAP), and one calculation type for
 * the cooperative (HARIAN: calendar days since the oldest unpaid installment
 * fell due; BULANAN: whole months of arrears times 30).
 *
 * Rules: the ranges, in grade order, start at 0, follow each other without a
 * gap or an overlap (next.from = previous.until + 1), and only MACET is
 * open-ended, so every delay falls in exactly one grade. POST replaces the
 * whole set; PATCH changes some grades and the resulting set must still obey
 * the rules. New cooperatives get DEFAULT_COLLECTABILITY (LANCAR 0-30,
 * KURANG LANCAR 31-90, DIRAGUKAN 91-180, MACET 181+; PPAP 0.5/10/50/100 %).
 *
 * For the loans module: `loadCollectability(tx, tenantId)` and
 * `collectabilityGradeOf(daysLate, ranges)` (contracts).
 */
import {
  COLLECTABILITY_GRADES,
  type CollectabilityCalculationType,
  type CollectabilityGrade,
  DEFAULT_COLLECTABILITY,
  DEFAULT_COLLECTABILITY_CALCULATION,
} from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { audit } from '../../lib/audit.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { findCollectabilityRows, insertMissingGrades, upsertGrade } from './collectability.repo.ts';
import { lockTenant } from './tenant-profile.repo.ts';

export interface CollectabilityRow {
  id: string;
  grade: CollectabilityGrade;
  level: number;
  daysLateFrom: number;
  daysLateUntil: number | null;
  calculationType: CollectabilityCalculationType;
  allowancePercent: Dec | number;
}

const levelOf = (g: CollectabilityGrade) => COLLECTABILITY_GRADES.indexOf(g) + 1;

export async function loadCollectability(tx: Tx, tenantId: string): Promise<CollectabilityRow[]> {
  const rows = await findCollectabilityRows(tx, tenantId);
  return rows.map((r) => ({
    id: r.id,
    grade: r.grade,
    level: r.level,
    daysLateFrom: r.days_late_from,
    daysLateUntil: r.days_late_until,
    calculationType: r.calculation_type,
    allowancePercent: r.allowance_percent,
  }));
}

/** Default grades for a new cooperative (seedTenant). */
export async function seedCollectability(tx: Tx, tenantId: string): Promise<void> {
  await insertMissingGrades(
    tx,
    tenantId,
    DEFAULT_COLLECTABILITY.map((d) => ({
      grade: d.grade,
      level: levelOf(d.grade),
      f: d.daysLateFrom,
      u: d.daysLateUntil,
      p: d.allowancePercent,
    })),
    DEFAULT_COLLECTABILITY_CALCULATION,
  );
}

export interface RangeInput {
  grade: CollectabilityGrade;
  daysLateFrom: number;
  daysLateUntil: number | null;
  allowancePercent?: number | Dec;
}

/** Throws 400 with the first broken rule (missing or repeated grade, reversed range, gap, overlap, open end). */
export function validateRanges(items: RangeInput[]): void {
  const seen = new Set<string>();
  items.forEach((it, i) => {
    if (seen.has(it.grade)) {
      throw badRequest('COLLECTABILITY_DUPLICATE', 'settings.grade_duplicate', { grade: it.grade }, [
        { field: `items.${i}.grade`, message: 'settings.grades_incomplete' },
      ]);
    }
    seen.add(it.grade);
  });
  if (items.length !== COLLECTABILITY_GRADES.length || COLLECTABILITY_GRADES.some((g) => !seen.has(g))) {
    throw badRequest('COLLECTABILITY_INCOMPLETE', 'settings.grades_incomplete');
  }
  const sorted = [...items].sort((a, b) => levelOf(a.grade) - levelOf(b.grade));
  const at = (g: CollectabilityGrade) => items.findIndex((x) => x.grade === g);
  for (const r of sorted) {
    if (r.daysLateUntil !== null && r.daysLateUntil < r.daysLateFrom) {
      throw badRequest(
        'COLLECTABILITY_RANGE_REVERSED',
        'settings.range_reversed',
        {
          grade: r.grade,
          from: r.daysLateFrom,
          until: r.daysLateUntil,
        },
        [{ field: `items.${at(r.grade)}.daysLateUntil`, message: 'settings.days_invalid' }],
      );
    }
  }
  if (sorted[0].daysLateFrom !== 0) {
    throw badRequest('COLLECTABILITY_START', 'settings.range_start_zero', undefined, [
      { field: `items.${at(sorted[0].grade)}.daysLateFrom`, message: 'settings.range_start_zero' },
    ]);
  }
  for (let i = 0; i < sorted.length; i++) {
    const cur = sorted[i];
    const next = sorted[i + 1];
    if (!next) {
      if (cur.daysLateUntil !== null) {
        throw badRequest('COLLECTABILITY_LAST_OPEN', 'settings.range_last_open', undefined, [
          { field: `items.${at(cur.grade)}.daysLateUntil`, message: 'settings.range_last_open' },
        ]);
      }
      break;
    }
    if (cur.daysLateUntil === null) {
      throw badRequest('COLLECTABILITY_OPEN_NOT_LAST', 'settings.range_open_not_last', { grade: cur.grade }, [
        { field: `items.${at(cur.grade)}.daysLateUntil`, message: 'settings.range_open_not_last' },
      ]);
    }
    const params = { grade: cur.grade, next: next.grade, from: cur.daysLateFrom, until: cur.daysLateUntil, nextFrom: next.daysLateFrom };
    if (next.daysLateFrom <= cur.daysLateUntil) {
      throw badRequest('COLLECTABILITY_OVERLAP', 'settings.range_overlap', params, [
        { field: `items.${at(next.grade)}.daysLateFrom`, message: 'settings.range_overlap' },
      ]);
    }
    if (next.daysLateFrom > cur.daysLateUntil + 1) {
      throw badRequest(
        'COLLECTABILITY_GAP',
        'settings.range_gap',
        { ...params, gapFrom: cur.daysLateUntil + 1, gapUntil: next.daysLateFrom - 1 },
        [{ field: `items.${at(next.grade)}.daysLateFrom`, message: 'settings.range_gap' }],
      );
    }
  }
}

function present(rows: CollectabilityRow[]) {
  return {
    calculationType: rows[0]?.calculationType ?? DEFAULT_COLLECTABILITY_CALCULATION,
    items: rows,
  };
}

export async function getCollectability(ctx: Ctx) {
  return withTx(ctx, async (tx) => present(await loadCollectability(tx, ctx.tenantId)));
}

async function write(tx: Tx, ctx: Ctx, before: CollectabilityRow[], calc: CollectabilityCalculationType, items: RangeInput[]) {
  validateRanges(items);
  for (const it of items) {
    const prev = before.find((b) => b.grade === it.grade);
    await upsertGrade(
      tx,
      ctx.tenantId,
      {
        grade: it.grade,
        level: levelOf(it.grade),
        daysLateFrom: it.daysLateFrom,
        daysLateUntil: it.daysLateUntil,
        allowancePercent: String(
          it.allowancePercent ?? prev?.allowancePercent ?? DEFAULT_COLLECTABILITY.find((d) => d.grade === it.grade)!.allowancePercent,
        ),
      },
      calc,
      ctx.userId,
    );
  }
  const after = await loadCollectability(tx, ctx.tenantId);
  await audit(tx, ctx, {
    action: 'collectability.update',
    entity: 'collectability_setting',
    entityId: ctx.tenantId,
    before: present(before),
    after: present(after),
  });
  return present(after);
}

/** POST: the whole set. */
export async function setCollectability(ctx: Ctx, body: { calculationType: CollectabilityCalculationType; items: RangeInput[] }) {
  return withTx(ctx, async (tx) => {
    await lockTenant(tx, ctx.tenantId);
    const before = await loadCollectability(tx, ctx.tenantId);
    return write(tx, ctx, before, body.calculationType, body.items);
  });
}

/** PATCH: some grades (found by grade or id) and/or the calculation type. */
export async function patchCollectability(
  ctx: Ctx,
  body: {
    calculationType?: CollectabilityCalculationType;
    items?: Array<{
      id?: string;
      grade?: CollectabilityGrade;
      daysLateFrom?: number;
      daysLateUntil?: number | null;
      allowancePercent?: number;
    }>;
  },
) {
  return withTx(ctx, async (tx) => {
    await lockTenant(tx, ctx.tenantId);
    const before = await loadCollectability(tx, ctx.tenantId);
    const next: RangeInput[] = before.map((b) => ({
      grade: b.grade,
      daysLateFrom: b.daysLateFrom,
      daysLateUntil: b.daysLateUntil,
      allowancePercent: b.allowancePercent,
    }));
    for (const change of body.items ?? []) {
      const row = change.id ? before.find((b) => b.id === change.id) : before.find((b) => b.grade === change.grade);
      if (!row || (change.grade && change.grade !== row.grade)) throw notFound('settings.collectability_not_found');
      const target = next.find((n) => n.grade === row.grade)!;
      if (change.daysLateFrom !== undefined) target.daysLateFrom = change.daysLateFrom;
      if (change.daysLateUntil !== undefined) target.daysLateUntil = change.daysLateUntil;
      if (change.allowancePercent !== undefined) target.allowancePercent = change.allowancePercent;
    }
    const calc = body.calculationType ?? before[0]?.calculationType ?? DEFAULT_COLLECTABILITY_CALCULATION;
    return write(tx, ctx, before, calc, next);
  });
}
