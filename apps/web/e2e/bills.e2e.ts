/**
 * Bills in a real browser (issue 14): an officer (the demo admin) creates a
 * member's bill of a FIXED_BILL product, watching the installment simulation
 * follow the product's defaults; approves it (confirmation first); takes a
 * payment of part of it (confirmation first; the payment history and what is
 * left follow); changes the amount of an unpaid installment (old → new and the
 * total's effect confirmed first); stops it with a reason (what is left is written off); the
 * realization report lists it. The bill product is created through the API
 * (the GL defaults of a BILL product); the member is taken from the demo data.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiToken, closeBrowser, DEMO, newPage, screenshot, screenshotOnFailure, signIn, url } from './harness';

const PER_BILL = 150_000;
const FEE = 5_000;
const COUNT = 3;
const PAID = 200_000;
const CHANGED = 175_000;

interface Saving {
  memberId: string;
  cifNumber: string;
  memberName: string;
  savingType: string;
  isBlocked: boolean;
}

let admin = '';
let page: Page;
let product = { id: '', name: '' };
let member: Saving;
let billId = '';

const txt = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();
const rp = (n: number) => `Rp ${n.toLocaleString('id-ID')}`;

async function api<T>(tok: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(url(path), {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${tok}`, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await res.json()) as { status: boolean; message: string; data: T };
  if (!json.status) throw new Error(`${path}: ${json.message}`);
  return json.data;
}

const billOf = () =>
  api<{ status: string; debt: number; paid: number; writtenOff: number }>(
    admin,
    `/api/transaction/product/bill/${billId}/detail-installment-bill-member`,
  );

beforeAll(async () => {
  admin = await apiToken(DEMO.email);
  const gl = await api<Array<{ role: string; coaId: string }>>(admin, '/api/product/gl-defaults?kind=BILL');
  product = { id: '', name: `Iuran Air E2E ${Date.now() % 100000}` };
  const created = await api<{ id: string }>(admin, '/api/product', {
    method: 'POST',
    body: {
      kind: 'BILL',
      name: product.name,
      billType: 'FIXED_BILL',
      billAmount: PER_BILL,
      installments: COUNT,
      adminFee: FEE,
      glAccounts: Object.fromEntries(gl.map((g) => [g.role, g.coaId])),
    },
  });
  product.id = created.id;
  const accounts = await api<{ content: Saving[] }>(admin, '/api/transaction/saving/datatable?kind=SAVING&status=ACTIVE&limit=1000');
  const pick = accounts.content.find((a) => a.savingType === 'VOLUNTARY' && !a.isBlocked);
  if (!pick) throw new Error('no demo member with a voluntary saving');
  member = pick;
  page = await newPage();
  await signIn(page, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
  await page.getByTestId('app-header').waitFor();
});

afterAll(closeBrowser);
beforeEach(screenshotOnFailure);

describe('bills', () => {
  it('shows the bill product with its terms', async () => {
    await page.goto(url(`/products/bills/${product.id}`));
    await page.getByText(product.name).first().waitFor();
    await screenshot(page, 'bills-product');
  });

  it('creates a member bill with its installment simulation', async () => {
    await page.goto(url('/transactions/bills'));
    await page.getByTestId('new-bill').click();
    await page.getByTestId('member-field').pressSequentially(member.memberName.slice(0, 8).toLowerCase(), { delay: 30 });
    await page.getByTestId('member-option').filter({ hasText: member.cifNumber }).first().click();
    await page.getByRole('combobox', { name: 'Produk tagihan' }).click();
    await page.getByRole('option', { name: product.name }).click();
    await page.getByTestId('bill-name').fill('Iuran air bersih');
    await expect.poll(() => page.getByTestId('bill-installment').count(), { timeout: 15_000 }).toBe(COUNT);
    await expect.poll(() => txt(page.getByTestId('sim-total')), { timeout: 10_000 }).toContain(rp(PER_BILL * COUNT + FEE));
    await screenshot(page, 'bills-create');
    await page.getByTestId('save-bill').click();
    await page.waitForURL(/\/transactions\/bills\/[0-9a-f-]{36}$/);
    billId = page.url().split('/').pop()!;
    expect(await txt(page.getByTestId('bill-status'))).toBe('Menunggu persetujuan');
    expect((await billOf()).status).toBe('WAITING_APPROVAL');
  });

  it('approves it after a confirmation', async () => {
    await page.getByTestId('approve-bill').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => txt(page.getByTestId('bill-status')), { timeout: 10_000 }).toBe('Berjalan');
    expect((await billOf()).debt).toBe(PER_BILL * COUNT + FEE);
  });

  it('takes a payment of part of it', async () => {
    await page.getByTestId('pay-bill').click();
    await page.getByTestId('pay-dialog').waitFor();
    await page.locator('input[name="payAmount"]').fill(String(PAID));
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('bill-payment').count(), { timeout: 10_000 }).toBe(1);
    const b = await billOf();
    expect(b).toMatchObject({ status: 'RUNNING', paid: PAID, debt: PER_BILL * COUNT + FEE - PAID });
    expect(await txt(page.getByTestId('bill-payments'))).toContain(rp(PAID));
    await screenshot(page, 'bills-paid-in-part');
  });

  it('changes an unpaid installment after a confirmation of old → new', async () => {
    const grow = CHANGED - PER_BILL;
    await page.reload();
    await page.getByTestId('change-installment').first().click();
    const dialog = page.getByTestId('change-dialog');
    await dialog.waitFor();
    await page.locator('input[name="changeAmount"]').fill(String(CHANGED));
    await page.getByTestId('change-reason').fill('Tarif air naik');
    await page.getByTestId('change-next').click();
    await page.getByTestId('change-review').waitFor();
    expect(await txt(page.getByTestId('change-effect'))).toBe(`Total tagihan bertambah ${rp(grow)}`);
    await screenshot(page, 'bills-change-id');
    await page.getByTestId('change-submit').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await billOf()).toMatchObject({ status: 'RUNNING', debt: PER_BILL * COUNT + FEE - PAID + grow });
    expect(await txt(page.getByTestId('bill-schedule'))).toContain(rp(CHANGED));
    const en = await newPage({ storage: { lang: 'en' } });
    await signIn(en, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
    await en.goto(url(`/transactions/bills/${billId}`));
    await en.getByTestId('change-installment').first().click();
    await en.locator('input[name="changeAmount"]').fill(String(PER_BILL));
    await en.getByTestId('change-reason').fill('Water rate back to normal');
    await en.getByTestId('change-next').click();
    expect(await txt(en.getByTestId('change-effect'))).toContain("The bill's total shrinks by");
    await screenshot(en, 'bills-change-en');
    await en.close();
  });

  it('stops it with a reason; what is left is written off', async () => {
    await page.getByTestId('stop-bill').click();
    await page.getByTestId('stop-dialog').waitFor();
    await page.getByTestId('confirm-reason').click();
    await page.getByText('Wajib diisi').first().waitFor();
    await page.getByTestId('reason').fill('Anggota pindah domisili');
    await page.getByTestId('confirm-reason').click();
    await expect.poll(() => txt(page.getByTestId('bill-status')), { timeout: 10_000 }).toBe('Dihentikan');
    expect(await txt(page.getByTestId('stopped-note'))).toContain('Anggota pindah domisili');
    expect(await billOf()).toMatchObject({ status: 'STOPPED', debt: 0, writtenOff: PER_BILL * COUNT + FEE - PAID + CHANGED - PER_BILL });
    await screenshot(page, 'bills-stopped');
  });

  it('the realization report lists it', async () => {
    await page.goto(url('/reports/bill-realization'));
    await page.getByTestId('realization-table').waitFor();
    expect(await txt(page.getByTestId('realization-table'))).toContain('Iuran air bersih');
    await screenshot(page, 'bills-realization');
    await page.goto(url('/transactions/bills'));
    await page.getByText('Iuran air bersih').first().waitFor();
    await screenshot(page, 'bills-list');
  });

  it('reads in English on dark, and right to left in Arabic', async () => {
    for (const [lang, mode, title] of [
      ['en', 'dark', 'Stopped'],
      ['ar', 'light', 'موقوفة'],
    ] as const) {
      const p = await newPage({ colorScheme: mode, storage: { lang, 'theme-mode': mode } });
      await signIn(p, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
      await p.goto(url(`/transactions/bills/${billId}`));
      await expect.poll(() => txt(p.getByTestId('bill-status')), { timeout: 10_000 }).toBe(title);
      await screenshot(p, `bills-detail-${lang}-${mode}`);
    }
  });
});
