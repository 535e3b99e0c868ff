/** DELETE /api/tenant/logo. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { accessKeys } from './keys';

export const deleteLogo = () => apiEnvelope<unknown>('/api/tenant/logo', { method: 'DELETE' });

export function useDeleteLogo() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteLogo, onSuccess: () => qc.invalidateQueries({ queryKey: accessKeys.tenant }) });
}
