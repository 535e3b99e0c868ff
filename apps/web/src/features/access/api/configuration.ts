/** GET /api/configuration: every configuration key with its effective value (docs/access.md "Configuration keys"). */
import type { ConfigValues } from '@koperasi/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { accessKeys } from './keys';

export const getConfiguration = (signal?: AbortSignal) => api<ConfigValues>('/api/configuration', { signal });

export function useConfiguration() {
  return useQuery({ queryKey: accessKeys.configuration, queryFn: ({ signal }) => getConfiguration(signal) });
}
