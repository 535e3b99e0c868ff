import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { ok, stubFetch } from '../../test/render';
import { api, apiEnvelope, toQueryString } from './client';
import { ApiError } from './errors';
import { listQuery } from './list';

describe('API client', () => {
  it('sends the CSRF header (never a bearer token: the session is the HttpOnly cookie), Accept-Language and JSON, and unwraps the envelope', async () => {
    Cookies.set('csrf_token', 'abc');
    const calls = stubFetch(() => ({ body: ok({ id: 1 }) }));
    const data = await api<{ id: number }>('/api/x', { method: 'POST', body: { amount: 1500000 } });
    expect(data).toEqual({ id: 1 });
    const h = new Headers(calls[0]!.init.headers);
    expect(h.get('X-CSRF-Token')).toBe('abc');
    expect(h.get('Authorization')).toBeNull();
    expect(h.get('Accept-Language')).toBe('id');
    expect(h.get('Content-Type')).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"amount":1500000}');
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('status false: the server message, code and fields (universal pattern)', async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        status: false,
        code: 400,
        message: 'Nomor ponsel tidak valid',
        error: 'Nomor ponsel tidak valid',
        errorCode: 'VALIDATION_FAILED',
        data: { fields: [{ field: 'phone', message: 'Nomor ponsel tidak valid' }] },
      },
    }));
    const err = (await api('/api/x').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe('server');
    expect(err.message).toBe('Nomor ponsel tidak valid');
    expect(err.status).toBe(400);
    expect(err.errorCode).toBe('VALIDATION_FAILED');
    expect(err.fields).toEqual([{ field: 'phone', message: 'Nomor ponsel tidak valid' }]);
  });

  it('non-200 without an envelope: the generic message of the catalogue', async () => {
    globalThis.fetch = (async () => new Response('<html>Bad gateway</html>', { status: 502 })) as typeof fetch;
    const err = (await api('/api/x').catch((e) => e)) as ApiError;
    expect(err.kind).toBe('http');
    expect(err.status).toBe(502);
    expect(err.message).toBe('Terjadi kesalahan. Silakan coba beberapa saat lagi, dan hubungi contact center jika kesalahan berlanjut.');
  });

  it("network failure: the error's own message", async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const err = (await api('/api/x').catch((e) => e)) as ApiError;
    expect(err.kind).toBe('network');
    expect(err.message).toBe('Failed to fetch');
  });

  it('a time-out is reported as such', async () => {
    globalThis.fetch = ((_u: unknown, init: RequestInit) =>
      new Promise((_r, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      })) as typeof fetch;
    const err = (await api('/api/slow', { timeoutMs: 20 }).catch((e) => e)) as ApiError;
    expect(err.kind).toBe('timeout');
    expect(err.message).toMatch(/60 detik/);
  });

  it('returns the whole envelope for mutations (their success message)', async () => {
    stubFetch(() => ({ body: ok(null, 'Data berhasil disimpan') }));
    const env = await apiEnvelope('/api/x', { method: 'PATCH', body: {} });
    expect(env.message).toBe('Data berhasil disimpan');
  });

  it('leaves empty values and the filter value none out of the query string', () => {
    expect(toQueryString({ a: 1, b: '', c: null, d: undefined, e: 'none', f: false, g: ['x', 'none', 'y'] })).toBe('?a=1&f=false&g=x&g=y');
    expect(toQueryString({})).toBe('');
  });

  it('list convention: page 0-based, limit, search lower-cased, sort, none filters omitted', () => {
    const q = listQuery({
      page: 2,
      limit: 25,
      search: '  Budi SANTOSO ',
      sortBy: 'name',
      ascOrDesc: 'ASC',
      filters: { isActive: 'none', branchId: 'b1' },
    });
    expect(q).toEqual({
      isActive: undefined,
      branchId: 'b1',
      page: 2,
      limit: 25,
      search: 'budi santoso',
      sortBy: 'name',
      ascOrDesc: 'ASC',
    });
    expect(toQueryString(q)).toBe('?branchId=b1&page=2&limit=25&search=budi+santoso&sortBy=name&ascOrDesc=ASC');
    expect(listQuery({ page: 0, limit: 10, search: '   ' }).search).toBeUndefined();
  });
});
