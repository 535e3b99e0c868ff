import type { Envelope, Page } from '@koperasi/contracts';

const PARAMS = Symbol.for('koperasi.messageParams');

/** Success envelope; `message` may be a catalogue key, translated on the way out. */
export function ok<T>(data: T, message = 'common.success', params?: Record<string, unknown>): Envelope<T> {
  const env: Envelope<T> = { status: true, code: 200, message, data };
  if (params) Object.defineProperty(env, PARAMS, { value: params, enumerable: false });
  return env;
}

export function messageParams(env: object): Record<string, unknown> | undefined {
  return (env as Record<symbol, Record<string, unknown> | undefined>)[PARAMS];
}

/** List answer of the HTTP contract. */
export function paged<T>(content: T[], total: number, page: number, limit: number): Page<T> {
  return {
    content,
    page,
    limit,
    totalElements: total,
    totalPages: limit > 0 ? Math.ceil(total / limit) : 0,
  };
}

/**
 * ORDER BY clause from a whitelisted sort key. `columns` maps the client's
 * names (created_date, name, ...) to SQL expressions; anything else falls back
 * to the default. Always ends with a unique tiebreaker so pages are stable.
 */
export function orderBy(
  sortBy: string | undefined,
  dir: 'ASC' | 'DESC',
  columns: Record<string, string>,
  fallback: string,
  tiebreaker = 'id',
): string {
  const col = (sortBy && Object.hasOwn(columns, sortBy) ? columns[sortBy] : undefined) ?? columns[fallback] ?? fallback;
  const d = dir === 'ASC' ? 'ASC' : 'DESC';
  return `ORDER BY ${col} ${d} NULLS LAST, ${tiebreaker} ${d}`;
}

/** Escape a user's search text for LIKE/ILIKE with the default backslash escape. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
