/**
 * Issue 18, sign-in and account recovery: known and unknown numbers and
 * accounts answer alike (answer, status, timing); sign-in throttling that an
 * attacker cannot use to lock the owner out; password strength.
 */
import { describe, expect, it } from 'vitest';
import { body, newTenant, PASSWORD, testApp } from './helpers.ts';

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; r: T }> {
  const s = performance.now();
  const r = await fn();
  return { ms: performance.now() - s, r };
}

describe('account recovery tells nobody which numbers are registered', () => {
  it('forget-password-otp answers known and unknown numbers alike, in the same time', async () => {
    const t = await newTenant();
    const app = t.app;
    const ask = (phoneNumber: string) => app.inject({ method: 'GET', url: '/api/users/forget-password-otp', query: { phoneNumber } });
    const known = await timed(() => ask(t.phone));
    const unknown = await timed(() => ask('081999999998'));
    expect(known.r.statusCode).toBe(unknown.r.statusCode);
    expect(known.r.body).toBe(unknown.r.body);
    // Both answers wait for the same floor, longer than the work of either.
    expect(known.ms).toBeGreaterThanOrEqual(240);
    expect(unknown.ms).toBeGreaterThanOrEqual(240);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(120);
  });

  it('forget-password-confirm locks an unknown number after 5 wrong codes, as a known one', async () => {
    const t = await newTenant();
    const app = t.app;
    const statuses = async (phoneNumber: string) => {
      await app.inject({ method: 'GET', url: '/api/users/forget-password-otp', query: { phoneNumber } });
      const out: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await app.inject({
          method: 'POST',
          url: '/api/users/forget-password-confirm',
          payload: { phoneNumber, otp: '000000', newPassword: 'Sandi-Baru-2026-Kuat' },
        });
        out.push(r.statusCode);
      }
      return out;
    };
    const code = app.notifier.outbox.filter((n) => n.to === t.phone).at(-1)?.code;
    expect(code).not.toBe('000000');
    const known = await statuses(t.phone);
    const unknown = await statuses('081999999997');
    expect(known).toEqual([400, 400, 400, 400, 429, 429]);
    expect(unknown).toEqual(known);
  });

  it('register/resend-code answers an active account as it answers an unknown one', async () => {
    const t = await newTenant();
    const app = await testApp();
    const resend = (username: string) => app.inject({ method: 'POST', url: '/api/register/resend-code', payload: { username } });
    const active = await resend(t.email);
    const unknown = await resend(`nobody-${Date.now()}@test.koperasi.id`);
    expect(active.statusCode).toBe(unknown.statusCode);
    expect(body(active).data).toEqual(body(unknown).data);
    expect(body(active).message).toBe(body(unknown).message);
  });
});

const BASIC = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;

describe('sign-in throttling per account and source', () => {
  const signInFrom = (app: Awaited<ReturnType<typeof testApp>>, ip: string, username: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/oauth/token',
      query: { username, password, grant_type: 'password' },
      headers: { authorization: BASIC },
      remoteAddress: ip,
    });

  it('an attacker failing from many places cannot lock the owner out', async () => {
    const t = await newTenant();
    // 100 wrong passwords (LOGIN_MAX_FAILURES_PER_HOUR) from 34 addresses, each within its 3 free failures.
    for (let n = 0; n < 100; n++) {
      const r = await signInFrom(t.app, `10.9.${Math.floor(n / 3)}.7`, t.email, `salah-${n}`);
      expect(r.statusCode).toBe(400);
    }
    // The owner at the counter signs in with the right password.
    expect((await signInFrom(t.app, '192.168.1.20', t.email, PASSWORD)).statusCode).toBe(200);
    // Once the account is under attack, a new address gets one try before it must wait.
    expect((await signInFrom(t.app, '10.10.0.1', t.email, 'salah-lagi')).statusCode).toBe(400);
    const slowed = await signInFrom(t.app, '10.10.0.1', t.email, 'salah-lagi-2');
    expect(slowed.statusCode).toBe(429);
  }, 120_000);

  it('one source gets growing delays after 3 failures; another source is not slowed', async () => {
    const t = await newTenant();
    for (let i = 0; i < 3; i++) expect((await signInFrom(t.app, '10.1.1.1', t.email, `salah-${i}`)).statusCode).toBe(400);
    const wait = await signInFrom(t.app, '10.1.1.1', t.email, PASSWORD);
    expect(wait.statusCode).toBe(429);
    expect(wait.json().error_description).toMatch(/detik/);
    expect(Number(wait.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await signInFrom(t.app, '10.2.2.2', t.email, PASSWORD)).statusCode).toBe(200);
    // After the delay the source may try again; the delay doubles with each further failure.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await signInFrom(t.app, '10.1.1.1', t.email, 'salah-3')).statusCode).toBe(400);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await signInFrom(t.app, '10.1.1.1', t.email, 'salah-4')).statusCode).toBe(429);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await signInFrom(t.app, '10.1.1.1', t.email, PASSWORD)).statusCode).toBe(200);
  }, 60_000);
});

describe('password strength', () => {
  it('refuses weak passwords and passwords built from the own name, e-mail or the cooperative, saying why', async () => {
    const t = await newTenant({ name: `Koperasi Sumber Rejeki ${Date.now()}` });
    const change = (newPassword: string, lang = 'id') =>
      t.admin.patch('/api/users/change-password', { oldPassword: PASSWORD, newPassword }, { 'accept-language': lang });
    const weak = await change('aaaaaaaa');
    expect(weak.statusCode).toBe(400);
    expect(body(weak).errorCode).toBe('PASSWORD_POLICY');
    expect(body(weak).message).toMatch(/mudah ditebak/);
    const email = await change(t.email);
    expect(email.statusCode).toBe(400);
    expect(body(email).message).toMatch(/e-mail/);
    const name = await change('Uji-Kuat-Sekali-2026');
    expect(name.statusCode).toBe(400);
    expect(body(name).message).toMatch(/nama Anda/);
    const coop = await change('SumberRejeki#2026', 'en');
    expect(coop.statusCode).toBe(400);
    expect(body(coop).message).toMatch(/cooperative/);
    expect((await change('Tiga-Kuda-Berlari-88')).statusCode).toBe(200);

    // Registration applies the same rules.
    const app = await testApp();
    const reg = await app.inject({
      method: 'POST',
      url: '/api/register/tenant',
      payload: {
        cooperativeName: 'Koperasi Cahaya Pagi',
        cooperativeType: 'KSP',
        fullName: 'Wulan Sari',
        email: `wulan-${Date.now()}@example.id`,
        phoneNumber: `0812${String(Date.now()).slice(-8)}`,
        password: 'CahayaPagi-2026',
        rePassword: 'CahayaPagi-2026',
        isAgree: true,
      },
    });
    expect(reg.statusCode).toBe(400);
    expect(body(reg).message).toMatch(/nama koperasi/);
  });
});
