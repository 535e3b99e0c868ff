/**
 * Before/after pictures for issue 19 (`npm run e2e:screens -w apps/web`, or
 * against a running server with E2E_BASE_URL): the receipt, the withdrawal
 * above the teller's limit (confirm step), a dense table at 1440 px, and an
 * Excel export opened with exceljs (its cells printed and drawn as a table).
 * SHOTS_DIR (default artifacts/screenshots/polish) and SHOTS_SUFFIX name the files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, it } from 'vitest';
import { apiToken, closeBrowser, DEMO, newPage, SCREENSHOT_DIR, signIn, url } from './harness';

const DIR = process.env.SHOTS_DIR ?? path.join(SCREENSHOT_DIR, 'polish');
const SUFFIX = process.env.SHOTS_SUFFIX ?? 'after';
const TELLER = 'teller@koperasi.id';

afterAll(closeBrowser);

async function shot(page: Page, name: string, fullPage = false) {
  mkdirSync(DIR, { recursive: true });
  await page.screenshot({ path: path.join(DIR, `${name}-${SUFFIX}.png`), fullPage, animations: 'disabled' });
}

async function api<T>(token: string, p: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(url(p), {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const j = (await res.json()) as { data: T };
  return j.data;
}

it('receipt, over-limit withdrawal, dense table, Excel', async () => {
  const admin = await apiToken(DEMO.email);
  const teller = await apiToken(TELLER);
  // A recent transaction's receipt (A5, preview: no print dialog).
  const txs = await api<{ content: Array<{ id: string; activity: string }> }>(admin, '/api/transaction/datatable?limit=20');
  const tx = txs.content.find((t) => t.activity === 'WITHDRAWAL') ?? txs.content[0]!;
  const page = await newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
  await page.goto(url(`/transactions/receipt/${tx.id}?paper=A5&preview=1`));
  await page.getByTestId('receipt').waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByTestId('receipt').screenshot({ path: path.join(DIR, `receipt-${SUFFIX}.png`) });

  // A dense table at 1440 px.
  await page.goto(url('/transactions/history'));
  await page.getByTestId('data-table').waitFor();
  await page.waitForFunction(() => !document.querySelector('.MuiDataGrid-overlay, .MuiSkeleton-root'));
  await shot(page, 'table-1440');

  // Excel: the transactions report as the server sends it, read back with exceljs.
  const start = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(url(`/api/report/transactions?format=xlsx&start=${start}`), { headers: { authorization: `Bearer ${admin}` } });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const ws = wb.worksheets[0]!;
  const lines: string[] = [];
  const html: string[] = [];
  for (let r = 1; r <= Math.min(ws.rowCount, 14); r++) {
    const cells: string[] = [];
    for (let c = 1; c <= Math.min(ws.columnCount, 10); c++) {
      const cell = ws.getRow(r).getCell(c);
      const v = cell.value instanceof Date ? cell.value.toISOString().slice(0, 10) : cell.value;
      cells.push(`${cell.address}=${JSON.stringify(v)}${cell.numFmt ? ` [${cell.numFmt}]` : ''}`);
    }
    lines.push(cells.join(' | '));
    html.push(`<tr>${cells.map((c) => `<td>${c.replace(/</g, '&lt;')}</td>`).join('')}</tr>`);
  }
  const last = ws.rowCount;
  lines.push(`... last row ${last}: ${JSON.stringify(ws.getRow(last).values)}`);
  lines.push(`widths: ${ws.columns.map((c) => c.width).join(', ')}; views: ${JSON.stringify(ws.views)}`);
  mkdirSync(DIR, { recursive: true });
  writeFileSync(path.join(DIR, `excel-cells-${SUFFIX}.txt`), `${lines.join('\n')}\n`);
  const xl = await newPage({ viewport: { width: 1800, height: 700 } });
  await xl.setContent(
    `<style>body{font:11px monospace}td{border:1px solid #999;padding:2px 4px;white-space:nowrap}</style><h3>${res.headers.get('content-disposition')}</h3><table>${html.join('')}</table><pre>${lines.slice(-2).join('\n').replace(/</g, '&lt;')}</pre>`,
  );
  await xl.screenshot({ path: path.join(DIR, `excel-${SUFFIX}.png`), fullPage: true });

  // The teller withdraws above the role's limit; the cooperative queues such withdrawals.
  await api(admin, '/api/configuration', { method: 'POST', body: { transactionPolicy: { withdrawalAboveLimit: 'REQUEST_APPROVAL' } } });
  try {
    const accounts = await api<{
      content: Array<{
        id: string;
        memberId: string;
        accountNumber: string;
        savingType: string;
        isBlocked: boolean;
        availableBalance: number;
      }>;
    }>(teller, '/api/transaction/saving/datatable?kind=SAVING&status=ACTIVE&limit=1000');
    const acc = accounts.content.find((a) => a.savingType === 'VOLUNTARY' && !a.isBlocked && a.availableBalance > 100_000)!;
    const tp = await newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(tp, TELLER, DEMO.password);
    await tp.goto(url(`/transactions/savings?memberId=${acc.memberId}`));
    await tp.locator(`[data-account="${acc.accountNumber}"] [data-testid="action-withdraw"]`).click();
    await tp.getByTestId('withdraw-dialog').waitFor();
    await tp.locator('input[name="amount"]').fill('15000000');
    await tp.getByTestId('warn-limit').waitFor();
    await tp.getByTestId('posting-continue').click();
    await tp.getByTestId('posting-summary').waitFor();
    await shot(tp, 'withdraw-over-limit');
  } finally {
    await api(admin, '/api/configuration', { method: 'POST', body: { transactionPolicy: { withdrawalAboveLimit: 'REFUSE' } } });
  }
});
