/**
 * Access roles: the permission matrix, built-in roles, deleting a role in
 * use, no escalation, enforcement with 403 naming the permission, and the
 * limits service the savings and loan modules call.
 */
import { translate } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import { describe, expect, it } from 'vitest';
import type { Ctx } from '../src/lib/context.ts';
import { AppError } from '../src/lib/errors.ts';
import { signAccessToken } from '../src/lib/tokens.ts';
import {
  aboveLimitPolicy,
  assertCanCancelTransaction,
  assertCanReleaseLoan,
  assertWithinLimit,
  canCancelTransaction,
  canReleaseLoan,
  isWithinLimit,
  limitOf,
} from '../src/modules/roles/limits.ts';
import { loadPrincipal } from '../src/plugins/auth.ts';
import { body, client, newTenant, type TestTenant, unique } from './helpers.ts';

interface RoleView {
  id: string;
  name: string;
  code: string | null;
  isBuiltin: boolean;
  permissions: Record<string, { view: boolean; add: boolean; update: boolean; delete: boolean }>;
  savingWithdrawalLimit: number | null;
  loanRequestLimit: number | null;
  loanApprovalLimit: number | null;
  canReleaseLoan: boolean;
  canCancelTransaction: boolean;
  userCount: number;
}

async function roleByCode(t: TestTenant, code: string): Promise<string> {
  const r = await t.app.db.tenant(t.tenantId, (tx) => tx.one<{ id: string }>('SELECT id FROM role WHERE code = $1', [code]));
  return r!.id;
}

async function createRole(t: TestTenant, payload: Record<string, unknown>): Promise<RoleView> {
  const res = await t.admin.post('/api/role', { name: `Role ${unique()}`, ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return body<RoleView>(res).data;
}

/** A user holding `roleId`, signed in through a session row (no password needed). */
async function userWithRole(t: TestTenant, roleId: string) {
  const res = await t.admin.post('/api/users', { firstName: 'Pengguna', email: `u-${unique()}@test.koperasi.id`, roleId });
  expect(res.statusCode, res.body).toBe(200);
  const userId = body<{ id: string }>(res).data.id;
  const sessionId = crypto.randomUUID();
  await t.app.db.tenant(t.tenantId, (tx) =>
    tx.exec(`INSERT INTO auth_session (tenant_id, id, user_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`, [
      t.tenantId,
      sessionId,
      userId,
    ]),
  );
  const token = await signAccessToken(t.app.config.jwtSecret, { userId, tenantId: t.tenantId, sessionId }, 3600);
  return { userId, token, c: client(t.app, token) };
}

describe('roles', () => {
  it('lists the built-in roles with their matrices, limits and user counts; all-role puts them first', async () => {
    const t = await newTenant();
    await createRole(t, { name: 'Aaa Kasir Senior' });
    const list = body<{ content: RoleView[]; totalElements: number; page: number; limit: number }>(
      await t.admin.get('/api/role/datatable'),
    ).data;
    expect(list.page).toBe(0);
    expect(list.limit).toBe(10);
    expect(list.totalElements).toBe(4);
    const admin = list.content.find((r) => r.code === 'SUPER_ADMIN')!;
    expect(admin).toMatchObject({ name: 'SUPER ADMIN', isBuiltin: true, userCount: 1, savingWithdrawalLimit: null, canReleaseLoan: true });
    expect(admin.permissions.access_role).toEqual({ view: true, add: true, update: true, delete: true });
    const teller = list.content.find((r) => r.code === 'TELLER')!;
    expect(teller.savingWithdrawalLimit).toBe(10000000);
    expect(teller.permissions.member_transaction).toEqual({ view: true, add: true, update: true, delete: false });
    const all = body<Array<{ name: string; code: string | null }>>(await t.admin.get('/api/role/all-role')).data;
    expect(all.map((r) => r.code)).toEqual(['SUPER_ADMIN', 'TELLER', 'AGENT', null]);
    const search = body<{ content: RoleView[] }>(await t.admin.get('/api/role/datatable', { search: 'kasir' })).data;
    expect(search.content.map((r) => r.name)).toEqual(['Aaa Kasir Senior']);
  });

  it('creates a role: the matrix is completed, add/update/delete imply view, limits are exact rupiah', async () => {
    const t = await newTenant();
    const r = await createRole(t, {
      permissions: { member: { add: true }, report: { view: true } },
      savingWithdrawalLimit: 2500000.5,
      loanRequestLimit: 0,
      canCancelTransaction: true,
    });
    expect(r.permissions.member).toEqual({ view: true, add: true, update: false, delete: false });
    expect(r.permissions.report).toEqual({ view: true, add: false, update: false, delete: false });
    expect(r.permissions.settings).toEqual({ view: false, add: false, update: false, delete: false });
    expect(Object.keys(r.permissions)).toHaveLength(19);
    expect(r.savingWithdrawalLimit).toBe(2500000.5);
    expect(r.loanRequestLimit).toBe(0);
    expect(r.loanApprovalLimit).toBeNull();
    expect(r.canCancelTransaction).toBe(true);
    expect(r.canReleaseLoan).toBe(false);
    const detail = body<RoleView>(await t.admin.get(`/api/role/${r.id}/detail`)).data;
    expect(detail.id).toBe(r.id);
    const audit = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'role.create' AND entity_id = $1`, [r.id]),
    );
    expect(audit?.n).toBe(1);
  });

  it('validates: name required and unique (any case, per cooperative), known menu sections, limits not negative', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const missing = await t.admin.post('/api/role', { permissions: {} });
    expect(body(missing).message).toBe('Nama role wajib diisi');
    const section = await t.admin.post('/api/role', { name: 'X', permissions: { kitchen: { view: true } } });
    expect(section.statusCode).toBe(400);
    expect(body(section).message).toBe('Menu tidak dikenal pada hak akses');
    const negative = await t.admin.post('/api/role', { name: 'X', savingWithdrawalLimit: -1 });
    expect(body(negative).message).toBe('Nominal harus lebih dari 0');
    const decimals = await t.admin.post('/api/role', { name: 'X', loanRequestLimit: 1.234 });
    expect(body(decimals).message).toBe('Nominal maksimal 2 angka di belakang koma');
    await createRole(t, { name: 'Kolektor' });
    const dup = await t.admin.post('/api/role', { name: 'KOLEKTOR' });
    expect(dup.statusCode).toBe(409);
    expect(body(dup).message).toBe('Nama role KOLEKTOR sudah dipakai');
    const builtin = await t.admin.post('/api/role', { name: 'teller' }, { 'accept-language': 'en' });
    expect(body(builtin).message).toBe('The role name teller is already used');
    // Another cooperative may use the same name.
    expect((await other.admin.post('/api/role', { name: 'Kolektor' })).statusCode).toBe(200);
  });

  it('built-in roles keep their names; SUPER ADMIN keeps its permissions and limits; TELLER and AGENT are editable', async () => {
    const t = await newTenant();
    const admin = await roleByCode(t, 'SUPER_ADMIN');
    const teller = await roleByCode(t, 'TELLER');
    const rename = await t.admin.patch('/api/role', { id: teller, name: 'Kasir' });
    expect(rename.statusCode).toBe(422);
    expect(body(rename).message).toBe('Nama role bawaan TELLER tidak dapat diubah');
    const lock = await t.admin.patch('/api/role', { id: admin, permissions: { dashboard: { view: true } } });
    expect(lock.statusCode).toBe(422);
    expect(body(lock).message).toBe('Hak akses dan batas role SUPER ADMIN tidak dapat diubah');
    const limit = await t.admin.patch('/api/role', { id: admin, loanApprovalLimit: 1000 });
    expect(limit.statusCode).toBe(422);
    // Sending the same values (a full form) is fine.
    const same = body<RoleView>(await t.admin.get(`/api/role/${admin}/detail`)).data;
    const resend = await t.admin.patch('/api/role', {
      id: admin,
      name: same.name,
      permissions: same.permissions,
      description: 'Pengelola',
    });
    expect(resend.statusCode).toBe(200);
    const edited = await t.admin.patch('/api/role', {
      id: teller,
      savingWithdrawalLimit: 15000000,
      permissions: { member_transaction: { view: true, add: true } },
    });
    expect(edited.statusCode).toBe(200);
    expect(body<RoleView>(edited).data).toMatchObject({ savingWithdrawalLimit: 15000000, name: 'TELLER' });
    expect(body<RoleView>(edited).data.permissions.teller.view).toBe(false);
    const unknown = await t.admin.patch('/api/role', { id: crypto.randomUUID(), name: 'X' });
    expect(unknown.statusCode).toBe(404);
  });

  it('a role is not deleted while users hold it, nor when built in', async () => {
    const t = await newTenant();
    const r = await createRole(t, { name: `Kolektor ${unique()}` });
    const { userId } = await userWithRole(t, r.id);
    const held = await t.admin.delete(`/api/role/${r.id}/delete`);
    expect(held.statusCode).toBe(409);
    expect(body(held).message).toBe(
      `Role ${r.name} masih dipakai oleh 1 pengguna. Pindahkan pengguna tersebut ke role lain terlebih dahulu.`,
    );
    const en = await t.admin.delete(`/api/role/${r.id}/delete`, undefined, { 'accept-language': 'en' });
    expect(body(en).message).toBe(`Role ${r.name} is still held by 1 user(s). Move them to another role first.`);
    const builtin = await t.admin.delete(`/api/role/${await roleByCode(t, 'AGENT')}/delete`);
    expect(builtin.statusCode).toBe(422);
    expect(body(builtin).message).toBe('Role bawaan AGENT tidak dapat dihapus');
    expect((await t.admin.patch('/api/users', { id: userId, roleId: await roleByCode(t, 'TELLER') })).statusCode).toBe(200);
    const gone = await t.admin.delete(`/api/role/${r.id}/delete`);
    expect(gone.statusCode).toBe(200);
    expect(body(gone).message).toBe('Role berhasil dihapus');
    expect((await t.admin.delete(`/api/role/${r.id}/delete`)).statusCode).toBe(404);
  });

  it('nobody but a SUPER ADMIN grants a permission, a flag or a limit beyond their own', async () => {
    const t = await newTenant();
    const manager = await createRole(t, {
      permissions: { access_role: { view: true, add: true, update: true }, member: { view: true, add: true } },
      savingWithdrawalLimit: 5000000,
      canCancelTransaction: false,
    });
    const { c } = await userWithRole(t, manager.id);
    const more = await c.post('/api/role', { name: `R ${unique()}`, permissions: { member: { delete: true } } });
    expect(more.statusCode).toBe(403);
    expect(body(more).message).toBe('Anda tidak dapat memberikan akses hapus pada menu Anggota yang tidak Anda miliki');
    const higher = await c.post('/api/role', { name: `R ${unique()}`, savingWithdrawalLimit: 6000000 });
    expect(body(higher).message).toBe('Anda tidak dapat memberikan batas penarikan simpanan melebihi batas Anda sendiri (Rp 5.000.000)');
    const unlimited = await c.post('/api/role', { name: `R ${unique()}`, savingWithdrawalLimit: null });
    expect(unlimited.statusCode).toBe(403);
    const flag = await c.post('/api/role', { name: `R ${unique()}`, savingWithdrawalLimit: 1, canCancelTransaction: true });
    expect(body(flag).message).toBe('Anda tidak dapat memberikan hak membatalkan transaksi yang tidak Anda miliki');
    const within = await c.post('/api/role', {
      name: `R ${unique()}`,
      permissions: { member: { view: true } },
      savingWithdrawalLimit: 5000000,
      loanRequestLimit: 0,
    });
    expect(within.statusCode, within.body).toBe(200);
    // Editing a role that already had more (granted by an admin) is fine as long as nothing new is granted.
    const rich = await createRole(t, { permissions: { settings: { view: true } }, savingWithdrawalLimit: 1 });
    expect((await c.patch('/api/role', { id: rich.id, description: 'dibaca saja' })).statusCode).toBe(200);
  });
});

describe('enforcement', () => {
  it('answers 403 naming the missing permission, and applies a changed role from the next request', async () => {
    const t = await newTenant();
    const noDelete = await createRole(t, {
      permissions: { user_access: { view: true, add: true, update: true, delete: false } },
    });
    const { c } = await userWithRole(t, noDelete.id);
    const victim = body<{ id: string }>(
      await t.admin.post('/api/users', { firstName: 'V', email: `v-${unique()}@b.id`, roleId: await roleByCode(t, 'TELLER') }),
    ).data;
    const del = await c.delete(`/api/users/${victim.id}/delete`);
    expect(del.statusCode).toBe(403);
    expect(body(del)).toMatchObject({ errorCode: 'PERMISSION_DENIED', message: 'Anda tidak memiliki akses hapus pada menu User Akses' });
    const en = await c.delete(`/api/users/${victim.id}/delete`, undefined, { 'accept-language': 'en' });
    expect(body(en).message).toBe('You do not have delete access to User Access');
    expect((await c.get('/api/role/datatable')).statusCode).toBe(403);
    expect(body(await c.get('/api/role/datatable')).message).toBe('Anda tidak memiliki akses lihat pada menu Akses Role');
    await t.admin.patch('/api/role', { id: noDelete.id, permissions: { user_access: { view: true, delete: true } } });
    expect((await c.delete(`/api/users/${victim.id}/delete`)).statusCode).toBe(200);
    expect((await c.post('/api/users', { firstName: 'W', email: `w-${unique()}@b.id`, roleId: noDelete.id })).statusCode).toBe(403);
  });
});

describe('limits service', () => {
  async function ctxOfRole(t: TestTenant, roleId: string, lang: 'id' | 'en' = 'id'): Promise<Ctx> {
    const { token } = await userWithRole(t, roleId);
    const principal = await loadPrincipal(t.app, token);
    return {
      db: t.app.db,
      tenantId: t.tenantId,
      userId: principal!.userId,
      principal,
      requestId: 'test',
      ip: null,
      userAgent: null,
      lang,
    };
  }

  function caught(fn: () => void): AppError {
    try {
      fn();
    } catch (e) {
      return e as AppError;
    }
    throw new Error('expected an error');
  }

  it('allows up to the limit, refuses above it with 403 naming the limit and the amounts in rupiah', async () => {
    const t = await newTenant();
    const ctx = await ctxOfRole(t, await roleByCode(t, 'TELLER'));
    expect(limitOf(ctx, 'SAVING_WITHDRAWAL')?.toFixed()).toBe('10000000');
    expect(isWithinLimit(ctx, 'SAVING_WITHDRAWAL', '10000000')).toBe(true);
    expect(() => assertWithinLimit(ctx, 'SAVING_WITHDRAWAL', dec('10000000.00'))).not.toThrow();
    const e = caught(() => assertWithinLimit(ctx, 'SAVING_WITHDRAWAL', '15000000'));
    expect(e).toBeInstanceOf(AppError);
    expect(e.statusCode).toBe(403);
    expect(e.errorCode).toBe('LIMIT_EXCEEDED');
    expect(translate(e.messageKey, 'id', e.params)).toBe(
      'Nominal Rp 15.000.000 melebihi batas penarikan simpanan role TELLER sebesar Rp 10.000.000',
    );
    const enCtx = await ctxOfRole(t, await roleByCode(t, 'TELLER'), 'en');
    const en = caught(() => assertWithinLimit(enCtx, 'SAVING_WITHDRAWAL', '10000000.01'));
    expect(translate(en.messageKey, 'en', en.params)).toBe(
      'The amount Rp 10,000,000.01 exceeds the saving withdrawal limit of role TELLER, which is Rp 10,000,000',
    );
    // TELLER: loan request limit 0 means none at all.
    expect(isWithinLimit(ctx, 'LOAN_REQUEST', 1)).toBe(false);
    expect(isWithinLimit(ctx, 'LOAN_REQUEST', 0)).toBe(true);
  });

  it('null is no limit; flags say who may cancel transactions and release loans; system work is not limited', async () => {
    const t = await newTenant();
    const admin = await ctxOfRole(t, await roleByCode(t, 'SUPER_ADMIN'));
    expect(limitOf(admin, 'LOAN_APPROVAL')).toBeNull();
    expect(() => assertWithinLimit(admin, 'LOAN_APPROVAL', '9999999999999')).not.toThrow();
    expect(canCancelTransaction(admin)).toBe(true);
    expect(canReleaseLoan(admin)).toBe(true);
    const agent = await ctxOfRole(t, await roleByCode(t, 'AGENT'));
    expect(canCancelTransaction(agent)).toBe(false);
    const cancel = caught(() => assertCanCancelTransaction(agent));
    expect(cancel).toMatchObject({ statusCode: 403, errorCode: 'CANNOT_CANCEL_TRANSACTION' });
    expect(translate(cancel.messageKey, 'id', cancel.params)).toBe('Role AGENT tidak memiliki hak membatalkan transaksi');
    expect(caught(() => assertCanReleaseLoan(agent))).toMatchObject({ statusCode: 403, errorCode: 'CANNOT_RELEASE_LOAN' });
    const system: Ctx = { ...agent, principal: null, userId: null };
    expect(() => assertWithinLimit(system, 'SAVING_WITHDRAWAL', '1000000000')).not.toThrow();
    // A role edited by an admin applies to the user's next request (the principal is loaded per request).
    await t.admin.patch('/api/role', { id: await roleByCode(t, 'AGENT'), canCancelTransaction: true, savingWithdrawalLimit: 100 });
    const again = await ctxOfRole(t, await roleByCode(t, 'AGENT'));
    expect(canCancelTransaction(again)).toBe(true);
    expect(isWithinLimit(again, 'SAVING_WITHDRAWAL', '100.01')).toBe(false);
  });

  it('aboveLimitPolicy follows the transactionPolicy configuration', async () => {
    const t = await newTenant();
    const ctx = await ctxOfRole(t, await roleByCode(t, 'TELLER'));
    await t.app.db.tenant(t.tenantId, async (tx) => {
      expect(await aboveLimitPolicy(tx, ctx, 'SAVING_WITHDRAWAL')).toBe('REFUSE');
      expect(await aboveLimitPolicy(tx, ctx, 'LOAN_REQUEST')).toBe('REQUEST_APPROVAL');
      expect(await aboveLimitPolicy(tx, ctx, 'LOAN_APPROVAL')).toBe('REFUSE');
    });
    const saved = await t.admin.post('/api/configuration', { transactionPolicy: { withdrawalAboveLimit: 'REQUEST_APPROVAL' } });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.db.tenant(t.tenantId, async (tx) => {
      expect(await aboveLimitPolicy(tx, ctx, 'SAVING_WITHDRAWAL')).toBe('REQUEST_APPROVAL');
    });
  });
});
