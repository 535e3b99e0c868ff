/** GET /api/role/datatable: roles with their matrix, limits and user count (page 0, size 10 by default). */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { RoleView } from '../types';

export const listRoles = (p: ListParams, signal?: AbortSignal) =>
  api<Page<RoleView>>('/api/role/datatable', { query: listQuery(p), signal });
