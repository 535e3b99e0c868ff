/** GET /api/transaction/product/loan/datatable: loans by status, product and period (server paging, search by member, CIF or loan number). */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { LoanView } from './types';

export const listLoans = (p: ListParams, signal?: AbortSignal) =>
  api<Page<LoanView>>('/api/transaction/product/loan/datatable', { query: listQuery(p), signal });
