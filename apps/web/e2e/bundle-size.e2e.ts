/**
 * The sign-in page's JavaScript as Chromium loads it: every script the page
 * fetches (entry, preloaded chunks, the locale chunks of the first language),
 * gzip-compressed here at level 9 the way a server sends it. Budget 200 KB.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { closeBrowser, newPage, url } from './harness';

const BUDGET = 200 * 1024;

afterAll(closeBrowser);

it('the sign-in page loads at most 200 KB of gzip JavaScript', async () => {
  const page = await newPage();
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (r) => {
    const type = r.request().resourceType();
    const ct = r.headers()['content-type'] ?? '';
    if (type === 'script' || /javascript/.test(ct)) {
      scripts.set(
        r.url(),
        r.body().then(
          (b) => gzipSync(b, { level: 9 }).length,
          () => 0,
        ),
      );
    }
  });
  await page.goto(url('/sign-in'));
  await page.getByTestId('sign-in-form').waitFor();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all([...scripts].map(async ([u, n]) => [new URL(u).pathname, await n] as const));
  const total = sizes.reduce((s, [, n]) => s + n, 0);
  console.log(
    `sign-in JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} scripts\n` +
      sizes
        .sort((a, b) => b[1] - a[1])
        .map(([p, n]) => `  ${(n / 1024).toFixed(1).padStart(6)} KB  ${p}`)
        .join('\n'),
  );
  expect(sizes.some(([p]) => /\/assets\/.*\.js$/.test(p))).toBe(true);
  expect(total).toBeLessThanOrEqual(BUDGET);
});
