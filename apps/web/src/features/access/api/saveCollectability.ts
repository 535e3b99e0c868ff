/** POST /api/tenant/collectability: replaces the four grades (validated whole: from 0, no gap, no overlap, MACET open-ended). */
import type { CollectabilityCalculationType, CollectabilityGrade } from '@koperasi/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import type { CollectabilitySettings } from '../types';
import { accessKeys } from './keys';

export interface CollectabilityBody {
  calculationType: CollectabilityCalculationType;
  items: Array<{ grade: CollectabilityGrade; daysLateFrom: number; daysLateUntil: number | null; allowancePercent?: number }>;
}

export const saveCollectability = (body: CollectabilityBody) =>
  apiEnvelope<CollectabilitySettings>('/api/tenant/collectability', { method: 'POST', body });

export function useSaveCollectability() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveCollectability, onSuccess: (env) => qc.setQueryData(accessKeys.collectability, env.data) });
}
