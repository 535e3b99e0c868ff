/**
 * Files behind the session (the logo, AD/ART documents), read as bytes (the
 * browser sends the session cookie) and handed back as a Blob.
 */
import { request } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { currentLanguage } from '../../../lib/i18n';
import { messageText } from '../../../lib/i18n/messages';

export async function fetchBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
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
