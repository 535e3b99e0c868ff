/** DELETE /api/area/{id}/member/{memberId}: take a user or a member out of the area. */
import { apiEnvelope } from '../../../lib/api/client';
import { useAccessMutation } from './mutation';

export const removeAreaMember = (v: { areaId: string; memberId: string }) =>
  apiEnvelope<null>(`/api/area/${encodeURIComponent(v.areaId)}/member/${encodeURIComponent(v.memberId)}`, { method: 'DELETE' });
export const useRemoveAreaMember = () => useAccessMutation(removeAreaMember);
