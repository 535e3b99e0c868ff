/** GET /api/users/datatable: search, page, limit (999 = all), position, isActive, roleId, branchId, areaId, sortBy, ascOrDesc. */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { UserView } from '../types';

export const listUsers = (p: ListParams, signal?: AbortSignal) =>
  api<Page<UserView>>('/api/users/datatable', { query: listQuery(p), signal });
