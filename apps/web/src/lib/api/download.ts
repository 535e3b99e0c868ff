/**
 * Files the server makes (`format=xlsx` on lists and reports), fetched with
 * the bearer token and the language and saved under the server's file name.
 * An error answer (JSON envelope) becomes an ApiError with the server's
 * message, like any other call; an answer that is not a spreadsheet gets
 * `failedKey`.
 */
import { downloadBlob } from '../../components/excel';
import { currentLanguage, i18n } from '../i18n';
import { envelopeOf, type QueryParams, toQueryString } from './client';
import { ApiError } from './errors';

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
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || fallback;
}

export async function downloadServerExcel(
  path: string,
  query: QueryParams,
  fallbackName: string,
  failedKey = 'common:empty.loadFailed',
  timeoutMs = 120_000,
): Promise<string> {
  const headers: Record<string, string> = { Accept: `${XLSX}, application/json`, 'Accept-Language': currentLanguage() };
  let res: Response;
  try {
    res = await fetch(`${path}${toQueryString({ ...query, format: 'xlsx' })}`, {
      headers,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError') throw new ApiError(i18n.t('common:errors.timeout'), 'timeout', 0);
    throw new ApiError(e.message || i18n.t('common:errors.network'), 'network', 0);
  }
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('spreadsheetml')) {
    const json = await res.json().catch(() => null);
    envelopeOf(res, json);
    throw new ApiError(i18n.t(failedKey), 'http', res.status);
  }
  const name = fileNameOf(res.headers.get('content-disposition'), `${fallbackName}.xlsx`);
  downloadBlob(await res.blob(), name);
  return name;
}
