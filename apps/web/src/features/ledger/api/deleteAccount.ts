/** DELETE /api/coa/{id}/delete: only an account without postings or sub-accounts (the server says why otherwise). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { ledgerKeys } from './keys';

export function useDeleteAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiEnvelope<{ id: string; code: string }>(`/api/coa/${id}/delete`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}
