/**
 * Screenshot gallery of the teller screens (not part of `npm test`;
 * `npm run e2e:screens -w apps/web`): the demo teller's session page (open
 * today by the demo seed) with a deposit, the close dialog with a counted
 * difference, handover, history, the printed session report; the agent's
 * dashboard and the agent report. Indonesian and English, light and dark, at
 * 1440 px; the session page and the agent dashboard at phone size; Arabic once.
 * Saved to artifacts/screenshots/gallery/teller-*.png.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiToken, closeBrowser, DEMO, newPage, screenshot, signIn, url } from './harness';
import { settle, VARIANTS, variantOptions, visitSettled } from './screens-kit';

afterAll(closeBrowser);

const TELLER = 'teller@koperasi.id';
const AGENT = 'agent@koperasi.id';

async function api<T>(tok: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
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

let sessionId = '';

beforeAll(async () => {
  const tok = await apiToken(TELLER, DEMO.password);
  const ob = await api<{ session: { id: string } | null }>(tok, '/api/transaction-user/open-balance-teller');
  sessionId = ob.session!.id;
  const all = await api<{ content: Array<{ id: string; savingType: string; isBlocked: boolean }> }>(
    tok,
    '/api/transaction/saving/datatable?status=ACTIVE&limit=50',
  );
  const acc = all.content.find((a) => a.savingType === 'VOLUNTARY' && !a.isBlocked)!;
  await api(tok, '/api/transaction/topup-saving', {
    method: 'POST',
    body: { memberSavingId: acc.id, amount: 175_000, description: 'Setoran loket' },
  });
});

async function tellerPage(opts: Parameters<typeof newPage>[0]) {
  const page = await newPage(opts);
  await page.context().addInitScript(() => {
    window.print = () => undefined;
  });
  await signIn(page, TELLER, DEMO.password, { expect: /\/dashboard/ });
  return page;
}

async function fillCount(page: Awaited<ReturnType<typeof newPage>>) {
  await page.getByTestId('close-open').click();
  await page.getByTestId('close-dialog').waitFor();
  await page.getByTestId('count-100000').fill('3');
  await page.getByTestId('count-50000').fill('1');
  await page.getByTestId('count-2000').fill('4');
}

describe('teller gallery', () => {
  for (const v of VARIANTS) {
    it(`teller screens, ${v.lang} ${v.mode}`, async () => {
      const page = await tellerPage(variantOptions(v));
      const shot = (name: string) => screenshot(page, `gallery/teller-${name}-${v.lang}-${v.mode}`, { fullPage: true });
      await visitSettled(page, '/teller/session', 'session-view');
      await shot('session');
      await fillCount(page);
      await shot('close-dialog');
      await page.keyboard.press('Escape');
      await visitSettled(page, '/teller/handover', 'app-header');
      await shot('handover');
      await visitSettled(page, '/teller/history', 'app-header');
      await shot('history');
      await visitSettled(page, `/teller/sessions/${sessionId}/print?own=1&preview=1`, 'session-report');
      await shot('report-open');

      const agent = await newPage(variantOptions(v));
      await signIn(agent, AGENT, DEMO.password, { expect: /\/dashboard-agent/ });
      await settle(agent, 'widget-agent-today');
      await screenshot(agent, `gallery/teller-agent-dashboard-${v.lang}-${v.mode}`, { fullPage: true });
      await visitSettled(agent, '/reports/agent-transactions', 'agent-report');
      await screenshot(agent, `gallery/teller-agent-report-${v.lang}-${v.mode}`, { fullPage: true });
    });
  }

  it('phone size, Arabic, and the closed session report', async () => {
    const phone = await tellerPage({ viewport: { width: 390, height: 844 }, storage: { lang: 'id' } });
    await visitSettled(phone, '/teller/session', 'session-view');
    await screenshot(phone, 'gallery/teller-session-phone', { fullPage: true });
    await fillCount(phone);
    await screenshot(phone, 'gallery/teller-close-dialog-phone');
    const agent = await newPage({ viewport: { width: 390, height: 844 }, storage: { lang: 'id' } });
    await signIn(agent, AGENT, DEMO.password, { expect: /\/dashboard-agent/ });
    await settle(agent, 'widget-agent-today');
    await screenshot(agent, 'gallery/teller-agent-dashboard-phone', { fullPage: true });

    const ar = await tellerPage({ storage: { lang: 'ar' } });
    await visitSettled(ar, '/teller/session', 'session-view');
    await fillCount(ar);
    await screenshot(ar, 'gallery/teller-close-dialog-ar');

    // Close with a difference (the count is short of the expected cash) and print.
    await phone.getByTestId('close-reason').fill('Selisih hitung uang kecil');
    await phone.getByTestId('close-submit').click();
    await phone.locator('[data-testid="session-view"][data-status="CLOSED"]').waitFor();
    await visitSettled(phone, `/teller/sessions/${sessionId}/print?own=1&preview=1`, 'session-report');
    await phone.setViewportSize({ width: 1000, height: 1200 });
    await screenshot(phone, 'gallery/teller-report-closed', { fullPage: true });
  });
});
