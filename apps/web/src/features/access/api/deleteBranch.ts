/** DELETE /api/branch/{id}/delete: only an unused branch (409 with the count otherwise; deactivate it instead). */
import { apiEnvelope } from '../../../lib/api/client';
import { useAccessMutation } from './mutation';

export const deleteBranch = (id: string) => apiEnvelope<null>(`/api/branch/${encodeURIComponent(id)}/delete`, { method: 'DELETE' });
export const useDeleteBranch = () => useAccessMutation(deleteBranch, { quiet: true });
