/**
 * Screenshot gallery of the Produk and saving report screens (not part of
 * `npm test`; `npm run e2e:screens -w apps/web`): every list, a product's
 * detail, each step of the add and update stepper (with the GL step's
 * refusal), every saving report tab, the transactions report and a
 * transaction's detail, and the print layouts, in Indonesian and English,
 * light and dark, plus phone-sized pages; saved to
 * artifacts/screenshots/gallery/products-*.png. Look at them after changing
 * the look.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, it } from 'vitest';
import { closeBrowser, screenshot } from './harness';
import { signedInPage, VARIANTS, variantOptions, visitSettled, waitIdle } from './screens-kit';

afterAll(closeBrowser);

const SCREENS = [
  ['list-all', '/products', 'data-table'],
  ['list-savings', '/products/savings', 'data-table'],
  ['list-equity', '/products/equity', 'data-table'],
  ['list-deposits', '/products/deposits', 'data-table'],
  ['list-loans', '/products/loans', 'data-table'],
  ['list-bills', '/products/bills', 'data-table'],
  ['list-participation', '/products/equity-participation', 'data-table'],
  ['report-balances', '/reports/savings', 'report-balances'],
  ['report-products', '/reports/savings?tab=products', 'report-controls'],
  ['report-periods', '/reports/savings?tab=periods', 'report-periods'],
  ['report-deposits', '/reports/savings?tab=deposits', 'report-rows'],
  ['report-withdrawals', '/reports/savings?tab=withdrawals', 'report-rows'],
  ['report-plans', '/reports/savings?tab=plans', 'report-plans'],
  ['report-transactions', '/reports/transactions', 'report-transactions'],
  ['report-invalid', '/reports/transactions?start=2026-12-01&end=2026-11-01', 'report-invalid'],
  ['print-balances', '/reports/savings/print?preview=1', 'report-balances'],
  ['print-products', '/reports/savings/print?tab=products&preview=1', 'report-controls'],
  ['print-periods', '/reports/savings/print?tab=periods&preview=1', 'report-periods'],
  ['print-plans', '/reports/savings/print?tab=plans&preview=1', 'report-plans'],
  ['print-transactions', '/reports/transactions/print?preview=1', 'report-transactions'],
] as const;

describe('products gallery', () => {
  for (const v of VARIANTS) {
    it(`product and saving report screens, ${v.lang} ${v.mode}`, async () => {
      const page = await signedInPage(variantOptions(v));
      const shot = async (name: string, fullPage = true) => {
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `gallery/products-${name}-${v.lang}-${v.mode}`, { fullPage });
      };
      for (const [name, path, testId] of SCREENS) {
        await visitSettled(page, path, testId);
        await shot(name);
      }

      // A product's detail and the update stepper, step by step.
      await visitSettled(page, '/products/savings', 'data-table');
      await page.locator('.MuiDataGrid-row', { hasText: 'Tabungan Pendidikan' }).click();
      await page.getByTestId('gl-table').waitFor();
      await shot('detail');
      await page.getByTestId('product-edit').click();
      await page.getByTestId('step-general').waitFor();
      await shot('edit-general');
      await page.getByTestId('form-next').click();
      await page.getByTestId('step-terms').waitFor();
      await page.locator('input[name="planMonthlyAmount"]').fill('300000');
      await shot('edit-terms');
      await page.getByTestId('form-next').click();
      await page.getByTestId('step-gl').waitFor();
      await waitIdle(page);
      await shot('edit-gl');
      await page.getByTestId('form-next').click();
      await page.getByTestId('step-review').waitFor();
      await shot('edit-review');

      // A new loan product: the terms step refusing its empty required fields, the GL step refusing an empty account.
      await visitSettled(page, '/products/loans/new', 'step-general');
      await page.locator('input[name="name"]').fill(v.lang === 'id' ? 'Pinjaman Usaha Mikro' : 'Micro business loan');
      await page.getByTestId('form-next').click();
      await page.getByTestId('step-terms').waitFor();
      await page.getByTestId('form-next').click();
      await page.getByTestId('step-terms').locator('.Mui-error').first().waitFor();
      await shot('new-loan-terms-errors');
      await page.getByRole('combobox', { name: /Metode perhitungan jasa|Interest method/ }).click();
      await page.getByRole('option').first().click();
      await page.locator('input[name="interestRate"]').fill('1.5');
      await page.getByTestId('form-next').click();
      await page.getByTestId('step-gl').waitFor();
      await defaultsFilled(page, 'gl-RECEIVABLE');
      await page.getByTestId('gl-FINE_INCOME').fill('');
      await page.getByTestId('gl-FINE_INCOME').press('Escape');
      await page.getByTestId('form-next').click();
      await page.getByTestId('gl-missing').waitFor();
      await shot('new-loan-gl-refused', false);

      // The add menu of the all-products list.
      await visitSettled(page, '/products', 'data-table');
      await page.getByTestId('product-add').click();
      await page.getByTestId('product-add-menu').waitFor();
      await shot('add-menu', false);
      await page.keyboard.press('Escape');

      // A transaction's detail from the report.
      await visitSettled(page, '/reports/transactions', 'report-transactions');
      await page.getByTestId('report-row').first().click();
      await page.getByTestId('tx-journal').first().waitFor();
      await shot('transaction-detail');
    });
  }

  it('phone-sized product list, stepper and report', async () => {
    const page = await signedInPage({ viewport: { width: 390, height: 844 } });
    await visitSettled(page, '/products/savings', 'data-table');
    await screenshot(page, 'gallery/products-list-phone');
    await visitSettled(page, '/products/savings/new', 'step-general');
    await screenshot(page, 'gallery/products-new-phone');
    await visitSettled(page, '/reports/savings?tab=products', 'report-controls');
    await screenshot(page, 'gallery/products-report-phone');
  });
});

/** The GL step has its default accounts before anything is emptied. */
async function defaultsFilled(page: Page, testId: string) {
  for (let i = 0; i < 100; i += 1) {
    if ((await page.getByTestId(testId).inputValue()) !== '') return;
    await page.waitForTimeout(200);
  }
  throw new Error(`${testId} has no default account`);
}
