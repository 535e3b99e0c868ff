/**
 * Screenshots of the holding-account list marking a deposit whose payout waits for approval (issue 13; not part of
 * `npm test`; `npm run e2e:screens -w apps/web -- deposits-holding`): light and dark, id and en, Arabic (RTL) and a
 * phone width of 390 px. The list's answer is stubbed in the browser (the demo has no payout request); the API side
 * is covered by apps/api/test/deposits-payout-approval.test.ts. Saved to artifacts/screenshots/deposits-holding-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, it } from 'vitest';
import { closeBrowser, screenshot, url } from './harness';
import { settle, signedInPage, VARIANTS, variantOptions } from './screens-kit';

afterAll(closeBrowser);

const row = (n: number, name: string, pending: boolean, status: string) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  accountNumber: `SB.00000${n}`,
  certificateNumber: `BLY/2026/00000${n}`,
  memberId: `m-${n}`,
  memberName: name,
  cifNumber: `202600000${n}`,
  productName: 'Simpanan Berjangka 12 Bulan',
  status,
  principal: pending ? 0 : 25_000_000,
  interest: pending ? 270_000 : 125_000,
  total: pending ? 270_000 : 25_125_000,
  since: '2026-11-15',
  payoutRequestPending: pending,
});

async function stub(page: Page) {
  await page.route('**/api/transaction/deposit/holding?**', (r) =>
    r.fulfill({
      json: {
        status: true,
        code: 200,
        message: 'OK',
        data: {
          content: [row(1, 'Budi Santoso', true, 'ACTIVE'), row(2, 'Sri Wahyuni', false, 'MATURED')],
          totalElements: 2,
          totalPages: 1,
          page: 0,
          size: 10,
          totalPrincipal: 25_000_000,
          totalInterest: 395_000,
        },
      },
    }),
  );
}

describe('deposit holding list: payout waiting for approval', () => {
  for (const v of VARIANTS) {
    it(`list, ${v.lang} ${v.mode}`, async () => {
      const page = await signedInPage(variantOptions(v));
      await stub(page);
      await page.goto(url('/transactions/deposits/holding'));
      await settle(page, 'payout-pending-SB.000001');
      await screenshot(page, `deposits-holding-${v.lang}-${v.mode}`);
      await page.close();
    });
  }
  it('list, ar (RTL) and a phone', async () => {
    const ar = await signedInPage({ storage: { lang: 'ar' } });
    await stub(ar);
    await ar.goto(url('/transactions/deposits/holding'));
    await settle(ar, 'payout-pending-SB.000001');
    await screenshot(ar, 'deposits-holding-ar-light');
    await ar.close();
    const phone = await signedInPage({ viewport: { width: 390, height: 844 }, storage: { lang: 'id' } });
    await stub(phone);
    await phone.goto(url('/transactions/deposits/holding'));
    await settle(phone, 'payout-pending-SB.000001');
    await screenshot(phone, 'deposits-holding-id-phone');
    await phone.close();
  });
});
