/**
 * Screenshots of issue 14's portfolio reports and issue 12's loan officer
 * dialogs in Arabic (right to left, light and dark) and at phone width
 * (390 px, Indonesian light and English dark): the realization, loan list,
 * collectibility, NPL and recapitulation reports (docs/screens/issue-14/
 * portfolio-<screen>-<variant>.png), and on an overdue loan with a fine due
 * and nothing paid the "Tindakan lain" dialogs: change installments, waive
 * fine, cancel release, and on an approved loan the collateral form (docs/screens/issue-12/
 * loans-<dialog>-<variant>.png). Nothing is submitted.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiToken, closeBrowser, type PageOptions, url } from './harness';
import { docShot, overdueLoan } from './portfolio-kit';
import { settle, signedInPage } from './screens-kit';

const PHONE = { width: 390, height: 844 };
const SHOTS: Array<{ name: string; opts: PageOptions }> = [
  { name: 'ar-light', opts: { storage: { lang: 'ar', 'theme-mode': 'light' } } },
  { name: 'ar-dark', opts: { colorScheme: 'dark', storage: { lang: 'ar', 'theme-mode': 'dark' } } },
  { name: 'phone-id-light', opts: { viewport: PHONE, storage: { lang: 'id', 'theme-mode': 'light' } } },
  { name: 'phone-en-dark', opts: { viewport: PHONE, colorScheme: 'dark', storage: { lang: 'en', 'theme-mode': 'dark' } } },
];

let loan = { id: '', loanNumber: '' };
let approved = { id: '', loanNumber: '' };

beforeAll(async () => {
  const token = await apiToken();
  loan = await overdueLoan(token, 'Pinjaman Layar', 2_500);
  approved = await overdueLoan(token, 'Pinjaman Layar Agunan', 0, false);
}, 120_000);
afterAll(closeBrowser);

async function reports(page: Page, v: string) {
  const shot = (name: string) => docShot(page, 'issue-14', `portfolio-${name}-${v}`);
  for (const tab of ['realization', 'list']) {
    await page.goto(url(`/reports/loans?tab=${tab}`));
    await page.getByTestId('report-filters').locator('input[type="date"]').first().fill('2026-01-01');
    await settle(page, `report-${tab}`);
    await page.getByTestId('report-row').first().waitFor();
    await shot(tab);
  }
  await page.goto(url('/reports/collectability'));
  await settle(page, 'grade-summary');
  await shot('collectibility');
  await page.goto(url('/reports/npl'));
  await settle(page, 'npl-ratio');
  await shot('npl');
  await page.goto(url(`/reports/loans/${loan.id}/recapitulation`));
  await settle(page, 'recap');
  await shot('recap');
}

async function dialogs(page: Page, v: string) {
  const shot = (name: string) => docShot(page, 'issue-12', `loans-${name}-${v}`, { fullPage: false });
  const open = async (action: string, name: string) => {
    await page.goto(url(`/transactions/loans/${loan.id}`));
    await settle(page, 'action-more');
    await page.getByTestId('action-more').click();
    await page.getByTestId(`action-${action}`).click();
    await page.getByRole('dialog').waitFor();
    await settle(page, 'action-more');
    await shot(name);
  };
  await page.goto(url(`/transactions/loans/${loan.id}`));
  await settle(page, 'action-more');
  await page.getByTestId('action-more').click();
  await page.getByTestId('action-waive').waitFor();
  await shot('more-actions');
  await open('updateInstallment', 'update-installment');
  await open('waive', 'waive-fine');
  await open('cancelRelease', 'cancel-release');
  // Collateral is edited before the release: on an approved loan.
  await page.goto(url(`/transactions/loans/${approved.id}?tab=collateral`));
  await settle(page, 'collateral-add');
  await page.getByTestId('collateral-add').click();
  await page.getByTestId('collateral-new').waitFor();
  await docShot(page, 'issue-12', `loans-collateral-form-${v}`);
}

describe('portfolio reports and loan officer dialogs, Arabic and phone', () => {
  for (const s of SHOTS) {
    it(`screens, ${s.name}`, async () => {
      const page = await signedInPage(s.opts);
      await reports(page, s.name);
      await dialogs(page, s.name);
      await page.close();
    });
  }
});
