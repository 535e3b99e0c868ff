/** PATCH /api/branch (body.id). */
import { apiEnvelope } from '../../../lib/api/client';
import type { BranchView } from '../types';
import type { BranchBody } from './createBranch';
import { useAccessMutation } from './mutation';

export const updateBranch = (body: Partial<BranchBody> & { id: string }) =>
  apiEnvelope<BranchView>('/api/branch', { method: 'PATCH', body });
export const useUpdateBranch = () => useAccessMutation(updateBranch);
