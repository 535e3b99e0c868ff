/** GET /api/tenant/logo (any signed-in user) as an object URL for the preview; null when there is none. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchBlob } from './blob';
import { accessKeys } from './keys';

export function useTenantLogo(logoUrl: string | null | undefined) {
  const q = useQuery({
    queryKey: [...accessKeys.logo, logoUrl],
    queryFn: async ({ signal }) => URL.createObjectURL(await fetchBlob(logoUrl!, signal)),
    enabled: Boolean(logoUrl),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { errorToast: false },
  });
  const objectUrl = q.data;
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  return logoUrl ? q : { ...q, data: undefined };
}
