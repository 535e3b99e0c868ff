/** GET /api/transaction/{id}/receipt?paper=A5|80MM: everything a printed receipt shows (the layout is the web's). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { savingsKey } from './keys';
import type { Receipt } from './types';

export type Paper = 'A5' | '80MM';

export const getReceipt = (id: string, paper: Paper, signal?: AbortSignal) =>
  api<Receipt>(`/api/transaction/${id}/receipt`, { query: { paper }, signal });

export function useReceipt(id: string | undefined, paper: Paper) {
  return useQuery({
    queryKey: [...savingsKey, 'receipt', id, paper],
    queryFn: ({ signal }) => getReceipt(id!, paper, signal),
    enabled: Boolean(id),
    staleTime: 0,
  });
}
