import { PAGE_VIEW_MAX_BATCH as CONTRACT_BATCH } from '@koperasi/contracts/web';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../test/render';
import {
  clearPageViews,
  FLUSH_AT,
  FLUSH_EVERY_MS,
  flushPageViews,
  PAGE_VIEW_MAX_BATCH,
  pendingPageViews,
  recordPageView,
} from './pageViews';

describe('page views', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Cookies.set('csrf_token', 'tok');
    clearPageViews();
  });
  afterEach(() => {
    vi.useRealTimers();
    clearPageViews();
  });

  it('uses the batch size of the contract', () => {
    expect(PAGE_VIEW_MAX_BATCH).toBe(CONTRACT_BATCH);
  });

  it('sends a batch after 10 seconds, with path (no query) and time, bearer and an idempotency key', async () => {
    const calls = stubFetch(() => ({ body: ok({ accepted: 2, dropped: 0 }) }));
    recordPageView('/members?search=budi', new Date('2026-03-01T01:02:03Z'));
    recordPageView('/dashboard', new Date('2026-03-01T01:02:09Z'));
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.pathname).toBe('/api/activity/page-view');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      views: [
        { path: '/members', at: '2026-03-01T01:02:03.000Z' },
        { path: '/dashboard', at: '2026-03-01T01:02:09.000Z' },
      ],
    });
    const h = new Headers(calls[0]!.init.headers);
    expect(h.get('X-CSRF-Token')).toBe('tok');
    expect(h.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(pendingPageViews()).toHaveLength(0);
  });

  it(`sends at once at ${FLUSH_AT} views`, async () => {
    const calls = stubFetch(() => ({ body: ok({}) }));
    for (let i = 0; i < FLUSH_AT; i += 1) recordPageView(`/p${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]!.init.body)).views).toHaveLength(FLUSH_AT);
  });

  it('keeps the views when the network fails and sends them later; drops nothing silently on 5xx', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    recordPageView('/a');
    await flushPageViews();
    expect(pendingPageViews()).toHaveLength(1);
    const calls = stubFetch(() => ({ status: 503, body: {} }));
    await flushPageViews();
    expect(calls).toHaveLength(1);
    expect(pendingPageViews()).toHaveLength(1);
    stubFetch(() => ({ body: ok({}) }));
    await flushPageViews();
    expect(pendingPageViews()).toHaveLength(0);
  });

  it('records nothing when signed out, and sends with keepalive when the tab closes', async () => {
    Cookies.remove('csrf_token');
    recordPageView('/sign-in');
    expect(pendingPageViews()).toHaveLength(0);
    Cookies.set('csrf_token', 'tok');
    const calls = stubFetch(() => ({ body: ok({}) }));
    recordPageView('/dashboard');
    await flushPageViews({ keepalive: true });
    expect(calls[0]!.init.keepalive).toBe(true);
  });
});
