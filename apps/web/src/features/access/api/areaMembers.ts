/** GET /api/area/member/{id}/datatable: the area's staff and members (kind, isActive, search). */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { OrganizationPerson } from '../types';

export const listAreaMembers = (id: string, p: ListParams, signal?: AbortSignal) =>
  api<Page<OrganizationPerson>>(`/api/area/member/${encodeURIComponent(id)}/datatable`, { query: listQuery(p), signal });
