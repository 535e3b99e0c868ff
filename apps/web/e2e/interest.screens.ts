/** Gallery: the voluntary savings interest release screen, id and en. */
import { afterAll, it } from 'vitest';
import { closeBrowser, screenshot } from './harness';
import { signedInPage, VARIANTS, variantOptions, visit } from './screens-kit';

afterAll(closeBrowser);

it('interest release, voluntary savings', async () => {
  for (const v of VARIANTS.slice(0, 2)) {
    const page = await signedInPage(variantOptions(v));
    await visit(page, '/interest-release/saving', 'release-submit');
    await screenshot(page, `interest-release-saving-${v.lang}`);
    await page.close();
  }
}, 120_000);
