import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/password.ts';
import { body, client, newTenant, PASSWORD, signIn, type TestTenant, unique } from './helpers.ts';

/** A valid, unique Indonesian mobile number (+62812 and 8 digits). */
function mobile(): string {
  return `+62812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** A second user (TELLER) in the tenant, signed in. */
async function teller(t: TestTenant) {
  const email = `teller-${unique()}@test.koperasi.id`;
  const hash = await hashPassword(PASSWORD);
  await t.app.db.tenant(t.tenantId, (tx) =>
    tx.exec(
      `INSERT INTO app_user (tenant_id, first_name, last_name, email, password_hash, role_id, position)
       SELECT $1, 'Tari', 'Teller', $2, $3, id, 'PEGAWAI' FROM role WHERE tenant_id = $1 AND code = 'TELLER'`,
      [t.tenantId, email, hash],
    ),
  );
  const res = await signIn(t.app, email, PASSWORD);
  return client(t.app, res.json().access_token);
}

describe('PATCH /api/users/profile', () => {
  it('updates own names and phone, normalises the phone, audits, and users/detail shows it', async () => {
    const t = await newTenant();
    const phone = mobile();
    const local = `0${phone.slice(3)}`;
    const res = await t.admin.patch('/api/users/profile', { firstName: ' Budi ', lastName: 'Santoso', phone: local });
    expect(res.statusCode).toBe(200);
    const b = body<{ fullName: string; phone: string; email: string }>(res);
    expect(b.message).toBe('Profil berhasil diperbarui');
    expect(b.data.fullName).toBe('Budi Santoso');
    expect(b.data.phone).toBe(phone);
    expect(b.data.email).toBe(t.email);
    const detail = body<{ firstName: string; lastName: string; phone: string }>(await t.admin.get('/api/users/detail'));
    expect(detail.data).toMatchObject({ firstName: 'Budi', lastName: 'Santoso', phone });
    const audit = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ before: { first_name: string }; after: { first_name: string } }>(
        "SELECT before, after FROM audit_log WHERE tenant_id = $1 AND action = 'profile.update' ORDER BY id DESC LIMIT 1",
        [t.tenantId],
      ),
    );
    expect(audit?.before.first_name).toBe('Admin');
    expect(audit?.after.first_name).toBe('Budi');
    // The new phone signs in.
    expect((await signIn(t.app, local, PASSWORD)).statusCode).toBe(200);
  });

  it('validates with the catalogue messages, in Indonesian and English', async () => {
    const t = await newTenant();
    const noName = await t.admin.patch('/api/users/profile', { firstName: '', phone: null });
    expect(noName.statusCode).toBe(400);
    expect(body<{ fields: Array<{ message: string }> }>(noName).data.fields[0].message).toBe('Nama wajib diisi');
    const badPhone = await t.admin.patch('/api/users/profile', { firstName: 'A', phone: '123' }, { 'accept-language': 'en' });
    expect(badPhone.statusCode).toBe(400);
    expect(body(badPhone).message).toBe('The phone number is not valid');
  });

  it('refuses a phone number another account signs in with', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const phone = mobile();
    expect((await a.admin.patch('/api/users/profile', { firstName: 'A', phone })).statusCode).toBe(200);
    const res = await b.admin.patch('/api/users/profile', { firstName: 'B', phone });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe('Nomor ponsel sudah terdaftar');
    // Keeping one's own number is fine.
    const same = await a.admin.patch('/api/users/profile', { firstName: 'A', phone });
    expect(same.statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const t = await newTenant();
    const res = await client(t.app, '').patch('/api/users/profile', { firstName: 'X' });
    expect(res.statusCode).toBe(401);
  });
});

describe('/api/profile/preferences', () => {
  it('answers defaults before anything is saved', async () => {
    const t = await newTenant();
    const res = await t.admin.get('/api/profile/preferences');
    expect(res.statusCode).toBe(200);
    const d = body<{ information: { bio: null }; social: object; notification: { events: Record<string, { inApp: boolean }> } }>(res).data;
    expect(d.information.bio).toBeNull();
    expect(d.social).toEqual({});
    expect(d.notification.events.security).toEqual({ inApp: true, email: true, sms: false });
    expect(d.notification.events.online_loan.inApp).toBe(true);
  });

  it('saves sections, keeps the sections not sent, normalises values and audits', async () => {
    const t = await newTenant();
    const first = await t.admin.patch('/api/profile/preferences', {
      information: { bio: 'Bendahara sejak 2019', birthDate: '1985-04-12', gender: 'P', city: 'Bandung', language: 'id' },
      social: { website: 'https://koperasi.example.id', instagram: '' },
      connections: { whatsapp: { enabled: true, number: '0812-3456-7890' }, telegram: { enabled: true, username: '@budi_koperasi' } },
    });
    expect(first.statusCode).toBe(200);
    expect(body(first).message).toBe('Preferensi berhasil disimpan');
    const second = await t.admin.patch('/api/profile/preferences', {
      notification: { events: { online_loan: { inApp: true, email: true, sms: true } } },
    });
    const p = body<{
      information: Record<string, unknown>;
      social: Record<string, unknown>;
      notification: { events: Record<string, unknown> };
      connections: { whatsapp: { number: string }; telegram: { username: string } };
      updatedDate: string;
    }>(second).data;
    expect(p.information).toMatchObject({ bio: 'Bendahara sejak 2019', birthDate: '1985-04-12', gender: 'P', city: 'Bandung' });
    expect(p.social).toEqual({ website: 'https://koperasi.example.id', instagram: null });
    expect(p.connections.whatsapp.number).toBe('+6281234567890');
    expect(p.connections.telegram.username).toBe('budi_koperasi');
    expect(p.notification.events.online_loan).toEqual({ inApp: true, email: true, sms: true });
    // Events not sent keep their defaults.
    expect(p.notification.events.security).toEqual({ inApp: true, email: true, sms: false });
    expect(p.updatedDate).toMatch(/^\d{4}-/);
    const audits = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ after: Record<string, unknown> }>(
        "SELECT after FROM audit_log WHERE tenant_id = $1 AND action = 'profile.preferences' ORDER BY id",
        [t.tenantId],
      ),
    );
    expect(audits).toHaveLength(2);
    expect(Object.keys(audits[1].after)).toEqual(['notification']);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    [
      'a link without http(s)',
      { social: { facebook: 'facebook.com/budi' } },
      'Tautan harus berupa alamat web yang diawali http:// atau https://',
    ],
    ['an unknown network', { social: { myspace: 'https://myspace.com/x' } }, 'Tautan sosial tidak valid'],
    ['a bad Telegram name', { connections: { telegram: { enabled: true, username: 'ab' } } }, 'Nama pengguna Telegram'],
    ['a bad WhatsApp number', { connections: { whatsapp: { enabled: true, number: '999' } } }, 'Nomor ponsel tidak valid'],
    ['a bad birth date', { information: { birthDate: '1985-02-30' } }, 'Format tanggal tidak valid'],
    ['a too long bio', { information: { bio: 'x'.repeat(501) } }, 'Teks terlalu panjang'],
    ['an unknown event', { notification: { events: { lottery: { inApp: true, email: true, sms: true } } } }, 'Notifikasi tidak valid'],
    ['nothing', {}, 'Tidak ada perubahan untuk disimpan'],
  ];
  for (const [name, payload, message] of invalid) {
    it(`refuses ${name}`, async () => {
      const t = await newTenant();
      const res = await t.admin.patch('/api/profile/preferences', payload);
      expect(res.statusCode).toBe(400);
      const b = body<{ fields?: Array<{ message: string }> } | null>(res);
      const texts = [b.message, ...(b.data?.fields ?? []).map((f) => f.message)].join(' | ');
      expect(texts).toContain(message);
    });
  }

  it('is per user: another user of the same cooperative sees their own', async () => {
    const t = await newTenant();
    await t.admin.patch('/api/profile/preferences', { information: { bio: 'admin bio' } });
    const other = await teller(t);
    const res = await other.get('/api/profile/preferences');
    expect(res.statusCode).toBe(200);
    expect(body<{ information: { bio: string | null } }>(res).data.information.bio).toBeNull();
  });
});

describe('GET /api/profile/activity', () => {
  it('lists own sign-ins and actions newest first, paged, with the current session marked', async () => {
    const t = await newTenant();
    await t.admin.get('/api/users/success-login');
    await t.admin.patch('/api/users/profile', { firstName: 'Admin', phone: mobile() });
    // A second sign-in, then sign it out.
    const second = client(t.app, (await signIn(t.app, t.email, PASSWORD)).json().access_token);
    await second.post('/api/users/logout');

    const all = body<{
      content: Array<{ type: string; action: string | null; current: boolean | null; active: boolean | null; at: string }>;
      totalElements: number;
    }>(await t.admin.get('/api/profile/activity', { page: 0, limit: 50 })).data;
    const signins = all.content.filter((r) => r.type === 'SIGN_IN');
    expect(signins).toHaveLength(2);
    expect(signins.filter((s) => s.current)).toHaveLength(1);
    expect(signins.find((s) => !s.current)?.active).toBe(false);
    const actions = all.content.filter((r) => r.type === 'ACTION').map((r) => r.action);
    expect(actions).toContain('profile.update');
    expect(actions).toContain('auth.logout');
    expect(actions).not.toContain('auth.login');
    const times = all.content.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);

    const page = body<{ content: unknown[]; totalElements: number; totalPages: number; page: number }>(
      await t.admin.get('/api/profile/activity', { page: 1, limit: 2 }),
    ).data;
    expect(page.page).toBe(1);
    expect(page.content).toHaveLength(2);
    expect(page.totalElements).toBe(all.totalElements);
    expect(page.totalPages).toBe(Math.ceil(all.totalElements / 2));

    const onlySignins = body<{ content: Array<{ type: string }> }>(await t.admin.get('/api/profile/activity', { type: 'signin' })).data;
    expect(onlySignins.content.every((r) => r.type === 'SIGN_IN')).toBe(true);
    const onlyActions = body<{ content: Array<{ type: string }> }>(await t.admin.get('/api/profile/activity', { type: 'action' })).data;
    expect(onlyActions.content.length).toBeGreaterThan(0);
    expect(onlyActions.content.every((r) => r.type === 'ACTION')).toBe(true);
  });

  it('shows nothing of other users, in the same cooperative or another', async () => {
    const t = await newTenant();
    const other = await teller(t);
    const mine = body<{ content: Array<{ type: string }> }>(await other.get('/api/profile/activity')).data.content;
    expect(mine.filter((r) => r.type === 'SIGN_IN')).toHaveLength(1);
    expect(mine.filter((r) => r.type === 'ACTION')).toHaveLength(0);
  });

  it('refuses an unknown type', async () => {
    const t = await newTenant();
    const res = await t.admin.get('/api/profile/activity', { type: 'everything' });
    expect(res.statusCode).toBe(400);
  });
});
