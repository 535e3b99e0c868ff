/**
 * Screenshot gallery of the business-unit screens (not part of `npm test`;
 * `npm run e2e:screens -w apps/web`): the unit list and its form, the
 * transactions and member debts, paying from savings, a debt's mutations with
 * a cancelled payment, a transaction's journal, the two unit reports, and the
 * balance sheet's unit filter. Indonesian and English, light and dark, at
 * 1440 px; the debts at phone size; Arabic once.
 * Saved to artifacts/screenshots/gallery/business-units-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiToken, closeBrowser, DEMO, newPage, screenshot, signIn, url } from './harness';
import { settle, VARIANTS, variantOptions, visitSettled } from './screens-kit';

afterAll(closeBrowser);

async function call<T>(tok: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(url(path), {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${tok}`,
      ...(init.body ? { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await res.json()) as { status: boolean; message: string; data: T };
  if (!json.status) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

let memberId = '';

beforeAll(async () => {
  const tok = await apiToken();
  const coa = Object.fromEntries((await call<Array<{ id: string; code: string }>>(tok, '/api/coa')).map((a) => [a.code, a.id]));
  const unit = await call<{ id: string }>(tok, '/api/business-unit', {
    method: 'POST',
    body: {
      name: 'Toko Sembako Koperasi',
      type: 'TOKO',
      cashAccountId: coa['10104'],
      inventoryAccountId: coa['10301'],
      payableAccountId: coa['20210'],
      receivableAccountId: coa['10206'],
      revenueAccountId: coa['40201'],
      expenseAccountId: coa['50301'],
      adminLiabilityAccountId: coa['20211'],
      inventoryLossAccountId: coa['50302'],
    },
  });
  const accounts = (
    await call<{ content: Array<{ id: string; memberId: string; savingType: string; isBlocked: boolean; availableBalance: number }> }>(
      tok,
      '/api/transaction/saving/datatable?status=ACTIVE&limit=100',
    )
  ).content.filter((a) => a.savingType === 'VOLUNTARY' && !a.isBlocked && a.availableBalance > 200_000);
  const post = (body: Record<string, unknown>) =>
    call<{ id: string }>(tok, '/api/transaction-business-unit', { method: 'POST', body: { businessUnitId: unit.id, ...body } });
  await post({ kind: 'PURCHASE_CREDIT', amount: 4_500_000, description: 'Beras 500 kg' });
  await post({ kind: 'PURCHASE', amount: 1_250_000, description: 'Minyak goreng 100 liter' });
  await post({ kind: 'SALE_CASH', amount: 860_000 });
  await post({ kind: 'STOCK_LOSS', amount: 45_000, description: 'Telur pecah' });
  await post({ kind: 'PAYABLE_PAYMENT', amount: 2_000_000 });
  for (const [i, a] of accounts.slice(0, 4).entries()) await post({ kind: 'SALE_CREDIT', amount: 125_000 * (i + 1), memberId: a.memberId });
  memberId = accounts[0]!.memberId;
  const pay = (b: Record<string, unknown>) =>
    call<{ id: string }>(tok, '/api/transaction-business-unit/payment-debt', {
      method: 'POST',
      body: { businessUnitId: unit.id, memberId, ...b },
    });
  const cash = await pay({ amount: 25_000 });
  await call(tok, `/api/transaction-business-unit/${cash.id}/payment-cancel`, { method: 'POST', body: { reason: 'Salah input jumlah' } });
  await pay({ amount: 50_000, source: 'SAVINGS', memberSavingId: accounts[0]!.id });
});

async function shots(page: Page, suffix: string) {
  const shot = (name: string) => screenshot(page, `gallery/business-units-${name}-${suffix}`, { fullPage: true });
  await visitSettled(page, '/business-units', 'data-table');
  await shot('list');
  await page.getByText('Toko Sembako Koperasi').first().click();
  await page.getByTestId('unit-name').waitFor();
  await shot('form');
  await page.keyboard.press('Escape');
  await visitSettled(page, '/business-units/transactions', 'data-table');
  await shot('transactions');
  await page.getByTestId('tx-add').click();
  await page.getByTestId('tx-kind').waitFor();
  await shot('new-transaction');
  await page.keyboard.press('Escape');
  await page.getByTestId('tab-debts').click();
  await settle(page, 'data-table');
  await shot('debts');
  await page.getByTestId(`pay-${memberId}`).click();
  await page.getByTestId('pay-source-savings').click();
  await shot('pay');
  await page.keyboard.press('Escape');
  await page.getByTestId(`pay-${memberId}`).locator('xpath=ancestor::div[@role="row"]').locator('[data-field="name"]').click();
  await settle(page, 'debt-mutations');
  await shot('mutations');
  await page.keyboard.press('Escape');
  await visitSettled(page, '/reports/business-units', 'data-table');
  await shot('report');
  await page.locator('[data-field="kind"]').nth(1).click();
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(500);
  await shot('journal');
  await page.keyboard.press('Escape');
  await visitSettled(page, '/reports/business-unit-debts', 'data-table');
  await shot('report-debts');
}

describe('business-unit gallery', () => {
  for (const v of VARIANTS) {
    it(`business-unit screens, ${v.lang} ${v.mode}`, async () => {
      const page = await newPage(variantOptions(v));
      await signIn(page, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
      await shots(page, `${v.lang}-${v.mode}`);
    });
  }

  it('phone size, Arabic, and the balance sheet unit filter', async () => {
    const phone = await newPage({ viewport: { width: 390, height: 844 }, storage: { lang: 'id' } });
    await signIn(phone, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
    await visitSettled(phone, '/business-units/transactions', 'data-table');
    await phone.getByTestId('tab-debts').click();
    await settle(phone, 'data-table');
    await screenshot(phone, 'gallery/business-units-debts-phone', { fullPage: true });
    const ar = await newPage({ storage: { lang: 'ar' } });
    await signIn(ar, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
    await visitSettled(ar, '/business-units/transactions', 'data-table');
    await screenshot(ar, 'gallery/business-units-transactions-ar', { fullPage: true });
    const en = await newPage({ storage: { lang: 'en' } });
    await signIn(en, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
    await visitSettled(en, '/reports/balance-sheet', 'app-header');
    await screenshot(en, 'gallery/business-units-balance-sheet-filter', { fullPage: false });
  });
});
