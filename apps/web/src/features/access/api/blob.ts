/**
 * Files behind the bearer token (the logo, AD/ART documents): the API needs
 * the Authorization header, so an <img src> or a plain link cannot fetch them.
 * These read the bytes with the token and hand back a Blob.
 */
import { request } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { getToken } from '../../../lib/auth/token';
import { currentLanguage } from '../../../lib/i18n';
import { messageText } from '../../../lib/i18n/messages';

export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(path, { headers, signal, credentials: 'same-origin' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError((err as Error).message || messageText('common.generic_error'), 'network', 0);
  }
  if (res.ok) return res.blob();
  // An error answer is the JSON envelope: read it the usual way for its message.
  const { json } = await request(path, { signal });
  const message = (json as { message?: string } | null)?.message;
  throw new ApiError(message || messageText('common.generic_error'), message ? 'server' : 'http', res.status);
}
