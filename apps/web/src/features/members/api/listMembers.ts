/** GET /api/member/datatable: search, page, limit, isActive, isNonMember 0/1, memberType, status, branchId, start, end, sort. */
import type { MemberListItem } from '@koperasi/contracts/members';
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';

export type MemberPage = Page<MemberListItem> & { totalCapped?: boolean };

export const listMembers = (p: ListParams, signal?: AbortSignal) =>
  api<MemberPage>('/api/member/datatable', { query: listQuery(p), signal });
