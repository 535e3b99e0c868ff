/**
 * Every menu entry (navigation.ts menuLeaves) opens without the error page, a
 * 404 or a console error, in light and dark mode and in all seven languages.
 * Full walks: Indonesian (the default) in light and in dark mode, and Arabic
 * (right to left, its own digits). The other five languages share one walk:
 * each opens every fifth screen, modes alternating, and the share rotates with
 * the day of the year, so within five days every screen has been opened in
 * every language (the test names say today's share; E2E_ALL_LANGUAGES=1 walks
 * every screen in every language). Four walks instead of eight keep CI under
 * its 30 minutes on two cores; what breaks in one language and not in another
 * is direction and number formatting, which the Arabic walk covers every day.
 * One browser page signed in once: each variant is one reload (language and
 * mode from localStorage, as the app keeps them), each screen a client-side
 * navigation, so the whole walk stays short on two cores.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { menuLeaves } from '../src/app/navigation';
import { closeBrowser, newPage, screenshotOnFailure, signInAsDemo, url } from './harness';

const MODES = ['light', 'dark'] as const;
type Lang = 'id' | 'en' | 'zh' | 'ar' | 'it' | 'es' | 'fr';
/** A walk: the language, the mode, and which screens (by index in menuLeaves) it opens. */
interface Variant {
  lang: Lang;
  mode: (typeof MODES)[number];
  label: string;
  opens(index: number): boolean;
}
const ALL = process.env.E2E_ALL_LANGUAGES === '1';
const SHARED: Lang[] = ['en', 'zh', 'it', 'es', 'fr'];
const now = new Date();
const DAY = Math.floor(
  (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - Date.UTC(now.getUTCFullYear(), 0, 1)) / 86_400_000,
);
const every = (lang: Lang, mode: Variant['mode']): Variant => ({ lang, mode, label: 'every screen', opens: () => true });
/** Every fifth screen, the r-th of each five (today's share for this language). */
const share = (lang: Lang, mode: Variant['mode'], r: number): Variant => ({
  lang,
  mode,
  label: `menu entries ${r + 1}, ${r + 6}, ${r + 11}, …`,
  opens: (i) => i % SHARED.length === r,
});
const VARIANTS: Variant[] = [
  every('id', 'light'),
  every('id', 'dark'),
  every('ar', 'light'),
  ...SHARED.map(
    (lang, k): Variant =>
      ALL ? every(lang, MODES[k % 2]!) : share(lang, MODES[k % 2]!, (((k - DAY) % SHARED.length) + SHARED.length) % SHARED.length),
  ),
];

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

for (const { lang, mode, label, opens } of VARIANTS)
  it(`opens ${label} in ${lang}, ${mode}`, async () => {
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
    for (const [i, leaf] of menuLeaves().entries()) {
      if (!opens(i)) continue;
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
