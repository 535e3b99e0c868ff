/**
 * The one way the web calls the API: JSON over fetch with a 60 s time-out
 * (spec section 9), the session cookie (sent by the browser; writes carry
 * the CSRF header, lib/auth/token.ts), the current
 * language as Accept-Language, and the envelope unwrapped. Failures become
 * `ApiError` (see errors.ts) so every screen reports them the same way.
 */
import type { Envelope } from '@koperasi/contracts/common';
import { CSRF_HEADER, csrfToken, hasSession } from '../auth/token';
import { currentLanguage, i18n } from '../i18n';
import { messageText } from '../i18n/messages';
import { ApiError, type ErrorCode, type FieldError } from './errors';

export const DEFAULT_TIMEOUT_MS = 60_000;

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | QueryValue[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** JSON body; FormData and Blob are sent as they are (uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds; `null` means no time-out (long migrations). */
  timeoutMs?: number | null;
  signal?: AbortSignal;
  /** A call outside the session (sign-in, registration): no CSRF header, a 401 is not a lost session. */
  anonymous?: boolean;
  /** Keep the request alive while the page unloads (page views). */
  keepalive?: boolean;
}

type Listener = (status: number, path: string) => void;
const unauthorizedListeners = new Set<Listener>();

/** Called when an authenticated request answers 401 (the auth provider re-checks the session). */
export function onUnauthorized(fn: Listener): () => void {
  unauthorizedListeners.add(fn);
  return () => unauthorizedListeners.delete(fn);
}

/** Query string without empty values; the filter value 'none' means "no filter" (spec section 5). */
export function toQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    const values = Array.isArray(v) ? v : [v];
    for (const one of values) {
      if (one === undefined || one === null || one === '' || one === 'none') continue;
      sp.append(k, String(one));
    }
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

function timeoutSignal(ms: number | null | undefined, outer?: AbortSignal): AbortSignal | undefined {
  const signals: AbortSignal[] = [];
  if (ms !== null) signals.push(AbortSignal.timeout(ms ?? DEFAULT_TIMEOUT_MS));
  if (outer) signals.push(outer);
  if (signals.length === 0) return undefined;
  return signals.length === 1 ? signals[0] : AbortSignal.any(signals);
}

function isEnvelope(v: unknown): v is Envelope<unknown> & { errorCode?: ErrorCode; data: unknown } {
  return typeof v === 'object' && v !== null && 'status' in v && typeof (v as { status: unknown }).status === 'boolean';
}

/** Raw request: the parsed JSON body (or null) and the response. Throws ApiError only for network failures. */
export async function request(path: string, opts: RequestOptions = {}): Promise<{ res: Response; json: unknown }> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage(), ...opts.headers };
  const session = !opts.anonymous && hasSession();
  const csrf = opts.anonymous ? null : csrfToken();
  if (csrf) headers[CSRF_HEADER] = csrf;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || opts.body instanceof Blob || typeof opts.body === 'string') {
    body = opts.body as BodyInit;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(`${path}${toQueryString(opts.query)}`, {
      method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: timeoutSignal(opts.timeoutMs, opts.signal),
      keepalive: opts.keepalive,
      credentials: 'same-origin',
    });
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError') throw new ApiError(i18n.t('common:errors.timeout'), 'timeout', 0);
    if (e.name === 'AbortError') throw e;
    throw new ApiError(e.message || i18n.t('common:errors.network'), 'network', 0);
  }
  let json: unknown = null;
  const text = await res.text().catch(() => '');
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (res.status === 401 && session) for (const fn of unauthorizedListeners) fn(401, path);
  return { res, json };
}

/** Turn an answer into the envelope, or throw the spec's universal-pattern error. */
export function envelopeOf<T>(res: Response, json: unknown): Envelope<T> {
  if (isEnvelope(json)) {
    if (json.status === true && res.ok) return json as Envelope<T>;
    if (json.status === false) {
      const data = (json.data ?? null) as { fields?: FieldError[] } | null;
      throw new ApiError(
        json.message || messageText('common.generic_error'),
        'server',
        res.status,
        json.errorCode ?? null,
        data?.fields ?? [],
        json.data,
      );
    }
  }
  throw new ApiError(messageText('common.generic_error'), 'http', res.status);
}

/** Call the API and return the whole envelope (mutations read its message). */
export async function apiEnvelope<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const { res, json } = await request(path, opts);
  return envelopeOf<T>(res, json);
}

/** Call the API and return `data`. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await apiEnvelope<T>(path, opts)).data;
}
