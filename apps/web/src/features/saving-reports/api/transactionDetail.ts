/**
 * GET /api/report/transactions/{id}/detail, or /{code}/detail-by-code when
 * the reference is a transaction code (TRX...): the operation, its reversal
 * and the journal lines.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { TransactionDetail } from '../lib/types';
import { reportsKey } from './keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const transactionDetailPath = (ref: string) =>
  UUID.test(ref)
    ? `/api/report/transactions/${ref}/detail`
    : `/api/report/transactions/${encodeURIComponent(ref.trim().toUpperCase())}/detail-by-code`;

export const getTransactionDetail = (ref: string, signal?: AbortSignal) => api<TransactionDetail>(transactionDetailPath(ref), { signal });

export function useTransactionDetail(ref: string | undefined) {
  return useQuery({
    queryKey: [...reportsKey, 'transaction', ref ?? ''],
    queryFn: ({ signal }) => getTransactionDetail(ref!, signal),
    enabled: Boolean(ref),
  });
}
