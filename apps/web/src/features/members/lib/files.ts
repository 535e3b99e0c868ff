/**
 * Files behind the session (member photos, the upload template, failed
 * rows), fetched here (the browser sends the session cookie) and handed over
 * as blobs with the server's file name.
 */
import { ApiError } from '../../../lib/api/errors';
import { currentLanguage } from '../../../lib/i18n';
import { messageText } from '../../../lib/i18n/messages';

export async function fetchFile(path: string, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await fetch(path, {
    headers: { 'Accept-Language': currentLanguage() },
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
