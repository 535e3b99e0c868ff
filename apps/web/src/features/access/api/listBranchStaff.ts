/** GET /api/member/user/{organizationId}/datatable: the staff of an organization (a branch). */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { UserView } from '../types';

export const listBranchStaff = (organizationId: string, p: ListParams, signal?: AbortSignal) =>
  api<Page<UserView>>(`/api/member/user/${encodeURIComponent(organizationId)}/datatable`, { query: listQuery(p), signal });
