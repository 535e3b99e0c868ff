/** POST /api/tenant/logo (multipart `file`: JPEG, PNG or WebP up to 5 MB; stored as PNG, at most 1024 px). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { accessKeys } from './keys';

export const uploadLogo = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiEnvelope<{ logoUrl: string }>('/api/tenant/logo', { method: 'POST', body: form });
};

export function useUploadLogo() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: uploadLogo, onSuccess: () => qc.invalidateQueries({ queryKey: accessKeys.tenant }) });
}
