/**
 * The sign-up and sign-in flows of spec section 4 in a real browser against
 * the real server: register a cooperative, activate it from the e-mailed
 * link, sign in, finish onboarding, reach the dashboard; the code path of
 * verification; forgot password by SMS OTP; wrong password.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { closeBrowser, lastNotification, newPage, notificationsTo, screenshot, screenshotOnFailure, signIn, url } from './harness';

const stamp = Date.now().toString(36);
const coop = {
  name: `Koperasi Maju Bersama ${stamp}`,
  fullName: 'Siti Rahmawati',
  email: `siti-${stamp}@example.id`,
  phone: `0812${String(Date.now()).slice(-8)}`,
  password: 'Koperasi-Kuat-77',
};

afterAll(closeBrowser);
beforeEach(screenshotOnFailure);

async function fillRegistration(page: Page, c: typeof coop) {
  await page.goto(url('/register'));
  await page.getByTestId('register-form').waitFor();
  await page.getByLabel('Nama koperasi').fill(c.name);
  await page.getByRole('combobox', { name: 'Jenis koperasi' }).click();
  await page.getByRole('option', { name: 'Simpan Pinjam (KSP)' }).click();
  await page.getByLabel('Nama lengkap').fill(c.fullName);
  await page.getByLabel('Email').fill(c.email);
  await page.getByLabel('Nomor ponsel').fill(c.phone);
  await page.getByLabel('Kata sandi', { exact: true }).fill(c.password);
  await page.getByLabel('Ulangi kata sandi').fill(c.password);
  await page.getByRole('checkbox').check();
}

describe('registration → activation link → sign-in → onboarding → dashboard', () => {
  it('refuses an empty registration with the spec messages', async () => {
    const page = await newPage();
    await page.goto(url('/register'));
    await page.getByTestId('register-submit').click();
    for (const text of [
      'Nama koperasi wajib diisi',
      'Jenis koperasi wajib dipilih',
      'Nama wajib diisi',
      'Email wajib diisi',
      'Nomor ponsel wajib diisi',
      'Kata sandi wajib diisi',
      'Ulangi kata sandi wajib diisi',
      'Anda harus menyetujui syarat dan ketentuan',
    ]) {
      await expect(page.getByText(text).first().isVisible()).resolves.toBe(true);
    }
    await screenshot(page, 'auth-register-validation');
  });

  it('registers, shows the spec message, then the verification screen after 3.5 s', async () => {
    const page = await newPage();
    await fillRegistration(page, coop);
    await screenshot(page, 'auth-register-filled');
    await page.getByTestId('register-submit').click();
    const success = page.getByTestId('register-success');
    await success.waitFor();
    expect(await success.textContent()).toContain('Berhasil mendaftarkan koperasi, silahkan cek email untuk menggaktifkan koperasi');
    await screenshot(page, 'auth-register-success');
    const shownAt = Date.now();
    await page.waitForURL(/\/verify\?username=/);
    expect(Date.now() - shownAt).toBeGreaterThan(2500);
    await page.getByTestId('verify-submit').waitFor();
    await screenshot(page, 'auth-verify');
  });

  it('activates from the link in the logged e-mail', async () => {
    const mail = await lastNotification(coop.email, 'email');
    expect(mail.link).toMatch(/\/activate\?token=/);
    const page = await newPage();
    await page.goto(mail.link!);
    await page.getByTestId('activate-success').waitFor();
    await screenshot(page, 'auth-activate-success');
    // The same link again: already active.
    await page.reload();
    await page.getByTestId('activate-already').waitFor();
    await page.getByTestId('activate-sign-in').click();
    await page.waitForURL(/\/sign-in/);
  });

  it('signs in, walks the onboarding wizard with the 2.5 s success step, and lands on the dashboard', async () => {
    const page = await newPage();
    await signIn(page, coop.email, coop.password, { expect: /\/onboarding/ });
    await page.getByTestId('onboarding-step-1').waitFor();
    await page.getByLabel('Nominal simpanan pokok').fill('500000');
    await page.getByLabel('Nominal simpanan wajib').fill('100000');
    await page.getByLabel('Saldo minimum').fill('50000');
    await page.getByLabel('Jasa simpanan').fill('3');
    await screenshot(page, 'onboarding-step-1');
    await page.getByTestId('onboarding-next').click();
    await page.getByTestId('onboarding-step-2').waitFor();
    await page.getByLabel('Jasa pinjaman').fill('1,5');
    await page.getByLabel('Tenor minimal').fill('3');
    await page.getByLabel('Tenor maksimal').fill('36');
    await page.getByLabel('Biaya administrasi').fill('25000');
    await screenshot(page, 'onboarding-step-2');
    await page.getByTestId('onboarding-finish').click();
    const ok = page.getByTestId('onboarding-success');
    await ok.waitFor();
    expect(await ok.textContent()).toBe(`Selesai melakukan konfigurasi produk, selamat datang di ${coop.name}`);
    const shownAt = Date.now();
    await page.getByTestId('onboarding-finished').waitFor({ timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    const summary = (await page.getByTestId('onboarding-summary').textContent())!.replace(/\u00a0/g, ' ');
    expect(summary).toContain('Rp 500.000');
    expect(summary).toContain('Rp 100.000 / Bulanan');
    expect(summary).toContain('1,5 % / bulan');
    await screenshot(page, 'onboarding-finished');
    await page.getByTestId('onboarding-start').click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('widget-welcome').waitFor();
    expect(await page.getByTestId('widget-welcome').textContent()).toContain(coop.name);
    await screenshot(page, 'dashboard-new-cooperative');
  });
});

describe('verification code, password reset, wrong password', () => {
  it('activates a second registration with the 6-digit code from the SMS', async () => {
    const other = {
      ...coop,
      name: `Koperasi Tani ${stamp}`,
      email: `tani-${stamp}@example.id`,
      phone: `0813${String(Date.now()).slice(-8)}`,
    };
    const page = await newPage();
    await fillRegistration(page, other);
    await page.getByTestId('register-submit').click();
    await page.waitForURL(/\/verify\?username=/, { timeout: 15_000 });
    const sms = await lastNotification(`+62${other.phone.slice(1)}`, 'sms');
    expect(sms.code).toMatch(/^\d{6}$/);
    await page.getByTestId('pin-0').click();
    await page.keyboard.type(sms.code!);
    await page.waitForURL(/\/sign-in/);
    await page.getByTestId('sign-in-notice').waitFor();
    await screenshot(page, 'auth-verified-by-code');
  });

  it('resets a forgotten password with the SMS OTP', async () => {
    const page = await newPage();
    await page.goto(url('/forgot-password'));
    await page.getByLabel('Nomor ponsel').fill(coop.phone);
    const phone = `+62${coop.phone.slice(1)}`;
    // The registration's code went to the same number: wait for the message after it.
    const before = notificationsTo(phone, 'sms').length;
    await page.getByRole('button', { name: 'Kirim kode OTP' }).click();
    await page.getByTestId('reset-form').waitFor();
    const sms = await lastNotification(phone, 'sms', 10_000, before);
    await page.getByTestId('pin-0').click();
    await page.keyboard.type(sms.code!);
    await page.getByLabel('Kata sandi baru').fill('Sandi-Baru-2026');
    await page.getByLabel('Ulangi kata sandi').fill('Sandi-Baru-2026');
    await screenshot(page, 'auth-forgot-reset');
    await page.getByRole('button', { name: 'Simpan kata sandi baru' }).click();
    await page.waitForURL(/\/sign-in/);
    expect(await page.getByTestId('sign-in-notice').textContent()).toBe('Kata sandi berhasil diubah, silakan masuk');
    await signIn(page, coop.email, 'Sandi-Baru-2026', { expect: /\/dashboard/ });
  });

  it("shows the spec's sentence for a wrong password", async () => {
    const page = await newPage();
    await page.goto(url('/sign-in'));
    await page.locator('input[name="username"]').fill('demo@koperasi.id');
    await page.locator('input[name="password"]').fill('bukan-sandinya');
    await page.getByTestId('sign-in-submit').click();
    const err = page.getByTestId('sign-in-error');
    await err.waitFor();
    expect(await err.textContent()).toBe('Alamat email atau kata sandi yang Anda masukkan salah. Silakan ulangi kembali.');
    await screenshot(page, 'auth-sign-in-bad-credentials');
  });
});
