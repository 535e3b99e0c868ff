/**
 * What the screenshot galleries (`*.screens.ts`, `npm run e2e:screens -w apps/web`)
 * share: the four variants each screen is shot in, a page signed in as the
 * demo admin, and opening a screen until it is ready.
 *
 *   for (const v of VARIANTS) it(`screens, ${v.lang} ${v.mode}`, async () => {
 *     const page = await signedInPage(variantOptions(v));
 *     await visitSettled(page, '/members', 'data-table');
 *     await screenshot(page, `gallery/members-${v.lang}-${v.mode}`);
 *   });
 */
import type { Page } from 'playwright-core';
import { DEMO, newPage, type PageOptions, signIn, url } from './harness';

/** Indonesian and English, light and dark. */
export const VARIANTS = [
  { lang: 'id', mode: 'light' },
  { lang: 'en', mode: 'light' },
  { lang: 'id', mode: 'dark' },
  { lang: 'en', mode: 'dark' },
] as const;
export type Variant = (typeof VARIANTS)[number];

/** The page options that start the app in the variant's language and colour mode. */
export function variantOptions(v: Variant): PageOptions {
  return { storage: { lang: v.lang, 'theme-mode': v.mode } };
}

/** A fresh page (see newPage) signed in as the demo admin, on the dashboard. */
export async function signedInPage(opts: PageOptions = {}): Promise<Page> {
  const page = await newPage(opts);
  await signIn(page, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
  return page;
}

/** Open an app path and wait for the element with `testId`. */
export async function visit(page: Page, path: string, testId: string): Promise<void> {
  await page.goto(url(path));
  await page.getByTestId(testId).first().waitFor();
}

/** Wait until no skeleton, spinner or grid overlay is left (at most 20 s, then go on). */
export async function waitIdle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector('.MuiSkeleton-root, .MuiCircularProgress-root, .MuiDataGrid-overlay'), null, {
      timeout: 20_000,
    })
    .catch(() => undefined);
}

/** Wait for the element with `testId`, then for its data (waitIdle). */
export async function settle(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).first().waitFor();
  await waitIdle(page);
}

/** Open an app path, wait for `testId` and for the data (settle). */
export async function visitSettled(page: Page, path: string, testId: string): Promise<void> {
  await page.goto(url(path));
  await settle(page, testId);
}
