/**
 * Issue 16 screenshots in Arabic (right to left) and at phone width (390 px), light and dark: the teller's
 * session, handover, history and printed report; the agent dashboard; the demo store's units, transactions,
 * member debts and the debt payment with an admin fee; the chart of accounts with the cash / bank kind and its
 * form. On the demo cooperative (its store, Toko Koperasi Sejahtera, is seeded). Not part of `npm test`:
 * `npx vitest run --config e2e/vitest.config.ts --project screens e2e/issue16.screens.ts`.
 * Saved to artifacts/screenshots/issue16/*.png (copied to docs/screens/issue-16/).
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, it } from 'vitest';
import { apiToken, closeBrowser, DEMO, newPage, type PageOptions, screenshot, signIn } from './harness';
import { settle, visitSettled } from './screens-kit';

afterAll(closeBrowser);

const TELLER = 'teller@koperasi.id';
const AGENT = 'agent@koperasi.id';
const PHONE = { width: 390, height: 844 };

const VARIANTS: Array<{ name: string; opts: PageOptions }> = [
  { name: 'ar-light', opts: { storage: { lang: 'ar', 'theme-mode': 'light' } } },
  { name: 'ar-dark', opts: { storage: { lang: 'ar', 'theme-mode': 'dark' } } },
  { name: 'phone-light', opts: { viewport: PHONE, storage: { lang: 'id', 'theme-mode': 'light' } } },
  { name: 'phone-dark', opts: { viewport: PHONE, storage: { lang: 'id', 'theme-mode': 'dark' } } },
];

async function as(email: string, opts: PageOptions, home: RegExp): Promise<Page> {
  const page = await newPage(opts);
  await page.context().addInitScript(() => {
    window.print = () => undefined;
  });
  await signIn(page, email, DEMO.password, { expect: home });
  return page;
}

describe('issue 16 gallery', () => {
  for (const v of VARIANTS) {
    it(`teller, agent, units and COA, ${v.name}`, async () => {
      const shot = (page: Page, name: string) => screenshot(page, `issue16/${name}-${v.name}`, { fullPage: true });

      const teller = await as(TELLER, v.opts, /\/dashboard/);
      await visitSettled(teller, '/teller/session', 'session-view');
      await shot(teller, 'teller-session');
      await visitSettled(teller, '/teller/handover', 'app-header');
      await shot(teller, 'teller-handover');
      await visitSettled(teller, '/teller/history', 'app-header');
      await shot(teller, 'teller-history');
      const tok = await apiToken(TELLER, DEMO.password);
      const ob = (await (
        await fetch(teller.url().replace(/\/teller.*$/, '/api/transaction-user/open-balance-teller'), {
          headers: { Authorization: `Bearer ${tok}` },
        })
      ).json()) as { data: { session: { id: string } | null } };
      if (ob.data.session) {
        await visitSettled(teller, `/teller/sessions/${ob.data.session.id}/print?own=1&preview=1`, 'session-report');
        await shot(teller, 'teller-report');
      }

      const agent = await as(AGENT, v.opts, /\/dashboard-agent/);
      await settle(agent, 'widget-agent-today');
      await shot(agent, 'agent-dashboard');

      const admin = await as(DEMO.email, v.opts, /\/dashboard/);
      await visitSettled(admin, '/business-units', 'data-table');
      await shot(admin, 'units');
      await visitSettled(admin, '/business-units/transactions', 'data-table');
      await shot(admin, 'unit-transactions');
      await admin.getByTestId('tx-add').click();
      await admin.getByTestId('tx-kind').waitFor();
      await shot(admin, 'unit-new-transaction');
      await admin.keyboard.press('Escape');
      await admin.getByTestId('tab-debts').click();
      await settle(admin, 'data-table');
      await shot(admin, 'unit-debts');
      await admin.locator('[data-testid^="pay-"]').first().click();
      await admin.locator('#pay-admin-fee').fill('2500');
      await shot(admin, 'unit-pay-admin-fee');
      await admin.keyboard.press('Escape');
      await visitSettled(admin, '/settings/coa', 'coa-tree');
      await admin.getByTestId('coa-row-101').locator('button[aria-expanded]').click();
      await admin.getByTestId('coa-row-10103').waitFor();
      await shot(admin, 'coa-cash-kind');
      await admin.getByTestId('coa-actions-10103').click();
      await admin.getByTestId('coa-edit').click();
      await admin.getByTestId('account-dialog').waitFor();
      await shot(admin, 'coa-form-cash-kind');
    });
  }
});
