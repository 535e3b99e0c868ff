import { describe, expect, it } from 'vitest';
import { body, client, signIn, testApp, unique, uniquePhone } from './helpers.ts';

function registration(over: Record<string, unknown> = {}) {
  return {
    cooperativeName: `Koperasi Maju ${unique()}`,
    cooperativeType: 'KSP',
    fullName: 'Siti Rahma',
    email: `siti-${unique()}@example.id`,
    phoneNumber: `0${uniquePhone().slice(3)}`,
    password: 'Koperasi-Kuat-77',
    rePassword: 'Koperasi-Kuat-77',
    isAgree: true,
    ...over,
  };
}

async function register(payload: Record<string, unknown>, lang?: string) {
  const app = await testApp();
  return app.inject({ method: 'POST', url: '/api/register/tenant', payload, headers: lang ? { 'accept-language': lang } : {} });
}

function lastMessage(app: Awaited<ReturnType<typeof testApp>>, to: string, channel: 'email' | 'sms') {
  return app.notifier.outbox.filter((n) => n.to === to && n.channel === channel).at(-1);
}

describe('POST /api/register/tenant validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['cooperative name', { cooperativeName: '' }, 'Nama koperasi wajib diisi'],
    ['cooperative type', { cooperativeType: 'BANK' }, 'Jenis koperasi wajib dipilih'],
    ['full name', { fullName: '  ' }, 'Nama wajib diisi'],
    ['email required', { email: '' }, 'Email wajib diisi'],
    ['email format', { email: 'not-an-email' }, 'Format email tidak valid'],
    ['phone required', { phoneNumber: '' }, 'Nomor ponsel wajib diisi'],
    ['phone format', { phoneNumber: '12345' }, 'Nomor ponsel tidak valid'],
    ['password required', { password: '', rePassword: '' }, 'Kata sandi wajib diisi'],
    ['password length', { password: 'short', rePassword: 'short' }, 'Kata sandi harus 8 sampai 64 karakter'],
    ['re-enter required', { rePassword: '' }, 'Ulangi kata sandi wajib diisi'],
    ['passwords match', { rePassword: 'Different-Pass-1' }, 'Kata sandi tidak sama'],
    ['terms', { isAgree: false }, 'Anda harus menyetujui syarat dan ketentuan'],
  ];
  for (const [name, over, message] of cases) {
    it(`refuses: ${name}`, async () => {
      const res = await register(registration(over));
      expect(res.statusCode).toBe(400);
      const b = body<{ fields: Array<{ field: string; message: string }> }>(res);
      expect(b.status).toBe(false);
      expect(b.data.fields.map((f) => f.message)).toContain(message);
    });
  }

  it('refuses a common password', async () => {
    const res = await register(registration({ password: 'password123', rePassword: 'password123' }));
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/terlalu umum/);
  });

  it('speaks English when asked', async () => {
    const res = await register(registration({ email: '' }), 'en-US,en;q=0.9');
    expect(body(res).message).toBe('E-mail is required');
    expect(body(res).error).toBe('E-mail is required');
  });

  it('names a missing field in the generic required message', async () => {
    const payload = registration();
    delete (payload as Record<string, unknown>).isAgree;
    const res = await register(payload);
    expect(body(res).message).toBe('Anda harus menyetujui syarat dan ketentuan');
  });
});

describe('registration and activation', () => {
  it('creates an inactive cooperative, sends link and code, activates by link once', async () => {
    const app = await testApp();
    const p = registration();
    const res = await register(p);
    expect(res.statusCode).toBe(200);
    const b = body<{ status: string; phone: string }>(res);
    expect(b.message).toBe('Berhasil mendaftarkan koperasi, silahkan cek email untuk menggaktifkan koperasi');
    expect(b.data.status).toBe('CODE_SENT');
    const phone = b.data.phone;
    expect(phone).toMatch(/^\+628/);
    const mail = lastMessage(app, p.email, 'email')!;
    const sms = lastMessage(app, phone, 'sms')!;
    expect(mail.link).toMatch(/^http:\/\/koperasi\.test\/activate\?token=/);
    expect(sms.code).toMatch(/^\d{6}$/);
    expect(mail.code).toBe(sms.code);

    const before = await signIn(app, p.email, p.password);
    expect(before.statusCode).toBe(400);
    expect(before.json().error_description).toMatch(/belum diaktifkan/);

    const token = new URL(mail.link!).searchParams.get('token')!;
    const act = await app.inject({ method: 'GET', url: '/api/register/verification', query: { token } });
    expect(body<{ status: string }>(act).data.status).toBe('ACTIVATED');
    const again = await app.inject({ method: 'GET', url: '/api/register/verification', query: { token } });
    expect(body(again).status).toBe(true);
    expect(body<{ status: string }>(again).data.status).toBe('ALREADY_ACTIVE');
    expect(body(again).message).toBe('Koperasi sudah aktif');

    const signed = await signIn(app, p.email, p.password);
    expect(signed.statusCode).toBe(200);
    const admin = client(app, signed.json().access_token);
    const detail = body<{ tenant: { stepConfiguration: number; name: string }; role: { code: string } }>(
      await admin.get('/api/users/detail'),
    );
    expect(detail.data.tenant.stepConfiguration).toBe(1);
    expect(detail.data.tenant.name).toBe(p.cooperativeName);
    expect(detail.data.role.code).toBe('SUPER_ADMIN');
  });

  it('refuses a forged or wrong-purpose activation link', async () => {
    const app = await testApp();
    const res = await app.inject({ method: 'GET', url: '/api/register/verification', query: { token: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/Tautan aktivasi tidak valid/);
  });

  it('activates by code: wrong, right, then already verified silently', async () => {
    const app = await testApp();
    const p = registration();
    const phone = body<{ phone: string }>(await register(p)).data.phone;
    const code = lastMessage(app, phone, 'sms')!.code!;
    const verify = (username: string, c: string) =>
      app.inject({ method: 'POST', url: '/api/register/verify-code', payload: { username, code: c } });
    const wrong = await verify(p.email, code === '123456' ? '654321' : '123456');
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe('Kode keamanan salah');
    const right = await verify(p.phoneNumber as string, code);
    expect(body<{ status: string }>(right).data.status).toBe('ACTIVATED');
    const reused = await verify(p.email, code);
    expect(reused.statusCode).toBe(200);
    expect(body<{ status: string }>(reused).data.status).toBe('ALREADY_VERIFIED');
    expect((await signIn(app, p.email, p.password)).statusCode).toBe(200);
  });

  it('asks for the code while a registration is pending, and starts again once it expired', async () => {
    const app = await testApp();
    const p = registration();
    const first = body<{ phone: string }>(await register(p));
    const firstCode = lastMessage(app, first.data.phone, 'sms')!.code!;
    const second = await register({ ...p, fullName: 'Siti Lain' });
    expect(body<{ status: string }>(second).data.status).toBe('ALREADY_STARTED');
    expect(body(second).message).toBe('Pendaftaran sudah dimulai, silakan masukkan kode keamanan yang telah dikirim');

    await app.db.owner((tx) =>
      tx.exec("UPDATE verification_code SET expires_at = now() - interval '1 second' WHERE target = $1", [p.email]),
    );
    const expired = await app.inject({ method: 'POST', url: '/api/register/verify-code', payload: { username: p.email, code: firstCode } });
    expect(expired.statusCode).toBe(410);
    expect(body(expired).message).toBe('Kode keamanan sudah kedaluwarsa, silakan daftar ulang');

    const third = await register({ ...p, cooperativeName: 'Koperasi Ulang' });
    expect(body<{ status: string }>(third).data.status).toBe('CODE_SENT');
    const newCode = lastMessage(app, first.data.phone, 'sms')!.code!;
    const ok = await app.inject({ method: 'POST', url: '/api/register/verify-code', payload: { username: p.email, code: newCode } });
    expect(body<{ status: string }>(ok).data.status).toBe('ACTIVATED');
    const admin = client(app, (await signIn(app, p.email, p.password)).json().access_token);
    expect(body<{ tenant: { name: string } }>(await admin.get('/api/users/detail')).data.tenant.name).toBe('Koperasi Ulang');
  });

  it('refuses an e-mail or phone of an active cooperative', async () => {
    const p = registration();
    const app = await testApp();
    await register(p);
    const code = lastMessage(app, body<{ phone: string }>(await register(p)).data.phone, 'sms');
    await app.inject({ method: 'POST', url: '/api/register/verify-code', payload: { username: p.email, code: code!.code } });
    const dupEmail = await register(registration({ email: p.email }));
    expect(dupEmail.statusCode).toBe(409);
    expect(body(dupEmail).message).toBe('Email sudah terdaftar');
    const dupPhone = await register(registration({ phoneNumber: p.phoneNumber }));
    expect(dupPhone.statusCode).toBe(409);
    expect(body(dupPhone).message).toBe('Nomor ponsel sudah terdaftar');
  });

  it('kills an activation code after 5 wrong attempts', async () => {
    const app = await testApp();
    const p = registration();
    const phone = body<{ phone: string }>(await register(p)).data.phone;
    const code = lastMessage(app, phone, 'sms')!.code!;
    const wrong = code === '000001' ? '000002' : '000001';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await app.inject({ method: 'POST', url: '/api/register/verify-code', payload: { username: p.email, code: wrong } })).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await app.inject({ method: 'POST', url: '/api/register/verify-code', payload: { username: p.email, code } });
    expect(right.statusCode).toBe(429);
    // A new code can be requested.
    const resend = await app.inject({ method: 'POST', url: '/api/register/resend-code', payload: { username: p.email } });
    expect(body<{ status: string }>(resend).data.status).toBe('CODE_SENT');
    const fresh = lastMessage(app, phone, 'sms')!.code!;
    const ok = await app.inject({ method: 'POST', url: '/api/register/verify-code', payload: { username: p.email, code: fresh } });
    expect(body<{ status: string }>(ok).data.status).toBe('ACTIVATED');
  });
});

describe('onboarding', () => {
  it('moves stepConfiguration 1 → 2 (web step 3) → 3 (web step 4) and stores the configuration', async () => {
    const app = await testApp();
    const p = registration();
    const phone = body<{ phone: string }>(await register(p)).data.phone;
    await app.inject({
      method: 'POST',
      url: '/api/register/verify-code',
      payload: { username: p.email, code: lastMessage(app, phone, 'sms')!.code },
    });
    const admin = client(app, (await signIn(app, p.email, p.password)).json().access_token);
    const finish = await admin.post('/api/tenant/onboarding', {
      saving: { voluntary: true, principalAmount: 100000 },
      loan: { flat: true },
    });
    expect(finish.statusCode).toBe(200);
    const b = body<{ code: number; status: boolean; message: string }>(finish);
    expect(b.data).toMatchObject({ code: 200, status: true });
    expect(b.data.message).toBe(`Selesai melakukan konfigurasi produk, selamat datang di ${p.cooperativeName}`);
    const state = body<{ stepConfiguration: number; configuration: { saving: unknown; deposit: boolean } }>(
      await admin.get('/api/tenant/onboarding'),
    );
    expect(state.data.stepConfiguration).toBe(2);
    expect(state.data.configuration.saving).toEqual({ voluntary: true, principalAmount: 100000 });
    expect(state.data.configuration.deposit).toBe(false);
    await admin.post('/api/tenant/onboarding/complete');
    expect(body<{ tenant: { stepConfiguration: number } }>(await admin.get('/api/users/detail')).data.tenant.stepConfiguration).toBe(3);
  });
});
