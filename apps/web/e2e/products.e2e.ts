/**
 * Produk and the saving reports in a real browser, signed in once as the
 * demo admin: a voluntary savings product made with the stepper (the GL step
 * refuses an empty account with 'Semua akun COA wajib dipilih'), its terms
 * changed (version 2 in the history, version 1 kept), an account opened with
 * a first deposit, and the saving reports showing the product with its
 * account, balance and control account reconciled with the ledger.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, screenshot, screenshotOnFailure, signInAsDemo, url } from './harness';

let page: Page;
let productUrl = '';
let productId = '';
const stamp = Date.now().toString().slice(-4);
const NAME = `Simpanan Lebaran ${stamp}`;
const CODE = `SL${stamp}`;
/** API answers of 400 and above (the flow should cause none). */
const failures: string[] = [];

beforeAll(async () => {
  page = await newPage();
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().includes('/api/')) failures.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  await signInAsDemo(page);
});
afterAll(closeBrowser);
beforeEach(screenshotOnFailure);

/** Visible text with spaces normalised (blocks and cells separated by one space; "Rp" has a no-break space). */
// biome-ignore lint/performance/useDomNodeTextContent: the visible text, with the spaces the layout puts between blocks and cells
const txt = async (l: Locator) => (await l.innerText()).replace(/\s+/g, ' ').trim();

async function shot(name: string, fullPage = true) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, { fullPage });
}

/** Choose the account of a GL role by typing its code (Enter takes the highlighted match). */
async function pickAccount(role: string, code: string) {
  const input = page.getByTestId(`gl-${role}`);
  await input.click();
  await input.fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code}`) }).waitFor();
  await input.press('Enter');
  await expect.poll(() => input.inputValue(), { timeout: 20_000 }).toMatch(new RegExp(`^${code} · `));
}

/**
 * An API call in the signed-in user's session (the savings screens are another area's): the HttpOnly `token` cookie
 * travels by itself, and a write echoes the readable `csrf_token` cookie in X-CSRF-Token, as the web app does.
 */
async function callApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([m, p, b]) => {
      const csrf = decodeURIComponent(/(?:^|; )csrf_token=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(p as string, {
        method: m as string,
        headers: { 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const json = await res.json();
      if (!json.status) throw new Error(`${m} ${p}: ${json.message}`);
      return json.data;
    },
    [method, path, body] as const,
  ) as Promise<T>;
}

describe('products and saving reports', () => {
  it('creates a voluntary savings product with its GL mapping, refusing an empty account', async () => {
    await page.goto(url('/products/savings'));
    await page.getByTestId('data-table').waitFor();
    await page.getByTestId('product-add').click();
    await page.getByTestId('add-VOLUNTARY').click();
    await page.waitForURL(/\/products\/savings\/new\?type=VOLUNTARY$/);
    await page.getByTestId('step-general').waitFor();
    expect(await page.getByTestId('field-savingType').inputValue()).toBe('VOLUNTARY');

    // Step 1: general data.
    await page.locator('input[name="name"]').fill(NAME);
    await page.locator('input[name="code"]').fill(CODE);
    await page.getByTestId('form-next').click();

    // Step 2: the terms of a voluntary saving.
    await page.getByTestId('step-terms').waitFor();
    expect(await page.locator('input[name="planMonthlyAmount"]').count()).toBe(0);
    await page.locator('input[name="minBalance"]').fill('25000');
    await page.locator('input[name="baseRate"]').fill('4');
    await page.getByRole('combobox', { name: 'Dasar perhitungan saldo' }).click();
    await page.getByRole('option', { name: 'Saldo terendah' }).click();
    await page.locator('input[name="closingFee"]').fill('10000');
    await page.locator('input[name="interestTax"]').fill('10');
    await page.getByTestId('form-next').click();

    // Step 3: the chart's default accounts are filled in; one emptied is refused.
    await page.getByTestId('step-gl').waitFor();
    await expect.poll(() => page.getByTestId('gl-CONTROL').inputValue(), { timeout: 20_000 }).toBe('20101 · Simpanan Sukarela');
    expect(await page.getByTestId('gl-TAX_PAYABLE').inputValue()).toBe('20202 · Utang Pajak Jasa Simpanan');
    await page.getByTestId('gl-TAX_PAYABLE').fill('');
    await page.getByTestId('gl-TAX_PAYABLE').press('Escape');
    await expect.poll(() => page.getByTestId('gl-TAX_PAYABLE').inputValue(), { timeout: 20_000 }).toBe('');
    await page.getByTestId('form-next').click();
    const missing = page.getByTestId('gl-missing');
    await missing.waitFor();
    expect(await txt(missing)).toBe('Semua akun COA wajib dipilih. Belum dipilih: Utang pajak jasa');
    expect(await txt(page.getByTestId('gl-role-TAX_PAYABLE').locator('.MuiFormHelperText-root'))).toBe('Semua akun COA wajib dipilih');
    expect(await page.getByTestId('step-review').count()).toBe(0);
    await shot('products-gl-refused', false);
    await pickAccount('TAX_PAYABLE', '20202');
    await page.getByTestId('form-next').click();

    // Step 4: review and save.
    const review = page.getByTestId('step-review');
    await review.waitFor();
    expect(await txt(review)).toContain(NAME);
    expect(await txt(page.getByTestId('review-gl-TAX_PAYABLE'))).toContain('20202 · Utang Pajak Jasa Simpanan');
    await shot('products-review');
    await page.getByTestId('form-submit').click();

    await page.waitForURL(/\/products\/savings\/[0-9a-f-]{36}$/);
    await page.getByTestId('gl-table').waitFor();
    productUrl = page.url();
    productId = productUrl.split('/').at(-1)!;
    expect(await txt(page.getByTestId('page-title'))).toBe(NAME);
    expect(await txt(page.getByTestId('detail-code'))).toBe(CODE);
    expect(await txt(page.getByTestId('current-version'))).toMatch(/^Versi 1, berlaku mulai \d+ \w+ \d{4}$/);
    expect(await txt(page.getByTestId('term-minBalance'))).toBe('Saldo minimum Rp 25.000');
    expect(await txt(page.getByTestId('term-balanceBasis'))).toBe('Dasar perhitungan saldo Saldo terendah');
    expect(await txt(page.getByTestId('gl-row-CONTROL'))).toBe('Akun pengendali (saldo anggota) 20101 Simpanan Sukarela Kewajiban');
    expect(await txt(page.getByTestId('gl-row-TAX_PAYABLE'))).toBe('Utang pajak jasa 20202 Utang Pajak Jasa Simpanan Kewajiban');
    expect(await page.getByTestId('version-history').locator('tbody tr').count()).toBe(1);
    expect(failures).toEqual([]);
    await shot('products-detail-created');
  });

  it('changes the terms: a new version from today, the first one kept in the history', async () => {
    await page.goto(productUrl);
    await page.getByTestId('product-edit').click();
    await page.getByTestId('step-general').waitFor();
    await page.getByTestId('form-next').click();
    await page.getByTestId('step-terms').waitFor();
    expect(await txt(page.getByTestId('effective-hint'))).toContain('Ketentuan baru berlaku mulai tanggal ini');

    // A change cannot apply before today.
    await page
      .getByRole('group', { name: /Berlaku mulai/ })
      .locator('[role="spinbutton"]')
      .first()
      .click();
    await page.keyboard.type('01012020');
    await page.locator('input[name="minBalance"]').fill('50000');
    await page.getByTestId('form-next').click();
    await page.getByText('Perubahan ketentuan produk tidak boleh berlaku mundur; pilih hari ini atau tanggal sesudahnya').waitFor();
    const today = await page.evaluate(() =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jakarta', day: '2-digit', month: '2-digit', year: 'numeric' })
        .format(new Date())
        .replaceAll('/', ''),
    );
    await page
      .getByRole('group', { name: /Berlaku mulai/ })
      .locator('[role="spinbutton"]')
      .first()
      .click();
    await page.keyboard.type(today);
    await page.locator('input[name="baseRate"]').fill('4.5');
    await page.getByTestId('form-next').click();
    await page.getByTestId('step-gl').waitFor();
    await page.getByTestId('form-next').click();

    const notice = page.getByTestId('review-new-version');
    await notice.waitFor();
    expect(await txt(notice)).toMatch(
      /^Ketentuan ini menjadi versi 2 yang berlaku mulai hari ini \(.+\)\. Transaksi sebelumnya tetap memakai versi 1\.$/,
    );
    expect(await page.getByTestId('term-minBalance').getAttribute('data-changed')).toBe('true');
    expect(await txt(page.getByTestId('term-minBalance'))).toBe('Saldo minimum Rp 50.000 (sebelumnya Rp 25.000)');
    await shot('products-edit-review');
    await page.getByTestId('form-submit').click();

    await page.waitForURL(productUrl);
    await expect.poll(() => txt(page.getByTestId('current-version')), { timeout: 20_000 }).toMatch(/^Versi 2, berlaku mulai/);
    expect(await txt(page.getByTestId('term-minBalance'))).toBe('Saldo minimum Rp 50.000');
    expect(await txt(page.getByTestId('term-baseRate'))).toBe('Suku jasa (% per tahun) 4,5%');
    const history = page.getByTestId('version-history').locator('tbody tr');
    expect(await history.count()).toBe(2);
    expect(await txt(page.getByTestId('version-2-changes'))).toBe(
      'Saldo minimum: Rp 25.000 → Rp 50.000 Suku jasa (% per tahun): 4% → 4,5%',
    );
    expect(await txt(page.getByTestId('version-1-changes'))).toBe('Ketentuan awal');
    expect(await txt(page.getByTestId('version-2'))).toContain('Berlaku');
    expect(await txt(page.getByTestId('version-1'))).toContain('Lampau');
    expect(failures).toEqual([]);
    await shot('products-detail-v2');
  });

  it('shows the product in the saving reports with its account, balance and reconciled control account', async () => {
    // A member opens an account of the new product with a first deposit (the savings screens are another area's).
    const members = await callApi<{ content: Array<{ id: string; fullName: string }> }>(
      'GET',
      '/api/member/datatable?isActive=true&isNonMember=0&memberType=MEMBER&status=ACTIVE&limit=1',
    );
    const member = members.content[0]!;
    const account = await callApi<{ account?: { accountNumber: string }; accountNumber?: string }>(
      'POST',
      '/api/transaction/request-open-product-member',
      { memberId: member.id, productId, initialDeposit: 150000 },
    );
    expect(JSON.stringify(account)).toContain(`${CODE}.000001`);

    await page.goto(url('/reports/savings?tab=products'));
    const products = page.getByTestId('report-products');
    await products.waitFor();
    const row = products.locator('tbody tr', { hasText: CODE });
    const cells = (await row.locator('td').allTextContents()).map((x) => x.replace(/\s+/g, ' ').trim());
    expect(cells).toEqual([CODE, NAME, 'Simpanan Sukarela', '20101 · Simpanan Sukarela', '1', '1', 'Rp 150.000']);
    const control = page.getByTestId('report-controls').locator('tbody tr', { hasText: '20101' });
    expect(await txt(control)).toMatch(new RegExp(`^20101 · Simpanan Sukarela .*${CODE}.* Rp [\\d.]+ Rp [\\d.]+ Sesuai$`));
    expect(await txt(control)).toContain('SS, SSP');
    expect(await txt(page.getByTestId('diff-20101'))).toBe('Sesuai');
    await page.getByTestId('reconciled').waitFor();
    const total = await txt(page.getByTestId('fig-total-balance'));
    expect(total).toMatch(/^Rp [\d.]+$/);
    expect(await txt(products.getByTestId('total-balance'))).toBe(total);
    await shot('saving-report-products');

    // The balances tab, filtered to the product: the one account and its balance.
    await page.getByTestId('tab-balances').click();
    await page.getByRole('combobox', { name: 'Produk' }).click();
    await page.getByRole('option', { name: `${CODE} · ${NAME}` }).click();
    await expect.poll(() => page.getByTestId('report-balances').locator('tbody tr').count(), { timeout: 20_000 }).toBe(1);
    const balance = page.getByTestId('report-balances').locator('tbody tr').first();
    expect(await txt(balance)).toContain(`${CODE}.000001`);
    expect(await txt(balance)).toContain(member.fullName);
    expect(await txt(balance)).toContain('Rp 150.000');
    expect(await txt(page.getByTestId('fig-total-balance'))).toBe('Rp 150.000');
    expect(await txt(page.getByTestId('fig-accounts'))).toBe('1');
    expect(page.url()).toContain(`product=${productId}`);

    // Deposits this month: the opening deposit under the product.
    await page.getByTestId('tab-deposits').click();
    // The tab's own filters replace the balances tab's: open the product filter once its report is shown (a menu
    // opened on the outgoing tab's filter is detached with it).
    await page.getByTestId('report-by-product').waitFor();
    await page.getByRole('combobox', { name: 'Produk' }).click();
    await page.getByRole('option', { name: `${CODE} · ${NAME}` }).click();
    const byProduct = page.getByTestId('report-by-product').locator('tbody tr');
    await expect.poll(() => byProduct.count(), { timeout: 20_000 }).toBe(1);
    expect((await byProduct.first().locator('td').allTextContents()).map((x) => x.replace(/\s+/g, ' ').trim())).toEqual([
      CODE,
      NAME,
      '1',
      'Rp 150.000',
    ]);
    const opening = await txt(page.getByTestId('report-rows').locator('tbody tr').first());
    expect(opening).toContain(member.fullName);
    expect(opening).toContain(`${CODE}.000001`);
    await shot('saving-report-deposits');

    // The transactions report finds the opening deposit by its code (detail-by-code) with its journal.
    const code = /TRX\d+/.exec(opening)![0];
    await page.goto(url('/reports/transactions'));
    await page.getByTestId('report-transactions').waitFor();
    await page.getByTestId('code-lookup').fill(code.toLowerCase());
    await page.getByTestId('code-lookup').press('Enter');
    await page.waitForURL(new RegExp(`/reports/transactions/${code}$`));
    await page.getByTestId('tx-journal').waitFor();
    expect(await txt(page.getByTestId('tx-code'))).toBe(code);
    expect(await txt(page.getByTestId('tx-amount'))).toBe('Rp 150.000');
    expect(await txt(page.getByTestId('tx-member'))).toContain(member.fullName);
    const lines = await page.getByTestId('tx-journal').locator('tbody tr').allInnerTexts();
    expect(lines.map((l) => l.replace(/\s+/g, ' ').trim())).toEqual([
      expect.stringMatching(/^10\d{3} · .+ Rp 150\.000$/),
      '20101 · Simpanan Sukarela Rp 150.000',
    ]);
    expect(failures).toEqual([]);
    await shot('saving-report-transaction-detail');
  });
});
