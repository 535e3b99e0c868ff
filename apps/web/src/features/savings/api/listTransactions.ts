/**
 * GET /api/transaction/datatable (every filter of the spec: search,
 * startCreated/endCreated, startApprovedDate/endApprovedDate, product,
 * activity, isActive, plus kind, productKind, channel, memberSavingId) and
 * GET /api/transaction/datatable-by-me (an agent's own, limit up to 1000).
 */
import { api } from '../../../lib/api/client';
import { type ListParams, listQuery, type Page } from '../../../lib/api/list';
import type { Transaction } from './types';

export const listTransactions = (p: ListParams, signal?: AbortSignal) =>
  api<Page<Transaction>>('/api/transaction/datatable', { query: listQuery(p), signal });

export const listMyTransactions = (p: ListParams, signal?: AbortSignal) =>
  api<Page<Transaction>>('/api/transaction/datatable-by-me', { query: listQuery(p), signal });
