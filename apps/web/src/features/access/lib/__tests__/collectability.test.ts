import { DEFAULT_COLLECTABILITY } from '@koperasi/contracts/settings';
import { describe, expect, it } from 'vitest';
import { chainRanges, checkRanges, type RangeRow } from '../collectability';

const rows = (...r: Array<[number | null, number | null]>): RangeRow[] =>
  (['LANCAR', 'KURANG LANCAR', 'DIRAGUKAN', 'MACET'] as const).map((grade, i) => ({
    grade,
    daysLateFrom: r[i]![0],
    daysLateUntil: r[i]![1],
  }));

describe('collectability range check (the server rules of validateRanges)', () => {
  it('accepts the defaults', () => {
    expect(checkRanges(DEFAULT_COLLECTABILITY)).toEqual([]);
  });

  it('reports an overlap on the later grade, with the server message parameters', () => {
    const issues = checkRanges(rows([0, 30], [25, 90], [91, 180], [181, null]));
    expect(issues).toEqual([
      {
        key: 'settings.range_overlap',
        params: { grade: 'LANCAR', next: 'KURANG LANCAR', from: 0, until: 30, nextFrom: 25 },
        grade: 'KURANG LANCAR',
        field: 'daysLateFrom',
      },
    ]);
  });

  it('reports a gap with its first and last day', () => {
    const [issue] = checkRanges(rows([0, 30], [31, 90], [100, 180], [181, null]));
    expect(issue).toMatchObject({ key: 'settings.range_gap', grade: 'DIRAGUKAN', params: { gapFrom: 91, gapUntil: 99 } });
  });

  it('LANCAR starts at 0, until is not before from, only MACET is open-ended and MACET must be', () => {
    expect(checkRanges(rows([1, 30], [31, 90], [91, 180], [181, null])).map((i) => i.key)).toEqual(['settings.range_start_zero']);
    expect(checkRanges(rows([0, 30], [31, 20], [21, 180], [181, null])).map((i) => i.key)).toContain('settings.range_reversed');
    expect(checkRanges(rows([0, 30], [31, null], [91, 180], [181, null])).map((i) => [i.key, i.grade])).toContainEqual([
      'settings.range_open_not_last',
      'KURANG LANCAR',
    ]);
    expect(checkRanges(rows([0, 30], [31, 90], [91, 180], [181, 365])).map((i) => i.key)).toEqual(['settings.range_last_open']);
  });

  it('an empty "from" is a field problem, not a crash', () => {
    expect(checkRanges(rows([0, 30], [null, 90], [91, 180], [181, null]))).toEqual([
      { key: 'settings.days_invalid', grade: 'KURANG LANCAR', field: 'daysLateFrom' },
    ]);
  });

  it('lists every problem at once (the server stops at the first)', () => {
    const keys = checkRanges(rows([5, 30], [20, 90], [120, 180], [181, 200])).map((i) => i.key);
    expect(keys.sort()).toEqual(['settings.range_gap', 'settings.range_last_open', 'settings.range_overlap', 'settings.range_start_zero']);
  });

  it('joining the ranges makes any set valid without moving the "until" days', () => {
    const fixed = chainRanges(rows([3, 30], [20, 90], [120, 180], [181, 200]));
    expect(fixed.map((r) => [r.daysLateFrom, r.daysLateUntil])).toEqual([
      [0, 30],
      [31, 90],
      [91, 180],
      [181, null],
    ]);
    expect(checkRanges(fixed)).toEqual([]);
  });
});
