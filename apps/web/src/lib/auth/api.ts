/** The calls of sign-in, session and sign-out (spec section 7, "Authentication"). */
import type { OAuthErrorCode } from '@koperasi/contracts/errors';
import type { UserDetail } from '@koperasi/contracts/web';
import { api, request } from '../api/client';
import { ApiError } from '../api/errors';
import { messageText } from '../i18n/messages';

const CLIENT_ID = import.meta.env.VITE_OAUTH_CLIENT_ID ?? 'web';
const CLIENT_SECRET = import.meta.env.VITE_OAUTH_CLIENT_SECRET ?? 'web-secret';

export interface TokenAnswer {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

/**
 * POST /oauth/token (password grant). Errors carry the spec's texts
 * (section 8, "Login"): 'Bad credentials' → the wrong-credentials sentence;
 * other errors → the server's error_description, else the generic text; an
 * answer without access_token → 'Email/nomor ponsel atau kata sandi salah'.
 */
export async function requestToken(username: string, password: string): Promise<void> {
  const { res, json } = await request('/oauth/token', {
    method: 'POST',
    query: { username, password, grant_type: 'password' },
    // X-Session: cookie: the server keeps the token in its HttpOnly cookie (the answer carries none).
    headers: { Authorization: `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`, 'X-Session': 'cookie' },
    anonymous: true,
  });
  const answer = (json ?? {}) as TokenAnswer;
  if (res.ok && answer.token_type === 'cookie') return;
  if (answer.error_description === 'Bad credentials') {
    throw new ApiError(messageText('auth.bad_credentials_ui'), 'server', res.status, 'BAD_CREDENTIALS');
  }
  if (answer.error_description || answer.error) {
    throw new ApiError(
      answer.error_description || messageText('common.generic_error'),
      'server',
      res.status,
      (answer.error as OAuthErrorCode | undefined) ?? null,
    );
  }
  if (!res.ok) throw new ApiError(messageText('common.generic_error'), 'http', res.status);
  throw new ApiError(messageText('auth.empty_result'), 'server', res.status, 'EMPTY_RESULT');
}

export const fetchUserDetail = () => api<UserDetail>('/api/users/detail');
export const recordSuccessLogin = () => api<null>('/api/users/success-login');
export const revokeSession = () => api<null>('/api/users/logout', { method: 'POST', timeoutMs: 10_000 });
