/**
 * GET /api/product/{category}/categories: the saving and equity products a
 * member may open, and the closing fee in force of an account's product
 * (shown before closing).
 *
 * Decision (least privilege, the closing fee): the close dialog does not read
 * GET /api/product/{id}/detail, which needs `product:view`. A role that may
 * close accounts (`member_transaction:update`) need not see the Produk menu:
 * the built-in AGENT role has no `product:view`, and a cooperative that lets
 * its agents close accounts would otherwise get a dialog that cannot load the
 * fee. Granting `product:view` to AGENT (and every tenant's stored role)
 * would open every product's terms history and GL mapping to field officers
 * for one figure. Instead the fee comes from `product/SAVING/categories`
 * (`isActive=false`: inactive products too, as an account may outlive its
 * product's sale), open to every signed-in user for the forms' pickers, whose
 * terms are the version in force today — the one close-product-saving charges.
 * The server's closing answer stays the authority (apps/api/test/savings-lists.test.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Product } from './types';

export const getProductsOf = (category: 'SAVING' | 'SAVING_EQUITY', signal?: AbortSignal, opts: { includeInactive?: boolean } = {}) =>
  api<Product[]>(`/api/product/${category}/categories`, {
    query: opts.includeInactive ? { isActive: false } : undefined,
    signal,
  });

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

/** The closing fee in force of a voluntary or plan saving's product (null terms fee = no fee); an error when the product is not found. */
export function useClosingFee(productId: string) {
  return useQuery({
    queryKey: ['products', 'SAVING', 'all'],
    queryFn: ({ signal }) => getProductsOf('SAVING', signal, { includeInactive: true }),
    staleTime: 60_000,
    select: (products) => {
      const p = products.find((x) => x.id === productId);
      if (!p) throw new Error(`product ${productId} not found`);
      return { productName: p.name, closingFee: p.terms?.closingFee ?? 0 };
    },
  });
}
