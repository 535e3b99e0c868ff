/**
 * The reads added for the members screens: form options (branches, areas,
 * agents, staff) and the become-member requests by state; permissions, the
 * agent rule and tenant isolation.
 */
import { describe, expect, it } from 'vitest';
import { body, newTenant } from './helpers.ts';
import { createArea, createBranch, createMember, createUser } from './members-fixtures.ts';

interface Options {
  branches: Array<{ id: string; name: string; code: string | null }>;
  areas: Array<{ id: string; name: string; branchId: string | null; branchName: string | null }>;
  agents: Array<{ id: string; name: string; isAgent: boolean; isAccountOfficer: boolean }>;
  staff: Array<{ id: string; name: string }>;
}
interface Request {
  id: string;
  fullName: string;
  upgradeStatus: string;
  upgradeReason: string | null;
  requestedAt: string | null;
  requestedByName: string | null;
  decidedAt: string | null;
  decidedByName: string | null;
  interviewDate: string | null;
  interviewResult: string | null;
  memberType: string;
  joinDate: string | null;
}
interface PageOf<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
}

describe('GET /api/member/form-options', () => {
  it('lists active branches, areas with their branch, agents and account officers, and active staff', async () => {
    const t = await newTenant();
    const branch = await createBranch(t, 'Cabang Bogor', 'BGR');
    const closed = await createBranch(t, 'Cabang Tutup', 'TTP');
    await t.app.db.tenant(t.tenantId, (tx) => tx.exec('UPDATE branch SET is_active = false WHERE id = $1', [closed]));
    const area = await createArea(t, 'Bogor Timur', branch);
    const agent = await createUser(t, { roleCode: 'AGENT', areaId: area });
    const teller = await createUser(t, { roleCode: 'TELLER' });
    const res = await t.admin.get('/api/member/form-options');
    expect(res.statusCode).toBe(200);
    const o = body<Options>(res).data;
    expect(o.branches.map((b) => b.name)).toContain('Cabang Bogor');
    expect(o.branches.map((b) => b.name)).not.toContain('Cabang Tutup');
    expect(o.areas.find((a) => a.id === area)).toMatchObject({ name: 'Bogor Timur', branchId: branch, branchName: 'Cabang Bogor' });
    expect(o.agents.map((a) => a.id)).toContain(agent.id);
    expect(o.agents.find((a) => a.id === agent.id)).toMatchObject({ isAgent: true, name: 'Petugas Uji' });
    expect(o.agents.map((a) => a.id)).not.toContain(teller.id);
    expect(o.staff.map((s) => s.id)).toEqual(expect.arrayContaining([t.adminUserId, agent.id, teller.id]));
  });

  it('needs member:view and shows only the own cooperative', async () => {
    const t = await newTenant();
    const other = await newTenant();
    await createBranch(other, 'Cabang Milik Lain', 'LAIN');
    const nobody = await createUser(t, { permissions: { dashboard: { view: true, add: false, update: false, delete: false } } });
    const viewer = await createUser(t, { permissions: { member: { view: true, add: false, update: false, delete: false } } });
    const denied = await nobody.client.get('/api/member/form-options');
    expect(denied.statusCode).toBe(403);
    expect(body(denied).message).toBe('Anda tidak memiliki akses lihat pada menu Anggota');
    const o = body<Options>(await viewer.client.get('/api/member/form-options')).data;
    expect(o.branches.map((b) => b.name)).not.toContain('Cabang Milik Lain');
    expect(o.staff.map((s) => s.id)).not.toContain(other.adminUserId);
  });
});

describe('GET /api/member/upgrade-request/datatable', () => {
  it('lists waiting requests oldest first, then decided ones with who decided and why', async () => {
    const t = await newTenant();
    const a = await createMember(t.admin, { memberType: 'NON_MEMBER', fullName: 'Agus Nonanggota' });
    const b = await createMember(t.admin, { memberType: 'NON_MEMBER', fullName: 'Bela Nonanggota' });
    const c = await createMember(t.admin, { memberType: 'NON_MEMBER', fullName: 'Citra Nonanggota' });
    await createMember(t.admin, { memberType: 'NON_MEMBER', fullName: 'Dodi Tanpa Permohonan' });
    for (const m of [a, b, c]) {
      const r = await t.admin.post('/api/member/upgrade-member-verify', { memberId: m.id, isNeedApproval: true, reason: 'Ingin meminjam' });
      expect(r.statusCode).toBe(200);
    }
    const interview = await t.admin.post('/api/member/interview', {
      memberId: b.id,
      interviewDate: '2026-01-05',
      notes: 'Layak',
      result: 'RECOMMENDED',
    });
    expect(interview.statusCode).toBe(200);

    const waiting = body<PageOf<Request>>(await t.admin.get('/api/member/upgrade-request/datatable')).data;
    expect(waiting.content.map((r) => r.fullName)).toEqual(['Agus Nonanggota', 'Bela Nonanggota', 'Citra Nonanggota']);
    expect(waiting.totalElements).toBe(3);
    expect(waiting.content[1]).toMatchObject({
      upgradeStatus: 'WAITING_APPROVAL',
      upgradeReason: 'Ingin meminjam',
      requestedByName: 'Admin Uji',
      interviewDate: '2026-01-05',
      interviewResult: 'RECOMMENDED',
      decidedAt: null,
    });
    expect(waiting.content[0]!.requestedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect((await t.admin.post('/api/member/aprroval', { memberId: b.id, status: 'APPROVED' })).statusCode).toBe(200);
    expect(
      (await t.admin.post('/api/member/aprroval', { memberId: c.id, status: 'REJECTED', reason: 'Belum memenuhi syarat' })).statusCode,
    ).toBe(200);

    const list = async (q: Record<string, unknown>) =>
      body<PageOf<Request>>(await t.admin.get('/api/member/upgrade-request/datatable', q)).data;
    expect((await list({})).content.map((r) => r.fullName)).toEqual(['Agus Nonanggota']);
    const approved = await list({ status: 'APPROVED' });
    expect(approved.content).toHaveLength(1);
    expect(approved.content[0]).toMatchObject({ id: b.id, upgradeStatus: 'APPROVED', memberType: 'MEMBER', decidedByName: 'Admin Uji' });
    expect(approved.content[0]!.joinDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const rejected = await list({ status: 'REJECTED' });
    expect(rejected.content[0]).toMatchObject({ id: c.id, upgradeStatus: 'REJECTED', memberType: 'NON_MEMBER' });
    const all = await list({ status: 'ALL', limit: 2 });
    expect(all.totalElements).toBe(3);
    expect(all.totalPages).toBe(2);
    // A page past the end still tells the total.
    expect((await list({ status: 'ALL', limit: 2, page: 5 })).totalElements).toBe(3);
    expect((await list({ status: 'ALL', search: 'bela' })).content.map((r) => r.id)).toEqual([b.id]);
    expect((await list({ status: 'ALL', search: b.cifNumber })).content.map((r) => r.id)).toEqual([b.id]);
    expect((await list({ status: 'ALL', search: '50%_' })).content).toEqual([]);

    const bad = await t.admin.get('/api/member/upgrade-request/datatable', { status: 'MAYBE' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps agents to their assigned members and cooperatives to their own requests', async () => {
    const t = await newTenant();
    const area = await createArea(t, 'Area Depok');
    const agent = await createUser(t, { roleCode: 'AGENT', areaId: area });
    const mine = await createMember(t.admin, { memberType: 'NON_MEMBER', fullName: 'Warga Depok', areaId: area });
    const notMine = await createMember(t.admin, { memberType: 'NON_MEMBER', fullName: 'Warga Lain' });
    for (const m of [mine, notMine]) await t.admin.post('/api/member/upgrade-member-verify', { memberId: m.id, isNeedApproval: true });
    const ids = (res: { json(): unknown }) => (res.json() as { data: PageOf<Request> }).data.content.map((r) => r.id);
    expect(ids(await agent.client.get('/api/member/upgrade-request/datatable'))).toEqual([mine.id]);
    expect(ids(await t.admin.get('/api/member/upgrade-request/datatable')).sort()).toEqual([mine.id, notMine.id].sort());
    const other = await newTenant();
    expect(ids(await other.admin.get('/api/member/upgrade-request/datatable', { status: 'ALL' }))).toEqual([]);
    const nobody = await createUser(t, { permissions: { dashboard: { view: true, add: false, update: false, delete: false } } });
    expect((await nobody.client.get('/api/member/upgrade-request/datatable')).statusCode).toBe(403);
  });
});
