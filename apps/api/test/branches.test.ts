/** Branches (Cabang): validation, unique names and codes per cooperative, lists, the branch's people, deletion rules. */
import { describe, expect, it } from 'vitest';
import { body, newTenant, type TestTenant, unique } from './helpers.ts';

interface BranchView {
  id: string;
  code: string | null;
  name: string;
  address: string | null;
  phone: string | null;
  isActive: boolean;
  userCount: number;
  memberCount: number;
  areaCount: number;
}

async function addBranch(t: TestTenant, payload: Record<string, unknown> = {}): Promise<BranchView> {
  const res = await t.admin.post('/api/branch', { name: `Cabang ${unique()}`, ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return body<BranchView>(res).data;
}

async function hasMemberTable(t: TestTenant): Promise<boolean> {
  const r = await t.app.db.owner((tx) => tx.one<{ ok: boolean }>(`SELECT to_regclass('public.member') IS NOT NULL AS ok`));
  return Boolean(r?.ok);
}

describe('branches', () => {
  it('validates and creates, upper-casing the code and normalising the phone', async () => {
    const t = await newTenant();
    const missing = await t.admin.post('/api/branch', { address: 'Jl. Mawar' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('Nama cabang wajib diisi');
    const badCode = await t.admin.post('/api/branch', { name: 'X', code: 'A B' });
    expect(body(badCode).message).toBe('Kode cabang maksimal 20 karakter berupa huruf, angka, titik, garis bawah atau tanda hubung');
    const badPhone = await t.admin.post('/api/branch', { name: 'X', phone: '123' });
    expect(body(badPhone).message).toBe('Nomor ponsel tidak valid');
    const b = await addBranch(t, { name: 'Cabang Bantul', code: 'btl-01', phone: '0274 123456', address: 'Jl. Parangtritis' });
    expect(b).toMatchObject({ name: 'Cabang Bantul', code: 'BTL-01', phone: '+62274123456', isActive: true, userCount: 0, areaCount: 0 });
    const audit = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'branch.create' AND entity_id = $1`, [b.id]),
    );
    expect(audit?.n).toBe(1);
  });

  it('names and codes are unique per cooperative (any case), not across cooperatives', async () => {
    const t = await newTenant();
    const other = await newTenant();
    const b = await addBranch(t, { name: 'Kantor Pusat', code: 'PST' });
    const dupName = await t.admin.post('/api/branch', { name: 'kantor pusat' });
    expect(dupName.statusCode).toBe(409);
    expect(body(dupName).message).toBe('Nama cabang kantor pusat sudah dipakai');
    const dupCode = await t.admin.post('/api/branch', { name: 'Lain', code: 'pst' });
    expect(body(dupCode).message).toBe('Kode cabang PST sudah dipakai');
    const second = await addBranch(t, { name: 'Cabang Dua' });
    const rename = await t.admin.patch('/api/branch', { id: second.id, name: 'KANTOR PUSAT' });
    expect(rename.statusCode).toBe(409);
    // Renaming itself (case change) is fine.
    expect((await t.admin.patch('/api/branch', { id: b.id, name: 'KANTOR PUSAT' })).statusCode).toBe(200);
    expect((await other.admin.post('/api/branch', { name: 'Kantor Pusat', code: 'PST' })).statusCode).toBe(200);
  });

  it('lists with page 0 size 10 by default, searches, filters and sorts', async () => {
    const t = await newTenant();
    for (let i = 0; i < 12; i++) await addBranch(t, { name: `Cabang ${String(i).padStart(2, '0')}`, isActive: i !== 3 });
    const first = body<{ content: BranchView[]; page: number; limit: number; totalElements: number; totalPages: number }>(
      await t.admin.get('/api/branch/datatable'),
    ).data;
    expect(first).toMatchObject({ page: 0, limit: 10, totalElements: 12, totalPages: 2 });
    expect(first.content[0].name).toBe('Cabang 11');
    const sorted = body<{ content: BranchView[] }>(
      await t.admin.get('/api/branch/datatable', { sortBy: 'name', ascOrDesc: 'ASC', page: 1 }),
    ).data;
    expect(sorted.content.map((b) => b.name)).toEqual(['Cabang 10', 'Cabang 11']);
    const search = body<{ content: BranchView[] }>(await t.admin.get('/api/branch/datatable', { search: 'cabang 0' })).data;
    expect(search.content).toHaveLength(10);
    const inactive = body<{ content: BranchView[] }>(await t.admin.get('/api/branch/datatable', { isActive: false })).data;
    expect(inactive.content.map((b) => b.name)).toEqual(['Cabang 03']);
  });

  it("lists the branch's people (staff, and members once they exist) and refuses to delete a branch in use", async () => {
    const t = await newTenant();
    const b = await addBranch(t);
    const teller = await t.app.db.tenant(t.tenantId, (tx) => tx.one<{ id: string }>(`SELECT id FROM role WHERE code = 'TELLER'`));
    const u = body<{ id: string }>(
      await t.admin.post('/api/users', {
        firstName: 'Sari',
        lastName: 'Dewi',
        email: `s-${unique()}@b.id`,
        roleId: teller!.id,
        branchId: b.id,
      }),
    ).data;
    let expected = 1;
    if (await hasMemberTable(t)) {
      await t.app.db.tenant(t.tenantId, (tx) =>
        tx.exec(
          `INSERT INTO member (tenant_id, cif_number, full_name, gender, identity_number, member_type, status, join_date, branch_id)
           VALUES ($1, $2, 'Joko Anggota', 'L', $3, 'MEMBER', 'ACTIVE', current_date, $4)`,
          [t.tenantId, `T${Date.now()}`, String(Date.now()).padStart(16, '3').slice(0, 16), b.id],
        ),
      );
      expected = 2;
    }
    const people = body<{ content: Array<{ kind: string; id: string; name: string }>; totalElements: number }>(
      await t.admin.get(`/api/branch/member/${b.id}/datatable`),
    ).data;
    expect(people.totalElements).toBe(expected);
    expect(people.content.find((p) => p.kind === 'USER')).toMatchObject({ id: u.id, name: 'Sari Dewi' });
    const staffOnly = body<{ content: Array<{ kind: string }> }>(
      await t.admin.get(`/api/branch/member/${b.id}/datatable`, { kind: 'USER' }),
    ).data;
    expect(staffOnly.content.map((p) => p.kind)).toEqual(['USER']);
    const listed = body<{ content: BranchView[] }>(await t.admin.get('/api/branch/datatable')).data.content.find((x) => x.id === b.id)!;
    expect(listed.userCount).toBe(1);
    expect(listed.memberCount).toBe(expected - 1);
    const del = await t.admin.delete(`/api/branch/${b.id}/delete`);
    expect(del.statusCode).toBe(409);
    expect(body(del).message).toContain('masih dipakai oleh');
    // Deactivated instead, it can no longer receive users.
    expect(body<BranchView>(await t.admin.patch('/api/branch', { id: b.id, isActive: false })).data.isActive).toBe(false);
    const refused = await t.admin.post('/api/users', { firstName: 'X', email: `x-${unique()}@b.id`, roleId: teller!.id, branchId: b.id });
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe(`Cabang ${body<BranchView>(await t.admin.get(`/api/branch/${b.id}/detail`)).data.name} tidak aktif`);
    const empty = await addBranch(t);
    expect((await t.admin.delete(`/api/branch/${empty.id}/delete`)).statusCode).toBe(200);
    expect((await t.admin.get(`/api/branch/member/${empty.id}/datatable`)).statusCode).toBe(404);
  });
});
