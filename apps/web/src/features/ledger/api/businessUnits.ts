/**
 * GET /api/business-unit/list-all (spec section 7 "Settings"): the business
 * units for the reports' filter. The business-unit area serves it; until it
 * does (or when the cooperative has none) the filter stays hidden, quietly.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { BusinessUnitOption } from '../lib/types';

export function useBusinessUnits() {
  return useQuery({
    queryKey: ['business-unit', 'list-all'],
    queryFn: async ({ signal }) => {
      const data = await api<unknown>('/api/business-unit/list-all', { signal });
      const rows = Array.isArray(data) ? data : ((data as { content?: unknown[] } | null)?.content ?? []);
      return rows
        .map((r) => r as { id?: string; name?: string })
        .filter((r): r is BusinessUnitOption => typeof r.id === 'string' && typeof r.name === 'string');
    },
    meta: { errorToast: false },
    retry: false,
    staleTime: 5 * 60_000,
  });
}
