/**
 * GET /api/business-unit/list-all (spec section 7 "Settings"): the business
 * units for the reports' filter. The business-unit area serves it; until
 * that area registers its screens (`/business-units`) the call is never made
 * (the route does not exist) and the filter is absent, as when the
 * cooperative has no unit.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { isServedPath } from '../../../lib/servedPaths';
import type { BusinessUnitOption } from '../lib/types';

/** The screen whose presence means the business-unit area (and its API) exists. */
export const BUSINESS_UNITS_PATH = '/business-units';

export function useBusinessUnits() {
  return useQuery({
    enabled: isServedPath(BUSINESS_UNITS_PATH),
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
