/** GET /api/transaction/product/{id}/passbook?start&end: the passbook-style statement (opening, rows with running balance, closing). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { accountKey } from './keys';
import type { Passbook } from './types';

export const PASSBOOK_PATH = (id: string) => `/api/transaction/product/${id}/passbook`;

export const getPassbook = (id: string, p: { start?: string | null; end?: string | null }, signal?: AbortSignal) =>
  api<Passbook>(PASSBOOK_PATH(id), { query: { start: p.start ?? undefined, end: p.end ?? undefined }, signal });

export function usePassbook(id: string | undefined, p: { start?: string | null; end?: string | null }) {
  return useQuery({
    queryKey: [...accountKey(id ?? ''), 'passbook', p],
    queryFn: ({ signal }) => getPassbook(id!, p, signal),
    enabled: Boolean(id),
  });
}
