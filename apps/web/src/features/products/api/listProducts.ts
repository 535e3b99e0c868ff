/** GET /api/product/datatable: search (name or code), isActive, kind, savingType, page, limit, sortBy (created_date, name, code, kind). */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { ProductView } from '../lib/types';

export const listProducts = (p: ListParams, signal?: AbortSignal) =>
  api<Page<ProductView>>('/api/product/datatable', { query: listQuery(p), signal });
