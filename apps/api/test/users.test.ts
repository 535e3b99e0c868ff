/**
 * Users (User Akses): validation, invitation, uniqueness across the product,
 * the last-admin rule, SUPER ADMIN protection, sessions on deactivation,
 * cash account and area assignment, account officers, agent's own account.
 */
import { describe, expect, it } from 'vitest';
import { signAccessToken } from '../src/lib/tokens.ts';
import { body, client, newTenant, PASSWORD, signIn, type TestTenant, unique } from './helpers.ts';

/** A valid, unique Indonesian mobile number (E.164). */
function validPhone(): string {
  return `+62812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

interface UserView {
  id: string;
  firstName: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  position: string | null;
  isActive: boolean;
  isAccountOfficer: boolean;
  hasPassword: boolean;
  role: { id: string; name: string; code: string | null };
  branch: { id: string; name: string } | null;
  area: { id: string; name: string } | null;
  coa: { id: string; code: string; name: string } | null;
}

async function roleId(t: TestTenant, code: string): Promise<string> {
  const r = await t.app.db.tenant(t.tenantId, (tx) => tx.one<{ id: string }>('SELECT id FROM role WHERE code = $1', [code]));
  return r!.id;
}

async function coaId(t: TestTenant, code: string): Promise<string> {
  const r = await t.app.db.tenant(t.tenantId, (tx) => tx.one<{ id: string }>('SELECT id FROM coa_account WHERE code = $1', [code]));
  return r!.id;
}

/** A signed-in session for a user without going through the password (a session row and its token). */
async function tokenFor(t: TestTenant, userId: string) {
  const sessionId = crypto.randomUUID();
  await t.app.db.tenant(t.tenantId, (tx) =>
    tx.exec(`INSERT INTO auth_session (tenant_id, id, user_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`, [
      t.tenantId,
      sessionId,
      userId,
    ]),
  );
  return client(t.app, await signAccessToken(t.app.config.jwtSecret, { userId, tenantId: t.tenantId, sessionId }, 3600));
}

async function addUser(t: TestTenant, extra: Record<string, unknown> = {}): Promise<UserView> {
  const res = await t.admin.post('/api/users', {
    firstName: 'Rina',
    lastName: 'Wati',
    email: `rina-${unique()}@test.koperasi.id`,
    roleId: await roleId(t, 'TELLER'),
    position: 'PEGAWAI',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<UserView>(res).data;
}

function lastMessage(t: TestTenant, to: string, channel: 'email' | 'sms' = 'email') {
  const m = [...t.app.notifier.outbox].reverse().find((n) => n.to === to && n.channel === channel);
  if (!m) throw new Error(`no ${channel} to ${to}`);
  return m;
}

describe('POST /api/users', () => {
  it('validates with clear messages in Indonesian and English', async () => {
    const t = await newTenant();
    const teller = await roleId(t, 'TELLER');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'a@b.id', roleId: teller }, 'Nama depan wajib diisi'],
      [{ firstName: '  ', email: 'a@b.id', roleId: teller }, 'Nama depan wajib diisi'],
      [{ firstName: 'A', roleId: teller }, 'Email atau nomor ponsel wajib diisi (salah satu dipakai untuk masuk)'],
      [{ firstName: 'A', email: 'not-an-email', roleId: teller }, 'Format email tidak valid'],
      [{ firstName: 'A', phone: '12345', roleId: teller }, 'Nomor ponsel tidak valid'],
      [{ firstName: 'A', email: 'a@b.id' }, 'Role wajib dipilih'],
      [{ firstName: 'A', email: 'a@b.id', roleId: teller, position: 'BOS' }, 'Jabatan harus salah satu dari'],
    ];
    for (const [payload, message] of cases) {
      const res = await t.admin.post('/api/users', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message).toContain(message);
    }
    const en = await t.admin.post('/api/users', { firstName: 'A', roleId: teller }, { 'accept-language': 'en' });
    expect(body(en).message).toBe('E-mail or phone number is required (either one signs in)');
    const unknownRole = await t.admin.post('/api/users', { firstName: 'A', email: `x-${unique()}@b.id`, roleId: crypto.randomUUID() });
    expect(unknownRole.statusCode).toBe(404);
    expect(body(unknownRole).message).toBe('Role tidak ditemukan');
  });

  it('creates the user, normalises contacts, audits, and sends an invitation with a link and a code', async () => {
    const t = await newTenant();
    const email = `Budi.${unique()}@Test.Koperasi.id`;
    const phone = validPhone().replace('+62', '0');
    const u = await addUser(t, { firstName: 'Budi', email, phone, roleId: await roleId(t, 'AGENT') });
    expect(u.email).toBe(email.toLowerCase());
    expect(u.phone).toBe(`+62${phone.slice(1)}`);
    expect(u.role.code).toBe('AGENT');
    expect(u.isAccountOfficer).toBe(true);
    expect(u.hasPassword).toBe(false);
    const mail = lastMessage(t, email.toLowerCase());
    expect(mail.link).toMatch(/^http:\/\/koperasi\.test\/accept-invitation\?token=/);
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain('AGENT');
    expect(mail.text).toContain('72 jam');
    expect(lastMessage(t, u.phone!, 'sms').code).toBe(mail.code);
    const audits = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ action: string }>('SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id', [u.id]),
    );
    expect(audits.map((a) => a.action)).toEqual(['user.create', 'user.invite']);
    // Cannot sign in before accepting.
    expect((await signIn(t.app, u.email!, PASSWORD)).statusCode).toBe(400);
  });

  it('e-mail and phone are unique across the whole product', async () => {
    const a = await newTenant();
    const b = await newTenant();
    const teller = await roleId(b, 'TELLER');
    const byEmail = await b.admin.post('/api/users', { firstName: 'X', email: a.email.toUpperCase(), roleId: teller });
    expect(byEmail.statusCode).toBe(409);
    expect(body(byEmail).message).toBe(`Email ${a.email} sudah dipakai oleh pengguna lain`);
    const aUser = await addUser(a, { phone: validPhone() });
    const byPhone = await b.admin.post('/api/users', { firstName: 'X', phone: aUser.phone, roleId: teller }, { 'accept-language': 'en' });
    expect(byPhone.statusCode).toBe(409);
    expect(body(byPhone).message).toBe(`The phone number ${aUser.phone} is already used by another user`);
    const u = await addUser(b);
    const patch = await b.admin.patch('/api/users', { id: u.id, email: a.email });
    expect(patch.statusCode).toBe(409);
    // Keeping one's own e-mail is fine; clearing both contacts is not.
    expect((await b.admin.patch('/api/users', { id: u.id, email: u.email, firstName: 'Rina B' })).statusCode).toBe(200);
    const none = await b.admin.patch('/api/users', { id: u.id, email: null });
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe('Email atau nomor ponsel wajib diisi (salah satu dipakai untuk masuk)');
  });
});

describe('invitation', () => {
  it('the link sets the password once; then the user signs in', async () => {
    const t = await newTenant();
    const u = await addUser(t);
    const token = new URL(lastMessage(t, u.email!).link!).searchParams.get('token')!;
    const check = await t.app.inject({ method: 'GET', url: '/api/users/invitation', query: { token } });
    expect(check.statusCode).toBe(200);
    expect(body<{ firstName: string; email: string }>(check).data).toMatchObject({ firstName: 'Rina', email: u.email });
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/users/invitation/accept',
      payload: { token, password: 'password123', rePassword: 'password123' },
    });
    expect(body(weak).message).toBe('Kata sandi terlalu umum dan mudah ditebak, gunakan kata sandi lain');
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/users/invitation/accept',
      payload: { token, password: 'Sandi-Baru-2026', rePassword: 'Sandi-Lain-2026' },
    });
    expect(body(mismatch).message).toBe('Kata sandi tidak sama');
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/users/invitation/accept',
      payload: { token, password: 'Sandi-Baru-2026', rePassword: 'Sandi-Baru-2026' },
    });
    expect(accept.statusCode).toBe(200);
    expect(body(accept).message).toBe('Kata sandi berhasil dibuat, silakan masuk');
    expect((await signIn(t.app, u.email!, 'Sandi-Baru-2026')).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/invitation/accept',
      payload: { token, password: 'Sandi-Kedua-2026', rePassword: 'Sandi-Kedua-2026' },
    });
    expect(again.statusCode).toBe(400);
    expect(body(again).message).toContain('sudah dipakai atau sudah kedaluwarsa');
    expect((await t.app.inject({ method: 'GET', url: '/api/users/invitation', query: { token } })).statusCode).toBe(400);
    const resend = await t.admin.post(`/api/users/${u.id}/resend-invitation`);
    expect(resend.statusCode).toBe(422);
    expect(body(resend).message).toBe('Pengguna sudah membuat kata sandi; gunakan lupa kata sandi bila perlu');
  });

  it('the code works with the e-mail or phone; a resend replaces it; expired codes fail; wrong codes are counted', async () => {
    const t = await newTenant();
    const phone = validPhone();
    const u = await addUser(t, { email: null, phone });
    const first = lastMessage(t, phone, 'sms');
    expect(first.text).toContain(first.code!);
    expect((await t.admin.post(`/api/users/${u.id}/resend-invitation`)).statusCode).toBe(200);
    const second = lastMessage(t, phone, 'sms');
    const accept = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/invitation/accept',
        payload: { username: phone, code, password: 'Sandi-Baru-2026', rePassword: 'Sandi-Baru-2026' },
      });
    if (first.code !== second.code) expect((await accept(first.code!)).statusCode).toBe(400);
    await t.app.db.owner((tx) =>
      tx.exec(`UPDATE verification_code SET expires_at = now() - interval '1 minute' WHERE tenant_id = $1 AND purpose = 'INVITATION'`, [
        t.tenantId,
      ]),
    );
    expect((await accept(second.code!)).statusCode).toBe(400);
    await t.admin.post(`/api/users/${u.id}/resend-invitation`);
    const third = lastMessage(t, phone, 'sms');
    const wrong = third.code === '000000' ? '111111' : '000000';
    expect((await accept(wrong)).statusCode).toBe(400);
    const attempts = await t.app.db.owner((tx) =>
      tx.one<{ attempts: number }>(
        `SELECT attempts FROM verification_code WHERE tenant_id = $1 AND purpose = 'INVITATION' ORDER BY created_at DESC LIMIT 1`,
        [t.tenantId],
      ),
    );
    expect(attempts?.attempts).toBe(1);
    expect((await accept(third.code!)).statusCode).toBe(200);
    expect((await signIn(t.app, phone, 'Sandi-Baru-2026')).statusCode).toBe(200);
  });
});

describe('the last admin', () => {
  it('cannot be demoted, deactivated or removed; admins cannot remove each other at the same moment', async () => {
    const t = await newTenant();
    const admin = await roleId(t, 'SUPER_ADMIN');
    const teller = await roleId(t, 'TELLER');
    const demote = await t.admin.patch('/api/users', { id: t.adminUserId, roleId: teller });
    expect(demote.statusCode).toBe(422);
    expect(body(demote).message).toBe('Admin terakhir tidak dapat dihapus. Koperasi harus memiliki minimal satu SUPER ADMIN yang aktif.');
    const en = await t.admin.patch('/api/users', { id: t.adminUserId, roleId: teller }, { 'accept-language': 'en' });
    expect(body(en).message).toBe('The last admin cannot be removed. A cooperative needs at least one active SUPER ADMIN.');
    const self = await t.admin.patch(`/api/users/${t.adminUserId}/deactivate`);
    expect(body(self).message).toBe('Anda tidak dapat menonaktifkan akun Anda sendiri');
    expect(body(await t.admin.delete(`/api/users/${t.adminUserId}/delete`)).message).toBe('Anda tidak dapat menghapus akun Anda sendiri');

    // A second admin: now the first may step down, and the second is then the last.
    const second = await addUser(t, { roleId: admin });
    const b = await tokenFor(t, second.id);
    expect((await t.admin.patch('/api/users', { id: t.adminUserId, roleId: teller })).statusCode).toBe(200);
    const last = await b.patch('/api/users', { id: second.id, roleId: teller });
    expect(last.statusCode).toBe(422);
    expect(body(last).errorCode).toBe('LAST_ADMIN');
    // The first (now TELLER) has no User Akses permission at all.
    expect((await t.admin.patch('/api/users', { id: second.id, isActive: false })).statusCode).toBe(403);

    // Two admins deactivating each other at once: exactly one succeeds.
    expect((await b.patch('/api/users', { id: t.adminUserId, roleId: admin })).statusCode).toBe(200);
    const [r1, r2] = await Promise.all([
      t.admin.patch(`/api/users/${second.id}/deactivate`),
      b.patch(`/api/users/${t.adminUserId}/deactivate`),
    ]);
    const codes = [r1.statusCode, r2.statusCode].sort();
    // The loser is either refused by the rule (422) or already signed out by the winner (401).
    expect(codes[0]).toBe(200);
    expect([401, 422]).toContain(codes[1]);
    const active = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>('SELECT count(*)::int AS n FROM app_user WHERE role_id = $1 AND is_active', [admin]),
    );
    expect(active?.n).toBe(1);
  });

  it('only a SUPER ADMIN grants the SUPER ADMIN role or changes a SUPER ADMIN user', async () => {
    const t = await newTenant();
    const hr = await t.admin.post('/api/role', {
      name: `HR ${unique()}`,
      permissions: { user_access: { view: true, add: true, update: true, delete: true } },
    });
    const hrUser = await addUser(t, { roleId: body<{ id: string }>(hr).data.id });
    const c = await tokenFor(t, hrUser.id);
    const grant = await c.post('/api/users', { firstName: 'Z', email: `z-${unique()}@b.id`, roleId: await roleId(t, 'SUPER_ADMIN') });
    expect(grant.statusCode).toBe(403);
    expect(body(grant).message).toBe('Hanya SUPER ADMIN yang dapat memberikan role SUPER ADMIN atau mengubah pengguna SUPER ADMIN');
    expect((await c.patch(`/api/users/${t.adminUserId}/deactivate`)).statusCode).toBe(403);
    expect((await c.delete(`/api/users/${t.adminUserId}/delete`)).statusCode).toBe(403);
    const self = await c.patch('/api/users', { id: hrUser.id, roleId: await roleId(t, 'SUPER_ADMIN') });
    expect(self.statusCode).toBe(403);
    // Nor a role with permissions the giver lacks (TELLER works in Transaksi Anggota, Teller, ...).
    const teller = await c.post('/api/users', { firstName: 'T', email: `t-${unique()}@b.id`, roleId: await roleId(t, 'TELLER') });
    expect(teller.statusCode).toBe(403);
    expect(body(teller).message).toBe('Anda tidak dapat memberikan akses lihat pada menu Dashboard yang tidak Anda miliki');
    // A role within the giver's own rights is fine.
    const same = await c.post('/api/users', { firstName: 'S', email: `s-${unique()}@b.id`, roleId: body<{ id: string }>(hr).data.id });
    expect(same.statusCode).toBe(200);
  });
});

describe('activation, deletion', () => {
  it('deactivating ends the sessions at once; activating lets the user back in', async () => {
    const t = await newTenant();
    const u = await addUser(t);
    const c = await tokenFor(t, u.id);
    expect((await c.get('/api/users/detail')).statusCode).toBe(200);
    const off = await t.admin.patch(`/api/users/${u.id}/deactivate`);
    expect(body<UserView>(off).data.isActive).toBe(false);
    expect(body(off).message).toBe('Pengguna berhasil dinonaktifkan');
    expect((await c.get('/api/users/detail')).statusCode).toBe(401);
    const on = await t.admin.patch(`/api/users/${u.id}/activate`);
    expect(body<UserView>(on).data.isActive).toBe(true);
    expect((await (await tokenFor(t, u.id)).get('/api/users/detail')).statusCode).toBe(200);
    const audits = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity_id = $1 AND action LIKE 'user.%activate' ORDER BY id`, [
        u.id,
      ]),
    );
    expect(audits.map((a) => a.action)).toEqual(['user.deactivate', 'user.activate']);
  });

  it('a user created inactive is invited when activated', async () => {
    const t = await newTenant();
    const u = await addUser(t, { isActive: false });
    expect(t.app.notifier.outbox.some((n) => n.to === u.email)).toBe(false);
    await t.admin.patch(`/api/users/${u.id}/activate`);
    const token = new URL(lastMessage(t, u.email!).link!).searchParams.get('token')!;
    expect((await t.app.inject({ method: 'GET', url: '/api/users/invitation', query: { token } })).statusCode).toBe(200);
  });

  it('deletes a user who never signed in; one with history is deactivated instead', async () => {
    const t = await newTenant();
    const fresh = await addUser(t);
    expect((await t.admin.delete(`/api/users/${fresh.id}/delete`)).statusCode).toBe(200);
    expect((await t.admin.get(`/api/users/${fresh.id}/detail`)).statusCode).toBe(404);
    const used = await addUser(t);
    await t.app.db.tenant(t.tenantId, (tx) => tx.exec('UPDATE app_user SET last_login_at = now() WHERE id = $1', [used.id]));
    const refused = await t.admin.delete(`/api/users/${used.id}/delete`);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe('Pengguna sudah memiliki riwayat data sehingga tidak dapat dihapus; nonaktifkan pengguna ini');
  });
});

describe('lists', () => {
  it('GET users/datatable searches, filters by position and isActive, sorts and pages (999 = all)', async () => {
    const t = await newTenant();
    const tag = unique();
    await addUser(t, { firstName: `Andi${tag}`, position: 'BENDAHARA' });
    await addUser(t, { firstName: `Bayu${tag}`, position: 'PEGAWAI', isActive: false });
    await addUser(t, { firstName: `Citra${tag}`, position: 'PEGAWAI' });
    const all = body<{ content: UserView[]; totalElements: number; page: number; limit: number }>(
      await t.admin.get('/api/users/datatable', { limit: 999 }),
    ).data;
    expect(all.totalElements).toBe(4);
    expect(all.limit).toBe(999);
    const page = body<{ content: UserView[]; totalElements: number; totalPages: number }>(
      await t.admin.get('/api/users/datatable', { search: tag.toLowerCase(), sortBy: 'name', ascOrDesc: 'ASC', limit: 2, page: 0 }),
    ).data;
    expect(page.totalElements).toBe(3);
    expect(page.totalPages).toBe(2);
    expect(page.content.map((u) => u.firstName)).toEqual([`Andi${tag}`, `Bayu${tag}`]);
    const pegawai = body<{ content: UserView[] }>(await t.admin.get('/api/users/datatable', { position: 'PEGAWAI', isActive: true })).data;
    expect(pegawai.content.map((u) => u.firstName)).toEqual([`Citra${tag}`]);
    const none = body<{ content: UserView[] }>(await t.admin.get('/api/users/datatable', { position: 'none', isActive: 'false' })).data;
    expect(none.content.map((u) => u.firstName)).toEqual([`Bayu${tag}`]);
    const bad = await t.admin.get('/api/users/datatable', { position: 'BOS' });
    expect(bad.statusCode).toBe(400);
  });

  it('member/user/{organizationId}/datatable lists the staff of a branch', async () => {
    const t = await newTenant();
    const branch = body<{ id: string }>(await t.admin.post('/api/branch', { name: `Cabang ${unique()}` })).data;
    const inBranch = await addUser(t, { branchId: branch.id });
    await addUser(t);
    const list = body<{ content: UserView[]; totalElements: number }>(await t.admin.get(`/api/member/user/${branch.id}/datatable`)).data;
    expect(list.content.map((u) => u.id)).toEqual([inBranch.id]);
    expect(list.content[0].branch?.id).toBe(branch.id);
    expect((await t.admin.get(`/api/member/user/${crypto.randomUUID()}/datatable`)).statusCode).toBe(404);
  });

  it('GET users/ao lists active account officers (agents by default) for pickers', async () => {
    const t = await newTenant();
    const agent = await addUser(t, { roleId: await roleId(t, 'AGENT') });
    const flagged = await addUser(t, { isAccountOfficer: true });
    const inactive = await addUser(t, { roleId: await roleId(t, 'AGENT'), isActive: false });
    await addUser(t);
    const ao = body<{ content: Array<{ id: string; fullName: string; email?: string }>; limit: number }>(
      await t.admin.get('/api/users/ao'),
    ).data;
    expect(ao.limit).toBe(1000);
    expect(ao.content.map((u) => u.id).sort()).toEqual([agent.id, flagged.id].sort());
    expect(ao.content.map((u) => u.id)).not.toContain(inactive.id);
    expect(ao.content[0].email).toBeUndefined();
  });
});

describe('cash account and area', () => {
  it('assigns only postable cash/bank accounts under 101, one holder each, and unassigns', async () => {
    const t = await newTenant();
    const teller = await addUser(t);
    const other = await addUser(t);
    const notCash = await t.admin.post('/api/users/coa', { userId: teller.id, coaId: await coaId(t, '10201') });
    expect(notCash.statusCode).toBe(422);
    expect(body(notCash).message).toBe('Akun 10201 Piutang Pinjaman Anggota bukan akun kas atau bank (di bawah akun 101)');
    const header = await t.admin.post('/api/users/coa', { userId: teller.id, coaId: await coaId(t, '101') });
    expect(body(header).message).toBe('Akun 101 Kas dan Bank adalah akun induk; pilih akun rinciannya');
    const missing = await t.admin.post('/api/users/coa', { userId: teller.id });
    expect(body(missing).message).toBe('Semua akun COA wajib dipilih');
    const ok = await t.admin.post('/api/users/coa', { userId: teller.id, coaId: await coaId(t, '10103') });
    expect(ok.statusCode).toBe(200);
    expect(body<UserView>(ok).data.coa).toMatchObject({ code: '10103', name: 'Kas Teller' });
    const taken = await t.admin.post('/api/users/coa', { userId: other.id, coaId: await coaId(t, '10103') });
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message).toBe('Akun 10103 Kas Teller sudah dipegang oleh Rina Wati');
    // The teller sees it as their own account, and in users/detail.
    const c = await tokenFor(t, teller.id);
    const mine = body<{ content: Array<{ code: string }>; totalElements: number }>(
      await c.get('/api/coa/assign-to-me', { page: 0, limit: 1000 }),
    );
    expect(mine.data.content.map((a) => a.code)).toEqual(['10103']);
    expect(body<{ coa: { code: string } }>(await c.get('/api/users/detail')).data.coa.code).toBe('10103');
    expect(body<{ totalElements: number }>(await t.admin.get('/api/coa/assign-to-me')).data.totalElements).toBe(0);
    const off = await t.admin.delete(`/api/users/${teller.id}/coa`);
    expect(body<UserView>(off).data.coa).toBeNull();
    const twice = await t.admin.delete(`/api/users/${teller.id}/coa`);
    expect(body(twice).message).toBe('Pengguna tidak memegang akun kas/bank');
    expect((await t.admin.post('/api/users/coa', { userId: other.id, coaId: await coaId(t, '10103') })).statusCode).toBe(200);
  });

  it('puts users in areas of their branch, takes the branch for users without one, and takes them out', async () => {
    const t = await newTenant();
    const north = body<{ id: string; name: string }>(await t.admin.post('/api/branch', { name: `Utara ${unique()}` })).data;
    const south = body<{ id: string; name: string }>(await t.admin.post('/api/branch', { name: `Selatan ${unique()}` })).data;
    const area = body<{ id: string; name: string }>(await t.admin.post('/api/area', { name: `Area ${unique()}`, branchId: north.id })).data;
    const noBranch = await addUser(t);
    const placed = body<UserView>(await t.admin.post('/api/users/area', { userId: noBranch.id, areaId: area.id })).data;
    expect(placed.area?.id).toBe(area.id);
    expect(placed.branch?.id).toBe(north.id);
    const southUser = await addUser(t, { branchId: south.id });
    const mismatch = await t.admin.post('/api/users/area', { userId: southUser.id, areaId: area.id });
    expect(mismatch.statusCode).toBe(422);
    expect(body(mismatch).message).toBe(`Area ${area.name} milik cabang ${north.name}, sedangkan pengguna berada di cabang ${south.name}`);
    const off = await t.admin.delete(`/api/users/${noBranch.id}/area`);
    expect(body<UserView>(off).data.area).toBeNull();
    expect(body(await t.admin.delete(`/api/users/${noBranch.id}/area`)).message).toBe('Pengguna tidak memiliki area');
    const missing = await t.admin.post('/api/users/area', { userId: noBranch.id });
    expect(body(missing).message).toBe('Area wajib dipilih');
  });
});
