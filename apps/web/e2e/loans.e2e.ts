/**
 * Loans in a real browser (issue 12): an officer (the demo admin) opens the
 * application, finds the member as they type, chooses the loan product and
 * watches the simulation follow the amount and tenor (the same schedule the
 * API simulates), applies; approves the application; releases it into the
 * member's voluntary savings (the savings balance grows by what the member
 * receives). The demo teller then takes two installments and a partial
 * payment (over the cap first: the form warns and the server refuses), and
 * prints the partial payment's receipt. Last, the balance sheet shows the
 * loan receivable grown by the amount lent less the principal repaid.
 * Then the officer's other actions: the installment change offers only the
 * installments nothing was paid on; a second loan gets a collateral with a
 * photo uploaded from the browser, is released to cash and its release
 * cancelled (reversal journal; the receivable back where it was).
 *
 * The loan product is created through the API (the GL defaults of a LOAN
 * product) and the member is chosen from the demo data through the API (one
 * open voluntary saving, not blocked); every figure asserted is computed
 * from what the API answered.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiToken, closeBrowser, DEMO, newPage, screenshot, screenshotOnFailure, signIn, url } from './harness';

const TELLER = { email: 'teller@koperasi.id', password: DEMO.password };
const AMOUNT = 6_000_000;
const TENOR = 6;
const PARTIAL = 100_000;
/** Piutang Pinjaman Anggota: the loan receivable control account. */
const RECEIVABLE = '10201';

interface Saving {
  id: string;
  accountNumber: string;
  memberId: string;
  cifNumber: string;
  memberName: string;
  savingType: string;
  balance: number;
  isBlocked: boolean;
}

let admin = '';
let page: Page;
let teller: Page;
let product = { id: '', name: '' };
let saving: Saving;
let loanId = '';
let before: Record<string, number> = {};
let schedule: { installmentAmount: number; installments: Array<{ principal: number; interest: number; total: number }> };

const txt = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();
const rupiah = (s: string) => {
  const n = Number(s.replace(/[^\d,-]/g, '').replace(',', '.'));
  if (!Number.isFinite(n)) throw new Error(`not an amount: ${s}`);
  return n;
};
const rp = (n: number) => `${n < 0 ? '-' : ''}Rp ${Math.abs(n).toLocaleString('id-ID')}`;

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

async function balanceSheetFigures(p: Page, codes: string[]): Promise<Record<string, number>> {
  await p.goto(url('/reports/balance-sheet'));
  await p.getByTestId('bs-balanced').waitFor();
  const out: Record<string, number> = {};
  for (const code of codes) {
    const row = p
      .getByTestId('balance-sheet')
      .locator('tbody tr')
      .filter({ has: p.locator('td:first-child', { hasText: new RegExp(`^${code}$`) }) });
    expect(await row.count(), `balance sheet row ${code}`).toBe(1);
    out[code] = rupiah(await txt(row.locator('td').nth(2)));
  }
  return out;
}

const status = (p: Page) => p.getByTestId('loan-card').getByTestId('loan-status');

beforeAll(async () => {
  admin = await apiToken(DEMO.email);
  // A loan product of its own: flat 1,5 % a month, 3–24 months, admin Rp 25.000, provision 1 %, rounded to Rp 100.
  const gl = await api<Array<{ role: string; coaId: string }>>(admin, '/api/product/gl-defaults?kind=LOAN');
  product = { id: '', name: `Pinjaman Usaha E2E ${Date.now() % 100000}` };
  const created = await api<{ id: string }>(admin, '/api/product', {
    method: 'POST',
    body: {
      kind: 'LOAN',
      name: product.name,
      interestMethod: 'FLAT',
      interestRate: 1.5,
      installmentPayMethod: 'POKOK & JASA',
      minAmount: 500_000,
      maxAmount: 50_000_000,
      minTenor: 3,
      maxTenor: 24,
      adminFee: 25_000,
      adminFeeType: 'NOMINAL',
      provisionFee: 1,
      provisionFeeType: 'PERCENT',
      fine: 0,
      fineMethod: 'NOMINAL',
      fineGraceDays: 3,
      roundingMultiple: 100,
      firstInstallmentRule: 'ONE_MONTH',
      otherCosts: 0,
      applicationNeedsApproval: true,
      requiresCollateral: false,
      glAccounts: Object.fromEntries(gl.map((g) => [g.role, g.coaId])),
    },
  });
  product.id = created.id;
  // A member with exactly one open voluntary saving, not blocked.
  const accounts = await api<{ content: Saving[] }>(admin, '/api/transaction/saving/datatable?kind=SAVING&status=ACTIVE&limit=1000');
  const byMember = new Map<string, Saving[]>();
  for (const a of accounts.content) byMember.set(a.memberId, [...(byMember.get(a.memberId) ?? []), a]);
  const pick = [...byMember.values()].find((as) => as.length === 1 && as[0]!.savingType === 'VOLUNTARY' && !as[0]!.isBlocked);
  if (!pick) throw new Error('no demo member with one voluntary saving');
  saving = pick[0]!;
  schedule = await api(
    admin,
    `/api/product/${product.id}/v2/loan/installment-simulation?amount=${AMOUNT}&tenorInMonth=${TENOR}&interestBaseRate=18`,
  );

  page = await newPage();
  await page.context().addInitScript(() => {
    (window as unknown as { __printed: number }).__printed = 0;
    window.print = () => {
      (window as unknown as { __printed: number }).__printed += 1;
    };
  });
  await signIn(page, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
  await page.getByTestId('app-header').waitFor();
});

afterAll(closeBrowser);
beforeEach(screenshotOnFailure);

describe('loans', () => {
  it('an officer simulates as they type and applies', async () => {
    before = await balanceSheetFigures(page, [RECEIVABLE]);
    await page.goto(url('/transactions/loans'));
    await page.getByTestId('new-loan').click();
    await page.getByTestId('application-form').waitFor();
    await page.getByTestId('member-field').pressSequentially(saving.memberName.slice(0, 8).toLowerCase(), { delay: 30 });
    await page.getByTestId('member-option').filter({ hasText: saving.cifNumber }).click();
    await page.getByTestId('product-select').click();
    await page.getByTestId('product-option').filter({ hasText: product.name }).click();
    expect(await txt(page.getByTestId('product-terms'))).toContain('1,5% per bulan');

    await page.locator('input[name="amount"]').fill(String(AMOUNT));
    await page.locator('input[name="tenorInMonth"]').fill(String(TENOR));
    await expect.poll(() => page.getByTestId('schedule-row').count(), { timeout: 10_000 }).toBe(TENOR);
    expect(await txt(page.getByTestId('sim-installment'))).toBe(rp(schedule.installmentAmount));
    const firstRow = page.getByTestId('schedule-row').first().locator('td');
    expect(await txt(firstRow.nth(2))).toBe(rp(schedule.installments[0]!.principal));
    expect(await txt(firstRow.nth(3))).toBe(rp(schedule.installments[0]!.interest));
    // Admin Rp 25.000 and provision 1 % (Rp 60.000) come off what the member receives.
    expect(await txt(page.getByTestId('fee-net'))).toBe(rp(AMOUNT - 25_000 - 60_000));
    await screenshot(page, 'loans-application');

    await page.locator('input[name="purpose"]').fill('Modal warung');
    await page.getByTestId('application-submit').click();
    await page.getByTestId('application-confirm').waitFor();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL(/\/transactions\/loans\/[0-9a-f-]{36}$/);
    loanId = page.url().split('/').pop()!;
    await expect.poll(async () => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('WAITING_APPROVAL');
    expect(rupiah(await txt(page.getByTestId('loan-amount')))).toBe(AMOUNT);
  });

  it('approves the application from the approval queue', async () => {
    await page.goto(url('/transactions/loans?tab=approvals'));
    await page.getByTestId('data-table').getByText(saving.memberName).first().click();
    await page.waitForURL(new RegExp(`/transactions/loans/${loanId}$`));
    await page.getByTestId('action-approve').click();
    await page.getByTestId('decision-dialog').waitFor();
    await page.getByTestId('decision-reason').fill('Usaha berjalan, kapasitas cukup');
    await page.getByTestId('decision-submit').click();
    await expect.poll(async () => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('APPROVED');
  });

  it('releases it into the member’s savings', async () => {
    const balanceOf = async () =>
      (
        await api<{ content: Saving[] }>(admin, `/api/transaction/saving/datatable?kind=SAVING&limit=50&search=${saving.cifNumber}`)
      ).content.find((a) => a.id === saving.id)!.balance;
    const savingBefore = await balanceOf();
    await page.getByTestId('action-release').click();
    const dialog = page.getByTestId('release-dialog');
    await dialog.waitFor();
    await page.getByTestId('saving-select').click();
    await page.getByTestId('saving-option').filter({ hasText: saving.accountNumber }).click();
    expect(await txt(page.getByTestId('release-net'))).toBe(rp(AMOUNT - 85_000));
    await page.getByTestId('posting-continue').click();
    expect(await txt(page.getByTestId('summary-destination'))).toContain(saving.accountNumber);
    await page.getByTestId('posting-confirm').click();
    await page.getByTestId('posting-done').waitFor();
    await screenshot(page, 'loans-released', { fullPage: false });
    await page.getByTestId('posting-close').click();
    await expect.poll(async () => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('RUNNING');
    await expect.poll(() => page.getByTestId('schedule-row').count(), { timeout: 10_000 }).toBe(TENOR);
    expect(await balanceOf()).toBe(savingBefore + AMOUNT - 85_000);
  });

  it('a teller takes two installments, then a partial payment, and prints its receipt', async () => {
    teller = await newPage();
    await teller.context().addInitScript(() => {
      (window as unknown as { __printed: number }).__printed = 0;
      window.print = () => {
        (window as unknown as { __printed: number }).__printed += 1;
      };
    });
    await signIn(teller, TELLER.email, TELLER.password, { expect: /\/dashboard/ });
    await teller.goto(url(`/transactions/loans/${loanId}`));
    await teller.getByTestId('loan-card').waitFor();
    expect(await teller.getByTestId('action-approve').count()).toBe(0);

    const loan = await api<{ installments: Array<{ principal: number; total: number }> }>(
      admin,
      `/api/transaction/product/loan/${loanId}/detail-installment-loan-member`,
    );
    const [i1, i2] = loan.installments;
    await teller.getByTestId('action-pay').click();
    await teller.getByTestId('payment-dialog').waitFor();
    await teller.getByTestId('pay-count').fill('2');
    expect(await txt(teller.getByTestId('pay-next-total'))).toBe(rp(i1!.total + i2!.total));
    await teller.getByTestId('posting-continue').click();
    expect(await txt(teller.getByTestId('summary-amount'))).toBe(rp(i1!.total + i2!.total));
    await teller.keyboard.press('Enter');
    await teller.getByTestId('posting-done').waitFor();
    const afterTwo = AMOUNT - i1!.principal - i2!.principal;
    expect(await txt(teller.getByTestId('done-remaining'))).toBe(rp(afterTwo));
    await teller.getByTestId('posting-close').click();
    await expect.poll(() => txt(teller.getByTestId('loan-remaining')), { timeout: 10_000 }).toBe(rp(afterTwo));

    // A partial payment: above the next installment the form warns and the server refuses; then a partial one.
    await teller.getByTestId('action-pay').click();
    await teller.getByTestId('pay-kind-PARTIAL').click();
    const amount = teller.locator('input[name="amount"]');
    await amount.fill(String(i2!.total + 1_000));
    await teller.getByTestId('warn-over').waitFor();
    await teller.getByTestId('posting-continue').click();
    await teller.getByTestId('posting-confirm').click();
    expect(await txt(teller.getByTestId('posting-error'))).toContain('melebihi');
    await teller.getByTestId('posting-back').click();
    await amount.fill(String(PARTIAL));
    expect(await teller.getByTestId('warn-over').count()).toBe(0);
    await teller.getByTestId('posting-continue').click();
    await teller.getByTestId('posting-confirm').click();
    await teller.getByTestId('posting-done').waitFor();
    expect(await txt(teller.getByTestId('done-amount'))).toBe(rp(PARTIAL));
    await screenshot(teller, 'loans-partial-paid', { fullPage: false });

    const [receipt] = await Promise.all([teller.context().waitForEvent('page'), teller.getByTestId('print-receipt-a5').click()]);
    await receipt.getByTestId('receipt').waitFor();
    expect(await txt(receipt.getByTestId('receipt-cooperative'))).toBe(DEMO.cooperative);
    expect(await txt(receipt.getByTestId('receipt-amount'))).toBe(rp(PARTIAL));
    expect(await txt(receipt.getByTestId('receipt-member'))).toBe(`${saving.memberName} (${saving.cifNumber})`);
    expect(await txt(receipt.getByTestId('receipt-words'))).toBe('Seratus ribu rupiah');
    expect(await txt(receipt.getByTestId('receipt-journal'))).toMatch(/^JU\/\d{4}\/\d{6}$/);
    await expect.poll(() => receipt.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);
    await screenshot(receipt, 'loans-receipt-a5');
    await receipt.close();
  });

  it('the balance sheet shows the receivable: lent less the principal repaid', async () => {
    const payments = await api<{ content: Array<{ principal: number; status: string }> }>(
      admin,
      `/api/transaction/product/loan/${loanId}/mutation-payments?page=0&limit=100`,
    );
    expect(payments.content).toHaveLength(2);
    const repaid = payments.content.reduce((s, p) => s + Math.round(p.principal * 100), 0) / 100;
    const after = await balanceSheetFigures(page, [RECEIVABLE]);
    expect(after[RECEIVABLE]).toBe(before[RECEIVABLE]! + AMOUNT - repaid);
    await page.goto(url(`/transactions/loans/${loanId}?tab=payments`));
    await page.getByTestId('payment-row').nth(1).waitFor();
    expect(await page.getByTestId('payment-row').count()).toBe(2);
    await screenshot(page, 'loans-detail-payments');
  });

  it('the officer changes installments from "Tindakan lain" (the paid ones are not offered)', async () => {
    await page.goto(url(`/transactions/loans/${loanId}`));
    await page.getByTestId('action-more').click();
    await screenshot(page, 'loans-more-actions', { fullPage: false });
    await page.getByTestId('action-updateInstallment').click();
    await page.getByTestId('update-installment-table').waitFor();
    // Installments 1 and 2 are paid, 3 is partly paid: 4, 5 and 6 may change.
    expect(await page.getByTestId('update-installment-table').locator('tbody tr').count()).toBe(TENOR - 3);
    await screenshot(page, 'loans-update-installment', { fullPage: false });
    await page.keyboard.press('Escape');
  });

  it('a second loan: collateral with a photo, released to cash, then its release cancelled (reversal journal, APPROVED again)', async () => {
    const applied = await api<{ loan: { id: string } }>(admin, '/api/transaction/request-open-product-member', {
      method: 'POST',
      body: { memberId: saving.memberId, productId: product.id, amount: 1_000_000, tenorInMonth: 3, purpose: 'Stok lebaran' },
    });
    const second = applied.loan.id;
    await api(admin, `/api/transaction/product/loan/${second}/approved-loan`, { method: 'POST', body: { status: 'APPROVED' } });
    await page.goto(url(`/transactions/loans/${second}?tab=collateral`));
    await page.getByTestId('collateral-add').click();
    await page.getByLabel('Jenis').fill('BPKB');
    await page.getByLabel(/Nomor dokumen/).fill('BPKB-E2E-001');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWOQ67EhCTGMaugZDSU5bGEAABJmrIFwZCMMAAAAAElFTkSuQmCC',
      'base64',
    );
    await page.getByTestId('collateral-new-photo-input').setInputFiles({ name: 'bpkb.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByTestId('collateral-new').locator('img').count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId('collateral-save').click();
    await page.getByTestId('collateral-item').waitFor();
    await expect.poll(() => page.getByTestId('collateral-item').locator('img').count()).toBe(1);
    await screenshot(page, 'loans-collateral-photo');

    const sheet = await balanceSheetFigures(page, [RECEIVABLE]);
    await api(admin, '/api/transaction/product/loan/release', { method: 'POST', body: { loanId: second, destination: 'CASH' } });
    await page.goto(url(`/transactions/loans/${second}`));
    await expect.poll(async () => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('RUNNING');
    await page.getByTestId('action-more').click();
    await page.getByTestId('action-cancelRelease').click();
    await page.getByTestId('cancel-release-dialog').waitFor();
    await page.getByTestId('posting-continue').click();
    await page.getByTestId('cancel-release-reason').fill('Salah kas pencairan');
    await page.getByTestId('posting-continue').click();
    await page.getByTestId('posting-summary').waitFor();
    await screenshot(page, 'loans-cancel-release-confirm', { fullPage: false });
    await page.getByTestId('posting-confirm').click();
    await page.getByTestId('posting-done').waitFor();
    expect(await txt(page.getByTestId('posting-done'))).toMatch(/JU\/\d{4}\/\d{6}/);
    await screenshot(page, 'loans-cancel-release-done', { fullPage: false });
    await page.getByTestId('posting-close').click();
    await expect.poll(async () => status(page).getAttribute('data-status'), { timeout: 10_000 }).toBe('APPROVED');
    expect((await balanceSheetFigures(page, [RECEIVABLE]))[RECEIVABLE]).toBe(sheet[RECEIVABLE]);
  });
});
