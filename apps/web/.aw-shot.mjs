import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://127.0.0.1:3400';
const paths = process.argv.slice(2);
const lang = process.env.LANG_UI ?? 'id';
const mode = process.env.MODE ?? 'light';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await b.newContext({ viewport: { width: 1440, height: 900 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
await ctx.addInitScript(
  ([l, m]) => {
    localStorage.setItem('lang', l);
    localStorage.setItem('theme-mode', m);
  },
  [lang, mode],
);
const page = await ctx.newPage();
page.on('pageerror', (e) => console.error('[pageerror]', e.message));
page.on('console', (m) => {
  if (m.type() === 'error') console.error('[console]', m.text());
});
page.on('response', (r) => {
  if (r.status() >= 400 && r.url().includes('/api/')) console.error('[http]', r.status(), r.url());
});
await page.goto(`${base}/sign-in`);
await page.locator('input[name="username"]').fill(process.env.USER_EMAIL ?? 'demo@koperasi.id');
await page.locator('input[name="password"]').fill('Demo12345!');
await page.getByTestId('sign-in-submit').click();
await page.waitForURL(/dashboard/);
for (const p of paths) {
  await page.goto(`${base}${p}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  const name = `${p.replace(/\W+/g, '_')}-${lang}-${mode}`;
  await page.screenshot({ path: `/tmp/aw/shots/${name}.png`, fullPage: true });
  console.log('shot', name);
}
await b.close();
