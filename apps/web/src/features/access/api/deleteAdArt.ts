/** DELETE /api/ad-art/{id}/delete. */
import { apiEnvelope } from '../../../lib/api/client';
import { accessKeys } from './keys';
import { useAccessMutation } from './mutation';

export const deleteAdArt = (id: string) => apiEnvelope<null>(`/api/ad-art/${encodeURIComponent(id)}/delete`, { method: 'DELETE' });
export const useDeleteAdArt = () => useAccessMutation(deleteAdArt, { key: accessKeys.adArt });
