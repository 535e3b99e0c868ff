/**
 * Screenshot gallery of the savings screens (not part of `npm test`;
 * `npm run e2e:screens -w apps/web`): the teller screen and each of its
 * dialogs (deposit, its confirmation and result, a refused withdrawal,
 * transfer, open, close, block), an account's mutations and passbook, the
 * receipt on A5 and 80 mm, the history with a detail, the online cash-out
 * requests, auto debit and the dashboard widgets, in Indonesian and English,
 * light and dark, plus the teller screen at phone size; saved to
 * artifacts/screenshots/gallery/savings-*.png. Look at them after changing
 * the look.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiToken, closeBrowser, screenshot, url } from './harness';
import { settle, signedInPage, VARIANTS, variantOptions, visitSettled } from './screens-kit';

afterAll(closeBrowser);

interface Account {
  id: string;
  accountNumber: string;
  memberId: string;
  savingType: string;
  kind: string;
  status: string;
  isBlocked: boolean;
  availableBalance: number;
}

let memberId = '';
let ss: Account;
let txId = '';

async function api<T>(tok: string, path: string, init: { method?: string; body?: unknown; key?: string } = {}): Promise<T> {
  const res = await fetch(url(path), {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${tok}`,
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(init.key ? { 'Idempotency-Key': init.key } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await res.json()) as { status: boolean; message: string; data: T };
  if (!json.status) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

beforeAll(async () => {
  const tok = await apiToken();
  // A member with a voluntary and a plan saving; their mandatory saving on auto debit from the voluntary one.
  const all = await api<{ content: Account[] }>(tok, '/api/transaction/saving/datatable?status=ACTIVE&limit=1000');
  const by = new Map<string, Account[]>();
  for (const a of all.content) by.set(a.memberId, [...(by.get(a.memberId) ?? []), a]);
  const accounts = [...by.values()].find(
    (as) =>
      as.some((a) => a.savingType === 'VOLUNTARY' && !a.isBlocked && a.availableBalance > 1_000_000) &&
      as.some((a) => a.savingType === 'PLAN') &&
      as.some((a) => a.savingType === 'MANDATORY'),
  )!;
  ss = accounts.find((a) => a.savingType === 'VOLUNTARY')!;
  memberId = ss.memberId;
  await api(tok, `/api/member/${memberId}/source-of-fund`, { method: 'PATCH', body: { memberSavingId: ss.id } });
  const wajib = accounts.find((a) => a.savingType === 'MANDATORY')!;
  await api(tok, `/api/member/${wajib.id}/saving-auto-debit?isAutoDebit=true`, { method: 'PATCH' });
  const moved = await api<{ transaction: { id: string } }>(tok, '/api/transaction/topup-saving', {
    method: 'POST',
    body: { memberSavingId: ss.id, amount: 125_000, description: 'Setoran galeri' },
    key: crypto.randomUUID(),
  });
  txId = moved.transaction.id;
});

describe('savings gallery', () => {
  for (const v of VARIANTS) {
    it(`savings screens, ${v.lang} ${v.mode}`, async () => {
      const page = await signedInPage(variantOptions(v));
      await page.context().addInitScript(() => {
        window.print = () => undefined;
      });
      const shot = (name: string, fullPage = true) => screenshot(page, `gallery/savings-${name}-${v.lang}-${v.mode}`, { fullPage });
      const row = () => page.locator(`[data-account="${ss.accountNumber}"]`);
      const close = async () => {
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
        await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
      };

      await visitSettled(page, '/transactions/savings', 'finder-card');
      await shot('teller-empty');
      await visitSettled(page, `/transactions/savings?memberId=${memberId}`, 'account-row');
      await settle(page, 'recent-transactions');
      await shot('teller-member');

      await row().getByTestId('action-deposit').click();
      await settle(page, 'deposit-dialog');
      await page.locator('input[name="amount"]').fill('1500000');
      await shot('deposit-form', false);
      await page.getByTestId('posting-continue').click();
      await page.getByTestId('posting-summary').waitFor();
      await shot('deposit-confirm', false);
      await page.getByTestId('posting-confirm').click();
      await page.getByTestId('posting-done').waitFor();
      await shot('deposit-done', false);
      await page.getByTestId('posting-close').click();

      await row().getByTestId('action-withdraw').click();
      await settle(page, 'withdraw-dialog');
      await page.locator('input[name="amount"]').fill('900000000');
      await page.getByTestId('posting-continue').click();
      await page.getByTestId('posting-confirm').click();
      await page.getByTestId('posting-error').waitFor();
      await shot('withdraw-refused', false);
      await close();

      await row().getByTestId('action-transfer').click();
      await settle(page, 'transfer-dialog');
      await shot('transfer-form', false);
      await close();

      await page.getByTestId('open-account').click();
      await settle(page, 'open-dialog');
      await page.getByTestId('open-product-select').click();
      await page.locator('[role="option"]').first().waitFor();
      await shot('open-products', false);
      await page.keyboard.press('Escape');
      await close();

      await row().getByTestId('action-more').click();
      await page.getByTestId('menu-close').click();
      await settle(page, 'close-dialog');
      await shot('close-form', false);
      await close();

      await row().getByTestId('action-more').click();
      await page.getByTestId('menu-block').click();
      await settle(page, 'block-dialog');
      await shot('block-form', false);
      await close();

      await visitSettled(page, `/transactions/savings/accounts/${ss.id}`, 'mutation-table');
      await shot('mutations');
      await visitSettled(page, `/transactions/savings/accounts/${ss.id}/passbook?preview=1`, 'passbook-table');
      await shot('passbook');
      await visitSettled(page, `/transactions/receipt/${txId}?paper=A5&preview=1`, 'receipt');
      await shot('receipt-a5');
      await visitSettled(page, `/transactions/receipt/${txId}?paper=80MM&preview=1`, 'receipt');
      await shot('receipt-80mm');

      await visitSettled(page, '/transactions/history', 'data-table');
      await shot('history');
      await visitSettled(page, `/transactions/history/${txId}`, 'tx-card');
      await shot('detail');

      await visitSettled(page, '/transactions/online-requests', 'data-table');
      await shot('online');
      const first = page.locator('.MuiDataGrid-row').first();
      if (await first.count()) {
        await first.click();
        await settle(page, 'request-dialog');
        await page.getByTestId('request-approve').click();
        await shot('online-approve', false);
        await close();
      }

      await visitSettled(page, '/transactions/auto-debit', 'auto-debit-table');
      await shot('auto-debit');
      await visitSettled(page, '/dashboard', 'widget-saving-loan');
      await settle(page, 'widget-mandatory-arrears');
      await page.getByTestId('widget-saving-loan').scrollIntoViewIfNeeded();
      await shot('dashboard-widgets', false);
    });
  }

  it('savings teller screen on a phone', async () => {
    const page = await signedInPage({ viewport: { width: 390, height: 844 }, storage: { lang: 'id' } });
    await visitSettled(page, `/transactions/savings?memberId=${memberId}`, 'account-row');
    await screenshot(page, 'gallery/savings-teller-phone');
    await page.locator(`[data-account="${ss.accountNumber}"]`).getByTestId('action-deposit').click();
    await settle(page, 'deposit-dialog');
    await screenshot(page, 'gallery/savings-deposit-phone', { fullPage: false });
  });
});
