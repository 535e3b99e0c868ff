/** POST /api/users: add a user; the server sends the invitation to set a password. */
import type { UserCreateBody } from '@koperasi/contracts/access';
import { apiEnvelope } from '../../../lib/api/client';
import type { UserView } from '../types';
import { useAccessMutation } from './mutation';

export const createUser = (body: UserCreateBody) => apiEnvelope<UserView>('/api/users', { method: 'POST', body });
export const useCreateUser = () => useAccessMutation(createUser, { quiet: true });
