/**
 * The app shell in a real browser: navigation in spec order, coming-soon and
 * 404 pages, menu search, Arabic right-to-left, dark mode kept across
 * reloads, the customizer, the profile, and signing out (with the page views
 * sent on the way out).
 */

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeBrowser, newPage, screenshot, screenshotOnFailure, serverRequests, signInAsDemo, url } from './harness';

const MENU = [
  'Dashboard',
  'Master Data',
  'Anggota',
  'User Akses',
  'Produk',
  'Transaksi Anggota',
  'Jurnal Umum',
  'Jurnal Penyesuaian',
  'Pembagian SHU',
  'Pengaturan',
  'Kas & Bank',
  'Laporan',
  'Rilis Jasa',
  'Unit Usaha',
  'Simulasi Jasa',
  'Cabang',
  'Area',
  'Akses Role',
  'Transaksi Teller',
];

let page: Page;
/** Paths sent to POST /api/activity/page-view, and the order of page-view and logout requests. */
const sentViews: string[] = [];
const requestOrder: string[] = [];

beforeAll(async () => {
  page = await newPage();
  page.on('request', (r) => {
    if (r.url().endsWith('/api/activity/page-view') && r.method() === 'POST') {
      requestOrder.push('page-view');
      sentViews.push(...(JSON.parse(r.postData() ?? '{}') as { views: Array<{ path: string }> }).views.map((v) => v.path));
    }
    if (r.url().endsWith('/api/users/logout')) requestOrder.push('logout');
  });
  await signInAsDemo(page);
});
afterAll(closeBrowser);
beforeEach(screenshotOnFailure);

describe('app shell', () => {
  it('shows every menu section in the order of spec section 2, with the dashboard active', async () => {
    const nav = page.getByTestId('vertical-nav');
    const labels = (await nav.locator(':scope > a, :scope > li > div[role="button"]').allTextContents()).map((l) => l.trim());
    // Sections whose screens are not built yet are left out; the rest keep the spec's order.
    expect(labels.filter((l) => MENU.includes(l))).toEqual(labels);
    expect(labels).toEqual(MENU.filter((m) => labels.includes(m)));
    expect(labels).toEqual(expect.arrayContaining(['Dashboard', 'Anggota', 'Produk', 'Transaksi Anggota', 'Laporan', 'Akses Role']));
    await page.getByTestId('widget-welcome').waitFor();
    await screenshot(page, 'shell-dashboard');
  });

  it('opens a group, highlights the active entry; screens not built yet are out of the menu ("coming soon" by address)', async () => {
    // Product categories (master data) come with a later issue; until then they are not in the menu.
    await page.getByTestId('nav-master_data').click();
    await page.getByTestId('nav-master_data.ad_art').waitFor();
    expect(await page.getByTestId('nav-master_data.categories').count()).toBe(0);
    await page.goto(url('/master-data/categories'));
    await page.getByTestId('page-coming-soon').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Kategori Produk');
    expect(await page.title()).toBe('Kategori Produk · Koperasi Demo Sejahtera');
    await screenshot(page, 'shell-coming-soon');
  });

  it('finds menu entries from the header search', async () => {
    await page.getByTestId('nav-search').fill('kas ban');
    await page.getByRole('option', { name: /Kas & Bank/ }).click();
    await page.waitForURL(/\/cash-bank$/);
  });

  it('shows the 404 page for an unknown address', async () => {
    await page.goto(url('/tidak-ada'));
    await page.getByTestId('page-404').waitFor();
    await screenshot(page, 'page-404');
    await page.goto(url('/dashboard'));
    await page.getByTestId('widget-welcome').waitFor();
  });

  it('switches to Arabic: the whole layout goes right-to-left', async () => {
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ar').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    const sidebar = await page.getByTestId('sidebar').boundingBox();
    const viewport = page.viewportSize()!;
    expect(sidebar!.x).toBeGreaterThan(viewport.width / 2);
    expect(await page.getByTestId('nav-member').textContent()).toContain('الأعضاء');
    await screenshot(page, 'shell-arabic-rtl');
    // It stays after a reload, then back to Indonesian.
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-id').click();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
  });

  it('keeps dark mode across reloads (localStorage theme-mode)', async () => {
    await page.getByTestId('mode-toggle').click();
    await page.waitForFunction(() => document.documentElement.dataset.mode === 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme-mode'))).toBe('dark');
    await page.reload();
    await page.getByTestId('widget-welcome').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.mode)).toBe('dark');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(17, 23, 20)');
    await screenshot(page, 'shell-dark-mode');
    await page.getByTestId('mode-toggle').click();
    await page.waitForFunction(() => document.documentElement.dataset.mode === 'light');
  });

  it('the customizer switches to horizontal navigation and remembers it', async () => {
    await page.getByTestId('open-customizer').click();
    await page.getByTestId('customizer').waitFor();
    await screenshot(page, 'shell-customizer', { fullPage: false });
    await page.getByTestId('layout-horizontal').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('horizontal-nav').waitFor();
    await page.reload();
    await page.getByTestId('horizontal-nav').waitFor();
    await screenshot(page, 'shell-horizontal');
    // The bar never scrolls sideways: what does not fit goes into "more"; the active section stays on the bar.
    await page.goto(url('/roles'));
    await page.getByTestId('hnav-access_role').waitFor();
    const bar = await page.getByTestId('horizontal-nav').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(bar.scroll).toBeLessThanOrEqual(bar.client + 1);
    const box = (await page.getByTestId('hnav-access_role').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.getByTestId('hnav-more').click();
    await page.getByTestId('hnav-more-menu').getByRole('menuitem').first().waitFor();
    await screenshot(page, 'shell-horizontal-more', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByTestId('open-customizer').click();
    await page.getByTestId('customizer-reset').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('vertical-nav').waitFor();
  });

  it('edits the profile and lists the own sign-ins on the activity tab', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-profile').click();
    await page.waitForURL(/\/profile$/);
    await page.getByLabel('Nama belakang').fill('Demo Koperasi');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByTestId('toast-success').waitFor();
    await page.getByTestId('user-menu').filter({ hasText: 'Admin Demo Koperasi' }).waitFor();
    await screenshot(page, 'profile-account');
    await page.getByTestId('profile-tab-activity').click();
    await page.waitForURL(/\/profile\/activity$/);
    await page.getByText('Sesi ini').waitFor();
    await screenshot(page, 'profile-activity');
  });

  it('signs out: page views sent first, the session revoked, back to sign-in', async () => {
    // Open one more page so something is queued when signing out.
    await page.getByTestId('profile-tab-social').click();
    await page.waitForURL(/\/profile\/social$/);
    const logout = page.waitForRequest((r) => r.url().endsWith('/api/users/logout'));
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await logout;
    // The views since the last reload were sent, the last batch before the session was revoked.
    expect(sentViews).toEqual(expect.arrayContaining(['/profile', '/profile/activity', '/profile/social']));
    expect(requestOrder.at(-1)).toBe('logout');
    expect(requestOrder.at(-2)).toBe('page-view');
    // Batches flushed while a page unloads (reloads above) go out with keepalive, which Playwright
    // does not report: the server's log shows them.
    expect(serverRequests('POST', '/api/activity/page-view')).toBeGreaterThan(requestOrder.filter((r) => r === 'page-view').length);
    await page.waitForURL(/\/sign-in$/);
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await page.goto(url('/dashboard'));
    await page.waitForURL(/\/sign-in$/);
  });
});
