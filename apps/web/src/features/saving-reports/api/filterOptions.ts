/**
 * What the report filters offer: the saving products (GET product/SAVING and
 * SAVING_EQUITY/categories, inactive ones too; any signed-in user), and the
 * branches, areas and users (GET member/form-options, for roles that see
 * members; the filters are hidden otherwise).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { ProductOption } from '../lib/types';
import { reportsKey } from './keys';

export async function listSavingProducts(signal?: AbortSignal): Promise<ProductOption[]> {
  const [savings, equity] = await Promise.all([
    api<ProductOption[]>('/api/product/SAVING/categories', { query: { isActive: false }, signal }),
    api<ProductOption[]>('/api/product/SAVING_EQUITY/categories', { query: { isActive: false }, signal }),
  ]);
  return [...equity, ...savings];
}

export function useSavingProducts() {
  return useQuery({ queryKey: [...reportsKey, 'products'], queryFn: ({ signal }) => listSavingProducts(signal), staleTime: 5 * 60_000 });
}

export interface FilterOptions {
  branches: Array<{ id: string; name: string }>;
  areas: Array<{ id: string; name: string }>;
  users: Array<{ id: string; name: string }>;
}

interface FormOptions {
  branches: Array<{ id: string; name: string }>;
  areas: Array<{ id: string; name: string }>;
  agents: Array<{ id: string; name: string }>;
  staff: Array<{ id: string; name: string }>;
}

export async function getFilterOptions(signal?: AbortSignal): Promise<FilterOptions> {
  const o = await api<FormOptions>('/api/member/form-options', { signal });
  const users = new Map<string, string>();
  for (const u of [...o.staff, ...o.agents]) users.set(u.id, u.name);
  return {
    branches: o.branches.map((b) => ({ id: b.id, name: b.name })),
    areas: o.areas.map((a) => ({ id: a.id, name: a.name })),
    users: [...users].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

export function useFilterOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'filter-options'],
    queryFn: ({ signal }) => getFilterOptions(signal),
    enabled,
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}
