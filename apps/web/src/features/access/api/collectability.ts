/** GET /api/tenant/collectability: the four grades with their day ranges and the calculation type. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { CollectabilitySettings } from '../types';
import { accessKeys } from './keys';

export const getCollectability = (signal?: AbortSignal) => api<CollectabilitySettings>('/api/tenant/collectability', { signal });

export function useCollectability() {
  return useQuery({ queryKey: accessKeys.collectability, queryFn: ({ signal }) => getCollectability(signal) });
}
