/**
 * Screenshot gallery (not part of `npm test`; `npm run e2e:screens -w apps/web`):
 * every screen of this area in Indonesian and English, light and dark, plus
 * phone-sized views, saved to artifacts/screenshots/gallery/. Look at them
 * after changing the look.
 */
import { afterAll, describe, it } from 'vitest';
import { closeBrowser, DEMO, lastNotification, newPage, screenshot, signIn, url } from './harness';
import { signedInPage, VARIANTS, variantOptions, visit } from './screens-kit';

afterAll(closeBrowser);

const PUBLIC = [
  ['sign-in', '/sign-in', 'sign-in-form'],
  ['register', '/register', 'register-form'],
  ['forgot-password', '/forgot-password', 'forgot-form'],
  ['verify', '/verify?username=demo%40koperasi.id', 'verify-submit'],
  ['activate-invalid', '/activate?token=tidak-valid', 'activate-failed'],
  ['404', '/halaman-yang-tidak-ada', 'page-404'],
  ['maintenance', '/maintenance', 'page-maintenance'],
  ['500', '/500', 'page-500'],
] as const;

const APP = [
  ['dashboard', '/dashboard', 'widget-quick-access'],
  ['coming-soon', '/transactions/loans', 'page-coming-soon'],
  ['profile-account', '/profile', 'profile-account-form'],
  ['profile-security', '/profile/security', 'profile-password-form'],
  ['profile-information', '/profile/information', 'profile-information-form'],
  ['profile-social', '/profile/social', 'profile-social-form'],
  ['profile-notification', '/profile/notification', 'profile-notification-form'],
  ['profile-connections', '/profile/connections', 'profile-connections-form'],
  ['profile-activity', '/profile/activity', 'profile-panel-activity'],
] as const;

describe('gallery', () => {
  for (const v of VARIANTS) {
    it(`public screens, ${v.lang} ${v.mode}`, async () => {
      const page = await newPage(variantOptions(v));
      for (const [name, path, testId] of PUBLIC) {
        await visit(page, path, testId);
        await screenshot(page, `gallery/${name}-${v.lang}-${v.mode}`, { fullPage: false });
      }
    });

    it(`app screens, ${v.lang} ${v.mode}`, async () => {
      const page = await signedInPage(variantOptions(v));
      for (const [name, path, testId] of APP) {
        await visit(page, path, testId);
        await screenshot(page, `gallery/${name}-${v.lang}-${v.mode}`);
      }
      await page.getByTestId('open-customizer').click();
      await page.getByTestId('customizer').waitFor();
      await screenshot(page, `gallery/customizer-${v.lang}-${v.mode}`, { fullPage: false });
    });
  }

  it('semi-dark, collapsed menu, bordered skin, other languages', async () => {
    const page = await signedInPage({
      storage: { 'theme-mode': 'semi-dark', settings: JSON.stringify({ navCollapsed: true, skin: 'bordered', primary: '#2F6FED' }) },
    });
    await page.getByTestId('widget-quick-access').waitFor();
    await screenshot(page, 'gallery/dashboard-semi-dark-collapsed-bordered-blue', { fullPage: false });
    for (const lang of ['zh', 'ar', 'it', 'es', 'fr']) {
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await visit(page, '/dashboard', 'widget-quick-access');
      await screenshot(page, `gallery/dashboard-${lang}`, { fullPage: false });
    }
    const out = await newPage({ storage: { lang: 'ar' } });
    await visit(out, '/sign-in', 'sign-in-form');
    await screenshot(out, 'gallery/sign-in-ar', { fullPage: false });
  });

  it('phone-sized screens', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 } });
    await visit(page, '/sign-in', 'sign-in-form');
    await screenshot(page, 'gallery/phone-sign-in');
    await signIn(page, DEMO.email, DEMO.password, { expect: /\/dashboard/ });
    await page.getByTestId('widget-quick-access').waitFor();
    await screenshot(page, 'gallery/phone-dashboard');
    await page.getByTestId('open-menu').click();
    await page.getByTestId('vertical-nav').waitFor();
    await screenshot(page, 'gallery/phone-menu', { fullPage: false });
  });

  it('onboarding of a new cooperative, step 1', async () => {
    const stamp = Date.now().toString(36);
    const email = `galeri-${stamp}@example.id`;
    const res = await fetch(url('/api/register/tenant'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        cooperativeName: 'Koperasi Sumber Rejeki',
        cooperativeType: 'KSP',
        fullName: 'Dewi Lestari',
        email,
        phoneNumber: `0815${String(Date.now()).slice(-8)}`,
        password: 'Koperasi-Kuat-77',
        rePassword: 'Koperasi-Kuat-77',
        isAgree: true,
      }),
    });
    if (!res.ok) throw new Error(await res.text());
    const mail = await lastNotification(email, 'email');
    await fetch(mail.link!.replace(/^.*\/activate\?token=/, url('/api/register/verification?token=')));
    for (const mode of ['light', 'dark'] as const) {
      const page = await newPage({ storage: { 'theme-mode': mode } });
      await signIn(page, email, 'Koperasi-Kuat-77', { expect: /\/onboarding/ });
      await page.getByTestId('onboarding-step-1').waitFor();
      await screenshot(page, `gallery/onboarding-${mode}`, { fullPage: false });
    }
  });
});
