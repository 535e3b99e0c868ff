/** DELETE /api/area/{id}/delete: only an empty area (409 otherwise). */
import { apiEnvelope } from '../../../lib/api/client';
import { useAccessMutation } from './mutation';

export const deleteArea = (id: string) => apiEnvelope<null>(`/api/area/${encodeURIComponent(id)}/delete`, { method: 'DELETE' });
export const useDeleteArea = () => useAccessMutation(deleteArea, { quiet: true });
