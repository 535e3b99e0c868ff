/**
 * The cooperative's time zone on Profil Koperasi (/settings/cooperative), issue 11: the field with its three zones
 * open, in Indonesian and English, light and dark, Arabic (right to left) and a 390 px phone. Saved to
 * docs/screens/issue-11/. Run with `npx vitest run --config e2e/vitest.config.ts --project screens settings-timezone`.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, REPO_DIR, screenshot } from './harness';
import { signedInPage, VARIANTS, variantOptions, visitSettled } from './screens-kit';

const DOCS = path.join(REPO_DIR, 'docs/screens/issue-11');

afterAll(closeBrowser);

async function shoot(page: Page, name: string) {
  const field = page.getByTestId('cooperative-time-zone');
  await field.scrollIntoViewIfNeeded();
  await page.getByRole('combobox', { name: /Zona waktu|Time zone|المنطقة الزمنية/ }).click();
  const options = page.getByRole('option');
  await options.first().waitFor();
  expect(await options.count()).toBe(3);
  const file = await screenshot(page, `issue-11/${name}`, { fullPage: false });
  mkdirSync(DOCS, { recursive: true });
  copyFileSync(file, path.join(DOCS, `${name}.png`));
  await page.keyboard.press('Escape');
}

describe('cooperative time zone', () => {
  for (const v of VARIANTS) {
    it(`${v.lang} ${v.mode}`, async () => {
      const page = await signedInPage(variantOptions(v));
      await visitSettled(page, '/settings/cooperative', 'cooperative-form');
      await shoot(page, `settings-time-zone-${v.lang}-${v.mode}`);
    });
  }

  it('ar (right to left)', async () => {
    const page = await signedInPage({ storage: { lang: 'ar', 'theme-mode': 'light' } });
    await visitSettled(page, '/settings/cooperative', 'cooperative-form');
    await shoot(page, 'settings-time-zone-ar-light');
  });

  it('phone, 390 px', async () => {
    const page = await signedInPage({ viewport: { width: 390, height: 844 }, storage: { lang: 'id', 'theme-mode': 'light' } });
    await visitSettled(page, '/settings/cooperative', 'cooperative-form');
    await shoot(page, 'settings-time-zone-id-phone');
  });
});
