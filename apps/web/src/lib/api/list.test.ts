import { EXPORT_MAX_ROWS } from '@koperasi/contracts/common';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { allRows, type ListParams, type Page } from './list';

/** A server list of `total` rows (ids 1..total), answering pages as the API does. */
function server(total: number, shiftAfterFirst = 0) {
  const asked: ListParams[] = [];
  const fetchPage = async (p: ListParams): Promise<Page<{ id: number }>> => {
    asked.push(p);
    // A row added at the top after the first page moves every later row one page further (offset paging).
    const shift = asked.length > 1 ? shiftAfterFirst : 0;
    const from = p.page * p.limit - shift;
    const content = Array.from({ length: Math.max(0, Math.min(p.limit, total - from)) }, (_, i) => ({ id: from + i + 1 }));
    return { content, page: p.page, limit: p.limit, totalElements: total, totalPages: Math.ceil(total / p.limit) };
  };
  return { fetchPage, asked };
}

describe('allRows (every row of a list, for an export)', () => {
  it('reads every page of the largest size, in order, with the filters', async () => {
    const s = server(2_500);
    const rows = await allRows(s.fetchPage, { search: 'budi', filters: { status: 'ACTIVE' } });
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 2_500 }, (_, i) => i + 1));
    expect(s.asked.map((p) => [p.page, p.limit])).toEqual([
      [0, 1000],
      [1, 1000],
      [2, 1000],
    ]);
    expect(s.asked.every((p) => p.search === 'budi' && p.filters?.status === 'ACTIVE')).toBe(true);
  });

  it('keeps a row once when it moved to the next page while the list was read', async () => {
    const rows = await allRows(server(1_500, 1).fetchPage, {});
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows).toHaveLength(1_500);
  });

  it('an empty list is no rows, one request', async () => {
    const s = server(0);
    expect(await allRows(s.fetchPage, {})).toEqual([]);
    expect(s.asked).toHaveLength(1);
  });

  it('over the export limit: refused with the message, nothing more read (never a file cut short)', async () => {
    const s = server(EXPORT_MAX_ROWS + 1);
    const err = await allRows(s.fetchPage, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).errorCode).toBe('EXPORT_TOO_MANY_ROWS');
    expect((err as ApiError).message).toContain(String(EXPORT_MAX_ROWS));
    expect(s.asked).toHaveLength(1);
  });
});
