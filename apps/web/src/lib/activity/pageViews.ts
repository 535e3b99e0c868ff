/**
 * Page views (spec section 2: "the app shell records a page view on every
 * route change"). Views are queued and sent in batches to
 * POST /api/activity/page-view: every 10 s, at 20 views, and when the tab is
 * hidden or closed (fetch with keepalive, which, unlike sendBeacon, can carry
 * the bearer token). Recording never blocks navigation and never shows an
 * error; a batch that could not be sent is kept for the next try.
 */
import { request } from '../api/client';
import { hasSession } from '../auth/token';
import { uuid } from '../id';

/** PAGE_VIEW_MAX_BATCH of contracts/web.ts (kept equal by a unit test; that module pulls zod into the first page). */
export const PAGE_VIEW_MAX_BATCH = 50;
export const FLUSH_EVERY_MS = 10_000;
export const FLUSH_AT = 20;
const MAX_QUEUE = 200;

interface View {
  path: string;
  at: string;
}

const queue: View[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let sending: Promise<void> | null = null;

export function pendingPageViews(): readonly View[] {
  return queue;
}

export function recordPageView(path: string, at: Date = new Date()): void {
  if (!hasSession()) return;
  queue.push({ path: path.split(/[?#]/)[0].slice(0, 512) || '/', at: at.toISOString() });
  if (queue.length > MAX_QUEUE) queue.splice(0, queue.length - MAX_QUEUE);
  if (queue.length >= FLUSH_AT) void flushPageViews();
  else if (!timer) timer = setTimeout(() => void flushPageViews(), FLUSH_EVERY_MS);
}

export async function flushPageViews(opts: { keepalive?: boolean } = {}): Promise<void> {
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  if (sending) await sending;
  if (queue.length === 0 || !hasSession()) return;
  const batch = queue.splice(0, PAGE_VIEW_MAX_BATCH);
  sending = (async () => {
    try {
      const { res } = await request('/api/activity/page-view', {
        method: 'POST',
        body: { views: batch },
        headers: { 'Idempotency-Key': uuid() },
        keepalive: opts.keepalive,
        timeoutMs: 15_000,
      });
      // A 5xx may pass later; anything else (400, 401) would fail again.
      if (res.status >= 500) queue.unshift(...batch);
    } catch {
      queue.unshift(...batch);
    } finally {
      sending = null;
    }
  })();
  await sending;
  if (queue.length > 0 && !timer) timer = setTimeout(() => void flushPageViews(), FLUSH_EVERY_MS);
}

/** Forget queued views (sign-out of another account in the same tab). */
export function clearPageViews(): void {
  queue.length = 0;
  if (timer) clearTimeout(timer);
  timer = null;
}

let installed = false;
/** Send what is queued when the tab goes to the background or closes. */
export function installPageViewFlushOnHide(): void {
  if (installed) return;
  installed = true;
  const flushNow = () => void flushPageViews({ keepalive: true });
  window.addEventListener('pagehide', flushNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushNow();
  });
}
