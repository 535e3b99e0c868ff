/** GET /api/product/gl-defaults?kind=&savingType=: the GL roles of a kind, their account types and the chart's default account. */
import type { ProductKind } from '@koperasi/contracts/enums';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { GlDefault } from '../lib/types';
import { productsKey } from './keys';

export const getGlDefaults = (kind: ProductKind, savingType: string | undefined, signal?: AbortSignal) =>
  api<GlDefault[]>('/api/product/gl-defaults', { query: { kind, savingType }, signal });

export function useGlDefaults(kind: ProductKind, savingType?: string) {
  return useQuery({
    queryKey: [...productsKey, 'gl-defaults', kind, savingType ?? ''],
    queryFn: ({ signal }) => getGlDefaults(kind, savingType || undefined, signal),
    staleTime: 5 * 60_000,
  });
}
