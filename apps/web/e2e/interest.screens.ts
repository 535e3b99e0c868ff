/** Gallery: the voluntary savings interest release screen and the interest simulations, id and en. */
import { afterAll, it } from 'vitest';
import { closeBrowser, screenshot } from './harness';
import { signedInPage, VARIANTS, variantOptions, visit, waitIdle } from './screens-kit';

afterAll(closeBrowser);

it('interest release, voluntary savings', async () => {
  for (const v of VARIANTS.slice(0, 2)) {
    const page = await signedInPage(variantOptions(v));
    await visit(page, '/interest-release/saving', 'release-submit');
    await screenshot(page, `interest-release-saving-${v.lang}`);
    await page.close();
  }
}, 120_000);

it('interest simulations: base rate, profit sharing with results', async () => {
  for (const v of VARIANTS.slice(0, 2)) {
    const page = await signedInPage(variantOptions(v));
    await visit(page, '/interest-simulation/base-rate', 'simulate-submit');
    await page.getByTestId('simulate-submit').click();
    await page.getByTestId('simulation-totals').waitFor({ timeout: 30_000 });
    await waitIdle(page);
    await screenshot(page, `interest-simulation-base-rate-${v.lang}`);
    await visit(page, '/interest-simulation/profit-sharing', 'simulate-submit');
    await page.locator('[data-testid="sim-profit"] input').fill('10000000');
    await page.getByTestId('simulate-submit').click();
    await page.getByTestId('simulation-totals').waitFor({ timeout: 30_000 });
    await waitIdle(page);
    await screenshot(page, `interest-simulation-profit-sharing-${v.lang}`);
    await page.close();
  }
}, 240_000);
