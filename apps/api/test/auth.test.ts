import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/lib/tokens.ts';
import { body, client, newTenant, PASSWORD, signIn, testApp, unique } from './helpers.ts';

const BASIC = `Basic ${Buffer.from('web:web-secret').toString('base64')}`;

describe('POST /oauth/token', () => {
  it('signs in with e-mail or phone and answers in OAuth2 form', async () => {
    const t = await newTenant();
    const byEmail = await signIn(t.app, t.email.toUpperCase(), PASSWORD);
    expect(byEmail.statusCode).toBe(200);
    const tok = byEmail.json();
    expect(tok.token_type).toBe('bearer');
    expect(tok.expires_in).toBe(7 * 24 * 3600);
    expect(tok.access_token).toMatch(/^ey/);
    // Phone in local writing (08...) is the same account as +628...
    const local = `0${t.phone.slice(3)}`;
    const byPhone = await signIn(t.app, local, PASSWORD);
    expect(byPhone.statusCode).toBe(200);
  });

  it('answers Bad credentials for a wrong password and for an unknown account alike', async () => {
    const t = await newTenant();
    const wrong = await signIn(t.app, t.email, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Bad credentials' });
    const unknown = await signIn(t.app, `nobody-${unique()}@x.id`, 'whatever-123');
    expect(unknown.json()).toEqual({ error: 'invalid_grant', error_description: 'Bad credentials' });
  });

  it('refuses bad client credentials, other grants and empty input', async () => {
    const app = await testApp();
    const badClient = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      query: { username: 'a@b.id', password: 'x', grant_type: 'password' },
      headers: { authorization: `Basic ${Buffer.from('web:nope').toString('base64')}` },
    });
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json().error).toBe('invalid_client');
    const grant = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      query: { grant_type: 'client_credentials' },
      headers: { authorization: BASIC },
    });
    expect(grant.json().error).toBe('unsupported_grant_type');
    const empty = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      query: { grant_type: 'password' },
      headers: { authorization: BASIC },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('invalid_request');
    expect(empty.json().error_description).toBe('Email atau nomor ponsel wajib diisi');
  });

  it('accepts the form-encoded body as well as the query', async () => {
    const t = await newTenant();
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: `username=${encodeURIComponent(t.email)}&password=${encodeURIComponent(PASSWORD)}&grant_type=password`,
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('slows a source after 3 failed attempts on an account (hardening-auth.test.ts has the rest)', async () => {
    const t = await newTenant();
    for (let i = 0; i < 3; i++) {
      const r = await signIn(t.app, t.email, `wrong-${i}`);
      expect(r.json().error_description).toBe('Bad credentials');
    }
    const slowed = await signIn(t.app, t.email, PASSWORD);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error_description).toMatch(/Terlalu banyak percobaan masuk yang gagal dari perangkat ini/);
    // Another account is not affected.
    const other = await newTenant();
    expect((await signIn(other.app, other.email, PASSWORD)).statusCode).toBe(200);
  });

  it("clears the source's failure count after a successful sign-in", async () => {
    const t = await newTenant();
    for (let i = 0; i < 2; i++) await signIn(t.app, t.email, 'wrong-pass');
    expect((await signIn(t.app, t.email, PASSWORD)).statusCode).toBe(200);
    const n = await t.app.db.owner((tx) =>
      tx.one<{ n: number }>('SELECT count(*)::int AS n FROM auth_throttle WHERE key LIKE $1', [`login:${t.email}|%`]),
    );
    expect(n?.n).toBe(0);
  });

  it('refuses a deactivated user after the right password only', async () => {
    const t = await newTenant();
    await t.app.db.tenant(t.tenantId, (tx) => tx.exec('UPDATE app_user SET is_active = false WHERE tenant_id = $1', [t.tenantId]));
    const wrong = await signIn(t.app, t.email, 'wrong-password');
    expect(wrong.json().error_description).toBe('Bad credentials');
    const right = await signIn(t.app, t.email, PASSWORD);
    expect(right.json().error_description).toBe('Akun Anda tidak aktif, hubungi admin koperasi');
    // and its live token stops working
    expect((await t.admin.get('/api/users/detail')).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('users/detail returns the user, role, permissions and tenant with stepConfiguration', async () => {
    const t = await newTenant({ name: 'Koperasi Detail' });
    const res = await t.admin.get('/api/users/detail');
    expect(res.statusCode).toBe(200);
    const b = body<Record<string, any>>(res);
    expect(b.status).toBe(true);
    expect(b.data.id).toBe(t.adminUserId);
    expect(b.data.email).toBe(t.email);
    expect(b.data.role.code).toBe('SUPER_ADMIN');
    expect(b.data.permissions.member.delete).toBe(true);
    expect(b.data.tenant).toMatchObject({ id: t.tenantId, name: 'Koperasi Detail', stepConfiguration: 3, isActive: true });
    // What happens above the user's limits (configuration transactionPolicy), for the teller's forms.
    expect(b.data.aboveLimit).toEqual({ savingWithdrawal: 'REFUSE', loanRequest: 'REQUEST_APPROVAL' });
    await t.admin.post('/api/configuration', { transactionPolicy: { withdrawalAboveLimit: 'REQUEST_APPROVAL' } });
    const after = body<Record<string, any>>(await t.admin.get('/api/users/detail'));
    expect(after.data.aboveLimit.savingWithdrawal).toBe('REQUEST_APPROVAL');
  });

  it('success-login writes the sign-in to the audit log', async () => {
    const t = await newTenant();
    const res = await t.admin.get('/api/users/success-login', undefined, { 'user-agent': 'vitest-agent' });
    expect(body(res).status).toBe(true);
    const rows = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ action: string; user_agent: string }>("SELECT action, user_agent FROM audit_log WHERE action = 'auth.login'"),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].user_agent).toBe('vitest-agent');
  });

  it('logout revokes the token; other sessions keep working', async () => {
    const t = await newTenant();
    const second = client(t.app, (await signIn(t.app, t.email, PASSWORD)).json().access_token);
    expect((await t.admin.post('/api/users/logout')).statusCode).toBe(200);
    const after = await t.admin.get('/api/users/detail');
    expect(after.statusCode).toBe(401);
    expect(body(after).status).toBe(false);
    expect((await second.get('/api/users/detail')).statusCode).toBe(200);
  });

  it('refuses missing, forged and expired tokens with 401', async () => {
    const t = await newTenant();
    const app = t.app;
    expect((await client(app, '').get('/api/users/detail')).statusCode).toBe(401);
    expect((await client(app, 'abc.def.ghi').get('/api/users/detail')).statusCode).toBe(401);
    const forged = await signAccessToken(
      'another-secret-0123456789abcdefghij',
      { userId: t.adminUserId, tenantId: t.tenantId, sessionId: crypto.randomUUID() },
      600,
    );
    expect((await client(app, forged).get('/api/users/detail')).statusCode).toBe(401);
    const expired = await signAccessToken(
      app.config.jwtSecret,
      { userId: t.adminUserId, tenantId: t.tenantId, sessionId: crypto.randomUUID() },
      -10,
    );
    const res = await client(app, expired).get('/api/users/detail');
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe('Sesi Anda tidak valid atau telah berakhir, silakan masuk kembali');
  });

  it('a token naming another tenant than its session is refused', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const sessionA = (await a.app.db.tenant(a.tenantId, (tx) => tx.one<{ id: string }>('SELECT id FROM auth_session LIMIT 1')))!.id;
    const mixed = await signAccessToken(a.app.config.jwtSecret, { userId: a.adminUserId, tenantId: b.tenantId, sessionId: sessionA }, 600);
    expect((await client(a.app, mixed).get('/api/users/detail')).statusCode).toBe(401);
  });
});

describe('PATCH /api/users/change-password', () => {
  it('checks the old password, the policy, and revokes other sessions', async () => {
    const t = await newTenant();
    const other = client(t.app, (await signIn(t.app, t.email, PASSWORD)).json().access_token);
    const missing = await t.admin.patch('/api/users/change-password', { newPassword: 'Baru-Sekali-99' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('Kata sandi lama wajib diisi');
    const wrongOld = await t.admin.patch('/api/users/change-password', { oldPassword: 'nope-nope', newPassword: 'Baru-Sekali-99' });
    expect(body(wrongOld).message).toBe('Kata sandi lama salah');
    const short = await t.admin.patch('/api/users/change-password', { oldPassword: PASSWORD, newPassword: 'short' });
    expect(body(short).message).toBe('Kata sandi harus 8 sampai 64 karakter');
    const common = await t.admin.patch('/api/users/change-password', { oldPassword: PASSWORD, newPassword: 'password123' });
    expect(body(common).message).toMatch(/terlalu umum/);
    const mismatch = await t.admin.patch('/api/users/change-password', {
      oldPassword: PASSWORD,
      newPassword: 'Baru-Sekali-99',
      rePassword: 'Lain-99999',
    });
    expect(body(mismatch).message).toBe('Kata sandi tidak sama');
    const okRes = await t.admin.patch('/api/users/change-password', {
      oldPassword: PASSWORD,
      newPassword: 'Baru-Sekali-99',
      rePassword: 'Baru-Sekali-99',
    });
    expect(okRes.statusCode).toBe(200);
    expect(body(okRes).message).toBe('Kata sandi berhasil diubah');
    expect((await t.admin.get('/api/users/detail')).statusCode).toBe(200);
    expect((await other.get('/api/users/detail')).statusCode).toBe(401);
    expect((await signIn(t.app, t.email, PASSWORD)).statusCode).toBe(400);
    expect((await signIn(t.app, t.email, 'Baru-Sekali-99')).statusCode).toBe(200);
  });
});

describe('forgot password by phone OTP', () => {
  it('sends a code to a registered phone and the same answer for an unknown one', async () => {
    const t = await newTenant();
    const app = t.app;
    const before = app.notifier.outbox.length;
    const known = await app.inject({
      method: 'GET',
      url: '/api/users/forget-password-otp',
      query: { phoneNumber: `0${t.phone.slice(3)}` },
    });
    const unknown = await app.inject({ method: 'GET', url: '/api/users/forget-password-otp', query: { phoneNumber: '081999999999' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(body(known).message).toBe(body(unknown).message);
    const sent = app.notifier.outbox.slice(before).filter((n) => n.to === t.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0].channel).toBe('sms');
    expect(sent[0].code).toMatch(/^\d{6}$/);
  });

  it('resets with the right code once; a wrong code, a reused code and an expired code fail', async () => {
    const t = await newTenant();
    const app = t.app;
    const ask = () => app.inject({ method: 'GET', url: '/api/users/forget-password-otp', query: { phoneNumber: t.phone } });
    const confirm = (otp: string, newPassword = 'Sandi-Baru-2026') =>
      app.inject({ method: 'POST', url: '/api/users/forget-password-confirm', payload: { phoneNumber: t.phone, otp, newPassword } });
    await ask();
    const code = app.notifier.outbox.filter((n) => n.to === t.phone).at(-1)!.code!;
    const wrong = await confirm(code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe('Kode OTP salah atau sudah kedaluwarsa');
    const badFormat = await confirm('12ab');
    expect(body(badFormat).message).toBe('Kode harus 6 digit angka');
    expect((await confirm(code)).statusCode).toBe(200);
    expect((await confirm(code, 'Sandi-Lain-2026')).statusCode).toBe(400);
    expect((await signIn(app, t.email, 'Sandi-Baru-2026')).statusCode).toBe(200);
    // The old token was revoked by the reset.
    expect((await t.admin.get('/api/users/detail')).statusCode).toBe(401);

    await ask();
    const code2 = app.notifier.outbox.filter((n) => n.to === t.phone).at(-1)!.code!;
    await app.db.owner((tx) =>
      tx.exec("UPDATE verification_code SET expires_at = now() - interval '1 minute' WHERE tenant_id = $1", [t.tenantId]),
    );
    expect(body(await confirm(code2)).message).toBe('Kode OTP salah atau sudah kedaluwarsa');
  });

  it('kills a code after 5 wrong attempts', async () => {
    const t = await newTenant();
    const app = t.app;
    await app.inject({ method: 'GET', url: '/api/users/forget-password-otp', query: { phoneNumber: t.phone } });
    const code = app.notifier.outbox.filter((n) => n.to === t.phone).at(-1)!.code!;
    const wrongCode = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i++) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/users/forget-password-confirm',
        payload: { phoneNumber: t.phone, otp: wrongCode, newPassword: 'Sandi-Baru-2026' },
      });
      expect(r.statusCode).toBe(400);
    }
    const fifth = await app.inject({
      method: 'POST',
      url: '/api/users/forget-password-confirm',
      payload: { phoneNumber: t.phone, otp: wrongCode, newPassword: 'Sandi-Baru-2026' },
    });
    expect(fifth.statusCode).toBe(429);
    const right = await app.inject({
      method: 'POST',
      url: '/api/users/forget-password-confirm',
      payload: { phoneNumber: t.phone, otp: code, newPassword: 'Sandi-Baru-2026' },
    });
    expect(right.statusCode).toBe(429);
  });

  it('limits OTP requests per phone', async () => {
    const t = await newTenant();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await t.app.inject({ method: 'GET', url: '/api/users/forget-password-otp', query: { phoneNumber: t.phone } });
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[5]).toBe(429);
  });
});
