/**
 * Every menu entry (navigation.ts menuLeaves) opens in all seven languages and
 * in light and dark mode without the error page, a 404 or a console error.
 * Indonesian, the default, walks in both modes; every other language walks once,
 * the modes alternating (en light, zh dark, ar light, ...), so each screen is opened in
 * every language and in both modes in 8 walks instead of 14 (CI stays under its
 * 30 minutes on two cores; a mode's look does not depend on the language).
 * One browser page signed in once: each variant is one reload (language and
 * mode from localStorage, as the app keeps them), each screen a client-side
 * navigation, so the whole walk stays short on two cores.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { menuLeaves } from '../src/app/navigation';
import { closeBrowser, newPage, screenshotOnFailure, signInAsDemo, url } from './harness';

const LANGS = ['id', 'en', 'zh', 'ar', 'it', 'es', 'fr'] as const;
const MODES = ['light', 'dark'] as const;
type Variant = readonly [(typeof LANGS)[number], (typeof MODES)[number]];
const VARIANTS: Variant[] = LANGS.flatMap((lang, i): Variant[] =>
  lang === 'id' ? MODES.map((mode): Variant => [lang, mode]) : [[lang, MODES[(i + 1) % 2]!]],
);

let page: Page;
let problems: string[] = [];

beforeAll(async () => {
  page = await newPage();
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().includes('/api/')) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  await signInAsDemo(page);
});
afterAll(closeBrowser);
beforeEach(screenshotOnFailure);

/** Client-side navigation (no reload), then wait for the new screen and its data. */
async function open(path: string): Promise<void> {
  await page.evaluate((p) => {
    for (const el of document.querySelectorAll('[data-testid="page-title"]')) el.setAttribute('data-stale', '1');
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page
    .waitForFunction(
      () =>
        (document.querySelector('[data-testid="page-title"]:not([data-stale])') ||
          (location.pathname.startsWith('/dashboard') && document.querySelector('[data-testid="widget-welcome"]')) ||
          document.querySelector('[data-testid^="page-"]:not([data-testid="page-title"]):not([data-testid="page-loader"])')) &&
        !document.querySelector('.MuiSkeleton-root, .MuiCircularProgress-root, .MuiDataGrid-overlay, [data-testid="page-loader"]'),
      null,
      { timeout: 8000, polling: 50 },
    )
    .catch(() => undefined);
}

for (const [lang, mode] of VARIANTS)
  it(`opens every menu entry in ${lang}, ${mode}`, async () => {
    await page.evaluate(
      ([l, m]) => {
        localStorage.setItem('lang', l!);
        localStorage.setItem('theme-mode', m!);
      },
      [lang, mode],
    );
    await page.goto(url('/dashboard'));
    await page.getByTestId('app-header').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    problems = [];
    const failures: string[] = [];
    for (const leaf of menuLeaves()) {
      const t0 = Date.now();
      await open(leaf.path);
      if (process.env.E2E_TIMING) console.log(`${lang} ${mode} ${leaf.path} ${Date.now() - t0} ms`);
      const broken = await page.evaluate(() =>
        ['page-500', 'page-404', 'page-403'].filter((id) => document.querySelector(`[data-testid="${id}"]`)),
      );
      if (broken.length || problems.length) failures.push(`${leaf.path}: ${[...broken, ...problems].join(' | ').slice(0, 600)}`);
      problems = [];
    }
    expect(failures).toEqual([]);
  }, 300_000);
