/**
 * Excel files the server makes (`format=xlsx` on every saving report):
 * fetched with the bearer token and the language, saved under the server's
 * file name. An error answer (JSON envelope) becomes an ApiError with the
 * server's message, like any other call.
 */
import { downloadBlob } from '../../../components/excel';
import { envelopeOf, type QueryParams, toQueryString } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { getToken } from '../../../lib/auth/token';
import { currentLanguage, i18n } from '../../../lib/i18n';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `filename*=UTF-8''...` or `filename="..."` of a Content-Disposition header. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

export async function downloadExcel(path: string, query: QueryParams, fallbackName: string): Promise<string> {
  const headers: Record<string, string> = { Accept: `${XLSX}, application/json`, 'Accept-Language': currentLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${path}${toQueryString({ ...query, format: 'xlsx' })}`, {
      headers,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(120_000),
    });
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError') throw new ApiError(i18n.t('common:errors.timeout'), 'timeout', 0);
    throw new ApiError(e.message || i18n.t('common:errors.network'), 'network', 0);
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.includes('spreadsheetml')) {
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      json = null;
    }
    envelopeOf(res, json);
    throw new ApiError(i18n.t('saving-reports:excel.failed'), 'http', res.status);
  }
  const name = fileNameOf(res.headers.get('content-disposition'), `${fallbackName}.xlsx`);
  downloadBlob(await res.blob(), name);
  return name;
}
