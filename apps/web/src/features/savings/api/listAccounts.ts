/** GET /api/transaction/saving/datatable: saving accounts (search, productId, memberId, kind, status, isActive, branchId). */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { SavingAccount } from './types';

export const listAccounts = (p: ListParams, signal?: AbortSignal) =>
  api<Page<SavingAccount>>('/api/transaction/saving/datatable', { query: listQuery(p), signal });
