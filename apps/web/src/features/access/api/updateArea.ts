/** PATCH /api/area (body.id). */
import { apiEnvelope } from '../../../lib/api/client';
import type { AreaView } from '../types';
import type { AreaBody } from './createArea';
import { useAccessMutation } from './mutation';

export const updateArea = (body: Partial<AreaBody> & { id: string }) => apiEnvelope<AreaView>('/api/area', { method: 'PATCH', body });
export const useUpdateArea = () => useAccessMutation(updateArea);
