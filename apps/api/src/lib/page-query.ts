/**
 * The query of every paged list and report (the spec's `page`, `limit`, `search`, `sortBy`, `ascOrDesc`, and for
 * the dated ones `start`/`end`): the routes' query schemas validate it, services and repos take it as this type.
 */
export interface PageQuery {
  page: number;
  limit: number;
  search?: string;
  sortBy?: string;
  ascOrDesc: 'ASC' | 'DESC';
}

/** A paged list or report over a period (inclusive dates, YYYY-MM-DD). */
export interface DatedPageQuery extends PageQuery {
  start?: string;
  end?: string;
}
