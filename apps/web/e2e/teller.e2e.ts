/**
 * Issue 16 in the browser:
 *  1. a new teller (invited, holding Kas Kecil) opens the day on the session
 *     screen, takes two deposits, closes with a counted difference and prints
 *     the session report (expected, counted, difference);
 *  2. the admin adds a store (Unit Usaha) with its accounts, sells to a member
 *     on credit; the sale appears as the member's debt and is paid from the
 *     member's savings (the savings balance falls by the payment, the debt is
 *     gone, the unit reports list it);
 *  3. the agent's dashboard lists only the agent's own members.
 * Screenshots go to artifacts/screenshots/teller-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, closeBrowser, DEMO, lastNotification, newPage, screenshot, signIn, signInAsDemo, url } from './harness';
import { waitIdle } from './screens-kit';

afterAll(closeBrowser);

interface Envelope<T> {
  status: boolean;
  message: string;
  data: T;
}

async function call<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(url(path), {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(init.body ? { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await res.json()) as Envelope<T>;
  if (!json.status) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${json.message}`);
  return json.data;
}

interface Account {
  id: string;
  accountNumber: string;
  memberId: string;
  memberName: string;
  cifNumber: string;
  savingType: string;
  isBlocked: boolean;
  balance: number;
  availableBalance: number;
}

const stamp = Date.now().toString(36);
const TELLER_EMAIL = `kasir-${stamp}@koperasi.id`;
const TELLER_PASSWORD = 'Sejuk-Bening-2026';
let admin = '';
let coa: Record<string, string> = {};
let accounts: Account[] = [];

/** Pick `name` in the MUI select whose input carries data-testid `testId`. */
async function choose(page: Page, testId: string, name: string | RegExp) {
  await page.getByTestId(testId).locator('xpath=..').locator('[role="combobox"]').click();
  await page.getByRole('option', { name }).first().click();
}

beforeAll(async () => {
  admin = await apiToken();
  const list = await call<Array<{ id: string; code: string }>>(admin, '/api/coa');
  coa = Object.fromEntries(list.map((a) => [a.code, a.id]));
  accounts = (await call<{ content: Account[] }>(admin, '/api/transaction/saving/datatable?status=ACTIVE&limit=100')).content.filter(
    (a) => a.savingType === 'VOLUNTARY' && !a.isBlocked && a.availableBalance >= 100_000,
  );
  expect(accounts.length).toBeGreaterThan(1);
});

describe('teller day, store debt paid from savings, agent dashboard', () => {
  it('a new teller opens the day, takes deposits, closes with a counted difference and prints the session report', async () => {
    // An invited teller holding Kas Kecil (10102).
    const roles = await call<Array<{ id: string; code: string | null }>>(admin, '/api/role/all-role');
    const tellerRole = roles.find((r) => r.code === 'TELLER')!;
    await call(admin, '/api/users', {
      method: 'POST',
      body: { firstName: 'Rina', lastName: 'Wulandari', email: TELLER_EMAIL, roleId: tellerRole.id, coaId: coa['10102'] },
    });
    const mail = await lastNotification(TELLER_EMAIL, 'email');
    const token = new URL(mail.link!).searchParams.get('token');
    await call(admin, '/api/users/invitation/accept', {
      method: 'POST',
      body: { token, password: TELLER_PASSWORD, rePassword: TELLER_PASSWORD },
    });
    const teller = await apiToken(TELLER_EMAIL, TELLER_PASSWORD);
    const saving = accounts[0]!;
    // Without an open session the teller's deposit is refused.
    await expect(
      call(teller, '/api/transaction/topup-saving', { method: 'POST', body: { memberSavingId: saving.id, amount: 10_000 } }),
    ).rejects.toThrow(/Buka kas teller/);

    const page = await newPage();
    await page.context().addInitScript(() => {
      window.print = () => undefined;
    });
    await signIn(page, TELLER_EMAIL, TELLER_PASSWORD, { expect: /\/dashboard/ });
    await page.goto(url('/teller/session'));
    await page.getByTestId('open-form').waitFor();
    await screenshot(page, 'teller-open-form');
    await page.getByTestId('open-submit').click();
    await page.locator('[data-testid="session-view"][data-status="OPEN"]').waitFor();

    // Two deposits at the counter, on the teller's own cash account: one on the savings screen, one through the API.
    await page.goto(url(`/transactions/savings?memberId=${saving.memberId}`));
    const row = page.locator(`[data-account="${saving.accountNumber}"]`);
    await row.getByTestId('action-deposit').click();
    await page.getByTestId('deposit-dialog').waitFor();
    await expect.poll(() => page.getByTestId('cash-account-select').textContent()).toContain('10102');
    await page.locator('input[name="amount"]').fill('150000');
    await page.keyboard.press('Enter');
    await page.getByTestId('posting-summary').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('posting-done').waitFor();
    await page.getByTestId('posting-close').click();
    const r = await call<{ transaction: { cashCoa: { code: string } } }>(teller, '/api/transaction/topup-saving', {
      method: 'POST',
      body: { memberSavingId: saving.id, amount: 52_000, description: 'Setoran loket' },
    });
    expect(r.transaction.cashCoa.code).toBe('10102');
    await page.goto(url('/teller/session'));
    await page.locator('[data-testid="session-view"][data-status="OPEN"]').waitFor();
    await waitIdle(page);
    const session = await call<{ session: { id: string; openingBalance: number } }>(teller, '/api/transaction-user/open-balance-teller');
    const detail = await call<{ expectedCash: number; openingBalance: number }>(
      teller,
      `/api/transaction-user/datatable-teller/${session.session.id}/detail`,
    );
    expect(detail.expectedCash - detail.openingBalance).toBe(202_000);

    // The count by denomination comes to Rp 1.000 less than expected: the drawer is short.
    await page.getByTestId('close-open').click();
    await page.getByTestId('close-dialog').waitFor();
    let left = Math.floor(detail.expectedCash / 100) * 100 - 1_000;
    for (const d of [100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100]) {
      const n = Math.floor(left / d);
      left -= n * d;
      if (n) await page.getByTestId(`count-${d}`).fill(String(n));
    }
    const short = detail.expectedCash - (Math.floor(detail.expectedCash / 100) * 100 - 1_000);
    expect(short).toBeGreaterThanOrEqual(1_000);
    await expect.poll(() => page.getByTestId('difference').textContent()).toMatch(/1\.0\d\d/);
    await page.getByTestId('close-reason').fill('Uang kembalian kurang');
    await screenshot(page, 'teller-close-difference');
    await page.getByTestId('close-submit').click();
    await page.locator('[data-testid="session-view"][data-status="CLOSED"]').waitFor();
    await page.getByTestId('closed-summary').waitFor();

    await page.getByTestId('print-report').click();
    await page.getByTestId('session-report').waitFor();
    await waitIdle(page);
    expect(await page.getByTestId('report-difference').textContent()).toMatch(/1\.0\d\d/);
    expect(await page.getByTestId('report-counted').textContent()).toMatch(/\d/);
    await screenshot(page, 'teller-session-report', { fullPage: true });
    // The difference went to Selisih Kas.
    const closed = await call<{ difference: number; differenceJournalNumber: string | null }>(
      teller,
      `/api/transaction-user/datatable-teller/${session.session.id}/detail`,
    );
    expect(closed.difference).toBeCloseTo(-short, 2);
    expect(closed.differenceJournalNumber).toBeTruthy();
  });

  it('a store sale on credit appears as the member’s debt and is paid from savings', async () => {
    const page = await newPage();
    await signInAsDemo(page);
    // The store with its eight accounts.
    await page.goto(url('/business-units'));
    await page.getByTestId('unit-add').click();
    await page.getByTestId('unit-name').fill(`Toko ${stamp}`);
    const picks: Array<[string, string]> = [
      ['unit-cashAccountId', '10104'],
      ['unit-inventoryAccountId', '10301'],
      ['unit-receivableAccountId', '10206'],
      ['unit-payableAccountId', '20210'],
      ['unit-adminLiabilityAccountId', '20211'],
      ['unit-revenueAccountId', '40201'],
      ['unit-expenseAccountId', '50301'],
      ['unit-inventoryLossAccountId', '50302'],
    ];
    for (const [testId, code] of picks) await choose(page, testId, new RegExp(`^${code}`));
    await screenshot(page, 'business-unit-form');
    await page.getByTestId('unit-save').click();
    await page.getByText(`Toko ${stamp}`).waitFor();

    // A credit sale to the member.
    const m = accounts[1]!;
    await page.goto(url('/business-units/transactions'));
    await page.getByTestId('tx-add').click();
    await choose(page, 'tx-unit', `Toko ${stamp}`);
    await page.getByTestId('unit-member').fill(m.cifNumber);
    await page
      .getByRole('option', { name: new RegExp(m.cifNumber) })
      .first()
      .click();
    await page.locator('#tx-amount').fill('75000');
    await page.getByTestId('tx-submit').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText(m.memberName).first().waitFor();

    // The debt, paid from the member's savings.
    await page.getByTestId('tab-debts').click();
    // The demo store has member debts of its own: this store's only.
    await choose(page, 'unit-filter', `Toko ${stamp}`);
    await page.getByTestId(`pay-${m.memberId}`).waitFor();
    await expect.poll(() => page.getByTestId('total-debt').textContent()).toMatch(/75\.000/);
    await screenshot(page, 'business-unit-debts');
    await page.getByTestId(`pay-${m.memberId}`).click();
    await page.getByTestId('pay-source-savings').click();
    await choose(page, 'pay-account', new RegExp(m.accountNumber));
    await screenshot(page, 'business-unit-pay-from-savings');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('total-debt').textContent(), { timeout: 20_000 }).toMatch(/Rp\s?0/);

    const after = (await call<{ content: Account[] }>(admin, '/api/transaction/saving/datatable?status=ACTIVE&limit=100')).content.find(
      (a) => a.id === m.id,
    )!;
    expect(after.balance).toBe(m.balance - 75_000);
    const report = await call<{ content: Array<{ kind: string; paymentSource: string | null }> }>(
      admin,
      '/api/report/journal-transaction-business-unit?kind=DEBT_PAYMENT',
    );
    expect(report.content[0]).toMatchObject({ kind: 'DEBT_PAYMENT', paymentSource: 'SAVINGS' });
    await page.goto(url('/reports/business-units'));
    await page.getByText(m.memberName).first().waitFor();
    await screenshot(page, 'business-unit-report');
  });

  it('the agent dashboard shows only the agent’s own members', async () => {
    const agentToken = await apiToken('agent@koperasi.id', DEMO.password);
    const mine = await call<{ content: Array<{ id: string; fullName: string }>; totalElements: number }>(
      agentToken,
      '/api/member/assign-to-me?page=0&limit=1000',
    );
    const all = await call<{ content: Array<{ id: string; fullName: string }>; totalElements: number }>(
      admin,
      '/api/member/datatable?page=0&limit=200',
    );
    const mineIds = new Set(mine.content.map((x) => x.id));
    const notMine = all.content.filter((x) => !mineIds.has(x.id));
    expect(notMine.length).toBeGreaterThan(0);
    const page = await newPage();
    await signIn(page, 'agent@koperasi.id', DEMO.password, { expect: /\/dashboard-agent/ });
    await page.getByTestId('widget-agent-members').waitFor();
    await waitIdle(page);
    await expect.poll(() => page.getByTestId('agent-member-row').count()).toBe(mine.content.length);
    const shown = await page.getByTestId('agent-member-row').allTextContents();
    for (const other of notMine.slice(0, 20)) expect(shown.some((s) => s.startsWith(other.fullName))).toBe(false);
    // The server enforces it too: another agent's member is not found.
    const res = await fetch(url(`/api/member/${notMine[0]!.id}/detail`), { headers: { Authorization: `Bearer ${agentToken}` } });
    expect(res.status).toBe(404);
    await screenshot(page, 'teller-agent-dashboard', { fullPage: true });
  });
});
