/**
 * The check of the collectability ranges before saving, the same rules as the
 * server (apps/api/src/modules/settings/collectability.ts validateRanges) and
 * the same catalogue messages: in grade order the ranges start at 0, each
 * next grade starts the day after the previous one ends (no gap, no overlap),
 * "until" is not before "from", and only MACET is open-ended. Unlike the
 * server, which stops at the first problem, this lists every problem so each
 * field can show its own.
 */
import { COLLECTABILITY_GRADES } from '@koperasi/contracts/enums';
import type { CollectabilityGrade } from '@koperasi/contracts/settings';

export interface RangeRow {
  grade: CollectabilityGrade;
  daysLateFrom: number | null;
  daysLateUntil: number | null;
}

export interface RangeIssue {
  /** Catalogue key (messages/access.ts). */
  key: string;
  params?: Record<string, unknown>;
  grade: CollectabilityGrade;
  field: 'daysLateFrom' | 'daysLateUntil';
}

const isDays = (v: number | null): v is number => v !== null && Number.isInteger(v) && v >= 0;

export function checkRanges(items: RangeRow[]): RangeIssue[] {
  const issues: RangeIssue[] = [];
  const sorted = [...items].sort((a, b) => COLLECTABILITY_GRADES.indexOf(a.grade) - COLLECTABILITY_GRADES.indexOf(b.grade));
  const last = sorted.length - 1;
  sorted.forEach((r, i) => {
    if (!isDays(r.daysLateFrom)) issues.push({ key: 'settings.days_invalid', grade: r.grade, field: 'daysLateFrom' });
    if (r.daysLateUntil !== null && !isDays(r.daysLateUntil)) {
      issues.push({ key: 'settings.days_invalid', grade: r.grade, field: 'daysLateUntil' });
    }
    if (i === last) {
      if (r.daysLateUntil !== null) issues.push({ key: 'settings.range_last_open', grade: r.grade, field: 'daysLateUntil' });
    } else if (r.daysLateUntil === null) {
      issues.push({ key: 'settings.range_open_not_last', params: { grade: r.grade }, grade: r.grade, field: 'daysLateUntil' });
    }
    if (isDays(r.daysLateFrom) && isDays(r.daysLateUntil) && r.daysLateUntil < r.daysLateFrom) {
      issues.push({
        key: 'settings.range_reversed',
        params: { grade: r.grade, from: r.daysLateFrom, until: r.daysLateUntil },
        grade: r.grade,
        field: 'daysLateUntil',
      });
    }
  });
  const first = sorted[0];
  if (first && isDays(first.daysLateFrom) && first.daysLateFrom !== 0) {
    issues.push({ key: 'settings.range_start_zero', grade: first.grade, field: 'daysLateFrom' });
  }
  for (let i = 0; i < last; i++) {
    const cur = sorted[i]!;
    const next = sorted[i + 1]!;
    if (!isDays(cur.daysLateUntil) || !isDays(next.daysLateFrom)) continue;
    const params = { grade: cur.grade, next: next.grade, from: cur.daysLateFrom, until: cur.daysLateUntil, nextFrom: next.daysLateFrom };
    if (next.daysLateFrom <= cur.daysLateUntil) {
      issues.push({ key: 'settings.range_overlap', params, grade: next.grade, field: 'daysLateFrom' });
    } else if (next.daysLateFrom > cur.daysLateUntil + 1) {
      issues.push({
        key: 'settings.range_gap',
        params: { ...params, gapFrom: cur.daysLateUntil + 1, gapUntil: next.daysLateFrom - 1 },
        grade: next.grade,
        field: 'daysLateFrom',
      });
    }
  }
  return issues;
}

/** Close every gap and overlap: each grade starts the day after the previous one ends; MACET stays open. */
export function chainRanges<T extends RangeRow>(items: T[]): T[] {
  const sorted = [...items].sort((a, b) => COLLECTABILITY_GRADES.indexOf(a.grade) - COLLECTABILITY_GRADES.indexOf(b.grade));
  return sorted.map((r, i) => {
    if (i === 0) return { ...r, daysLateFrom: 0 };
    const prev = sorted[i - 1]!;
    const from = isDays(prev.daysLateUntil) ? prev.daysLateUntil + 1 : r.daysLateFrom;
    // Keep "until" after the new start (the previous row may have moved it).
    const until = i === sorted.length - 1 ? null : r.daysLateUntil;
    sorted[i] = { ...r, daysLateFrom: from, daysLateUntil: until !== null && from !== null && until < from ? from : until };
    return sorted[i]!;
  });
}
