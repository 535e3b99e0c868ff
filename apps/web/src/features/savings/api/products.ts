/**
 * GET /api/product/{category}/categories (the saving and equity products a
 * member may open) and GET /api/product/{id}/detail (the terms in force: the
 * closing fee and minimum balance shown before closing).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Product } from './types';

export const getProductsOf = (category: 'SAVING' | 'SAVING_EQUITY', signal?: AbortSignal) =>
  api<Product[]>(`/api/product/${category}/categories`, { signal });
export const getProduct = (id: string, signal?: AbortSignal) => api<Product>(`/api/product/${id}/detail`, { signal });

export function useSavingProducts(enabled = true) {
  return useQuery({
    queryKey: ['products', 'savings-openable'],
    queryFn: async ({ signal }) => {
      const [saving, equity] = await Promise.all([getProductsOf('SAVING', signal), getProductsOf('SAVING_EQUITY', signal)]);
      return [...equity, ...saving].filter((p) => p.isActive);
    },
    enabled,
    staleTime: 60_000,
  });
}

export function useProduct(id: string | null | undefined) {
  return useQuery({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => getProduct(id!, signal),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}
