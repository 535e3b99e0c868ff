/**
 * The general ledger in a real browser, signed in once as the demo admin:
 * a manual journal made with the line editor (refused while unbalanced),
 * its detail, its cancellation with the reversal shown both ways, the
 * balance sheet equation, and the trial balance downloaded as Excel.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeBrowser, DEMO, newPage, screenshot, screenshotOnFailure, signInAsDemo, url } from './harness';

let page: Page;
let journalUrl = '';
let journalNumber = '';

beforeAll(async () => {
  page = await newPage();
  await signInAsDemo(page);
});
afterAll(closeBrowser);
beforeEach(screenshotOnFailure);

/** Choose an account in a line of the editor by typing its code (Enter takes the highlighted match). */
async function pickAccount(row: number, code: string) {
  const input = page.getByTestId(`line-${row}-account`);
  await input.click();
  await input.fill(code);
  await page.getByRole('option', { name: new RegExp(`^${code}`) }).waitFor();
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toMatch(new RegExp(`^${code} · `));
}

/** Text with spaces normalised (money is formatted with a no-break space after "Rp"). */
const txt = async (l: Locator) => ((await l.textContent()) ?? '').replace(/\s+/g, ' ').trim();

const amount = (row: number, side: 'debit' | 'credit') => page.locator(`input[name="lines.${row}.${side}"]`);

describe('general ledger', () => {
  it('creates a manual journal with the line editor, refusing it while unbalanced', async () => {
    await page.goto(url('/journal/general'));
    await page.getByTestId('data-table').waitFor();
    await page.getByTestId('journal-add').click();
    await page.waitForURL(/\/journal\/general\/new$/);
    await page.getByTestId('line-editor').waitFor();

    await page.locator('input[name="description"]').fill('Pembelian kertas dan tinta (uji e2e)');
    await page.locator('input[name="referenceCode"]').fill('BKK-E2E-01');
    await pickAccount(0, '50203');
    await amount(0, 'debit').fill('250000');
    await pickAccount(1, '10101');
    await amount(1, 'credit').fill('200000');

    const submit = page.getByTestId('journal-submit');
    await expect.poll(() => txt(page.getByTestId('total-difference'))).toContain('Rp 50.000');
    expect(await txt(page.getByTestId('guard-message'))).toBe('Total debit (Rp 250.000) harus sama dengan total kredit (Rp 200.000)');
    expect(await submit.isDisabled()).toBe(true);
    await screenshot(page, 'ledger-journal-unbalanced', { fullPage: false });

    await amount(1, 'credit').fill('250000');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    expect(await txt(page.getByTestId('total-debit'))).toBe('Rp 250.000');
    expect(await txt(page.getByTestId('total-credit'))).toBe('Rp 250.000');
    await submit.click();

    await page.waitForURL(/\/journal\/general\/[0-9a-f-]{36}$/);
    await page.getByTestId('journal-created').waitFor();
    journalUrl = page.url();
    journalNumber = await txt(page.getByTestId('detail-number'));
    expect(journalNumber).toMatch(/^JU\/\d{4}\/\d{6}$/);
    expect(await txt(page.getByTestId('journal-status').first())).toBe('Terposting');
    expect(await txt(page.getByTestId('detail-total-debit'))).toBe('Rp 250.000');
    expect(await txt(page.getByTestId('detail-total-credit'))).toBe('Rp 250.000');
    const lines = (await page.getByTestId('journal-lines').locator('tbody tr').allTextContents()).map((x) => x.replace(/\s+/g, ' '));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('50203');
    expect(lines[1]).toContain('10101');
    expect(await txt(page.getByTestId('journal-header'))).toContain('BKK-E2E-01');
    await screenshot(page, 'ledger-journal-detail');
  });

  it('cancels the journal with a reason and shows the reversing journal both ways', async () => {
    await page.goto(journalUrl);
    await page.getByTestId('journal-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await dialog.waitFor();
    await page.getByTestId('cancel-confirm').click();
    await dialog.getByText('Alasan wajib diisi').waitFor();
    await page.getByTestId('cancel-reason').fill('Salah akun beban (uji e2e)');
    await page.getByTestId('cancel-confirm').click();

    const result = page.getByTestId('cancel-result');
    await result.waitFor();
    const reversal = (await txt(result)).match(/JU\/\d{4}\/\d{6}/g)!;
    expect(reversal[0]).toBe(journalNumber);
    const reversalNumber = reversal[1]!;
    expect(reversalNumber).not.toBe(journalNumber);
    await expect.poll(() => txt(page.getByTestId('journal-status').first())).toBe('Dibatalkan');
    expect(await txt(page.getByTestId('reversed-by-link'))).toBe(reversalNumber);
    expect(await page.getByTestId('journal-cancel').count()).toBe(0);
    await screenshot(page, 'ledger-journal-cancelled');

    await page.getByTestId('reversed-by-link').click();
    await page.waitForURL((u) => u.toString() !== journalUrl);
    await expect.poll(() => txt(page.getByTestId('detail-number'))).toBe(reversalNumber);
    expect(await txt(page.getByTestId('journal-status').first())).toBe('Pembatalan');
    expect(await txt(page.getByTestId('reversal-of-link'))).toBe(journalNumber);
    // The mirror journal: the expense is credited back, the cash debited.
    const cells = async (code: string) =>
      page
        .getByTestId('journal-lines')
        .locator('tbody tr', { hasText: code })
        .locator('td')
        .allTextContents()
        .then((a) => a.map((x) => x.replace(/\s+/g, ' ').trim()));
    expect((await cells('50203')).slice(5)).toEqual(['', 'Rp 250.000']);
    expect((await cells('10101')).slice(5)).toEqual(['Rp 250.000', '']);
    expect(await txt(page.getByTestId('journal-header'))).toContain('Salah akun beban (uji e2e)');
  });

  it('shows a balance sheet where assets equal liabilities plus equity', async () => {
    await page.goto(url('/reports/balance-sheet'));
    await page.getByTestId('bs-balanced').waitFor();
    const assets = await txt(page.getByTestId('bs-total-assets').locator('td').nth(2));
    const liabilitiesEquity = await txt(page.getByTestId('bs-total-le-amount'));
    expect(assets).toMatch(/^Rp [\d.]+(,\d{2})?$/);
    expect(liabilitiesEquity).toBe(assets);
    expect(await txt(page.getByTestId('bs-balanced'))).toContain(assets);
    await screenshot(page, 'ledger-balance-sheet');
  });

  it('downloads the trial balance as Excel', async () => {
    await page.goto(url('/reports/trial-balance'));
    await page.getByTestId('tb-totals').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-excel').click()]);
    expect(download.suggestedFilename()).toMatch(/^neraca-saldo-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = path.join(tmpdir(), `ledger-e2e-${Date.now()}.xlsx`);
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const text: string[] = [];
    ws.eachRow((row) => text.push((row.values as unknown[]).filter((v) => typeof v === 'string').join(' ')));
    expect(text.join('\n')).toContain(DEMO.cooperative);
    expect(text.join('\n')).toContain('Kas Besar');
  });
});
