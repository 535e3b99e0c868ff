/** Members: the staff list (member_list), the agent's own members and the search-as-you-type finder. */
import type { MemberDatatableQuery } from '@koperasi/contracts';
import type { Tx } from '../../db/db.ts';
import { type Ctx, withTx } from '../../lib/context.ts';
import { paged } from '../../lib/http.ts';
import { type ListRow, listRowsOf, memberListPage, memberQuickSearch } from './members.list.repo.ts';
import { isAgent, phonePrefix, toListItem } from './members.repo.ts';

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

/** The list rows of these ids, in the order given (read under row-level security). */
async function rowsByIds(tx: Tx, ids: string[], rank?: Map<string, number>): Promise<ListRow[]> {
  if (!ids.length) return [];
  const rows = await listRowsOf(tx, ids);
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

/** member_quick_search's first six arguments from searchPatterns, in its order (the member and account searches). */
export function quickSearchArgs(
  p: NonNullable<ReturnType<typeof searchPatterns>>,
): [string | null, string | null, string | null, string | null, string | null, string | null] {
  return [p.cifExact, p.cifPrefix, p.phonePrefix, p.identityPrefix, p.namePrefix, p.nameLike];
}

/** Midnight WIB of a day, as an instant. */
const wibMidnight = (day: string, plusDays = 0) => new Date(new Date(`${day}T00:00:00+07:00`).getTime() + plusDays * 86_400_000);

export async function listPage(tx: Tx, f: ListFilter, page: number, limit: number, sortBy: string | undefined, dir: 'ASC' | 'DESC') {
  const p = searchPatterns(f.search);
  const { ids, total, capped } = await memberListPage(tx, [
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
  ]);
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
    const hits = await memberQuickSearch(tx, [...quickSearchArgs(p), !includeInactive, isAgent(ctx) ? ctx.userId : null, limit]);
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
