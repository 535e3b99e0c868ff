/**
 * Excel made by the server (`format=xlsx`: the passbook, the transaction
 * list), fetched with the bearer token and the language and saved under the
 * server's file name; an error answer becomes an ApiError with its message.
 */
import { downloadBlob } from '../../../components/excel';
import { envelopeOf, type QueryParams, toQueryString } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { getToken } from '../../../lib/auth/token';
import { currentLanguage, i18n } from '../../../lib/i18n';

export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // the plain name below
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || fallback;
}

export async function downloadServerExcel(path: string, query: QueryParams, fallbackName: string): Promise<string> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
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
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('spreadsheetml')) {
    const json = await res.json().catch(() => null);
    envelopeOf(res, json);
    throw new ApiError(i18n.t('common:empty.loadFailed'), 'http', res.status);
  }
  const name = fileNameOf(res.headers.get('content-disposition'), `${fallbackName}.xlsx`);
  downloadBlob(await res.blob(), name);
  return name;
}
