/** PATCH /api/users: change a user (body.id); the last active SUPER ADMIN cannot be demoted. */
import type { UserUpdateBody } from '@koperasi/contracts/access';
import { apiEnvelope } from '../../../lib/api/client';
import type { UserView } from '../types';
import { useAccessMutation } from './mutation';

export const updateUser = (body: UserUpdateBody) => apiEnvelope<UserView>('/api/users', { method: 'PATCH', body });
export const useUpdateUser = () => useAccessMutation(updateUser, { quiet: true });
