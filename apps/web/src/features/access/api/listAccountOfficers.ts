/** GET /api/users/ao: active users flagged as account officers (agents and AOs), paged. */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { UserView } from '../types';

export const listAccountOfficers = (p: ListParams, signal?: AbortSignal) =>
  api<Page<UserView>>('/api/users/ao', { query: listQuery(p), signal });
