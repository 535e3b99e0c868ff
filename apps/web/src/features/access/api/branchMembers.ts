/** GET /api/branch/member/{id}/datatable: the branch's staff and members (kind, isActive, search). */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { OrganizationPerson } from '../types';

export const listBranchMembers = (id: string, p: ListParams, signal?: AbortSignal) =>
  api<Page<OrganizationPerson>>(`/api/branch/member/${encodeURIComponent(id)}/datatable`, { query: listQuery(p), signal });
