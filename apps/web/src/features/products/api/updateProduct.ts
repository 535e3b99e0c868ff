/**
 * PATCH /api/product {id, ...changes}: fields in place, terms as a new version
 * from `effectiveDate` (today or later), GL roles given (product:update).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { PatchBody } from '../lib/productForm';
import type { ProductDetail } from '../lib/types';
import { productsKey } from './keys';

export const updateProduct = (body: PatchBody) => apiEnvelope<ProductDetail>('/api/product', { method: 'PATCH', body });

export function useUpdateProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    meta: { errorToast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: productsKey }),
  });
}
