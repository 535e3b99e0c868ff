/**
 * Term deposits in a real browser (issue 13). The demo admin places a deposit
 * from a member's voluntary savings (the form shows the rate, maturity and the
 * projected interest), prints its certificate (bilyet), releases the month's
 * deposit interest on the release screen (the demo's first deposit started a
 * month ago: its interest goes to the interest holding account), breaks the new
 * deposit early with the product's penalty, and pays the principal left in the
 * principal holding account back to the member's savings on the payout screen.
 * After each step the balance sheet shows it: savings control (20101), deposit
 * control (20102), principal holding (20213), interest holding (20214).
 *
 * The deposit product is created through the API (no break approval, penalty
 * 1 % of the principal); the member is a demo member with an open voluntary
 * saving holding at least twice the amount. Every figure asserted is computed
 * from what the API answered.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiToken, closeBrowser, DEMO, newPage, screenshot, screenshotOnFailure, signIn, url } from './harness';

const AMOUNT = 2_000_000;
const PENALTY = 20_000; // 1 % of the principal
const SAVINGS = '20101';
const DEPOSITS = '20102';
const HOLD_PRINCIPAL = '20213';
const HOLD_INTEREST = '20214';
const CODES = [SAVINGS, DEPOSITS, HOLD_PRINCIPAL, HOLD_INTEREST];

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
let product = { id: '', name: '' };
let saving: Saving;
let depositId = '';
let accountNumber = '';
let figures: Record<string, number> = {};

const txt = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();
const rupiah = (s: string) => {
  const n = Number(s.replace(/[^\d,-]/g, '').replace(',', '.'));
  if (!Number.isFinite(n)) throw new Error(`not an amount: ${s}`);
  return n;
};

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

async function balanceSheet(p: Page): Promise<Record<string, number>> {
  await p.goto(url('/reports/balance-sheet'));
  await p.getByTestId('bs-balanced').waitFor();
  const out: Record<string, number> = {};
  for (const code of CODES) {
    const row = p
      .getByTestId('balance-sheet')
      .locator('tbody tr')
      .filter({ has: p.locator('td:first-child', { hasText: new RegExp(`^${code}$`) }) });
    // An account without a balance may be hidden: it counts as 0.
    out[code] = (await row.count()) === 1 ? rupiah(await txt(row.locator('td').nth(2))) : 0;
  }
  return out;
}

/** The balance sheet now, and each account's change since the last step. */
async function step(p: Page): Promise<Record<string, number>> {
  const now = await balanceSheet(p);
  const delta = Object.fromEntries(CODES.map((c) => [c, Math.round((now[c]! - figures[c]!) * 100) / 100]));
  figures = now;
  return delta;
}

beforeAll(async () => {
  admin = await apiToken(DEMO.email);
  const gl = await api<Array<{ role: string; coaId: string }>>(admin, '/api/product/gl-defaults?kind=SAVING_DEPOSIT');
  product = { id: '', name: `Deposito E2E ${Date.now() % 100000}` };
  const created = await api<{ id: string }>(admin, '/api/product', {
    method: 'POST',
    body: {
      kind: 'SAVING_DEPOSIT',
      name: product.name,
      rate1Month: 4,
      rate3Month: 5,
      rate6Month: 5.5,
      rate12Month: 6,
      rate24Month: 6.5,
      minDeposit: 1_000_000,
      maxDeposit: 1_000_000_000,
      earlyWithdrawalPenalty: 1,
      penaltyBasis: 'PRINCIPAL',
      dayCount: 'MONTHLY',
      breakNeedsApproval: false,
      autoRollover: false,
      effectiveDate: '2020-01-01',
      glAccounts: Object.fromEntries(gl.map((g) => [g.role, g.coaId])),
    },
  });
  product.id = created.id;
  const accounts = await api<{ content: Saving[] }>(admin, '/api/transaction/saving/datatable?kind=SAVING&status=ACTIVE&limit=1000');
  const byMember = new Map<string, Saving[]>();
  for (const a of accounts.content) byMember.set(a.memberId, [...(byMember.get(a.memberId) ?? []), a]);
  const pick = [...byMember.values()].find(
    (as) => as.length === 1 && as[0]!.savingType === 'VOLUNTARY' && !as[0]!.isBlocked && as[0]!.balance >= 2 * AMOUNT,
  );
  if (!pick) throw new Error('no demo member with one voluntary saving of at least twice the amount');
  saving = pick[0]!;

  page = await newPage();
  await page.context().addInitScript(() => {
    (window as unknown as { __printed: number }).__printed = 0;
    window.print = () => {
      (window as unknown as { __printed: number }).__printed += 1;
    };
  });
  await signIn(page, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
  await page.getByTestId('app-header').waitFor();
  figures = await balanceSheet(page);
});

afterAll(closeBrowser);
beforeEach(screenshotOnFailure);

describe('term deposits', () => {
  it('places a deposit from savings, with the projection on the form', async () => {
    await page.goto(url('/transactions/deposits'));
    await page.getByTestId('new-deposit').click();
    await page.getByTestId('member-search').pressSequentially(saving.memberName.slice(0, 8).toLowerCase(), { delay: 30 });
    await page.getByRole('option').filter({ hasText: saving.cifNumber }).first().click();
    await page.getByTestId('product-select').click();
    await page.getByTestId('product-option').filter({ hasText: product.name }).click();
    await page.getByTestId('amount').fill(String(AMOUNT));
    await page.getByTestId('funding-select').click();
    await page.getByTestId('funding-option').filter({ hasText: saving.accountNumber }).click();
    // 12 months at 6 %: 10.000 a month, under the tax-free amount.
    await page.getByTestId('projection').waitFor();
    expect(await txt(page.getByTestId('projection'))).toContain('10.000');
    await screenshot(page, 'deposits-placement');
    await page.getByTestId('place-submit').click();
    await page.waitForURL(/\/transactions\/deposits\/[0-9a-f-]{36}$/);
    depositId = page.url().split('/').pop()!;
    const d = await api<{ accountNumber: string; principal: number; status: string }>(
      admin,
      `/api/transaction/deposit/${depositId}/detail`,
    );
    expect(d).toMatchObject({ principal: AMOUNT, status: 'ACTIVE' });
    accountNumber = d.accountNumber;
    expect(await step(page)).toEqual({ [SAVINGS]: -AMOUNT, [DEPOSITS]: AMOUNT, [HOLD_PRINCIPAL]: 0, [HOLD_INTEREST]: 0 });
  });

  it('prints the certificate (bilyet)', async () => {
    await page.goto(url(`/transactions/deposits/${depositId}`));
    const [cert] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('print-certificate').click()]);
    await cert.getByTestId('certificate').waitFor();
    const c = await api<{ certificateNumber: string }>(admin, `/api/transaction/deposit/${depositId}/certificate`);
    expect(c.certificateNumber).toMatch(/^BLY\/\d{4}\/\d{6}$/);
    await expect.poll(() => txt(cert.getByTestId('certificate')), { timeout: 10_000 }).toContain(c.certificateNumber);
    expect(await txt(cert.getByTestId('certificate'))).toContain(accountNumber);
    await expect.poll(() => cert.evaluate(() => (window as unknown as { __printed: number }).__printed), { timeout: 10_000 }).toBe(1);
    await screenshot(cert, 'deposits-certificate');
    await cert.close();
  });

  it("releases the month's deposit interest to the interest holding account", async () => {
    await page.goto(url('/interest-release/deposit'));
    await page.getByTestId('release-submit').click();
    await page.getByTestId('release-result').waitFor({ timeout: 60_000 });
    const releases = await api<{ content: Array<{ payments: number; totalNet: number; status: string }> }>(
      admin,
      '/api/interest-simulation/deposit/releases?limit=5',
    );
    const r = releases.content[0]!;
    expect(r.status).toBe('RELEASED');
    expect(r.payments).toBeGreaterThan(0);
    await screenshot(page, 'deposits-release');
    expect(await step(page)).toEqual({ [SAVINGS]: 0, [DEPOSITS]: 0, [HOLD_PRINCIPAL]: 0, [HOLD_INTEREST]: r.totalNet });
  });

  it('breaks the new deposit early with the penalty; the principal waits in the principal holding account', async () => {
    await page.goto(url(`/transactions/deposits/${depositId}`));
    await page.getByTestId('break-open').click();
    await page.getByTestId('break-submit').click();
    await page.getByTestId('payout-open').waitFor({ timeout: 10_000 });
    const d = await api<{ status: string; penalty: number }>(admin, `/api/transaction/deposit/${depositId}/detail`);
    expect(d).toMatchObject({ status: 'BROKEN', penalty: PENALTY });
    expect(await txt(page.getByTestId('holding-waiting'))).toContain('1.980.000');
    await screenshot(page, 'deposits-broken');
    expect(await step(page)).toEqual({ [SAVINGS]: 0, [DEPOSITS]: -AMOUNT, [HOLD_PRINCIPAL]: AMOUNT - PENALTY, [HOLD_INTEREST]: 0 });
  });

  it("pays the principal out to the member's savings from the payout screen", async () => {
    await page.goto(url('/transactions/deposits/holding'));
    await page.getByTestId('holding-totals').waitFor();
    await screenshot(page, 'deposits-holding');
    await page.getByTestId(`payout-open-${accountNumber}`).click();
    await page.getByTestId('payout-dialog').waitFor();
    expect(rupiah(await txt(page.getByTestId('payout-amount')))).toBe(AMOUNT - PENALTY);
    await page.getByTestId('payout-method-SAVING').click();
    await page.getByTestId('payout-saving').click();
    await page.getByRole('option').filter({ hasText: saving.accountNumber }).click();
    await page.getByTestId('payout-continue').click();
    expect(await txt(page.getByTestId('payout-confirm-text'))).toContain(saving.accountNumber);
    await screenshot(page, 'deposits-payout-confirm', { fullPage: false });
    await page.getByTestId('payout-submit').click();
    await page.getByTestId('payout-done').waitFor();
    await page.getByTestId('payout-close').click();
    expect(await step(page)).toEqual({
      [SAVINGS]: AMOUNT - PENALTY,
      [DEPOSITS]: 0,
      [HOLD_PRINCIPAL]: -(AMOUNT - PENALTY),
      [HOLD_INTEREST]: 0,
    });
  });

  it('shows the deposits on the dashboard, with what still waits in the holding accounts', async () => {
    const summary = await api<{ deposits: { totalPrincipal: number; holding: { principal: number; interest: number } } }>(
      admin,
      '/api/home/saving-loan',
    );
    await page.goto(url('/dashboard'));
    const w = page.getByTestId('widget-term-deposits');
    await w.getByTestId('deposits-total').waitFor({ timeout: 20_000 });
    expect(rupiah(await txt(w.getByTestId('deposits-total')))).toBe(summary.deposits.totalPrincipal);
    // The released interest still waits in the interest holding account.
    expect(summary.deposits.holding.interest).toBeGreaterThan(0);
    expect(rupiah(await txt(w.getByTestId('deposits-holding')))).toBe(
      summary.deposits.holding.principal + summary.deposits.holding.interest,
    );
    await w.scrollIntoViewIfNeeded();
    await screenshot(page, 'deposits-dashboard', { fullPage: false });
  });
});
