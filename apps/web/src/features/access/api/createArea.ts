/** POST /api/area: name (unique ignoring case), description, branch, active. */

import type { areaCreateBody } from '@koperasi/contracts/access';
import type { z } from 'zod';
import { apiEnvelope } from '../../../lib/api/client';
import type { AreaView } from '../types';
import { useAccessMutation } from './mutation';

export type AreaBody = z.input<typeof areaCreateBody>;
export const createArea = (body: AreaBody) => apiEnvelope<AreaView>('/api/area', { method: 'POST', body });
export const useCreateArea = () => useAccessMutation(createArea);
