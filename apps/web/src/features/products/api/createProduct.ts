/** POST /api/product: a product of any kind with its terms (version 1) and GL mapping (product:add). */
import type { ProductCreateBody } from '@koperasi/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { ProductDetail } from '../lib/types';
import { productsKey } from './keys';

export const createProduct = (body: ProductCreateBody) => apiEnvelope<ProductDetail>('/api/product', { method: 'POST', body });

export function useCreateProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    // Field errors go to their fields (and step); the form shows the rest itself.
    meta: { errorToast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: productsKey }),
  });
}
