/** GET /api/product/{id}/detail: the product, its terms in force, every terms version (newest first), the upcoming one, GL accounts, usage. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { ProductDetail } from '../lib/types';
import { productKey } from './keys';

export const getProduct = (id: string, signal?: AbortSignal) => api<ProductDetail>(`/api/product/${id}/detail`, { signal });

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: productKey(id ?? ''),
    queryFn: ({ signal }) => getProduct(id!, signal),
    enabled: Boolean(id),
  });
}
