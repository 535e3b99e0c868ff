/**
 * The member lifecycle: prospective → interview → approval → member → exit;
 * non-members and the become-member request; the registries other modules
 * plug into (approval hooks, exit checks and settlements, detail summary);
 * the dashboard widgets fed by members.
 *
 * Hooks registered here only act for this file's own tenants (the registry is
 * shared by every test file running in the worker).
 */
import { Dec } from '@koperasi/finance';
import { describe, expect, it } from 'vitest';
import { systemCtx } from '../src/lib/context.ts';
import { unprocessable } from '../src/lib/errors.ts';
import {
  assertMemberCanTransact,
  markPrincipalPaid,
  registerApprovalHook,
  registerExitCheck,
  registerMemberSummary,
} from '../src/modules/members/members.registry.ts';
import { seedDemoMembers } from '../src/modules/members/members.seed.ts';
import { body, newTenant, type TestTenant } from './helpers.ts';
import { createActiveMember, createMember, createUser, type MemberData, setConfig } from './members-fixtures.ts';

const blockedTenants = new Set<string>();
const paidTenants = new Set<string>();
const exitTenants = new Map<string, { blocking: boolean; settled: Array<Record<string, unknown>> }>();
const summaryTenants = new Set<string>();

registerApprovalHook('test-principal', async (_tx, ctx, member) => {
  if (blockedTenants.has(ctx.tenantId)) throw unprocessable('PRINCIPAL_UNPAID', 'member.principal_owed');
  if (paidTenants.has(ctx.tenantId)) return { principal: { status: 'PAID' } };
  if (member.fullName === 'Owes Custom') return { principal: { status: 'OWED', amount: '250000' } };
  return undefined;
});
registerExitCheck(
  'test-loans-savings',
  async (_tx, ctx, member) => {
    const cfg = exitTenants.get(ctx.tenantId);
    if (!cfg) return {};
    return {
      blocking: cfg.blocking ? [{ kind: 'LOAN', id: 'loan-1', label: `Pinjaman Usaha ${member.cifNumber}`, amount: '1250000.50' }] : [],
      settlement: [
        { kind: 'SAVING', id: 'sav-1', label: 'Simpanan Sukarela', amount: '300000' },
        { kind: 'EQUITY', id: 'eq-1', label: 'Simpanan Pokok', amount: '100000' },
      ],
    };
  },
  async (_tx, ctx, member, info) => {
    exitTenants
      .get(ctx.tenantId)
      ?.settled.push({ memberId: member.id, exitDate: info.exitDate, options: info.options, items: info.settlement.length });
  },
);
registerMemberSummary('test-savings', async (_tx, ctx) => {
  if (!summaryTenants.has(ctx.tenantId)) return {};
  return { countSaving: 2, amountSaving: new Dec('150000.50'), countLoanRunning: 1, loanOutstanding: new Dec('2000000') };
});
registerMemberSummary('test-deposits', async (_tx, ctx) => {
  if (!summaryTenants.has(ctx.tenantId)) return {};
  return { countSaving: 1, amountSaving: new Dec('49999.50'), countDeposit: 1, amountDeposit: new Dec('10000000'), deposits: ['SB-01'] };
});

const today = () => new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);

async function timelineActions(t: TestTenant, id: string): Promise<string[]> {
  const res = await t.admin.get(`/api/member/${id}/timeline`);
  return body<{ content: Array<{ action: string }> }>(res).data.content.map((e) => e.action);
}

describe('prospective member to member to exit', () => {
  it('walks the whole lifecycle, audited step by step', async () => {
    const t = await newTenant();
    const m = await createMember(t.admin, { fullName: 'Dian Sastro', gender: 'P' });
    expect(m.status).toBe('WAITING_INTERVIEW');

    const early = await t.admin.post('/api/member/aprroval', { memberId: m.id, status: 'APPROVED' });
    expect(early.statusCode).toBe(422);
    expect(body(early).message).toBe('Calon anggota harus diwawancarai sebelum disetujui');

    const iv = await t.admin.post('/api/member/interview', {
      memberId: m.id,
      interviewDate: today(),
      notes: 'Usaha warung berjalan baik',
      result: 'RECOMMENDED',
    });
    expect(iv.statusCode).toBe(200);
    const afterIv = body<MemberData & { interview: Record<string, unknown> }>(iv).data;
    expect(afterIv.status).toBe('WAITING_APPROVAL');
    expect(afterIv.interview).toMatchObject({ result: 'RECOMMENDED', interviewerId: t.adminUserId, notes: 'Usaha warung berjalan baik' });

    const ap = await t.admin.post('/api/member/aprroval', { memberId: m.id, status: 'APPROVED', reason: 'Memenuhi syarat' });
    expect(ap.statusCode).toBe(200);
    const approved = body<{ outcome: string; principalStatus: string; member: MemberData & { principal: { owed: number } } }>(ap);
    expect(approved.message).toBe('Anggota berhasil disetujui');
    expect(approved.data.outcome).toBe('APPROVED');
    expect(approved.data.member).toMatchObject({ memberType: 'MEMBER', status: 'ACTIVE', joinDate: today(), principalStatus: 'OWED' });
    expect(approved.data.member.principal.owed).toBe(100000);
    expect(approved.data.member.summary).toMatchObject({ principalOwed: 100000 });

    const again = await t.admin.post('/api/member/aprroval', { memberId: m.id, status: 'APPROVED' });
    expect(again.statusCode).toBe(422);

    await t.app.db.tenant(t.tenantId, async (tx) => {
      const ref = await assertMemberCanTransact(tx, m.id);
      expect(ref.status).toBe('ACTIVE');
    });

    const check = await t.admin.get('/api/member/exit-check', { memberId: m.id });
    expect(body(check).data).toMatchObject({ canExit: true, blocking: [], settlement: [], settlementTotal: 0 });
    const exit = await t.admin.post('/api/member/exit-confirm', { memberId: m.id, reason: 'Pindah ke Kalimantan' });
    expect(exit.statusCode).toBe(200);
    expect(body(exit).message).toBe('Keanggotaan berhasil ditutup');
    expect(body<{ member: MemberData }>(exit).data.member).toMatchObject({
      status: 'EXITED',
      isActive: false,
      exitDate: today(),
      exitReason: 'Pindah ke Kalimantan',
    });

    await expect(t.app.db.tenant(t.tenantId, (tx) => assertMemberCanTransact(tx, m.id))).rejects.toMatchObject({
      statusCode: 422,
      errorCode: 'MEMBER_INACTIVE',
    });
    expect((await t.admin.post('/api/member/exit-confirm', { memberId: m.id })).statusCode).toBe(422);
    expect((await t.admin.post('/api/member/reset-pin', { memberId: m.id })).statusCode).toBe(422);

    expect(await timelineActions(t, m.id)).toEqual(['member.exit', 'member.approve', 'member.interview', 'member.create']);
    const tl = body<{ content: Array<{ label: string; actorName: string }> }>(
      await t.admin.get(`/api/member/${m.id}/timeline`, undefined, { 'accept-language': 'en' }),
    );
    expect(tl.data.content.map((e) => e.label)).toEqual([
      'Left the cooperative',
      'Approved as member',
      'Interview recorded',
      'Member registered',
    ]);
    expect(tl.data.content[0].actorName).toBe('Admin Uji');
  });

  it('rejects an application with a reason, and lets the person apply again', async () => {
    const t = await newTenant();
    const m = await createMember(t.admin);
    const noReason = await t.admin.post('/api/member/aprroval', { memberId: m.id, status: 'REJECTED' });
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason).message).toBe('Alasan penolakan wajib diisi');
    const badStatus = await t.admin.post('/api/member/aprroval', { memberId: m.id, status: 'MAYBE' });
    expect(body(badStatus).message).toBe('Status persetujuan harus APPROVED atau REJECTED');
    const rej = await t.admin.post('/api/member/aprroval', { memberId: m.id, status: 'REJECTED', reason: 'Belum berpenghasilan tetap' });
    expect(body(rej)).toMatchObject({
      message: 'Pengajuan anggota ditolak',
      data: { outcome: 'REJECTED', member: { status: 'REJECTED', isActive: false } },
    });
    expect(
      (await t.admin.post('/api/member/interview', { memberId: m.id, interviewDate: today(), notes: 'x', result: 'RECOMMENDED' }))
        .statusCode,
    ).toBe(422);
    await t.app.db.tenant(t.tenantId, async (tx) => {
      await expect(assertMemberCanTransact(tx, m.id, { allowProspective: true })).rejects.toMatchObject({ errorCode: 'MEMBER_INACTIVE' });
    });
    await createMember(t.admin, { identityNumber: m.identityNumber, phone: m.phone });
  });

  it('lets a prospective member pay the principal saving but nothing else before approval', async () => {
    const t = await newTenant();
    const m = await createMember(t.admin);
    await t.app.db.tenant(t.tenantId, async (tx) => {
      await expect(assertMemberCanTransact(tx, m.id)).rejects.toMatchObject({ errorCode: 'MEMBER_NOT_APPROVED' });
      await expect(assertMemberCanTransact(tx, m.id, { allowProspective: true })).resolves.toMatchObject({ id: m.id });
      await expect(assertMemberCanTransact(tx, '00000000-0000-4000-8000-000000000009')).rejects.toMatchObject({ statusCode: 404 });
    });
  });

  it('approves without an interview when the regulation does not require it, and records a custom interviewer', async () => {
    const t = await newTenant();
    await setConfig(t, 'cooperativeRegulation', { membershipRequiresApproval: false, principalSavingAmount: 0 });
    const m = await createMember(t.admin);
    const ap = await t.admin.post('/api/member/approval', { memberId: m.id, status: 'APPROVED', joinDate: '2026-01-02' });
    expect(ap.statusCode).toBe(200);
    expect(body<{ member: MemberData }>(ap).data.member).toMatchObject({
      status: 'ACTIVE',
      joinDate: '2026-01-02',
      principalStatus: 'NOT_REQUIRED',
    });
    const m2 = await createMember(t.admin);
    const iv = await t.admin.post('/api/member/interview', {
      memberId: m2.id,
      interviewDate: today(),
      interviewerName: 'H. Sulaiman (Pengawas)',
      notes: 'Baik',
      result: 'NOT_RECOMMENDED',
    });
    expect(body<{ interview: Record<string, unknown> }>(iv).data.interview).toMatchObject({
      interviewerId: null,
      interviewerName: 'H. Sulaiman (Pengawas)',
      result: 'NOT_RECOMMENDED',
    });
    const badResult = await t.admin.post('/api/member/interview', { memberId: m2.id, interviewDate: today(), notes: 'x', result: 'OK' });
    expect(body(badResult).message).toBe('Hasil wawancara harus RECOMMENDED atau NOT_RECOMMENDED');
    const noNotes = await t.admin.post('/api/member/interview', { memberId: m2.id, interviewDate: today(), result: 'RECOMMENDED' });
    expect(body(noNotes).message).toBe('Catatan wajib diisi');
  });

  it('runs the approval hooks: a hook refuses, or reports the principal saving paid or owed', async () => {
    const t = await newTenant();
    const m = await createMember(t.admin);
    await t.admin.post('/api/member/interview', { memberId: m.id, interviewDate: today(), notes: 'ok', result: 'RECOMMENDED' });
    blockedTenants.add(t.tenantId);
    const refused = await t.admin.post('/api/member/aprroval', { memberId: m.id, status: 'APPROVED' });
    expect(refused.statusCode).toBe(422);
    expect(body(refused).errorCode).toBe('PRINCIPAL_UNPAID');
    expect(body<MemberData>(await t.admin.get(`/api/member/${m.id}/detail`)).data.status).toBe('WAITING_APPROVAL');
    blockedTenants.delete(t.tenantId);
    paidTenants.add(t.tenantId);
    const ok = await t.admin.post('/api/member/aprroval', { memberId: m.id, status: 'APPROVED' });
    expect(body<{ principalStatus: string }>(ok).data.principalStatus).toBe('PAID');
    paidTenants.delete(t.tenantId);
    const owes = await createActiveMember(t.admin, { fullName: 'Owes Custom' });
    expect(owes.principal).toMatchObject({ status: 'OWED', owed: 250000 });
    // The savings module later records the payment.
    await t.app.db.tenant(t.tenantId, (tx) =>
      markPrincipalPaid(tx, systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId }), owes.id, '250000'),
    );
    const d = body<MemberData & { principal: Record<string, unknown> }>(await t.admin.get(`/api/member/${owes.id}/detail`)).data;
    expect(d.principal).toMatchObject({ status: 'PAID', owed: null });
    expect(await timelineActions(t, owes.id)).toContain('member.principal_paid');
  });
});

describe('exit', () => {
  it('is blocked by a registered blocker and settles through the registered settlement', async () => {
    const t = await newTenant();
    const m = await createActiveMember(t.admin);
    exitTenants.set(t.tenantId, { blocking: true, settled: [] });
    const check = body<{
      canExit: boolean;
      blocking: Array<Record<string, unknown>>;
      settlement: Array<Record<string, unknown>>;
      settlementTotal: number;
    }>(await t.admin.get('/api/member/exit-check', { memberId: m.id })).data;
    expect(check.canExit).toBe(false);
    expect(check.blocking).toEqual([
      {
        module: 'test-loans-savings',
        kind: 'LOAN',
        id: 'loan-1',
        label: `Pinjaman Usaha ${m.cifNumber}`,
        amount: 1250000.5,
        message: `Pinjaman Usaha ${m.cifNumber}`,
      },
    ]);
    expect(check.settlement.map((s) => s.amount)).toEqual([300000, 100000]);
    expect(check.settlementTotal).toBe(400000);
    const refused = await t.admin.post('/api/member/exit-confirm', { memberId: m.id });
    expect(refused.statusCode).toBe(422);
    expect(body(refused)).toMatchObject({
      errorCode: 'MEMBER_EXIT_BLOCKED',
      message: `Anggota belum dapat keluar: Pinjaman Usaha ${m.cifNumber}`,
    });
    expect(body<MemberData>(await t.admin.get(`/api/member/${m.id}/detail`)).data.status).toBe('ACTIVE');
    expect(exitTenants.get(t.tenantId)!.settled).toEqual([]);

    exitTenants.set(t.tenantId, { blocking: false, settled: [] });
    const bad = await t.admin.post('/api/member/exit-confirm', { memberId: m.id, exitDate: '2000-01-01' });
    expect(body(bad).message).toBe('Tanggal keluar tidak boleh sebelum tanggal bergabung');
    const key = `exit-${m.id}`;
    const done = await t.admin.post('/api/member/exit-confirm', { memberId: m.id, coaId: 'kas-besar' }, { 'idempotency-key': key });
    expect(done.statusCode).toBe(200);
    expect(body<{ settlementTotal: number }>(done).data.settlementTotal).toBe(400000);
    expect(exitTenants.get(t.tenantId)!.settled).toEqual([
      { memberId: m.id, exitDate: today(), options: { coaId: 'kas-besar' }, items: 2 },
    ]);
    const replay = await t.admin.post('/api/member/exit-confirm', { memberId: m.id, coaId: 'kas-besar' }, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(exitTenants.get(t.tenantId)!.settled).toHaveLength(1);
    const audit = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ after: { settlementTotal: number } }>("SELECT after FROM audit_log WHERE entity_id = $1 AND action = 'member.exit'", [m.id]),
    );
    expect(audit?.after.settlementTotal).toBe(400000);
    exitTenants.delete(t.tenantId);
  });

  it('refuses exit for prospective members', async () => {
    const t = await newTenant();
    const m = await createMember(t.admin);
    const res = await t.admin.get('/api/member/exit-check', { memberId: m.id });
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe('Hanya anggota atau non-anggota yang aktif yang dapat keluar');
  });
});

describe('detail summary registry', () => {
  it('sums the counts and amounts other modules contribute', async () => {
    const t = await newTenant();
    summaryTenants.add(t.tenantId);
    const m = await createActiveMember(t.admin);
    const s = body<{ summary: Record<string, unknown> }>(await t.admin.get(`/api/member/${m.id}/detail`)).data.summary;
    expect(s).toMatchObject({
      countSaving: 3,
      amountSaving: 200000,
      countDeposit: 1,
      amountDeposit: 10000000,
      countLoanRunning: 1,
      loanOutstanding: 2000000,
      deposits: ['SB-01'],
    });
    summaryTenants.delete(t.tenantId);
  });
});

describe('non-members and the become-member request', () => {
  it('waits for approval when asked, shows on the dashboard, and is approved or rejected', async () => {
    const t = await newTenant();
    const nm = await createMember(t.admin, { memberType: 'NON_MEMBER', fullName: 'Pelanggan Setia' });
    const req1 = await t.admin.post('/api/member/upgrade-member-verify', {
      memberId: nm.id,
      isNeedApproval: true,
      reason: 'Ingin pinjaman anggota',
    });
    expect(body(req1)).toMatchObject({
      message: 'Permohonan menjadi anggota berhasil diajukan dan menunggu persetujuan',
      data: { outcome: 'WAITING_APPROVAL' },
    });
    const dup = await t.admin.post('/api/member/upgrade-member-verify', { memberId: nm.id, isNeedApproval: true });
    expect(dup.statusCode).toBe(409);
    const widget = body<{ content: MemberData[]; totalElements: number }>(await t.admin.get('/api/home/application-to-become-member')).data;
    expect(widget.content.map((m) => m.id)).toEqual([nm.id]);
    const rej = await t.admin.post('/api/member/aprroval', { memberId: nm.id, status: 'REJECTED', reason: 'Tunggakan pembayaran' });
    expect(body(rej).data).toMatchObject({
      outcome: 'UPGRADE_REJECTED',
      member: { memberType: 'NON_MEMBER', status: 'ACTIVE', upgradeStatus: 'REJECTED' },
    });
    expect(body<{ totalElements: number }>(await t.admin.get('/api/home/application-to-become-member')).data.totalElements).toBe(0);
    await t.admin.post('/api/member/upgrade-member-verify', { memberId: nm.id, isNeedApproval: true });
    const ap = await t.admin.post('/api/member/aprroval', { memberId: nm.id, status: 'APPROVED' });
    expect(body(ap)).toMatchObject({
      message: 'Non-anggota berhasil menjadi anggota',
      data: { outcome: 'UPGRADED', member: { memberType: 'MEMBER', upgradeStatus: 'APPROVED', joinDate: today() } },
    });
    expect(await timelineActions(t, nm.id)).toEqual([
      'member.upgrade',
      'member.upgrade_request',
      'member.upgrade_reject',
      'member.upgrade_request',
      'member.create',
    ]);
  });

  it('upgrades at once without approval, and only non-members', async () => {
    const t = await newTenant();
    const nm = await createMember(t.admin, { memberType: 'NON_MEMBER' });
    const res = await t.admin.post('/api/member/upgrade-member-verify', { memberId: nm.id, isNeedApproval: false });
    expect(body(res).data).toMatchObject({
      outcome: 'UPGRADED',
      principalStatus: 'OWED',
      member: { memberType: 'MEMBER', status: 'ACTIVE' },
    });
    const member = await t.admin.post('/api/member/upgrade-member-verify', { memberId: nm.id, isNeedApproval: false });
    expect(member.statusCode).toBe(422);
    expect(body(member).message).toBe('Permohonan menjadi anggota hanya untuk non-anggota yang aktif');
    const missing = await t.admin.post('/api/member/upgrade-member-verify', { memberId: nm.id });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('Perlu persetujuan wajib diisi');
  });
});

describe('dashboard widgets', () => {
  it('lists prospective members with counts, composition with growth, and the organisation', async () => {
    const t = await newTenant();
    const a = await createMember(t.admin, { fullName: 'Calon Satu' });
    const b = await createMember(t.admin, { fullName: 'Calon Dua', gender: 'P' });
    await t.admin.post('/api/member/interview', { memberId: b.id, interviewDate: today(), notes: 'ok', result: 'RECOMMENDED' });
    await createMember(t.admin, { memberType: 'MEMBER', joinDate: '2019-06-01', birthDate: '1950-01-01' });
    const exited = await createMember(t.admin, { memberType: 'MEMBER', joinDate: '2020-01-15', gender: 'P', birthDate: '1999-05-05' });
    await t.admin.post('/api/member/exit-confirm', { memberId: exited.id });
    await createMember(t.admin, { memberType: 'NON_MEMBER' });

    const pm = body<{ content: MemberData[]; totalElements: number; waitingInterview: number; waitingApproval: number }>(
      await t.admin.get('/api/home/prospective-member'),
    ).data;
    expect(pm).toMatchObject({ totalElements: 2, waitingInterview: 1, waitingApproval: 1 });
    expect(pm.content.map((m) => m.id)).toEqual([a.id, b.id]);

    const c = body<{
      total: number;
      byType: Array<{ memberType: string; count: number }>;
      byGender: Array<{ gender: string; count: number }>;
      byAgeBand: Array<{ band: string; count: number }>;
      growth: Array<{ month: string; joined: number; exited: number; total: number }>;
    }>(await t.admin.get('/api/home/member-composition')).data;
    expect(c.total).toBe(4);
    expect(c.byType).toEqual([
      { memberType: 'MEMBER', count: 1 },
      { memberType: 'NON_MEMBER', count: 1 },
      { memberType: 'PROSPECTIVE', count: 2 },
    ]);
    expect(c.byGender).toEqual([
      { gender: 'L', count: 3 },
      { gender: 'P', count: 1 },
    ]);
    expect(c.byAgeBand.find((x) => x.band === '65+')?.count).toBe(1);
    expect(c.growth).toHaveLength(12);
    expect(c.growth.at(-1)).toMatchObject({ month: today().slice(0, 7), exited: 1, total: 1 });
    expect(c.growth[0].total).toBe(2);

    await createUser(t, { roleCode: 'TELLER', position: 'PENGAWAS' });
    const org = body<{
      groups: Array<{ group: string; count: number; officers: Array<{ name: string; position: string }> }>;
      totalOfficers: number;
    }>(await t.admin.get('/api/home/member-organitation')).data;
    expect(org.totalOfficers).toBe(2);
    expect(org.groups.map((g) => [g.group, g.count])).toEqual([
      ['PENGURUS', 1],
      ['PENGAWAS', 1],
      ['KARYAWAN', 0],
    ]);
    expect(org.groups[0].officers[0]).toMatchObject({ name: 'Admin Uji', position: 'KETUA' });
  });
});

describe('demo data', () => {
  it('seeds 150 realistic members with every lifecycle state, the same way every time', async () => {
    const a = await newTenant();
    const b = await newTenant();
    for (const t of [a, b]) {
      const info = { tenantId: t.tenantId, adminUserId: t.adminUserId, cooperativeName: 'Demo', demo: true };
      await seedDemoMembers(t.app.db, systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId }), info);
      // A second run adds nothing.
      await seedDemoMembers(t.app.db, systemCtx(t.app.db, t.tenantId, { userId: t.adminUserId }), info);
    }
    const states = await a.app.db.tenant(a.tenantId, (tx) =>
      tx.query<{ member_type: string; status: string; upgrade: boolean; n: number }>(
        `SELECT member_type, status, upgrade_status IS NOT NULL AS upgrade, count(*)::int AS n FROM member
         GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      ),
    );
    expect(states).toEqual([
      { member_type: 'MEMBER', status: 'ACTIVE', upgrade: false, n: 132 },
      { member_type: 'MEMBER', status: 'EXITED', upgrade: false, n: 1 },
      { member_type: 'NON_MEMBER', status: 'ACTIVE', upgrade: false, n: 6 },
      { member_type: 'NON_MEMBER', status: 'ACTIVE', upgrade: true, n: 2 },
      { member_type: 'PROSPECTIVE', status: 'REJECTED', upgrade: false, n: 1 },
      { member_type: 'PROSPECTIVE', status: 'WAITING_APPROVAL', upgrade: false, n: 3 },
      { member_type: 'PROSPECTIVE', status: 'WAITING_INTERVIEW', upgrade: false, n: 4 },
    ]);
    const names = async (t: TestTenant) =>
      t.app.db.tenant(t.tenantId, (tx) =>
        tx.query<{ full_name: string; identity_number: string }>('SELECT full_name, identity_number FROM member ORDER BY cif_number'),
      );
    expect(await names(a)).toEqual(await names(b));
    const list = body<{ totalElements: number; content: MemberData[] }>(
      await a.admin.get('/api/member/datatable', { search: 'siti' }),
    ).data;
    expect(list.totalElements).toBeGreaterThan(0);
    // NIKs follow the birth date, with 40 added to the day for women.
    const women = await a.app.db.tenant(a.tenantId, (tx) =>
      tx.query<{ identity_number: string; birth_date: string }>("SELECT identity_number, birth_date FROM member WHERE gender = 'P'"),
    );
    for (const w of women) expect(Number(w.identity_number.slice(6, 8))).toBe(Number(w.birth_date.slice(8, 10)) + 40);
    const growth = body<{ growth: Array<{ joined: number }> }>(await a.admin.get('/api/home/member-composition')).data.growth;
    expect(growth.reduce((s, g) => s + g.joined, 0)).toBeGreaterThan(20);
  });
});
