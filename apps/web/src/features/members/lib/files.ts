/**
 * Files behind the bearer token (member photos, the upload template, failed
 * rows): an <img src> or a plain link cannot send the Authorization header,
 * so they are fetched here and handed over as blobs.
 */
import { ApiError } from '../../../lib/api/errors';
import { getToken } from '../../../lib/auth/token';
import { currentLanguage } from '../../../lib/i18n';
import { messageText } from '../../../lib/i18n/messages';

export async function fetchFile(path: string, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string | null }> {
  const token = getToken();
  const res = await fetch(path, {
    headers: { 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal: signal ?? AbortSignal.timeout(60_000),
    credentials: 'same-origin',
  });
  if (!res.ok) {
    let message = messageText('common.generic_error');
    try {
      const j = (await res.json()) as { message?: string };
      if (j.message) message = j.message;
    } catch {
      // not JSON
    }
    throw new ApiError(message, 'server', res.status);
  }
  const cd = res.headers.get('content-disposition') ?? '';
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(cd);
  return { blob: await res.blob(), fileName: m ? decodeURIComponent(m[1]!) : null };
}

/** Download a file of the API under its server name (or `fallbackName`). */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await fetchFile(path);
  const { downloadBlob } = await import('../../../components/excel');
  downloadBlob(blob, fileName ?? fallbackName);
}
