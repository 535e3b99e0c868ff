/** Areas: validation, unique names per cooperative, branch consistency, the area's people, taking one out, deletion rules. */
import { describe, expect, it } from 'vitest';
import { body, newTenant, type TestTenant, unique } from './helpers.ts';

interface AreaView {
  id: string;
  name: string;
  branch: { id: string; name: string } | null;
  isActive: boolean;
  userCount: number;
  memberCount: number;
}

async function addArea(t: TestTenant, payload: Record<string, unknown> = {}): Promise<AreaView> {
  const res = await t.admin.post('/api/area', { name: `Area ${unique()}`, ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return body<AreaView>(res).data;
}

async function addUser(t: TestTenant, extra: Record<string, unknown> = {}) {
  const role = await t.app.db.tenant(t.tenantId, (tx) => tx.one<{ id: string }>(`SELECT id FROM role WHERE code = 'AGENT'`));
  const res = await t.admin.post('/api/users', { firstName: 'Agen', email: `a-${unique()}@b.id`, roleId: role!.id, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: string }>(res).data;
}

describe('areas', () => {
  it('validates, keeps names unique per cooperative and checks the branch', async () => {
    const t = await newTenant();
    const other = await newTenant();
    expect(body(await t.admin.post('/api/area', {})).message).toBe('Nama area wajib diisi');
    const a = await addArea(t, { name: 'Sleman Utara', description: 'Ngaglik' });
    expect(a).toMatchObject({ name: 'Sleman Utara', branch: null, isActive: true, userCount: 0 });
    const dup = await t.admin.post('/api/area', { name: 'SLEMAN utara' }, { 'accept-language': 'en' });
    expect(dup.statusCode).toBe(409);
    expect(body(dup).message).toBe('The area name SLEMAN utara is already used');
    expect((await other.admin.post('/api/area', { name: 'Sleman Utara' })).statusCode).toBe(200);
    const noBranch = await t.admin.post('/api/area', { name: 'X', branchId: crypto.randomUUID() });
    expect(noBranch.statusCode).toBe(404);
    expect(body(noBranch).message).toBe('Cabang tidak ditemukan');
    const b = body<{ id: string; name: string }>(await t.admin.post('/api/branch', { name: `Cabang ${unique()}` })).data;
    const moved = body<AreaView>(await t.admin.patch('/api/area', { id: a.id, branchId: b.id })).data;
    expect(moved.branch).toEqual({ id: b.id, name: b.name });
    const renamed = await t.admin.patch('/api/area', { id: a.id, name: 'Sleman Timur' });
    expect(body<AreaView>(renamed).data.name).toBe('Sleman Timur');
    const list = body<{ content: AreaView[]; page: number; limit: number }>(
      await t.admin.get('/api/area/datatable', { branchId: b.id }),
    ).data;
    expect(list).toMatchObject({ page: 0, limit: 10 });
    expect(list.content.map((x) => x.id)).toEqual([a.id]);
  });

  it("lists the area's people, takes one out, and refuses to delete an area with people", async () => {
    const t = await newTenant();
    const a = await addArea(t);
    const u1 = await addUser(t, { areaId: a.id, firstName: 'Budi' });
    const u2 = await addUser(t, { firstName: 'Cici' });
    await t.admin.post('/api/users/area', { userId: u2.id, areaId: a.id });
    const people = body<{ content: Array<{ kind: string; id: string; name: string }>; totalElements: number }>(
      await t.admin.get(`/api/area/member/${a.id}/datatable`, { sortBy: 'name', ascOrDesc: 'ASC' }),
    ).data;
    expect(people.content.map((p) => p.id)).toEqual([u1.id, u2.id]);
    const search = body<{ content: Array<{ id: string }> }>(
      await t.admin.get(`/api/area/member/${a.id}/datatable`, { search: 'cici' }),
    ).data;
    expect(search.content.map((p) => p.id)).toEqual([u2.id]);
    const del = await t.admin.delete(`/api/area/${a.id}/delete`);
    expect(del.statusCode).toBe(409);
    expect(body(del).message).toContain('masih memiliki 2 pengguna atau anggota');
    const out = await t.admin.delete(`/api/area/${a.id}/member/${u1.id}`);
    expect(out.statusCode).toBe(200);
    expect(body(out)).toMatchObject({ message: 'Berhasil dikeluarkan dari area', data: { kind: 'USER', memberId: u1.id } });
    const again = await t.admin.delete(`/api/area/${a.id}/member/${u1.id}`);
    expect(again.statusCode).toBe(404);
    expect(body(again).message).toBe('Pengguna atau anggota tersebut tidak terdaftar di area ini');
    const audit = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'area.remove_member' AND entity_id = $1`, [u1.id]),
    );
    expect(audit?.n).toBe(1);
    await t.admin.delete(`/api/area/${a.id}/member/${u2.id}`);
    expect((await t.admin.delete(`/api/area/${a.id}/delete`)).statusCode).toBe(200);
    expect((await t.admin.get(`/api/area/member/${a.id}/datatable`)).statusCode).toBe(404);
  });

  it('an area moved to another branch may not leave its staff in a different branch; inactive areas take nobody new', async () => {
    const t = await newTenant();
    const north = body<{ id: string; name: string }>(await t.admin.post('/api/branch', { name: `Utara ${unique()}` })).data;
    const south = body<{ id: string; name: string }>(await t.admin.post('/api/branch', { name: `Selatan ${unique()}` })).data;
    const a = await addArea(t, { branchId: north.id });
    await addUser(t, { areaId: a.id });
    const move = await t.admin.patch('/api/area', { id: a.id, branchId: south.id });
    expect(move.statusCode).toBe(422);
    expect(body(move).message).toBe(`Area ${a.name} milik cabang ${south.name}, sedangkan pengguna berada di cabang ${north.name}`);
    await t.admin.patch('/api/area', { id: a.id, isActive: false });
    const u = await addUser(t);
    const refused = await t.admin.post('/api/users/area', { userId: u.id, areaId: a.id });
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe(`Area ${a.name} tidak aktif`);
  });
});
