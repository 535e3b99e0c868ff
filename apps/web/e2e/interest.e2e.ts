/**
 * Savings interest and SHU in a real browser (issue 15).
 *
 * The demo cooperative is created when the server starts, so its products' terms are in force from today only and
 * no past period has interest. This file therefore starts its own server whose clock (e2e/clock-preload.mjs, test
 * only) runs 45 days behind while the demo is created and seeded, then is set right: the demo has then worked for
 * 45 days under its terms, and last month's interest is real (the product rules are untouched: terms are still
 * never backdated).
 *
 * Interest: the demo's voluntary accounts hold balances all year (the demo seed writes each month's movements). The admin simulates last month, releases it on the release screen, cancels the
 * release, consolidates the same month on the consolidation screen, corrects one line with a reason and releases the
 * batch; the balance sheet's savings control account (20101) grows by exactly the batch's net interest and the
 * corrected account by its line's net.
 *
 * SHU: the demo has no closed year, so the test writes 2025 through the API the way a cooperative would: an income
 * journal dated 2025 (Rp 10,000,000), a loan released on 15 June 2025 to a member with a voluntary account (the
 * release date may be in the past), then closes 2025. SHU settings for 2025 use the basis LOAN_DISBURSED; the admin
 * computes and distributes on the SHU screen; the balance sheet's savings control grows by the members' net shares
 * and the member's account shows the SHU credit.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeBrowser, DEMO, newPage, type RunningServer, screenshot, screenshotOnFailure, signIn, startServer, WEB_DIR } from './harness';

const SAVINGS = '20101';
const Y = 2025;
const ID = (ns: string) => JSON.parse(readFileSync(path.join(WEB_DIR, `src/locales/id/${ns}.json`), 'utf8'));
const shuText = ID('shu');

let admin = '';
let page: Page;
let server: RunningServer;
let base = '';
const url = (p: string) => `${base}${p}`;
const DAY = 86_400_000;

async function apiToken(): Promise<string> {
  const q = new URLSearchParams({ username: DEMO.email, password: DEMO.password, grant_type: 'password' });
  const res = await fetch(url(`/oauth/token?${q}`), {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('web:web-secret').toString('base64')}` },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
let coa: Record<string, string> = {};

const txt = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();
const rupiah = (s: string) => {
  const n = Number(s.replace(/[^\d,-]/g, '').replace(',', '.'));
  if (!Number.isFinite(n)) throw new Error(`not an amount: ${s}`);
  return n;
};
const round2 = (n: number) => Math.round(n * 100) / 100;

async function api<T>(p: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(url(p), {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${admin}`,
      ...(init.body ? { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const json = (await res.json()) as { status: boolean; message: string; data: T };
  if (!json.status) throw new Error(`${p}: ${json.message}`);
  return json.data;
}

async function savingsControl(p: Page): Promise<number> {
  await p.goto(url('/reports/balance-sheet'));
  await p.getByTestId('bs-balanced').waitFor();
  const row = p
    .getByTestId('balance-sheet')
    .locator('tbody tr')
    .filter({ has: p.locator('td:first-child', { hasText: new RegExp(`^${SAVINGS}$`) }) });
  return rupiah(await txt(row.locator('td').nth(2)));
}

const balanceOf = async (id: string) => (await api<{ balance: number }>(`/api/transaction/saving/${id}/detail`)).balance;

// Last calendar month, as the release and consolidation screens default to.
const now = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const END = new Date(Date.UTC(Number(now.slice(0, 4)), Number(now.slice(5, 7)) - 1, 0)).toISOString().slice(0, 10);
const START = `${END.slice(0, 8)}01`;

beforeAll(async () => {
  const clock = path.join(mkdtempSync(path.join(tmpdir(), 'koperasi-clock-')), 'offset');
  writeFileSync(clock, String(-45 * DAY));
  const saved = { NODE_OPTIONS: process.env.NODE_OPTIONS, E2E_CLOCK_FILE: process.env.E2E_CLOCK_FILE };
  process.env.NODE_OPTIONS = `${saved.NODE_OPTIONS ?? ''} --import ${path.join(WEB_DIR, 'e2e/clock-preload.mjs')}`.trim();
  process.env.E2E_CLOCK_FILE = clock;
  try {
    server = await startServer();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  base = server.url;
  // The demo is seeded (the server answers only once it is); the clock is set right.
  writeFileSync(clock, '0');
  await new Promise((r) => setTimeout(r, 500));
  admin = await apiToken();
  coa = Object.fromEntries((await api<Array<{ id: string; code: string }>>('/api/coa')).map((a) => [a.code, a.id]));
  page = await newPage();
  await page.goto(url('/sign-in'));
  await signIn(page, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
}, 300_000);
afterAll(async () => {
  await closeBrowser();
  await server?.stop();
});
beforeEach((ctx) => screenshotOnFailure(ctx));

describe('savings interest', () => {
  it('simulates last month, releases it, cancels the release', async () => {
    const sim = await api<{ totalElements: number; totalGross: number }>(
      `/api/interest-simulation/saving-member-baserate?start=${START}&end=${END}&limit=5`,
    );
    expect(sim.totalGross).toBeGreaterThan(0);
    await page.goto(url('/interest-simulation/base-rate'));
    await page.getByTestId('simulate-submit').click();
    await page.getByTestId('simulation-totals').waitFor({ timeout: 60_000 });

    const before = await savingsControl(page);
    await page.goto(url('/interest-release/saving'));
    await page.getByTestId('release-submit').click();
    const result = page.getByTestId('release-result');
    await result.waitFor({ timeout: 120_000 });
    const releases = await api<{ content: Array<{ id: string; status: string; accounts: number; totalNet: number }> }>(
      '/api/interest-simulation/saving/releases?limit=1',
    );
    const r = releases.content[0];
    expect(r).toMatchObject({ status: 'RELEASED' });
    expect(r.accounts).toBeGreaterThan(0);
    expect(round2((await savingsControl(page)) - before)).toBe(round2(r.totalNet));

    await page.goto(url('/interest-release/saving'));
    await page
      .getByRole('button', { name: ID('interest-release').cancel })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button').last().click();
    await page
      .getByRole('gridcell', { name: ID('interest-release').status.CANCELLED })
      .first()
      .waitFor({ timeout: 60_000 });
    expect(round2(await savingsControl(page))).toBe(round2(before));
  }, 300_000);

  it('consolidates the month, corrects a line with a reason, releases the batch once', async () => {
    const before = await savingsControl(page);
    await page.goto(url('/interest-release/consolidation'));
    await page.getByTestId('consolidation-process').click();
    await page.getByTestId('consolidation-review').waitFor({ timeout: 120_000 });
    const batch = (await api<{ content: Array<{ id: string; status: string }> }>('/api/consolidation/list?limit=1')).content[0];
    expect(batch.status).toBe('PROCESSED');
    await screenshot(page, 'issue-15/e2e-consolidation-processed');

    // The first member's first line: its gross raised by Rp 1.000 with a reason.
    await page.getByTestId('consolidation-members').locator('.MuiDataGrid-row').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-testid^="edit-"]').first().click();
    const gross = dialog.getByTestId('edit-gross');
    const old = Number(await gross.inputValue());
    await gross.fill(String(round2(old + 1000)));
    await dialog.getByTestId('edit-reason').fill('Koreksi saldo dari buku besar cabang');
    await dialog.getByTestId('edit-save').click();
    await dialog.waitFor({ state: 'detached' });
    const review = await api<{ adjustedLines: number; totalGross: number }>(`/api/consolidation/review?consolidationId=${batch.id}`);
    expect(review.adjustedLines).toBe(1);
    const detail = await api<{ details: Array<{ savingId: string; adjusted: boolean; gross: number; reason: string }> }>(
      `/api/consolidation/${batch.id}/detail`,
    );
    const line = detail.details.find((l) => l.adjusted)!;
    expect(line).toMatchObject({ gross: round2(old + 1000), reason: 'Koreksi saldo dari buku besar cabang' });
    const accountBefore = await balanceOf(line.savingId);

    await page.goto(url('/interest-release/consolidation'));
    await page.getByTestId('consolidation-release').click();
    await page.getByRole('dialog').getByRole('button').last().click();
    await page
      .getByTestId('batch-status')
      .filter({ hasText: ID('interest-consolidation').status.RELEASED })
      .waitFor({ timeout: 120_000 });
    const released = await api<{ totalNet: number; posted: number; lines: number }>(
      `/api/consolidation/review?consolidationId=${batch.id}`,
    );
    expect(released.posted).toBe(released.lines);
    expect(round2((await savingsControl(page)) - before)).toBe(round2(released.totalNet));
    const after = await api<{ details: Array<{ savingId: string; net: number }> }>(`/api/consolidation/${batch.id}/detail`);
    const mine = after.details.find((l) => l.savingId === line.savingId)!;
    expect(round2((await balanceOf(line.savingId)) - accountBefore)).toBe(round2(mine.net));

    // Released: a second release posts nothing, an update is refused.
    await api(`/api/consolidation/${batch.id}/release`, { method: 'POST', body: {} });
    expect(round2((await savingsControl(page)) - before)).toBe(round2(released.totalNet));
    await screenshot(page, 'issue-15/e2e-balance-sheet-after-consolidation');
  }, 300_000);
});

describe('SHU of a closed year', () => {
  it('computes and distributes 2025 on the SHU screen; the balance sheet and the member account show it', async () => {
    const accounts = (
      await api<{ content: Array<{ id: string; memberId: string; savingType: string; isBlocked: boolean; status: string }> }>(
        '/api/transaction/saving/datatable?status=ACTIVE&limit=100',
      )
    ).content.filter((a) => a.savingType === 'VOLUNTARY' && !a.isBlocked);
    // A member (non-members take no SHU) with a voluntary account.
    let account = accounts[0];
    for (const a of accounts) {
      const m = await api<{ memberType: string }>(`/api/member/${a.memberId}/detail`);
      if (m.memberType === 'MEMBER') {
        account = a;
        break;
      }
    }
    // 2025: an income journal and a loan released on 15 June 2025.
    await api('/api/journal-manual', {
      method: 'POST',
      body: {
        date: `${Y}-06-30`,
        description: 'Pendapatan jasa 2025',
        lines: [
          { coaId: coa['10101'], debit: 10_000_000, credit: 0 },
          { coaId: coa['40302'], debit: 0, credit: 10_000_000 },
        ],
      },
    });
    const gl = Object.fromEntries(
      (await api<Array<{ role: string; coaId: string }>>('/api/product/gl-defaults?kind=LOAN')).map((r) => [r.role, r.coaId]),
    );
    const product = await api<{ id: string }>('/api/product', {
      method: 'POST',
      body: {
        kind: 'LOAN',
        name: 'Pinjaman Uji SHU',
        interestMethod: 'FLAT',
        interestRate: 1,
        minTenor: 1,
        maxTenor: 60,
        minAmount: 100000,
        maxAmount: 100000000,
        adminFee: 0,
        adminFeeType: 'NOMINAL',
        provisionFee: 0,
        provisionFeeType: 'PERCENT',
        fine: 0,
        fineMethod: 'PERCENT',
        roundingMultiple: 1,
        applicationNeedsApproval: true,
        glAccounts: gl,
      },
    });
    const applied = await api<{ loan: { id: string }; status: string }>('/api/transaction/request-open-product-member', {
      method: 'POST',
      body: { memberId: account.memberId, productId: product.id, amount: 5_000_000, tenorInMonth: 12, purpose: 'Modal usaha' },
    });
    if (applied.status === 'WAITING_APPROVAL')
      await api(`/api/transaction/product/loan/${applied.loan.id}/approved-loan`, { method: 'POST', body: { status: 'APPROVED' } });
    await api('/api/transaction/product/loan/release', {
      method: 'POST',
      body: { loanId: applied.loan.id, destination: 'CASH', coaId: coa['10101'], releaseDate: `${Y}-06-15` },
    });
    await api('/api/ledger/fiscal-year/close', { method: 'POST', body: { year: Y } });
    await api('/api/shu/settings', {
      method: 'POST',
      body: {
        year: Y,
        shares: {
          RESERVE: 40,
          MEMBER_EQUITY: 20,
          MEMBER_TRANSACTION: 25,
          MANAGEMENT: 5,
          EMPLOYEE: 5,
          EDUCATION: 2.5,
          SOCIAL: 2.5,
          OTHER: 0,
        },
        transactionBasis: 'LOAN_DISBURSED',
      },
    });

    const before = await savingsControl(page);
    const accountBefore = await balanceOf(account.id);
    await page.goto(url(`/shu?year=${Y}`));
    await page.getByRole('button', { name: shuText.calculation.calculate }).click();
    await page.getByRole('button', { name: shuText.distribute.action }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: shuText.distribute.action }).click();
    // The distribution asks for the year typed before it goes.
    await page.getByRole('dialog').locator('input').fill(String(Y));
    await page.getByRole('dialog').getByTestId('confirm-ok').click();
    await page.getByRole('button', { name: shuText.cancel.action }).waitFor({ timeout: 120_000 });
    await screenshot(page, 'issue-15/e2e-shu-distributed');

    const members = await api<{ content: Array<{ memberId: string; net: number; status: string }> }>(
      `/api/shu/calculation/members?year=${Y}&limit=1000`,
    );
    const credited = members.content.reduce((s, m) => s + m.net, 0);
    const mine = members.content.find((m) => m.memberId === account.memberId)!;
    expect(mine.net).toBeGreaterThan(0);
    expect(round2((await savingsControl(page)) - before)).toBe(round2(credited));
    expect(round2((await balanceOf(account.id)) - accountBefore)).toBe(round2(mine.net));
    await page.goto(url(`/transactions/savings/accounts/${account.id}`));
    await page.getByText(/SHU/).first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'issue-15/e2e-member-account-shu');
  }, 300_000);
});

describe('screens of issue 15', () => {
  it('consolidation, upload and reports: id/en light and dark, ar (RTL), phone 390 px', async () => {
    // An upload of today with one good and one bad row, so the upload screen shows rows and an error.
    const acc = (
      await api<{ content: Array<{ accountNumber: string; savingType: string }> }>(
        '/api/transaction/saving/datatable?status=ACTIVE&limit=100',
      )
    ).content.find((a) => a.savingType === 'VOLUNTARY')!;
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Jasa');
    ws.addRow(['No Rekening*', 'Jasa*', 'Biaya Admin', 'Keterangan']);
    ws.addRow([acc.accountNumber, 12500, 0, 'Jasa dari sistem lama']);
    ws.addRow(['999-TIDAK-ADA', '1.000', null, null]);
    const form = new FormData();
    form.append('file', new Blob([await wb.xlsx.writeBuffer()]), 'jasa.xlsx');
    const res = await fetch(url(`/api/upload/interest?releaseDate=${now}`), {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(res.status).toBe(200);

    const shots: Array<{ name: string; lang: string; mode: string; viewport?: { width: number; height: number } }> = [
      { name: 'id-light', lang: 'id', mode: 'light' },
      { name: 'en-light', lang: 'en', mode: 'light' },
      { name: 'id-dark', lang: 'id', mode: 'dark' },
      { name: 'en-dark', lang: 'en', mode: 'dark' },
      { name: 'ar-light', lang: 'ar', mode: 'light' },
      { name: 'phone-id', lang: 'id', mode: 'light', viewport: { width: 390, height: 844 } },
    ];
    for (const s of shots) {
      const p = await newPage({ viewport: s.viewport, storage: { lang: s.lang, 'theme-mode': s.mode } });
      await p.goto(url('/sign-in'));
      await signIn(p, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
      await p.goto(url('/interest-release/consolidation'));
      await p.getByTestId('consolidation-review').waitFor({ timeout: 60_000 });
      // On a phone the tables are cards, not grid rows.
      if (!s.viewport) await p.getByTestId('consolidation-members').locator('.MuiDataGrid-row').first().waitFor();
      else await p.waitForLoadState('networkidle');
      await screenshot(p, `issue-15/consolidation-${s.name}`);
      if (s.name === 'id-light' || s.name === 'ar-light') {
        await p.getByTestId('consolidation-members').locator('.MuiDataGrid-row').first().click();
        await p.getByRole('dialog').waitFor();
        await screenshot(p, `issue-15/consolidation-member-${s.name}`, { fullPage: false });
        await p.keyboard.press('Escape');
      }
      await p.goto(url('/interest-release/upload'));
      await p.getByTestId('upload-current').waitFor({ timeout: 60_000 });
      await screenshot(p, `issue-15/upload-${s.name}`);
      await p.goto(url('/reports/interest'));
      await p.getByTestId('interest-report-member').waitFor({ timeout: 60_000 });
      await screenshot(p, `issue-15/reports-interest-${s.name}`);
      if (s.name === 'id-light') {
        await p.getByTestId('interest-tab-releases').click();
        await p.getByTestId('interest-report-releases').waitFor();
        await screenshot(p, `issue-15/reports-interest-releases-${s.name}`);
        await p.goto(url(`/reports/interest/print?report=periods&startDate=${now.slice(0, 4)}-01-01&endDate=${now}&preview=1`));
        await p.getByTestId('interest-report-periods').waitFor({ timeout: 60_000 });
        await screenshot(p, `issue-15/reports-interest-print-${s.name}`);
      }
      await p.close();
    }
  }, 600_000);
});
