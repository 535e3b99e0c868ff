/**
 * Screenshots of the interest payout approval (issue 13; not part of `npm test`;
 * `npm run e2e:screens -w apps/web -- deposits-approval`): a demo deposit's detail with an interest payout
 * waiting for approval, the decision dialog, and the payout dialog's "waiting for approval" answer. The holding
 * and payout answers are stubbed in the browser (the demo product does not ask for approval); the API side is
 * covered by apps/api/test/deposits-payout-approval.test.ts. Saved to artifacts/screenshots/deposits-approval-*.png.
 */
import { afterAll, describe, it } from 'vitest';
import { apiToken, closeBrowser, screenshot, url } from './harness';
import { settle, signedInPage, VARIANTS, variantOptions } from './screens-kit';

afterAll(closeBrowser);

describe('deposit interest payout approval', () => {
  for (const v of VARIANTS.slice(0, 2)) {
    it(`detail, decision and payout dialogs, ${v.lang}`, async () => {
      const tok = await apiToken();
      const res = await fetch(url('/api/transaction/deposit/datatable?limit=1'), { headers: { Authorization: `Bearer ${tok}` } });
      const first = ((await res.json()) as { data: { content: Array<{ id: string; accountNumber: string }> } }).data.content[0]!;
      const id = first.id;
      const page = await signedInPage(variantOptions(v));
      const request = {
        id: 'req-1',
        method: 'CASH',
        kinds: ['INTEREST'],
        principal: 0,
        interest: 270_000,
        amount: 270_000,
        requestedBy: 'u-2',
        requestedByName: 'Teller Satu',
        requestedAt: '2026-11-20T03:00:00.000Z',
      };
      await page.route(`**/api/transaction/deposit/${id}/holding`, (r) =>
        r.fulfill({
          json: {
            status: true,
            code: 200,
            message: 'OK',
            data: {
              depositId: id,
              accountNumber: first.accountNumber,
              open: { principal: 0, interest: 270_000, total: 270_000 },
              entries: [],
              payouts: [],
              pendingRequest: request,
            },
          },
        }),
      );
      await page.route(`**/api/transaction/deposit/${id}/payout`, (r) =>
        r.fulfill({
          json: {
            status: true,
            code: 200,
            message: 'Pembayaran bunga dari penampung menunggu persetujuan',
            data: { status: 'WAITING_APPROVAL', requestId: 'req-2', principal: 0, interest: 270_000, amount: 270_000 },
          },
        }),
      );
      await page.goto(url(`/transactions/deposits/${id}`));
      await settle(page, 'payout-request-waiting');
      await screenshot(page, `deposits-approval-detail-${v.lang}`);
      await page.getByTestId('payout-decide').click();
      await page.getByTestId('payout-decision-dialog').waitFor();
      await screenshot(page, `deposits-approval-decision-${v.lang}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await page.getByTestId('payout-open').click();
      await page.getByTestId('payout-kind-PRINCIPAL').waitFor();
      await page.getByTestId('payout-continue').click();
      await page.getByTestId('payout-submit').click();
      await page.getByTestId('payout-waiting').waitFor();
      await screenshot(page, `deposits-approval-waiting-${v.lang}`, { fullPage: false });
      await page.close();
    });
  }
});
