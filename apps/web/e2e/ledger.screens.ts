/**
 * Screenshot gallery of the general-ledger screens (not part of `npm test`;
 * `npm run e2e:screens -w apps/web`): every screen and dialog in Indonesian
 * and English, light and dark, plus a phone-sized journal form, saved to
 * artifacts/screenshots/gallery/ledger-*.png. Look at them after changing the look.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, it } from 'vitest';
import { closeBrowser, screenshot } from './harness';
import { signedInPage, VARIANTS, variantOptions, visitSettled } from './screens-kit';

afterAll(closeBrowser);

const SCREENS = [
  ['journal-list', '/journal/general', 'data-table'],
  ['journal-new', '/journal/general/new', 'line-editor'],
  ['closing', '/journal/closing', 'period-table'],
  ['adjustment-list', '/journal/adjustment', 'data-table'],
  ['adjustment-new', '/journal/adjustment/new', 'line-editor'],
  ['coa', '/settings/coa', 'coa-tree'],
  ['coa-mutation', '/settings/coa/10101', 'statement-table'],
  ['cash-bank', '/cash-bank', 'statement-table'],
  ['balance-sheet', '/reports/balance-sheet', 'balance-sheet'],
  ['profit-loss', '/reports/profit-loss', 'profit-loss'],
  ['ledger', '/reports/ledger?coa=10103', 'statement-table'],
  ['ledger-empty', '/reports/ledger', 'empty-noData'],
  ['trial-balance', '/reports/trial-balance', 'trial-balance'],
  ['journal-report', '/reports/journal', 'journal-report'],
  ['print-balance-sheet', '/reports/balance-sheet/print?preview=1', 'balance-sheet'],
  ['print-profit-loss', '/reports/profit-loss/print?preview=1', 'profit-loss'],
  ['print-trial-balance', '/reports/trial-balance/print?preview=1', 'trial-balance'],
  ['print-ledger', '/reports/ledger/print?coa=10101&preview=1', 'statement-table'],
  ['print-journal', '/reports/journal/print?preview=1', 'journal-report'],
  ['dashboard', '/dashboard', 'widget-financial-status'],
] as const;

async function pick(page: Page, row: number, code: string) {
  const input = page.getByTestId(`line-${row}-account`);
  await input.click();
  await input.fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code}`) }).waitFor();
  await input.press('Enter');
}

describe('ledger gallery', () => {
  for (const v of VARIANTS) {
    it(`ledger screens, ${v.lang} ${v.mode}`, async () => {
      const page = await signedInPage(variantOptions(v));
      const shot = (name: string, fullPage = true) => screenshot(page, `gallery/ledger-${name}-${v.lang}-${v.mode}`, { fullPage });
      for (const [name, path, testId] of SCREENS) {
        await visitSettled(page, path, testId);
        await shot(name);
      }

      // The line editor while unbalanced, with the account list open.
      await visitSettled(page, '/journal/general/new', 'line-editor');
      await page.locator('input[name="description"]').fill(v.lang === 'id' ? 'Pembayaran honor pengawas' : 'Supervisors’ fees');
      await pick(page, 0, '50201');
      await page.locator('input[name="lines.0.debit"]').fill('1500000');
      await pick(page, 1, '10101');
      await page.locator('input[name="lines.1.credit"]').fill('1000000');
      await page.locator('input[name="lines.1.credit"]').press('Enter');
      await page.getByTestId('line-2-account').fill('bank');
      await page.getByRole('listbox').waitFor();
      await shot('journal-editing', false);

      // A journal's detail and the cancel dialog.
      await visitSettled(page, '/journal/adjustment', 'data-table');
      await page.locator('.MuiDataGrid-row').first().click();
      await page.getByTestId('journal-lines').waitFor();
      await shot('journal-detail');
      await page.getByTestId('journal-cancel').click();
      await page.getByTestId('cancel-dialog').waitFor();
      await shot('cancel-dialog', false);
      await page.keyboard.press('Escape');

      // Chart of accounts dialogs.
      await visitSettled(page, '/settings/coa', 'coa-tree');
      await page.getByTestId('coa-add').click();
      await page.getByTestId('account-dialog').waitFor();
      await shot('account-dialog', false);
      await page.keyboard.press('Escape');
      await page.getByTestId('account-dialog').waitFor({ state: 'detached' });
      await page.getByTestId('coa-actions-101').click();
      await page.getByTestId('coa-menu').waitFor();
      await shot('coa-menu', false);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^(Buka|Expand) 101$/ }).click();
      await page.getByTestId('coa-actions-10102').click();
      await page.getByTestId('coa-adjust').click();
      await page.getByTestId('adjust-dialog').waitFor();
      await shot('adjust-dialog', false);
      await page.keyboard.press('Escape');

      // Closing: the month confirmation (a month's button in the months table; the year's is close-year).
      await visitSettled(page, '/journal/closing', 'period-table');
      await page.getByTestId('period-table').locator('[data-testid^="close-"]').first().click();
      await page.getByTestId('confirm-dialog').waitFor();
      await shot('close-month-dialog', false);
      await page.keyboard.press('Escape');
    });
  }

  it('phone-sized journal form and cash & bank', async () => {
    const page = await signedInPage({ viewport: { width: 390, height: 844 } });
    await visitSettled(page, '/journal/general/new', 'line-editor');
    await screenshot(page, 'gallery/ledger-journal-new-phone');
    await visitSettled(page, '/cash-bank', 'statement-table');
    await screenshot(page, 'gallery/ledger-cash-bank-phone');
    await visitSettled(page, '/reports/balance-sheet', 'balance-sheet');
    await screenshot(page, 'gallery/ledger-balance-sheet-phone');
  });
});
