/** GET /api/member/{id}/suggestion-cif: the next ID Anggota the cooperative's pattern gives ({id}: a member, a branch, or `new`). */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { membersKey } from './keys';

export interface CifSuggestion {
  cifNumber: string;
  pattern: string;
}

export const suggestionCif = (id: string, signal?: AbortSignal) =>
  api<CifSuggestion>(`/api/member/${encodeURIComponent(id)}/suggestion-cif`, { signal });

export function useSuggestionCif(id: string | null | undefined, enabled = true) {
  const key = id || 'new';
  return useQuery({
    queryKey: [...membersKey, 'suggestion-cif', key],
    queryFn: ({ signal }) => suggestionCif(key, signal),
    enabled,
    staleTime: 5_000,
    meta: { errorToast: false },
  });
}
