/** POST /api/branch: code, name (both unique ignoring case), address, phone, active. */

import type { branchCreateBody } from '@koperasi/contracts/access';
import type { z } from 'zod';
import { apiEnvelope } from '../../../lib/api/client';
import type { BranchView } from '../types';
import { useAccessMutation } from './mutation';

export type BranchBody = z.input<typeof branchCreateBody>;
export const createBranch = (body: BranchBody) => apiEnvelope<BranchView>('/api/branch', { method: 'POST', body });
export const useCreateBranch = () => useAccessMutation(createBranch);
