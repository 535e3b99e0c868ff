/**
 * Members: the record, validation messages, uniqueness, CIF numbers, lists and
 * search, permissions, tenant isolation and the agent rule.
 */
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/lib/password.ts';
import { body, newTenant } from './helpers.ts';
import {
  createActiveMember,
  createArea,
  createBranch,
  createMember,
  createUser,
  type MemberData,
  memberBody,
  setConfig,
  uniqueMemberPhone,
  uniqueNik,
} from './members-fixtures.ts';

type Fields = { fields: Array<{ field: string; message: string }> };
const fieldMessages = (res: { json(): unknown }) =>
  Object.fromEntries(((res.json() as { data: Fields }).data?.fields ?? []).map((f) => [f.field, f.message]));

describe('member record', () => {
  it('registers a prospective member with a generated CIF, E.164 phone, audit entry and an empty summary', async () => {
    const t = await newTenant();
    const res = await t.admin.post('/api/member', memberBody({ phone: '0812-3456-7001', fullName: '  Budi   Santoso ' }));
    expect(res.statusCode).toBe(200);
    const b = body<MemberData & { summary: Record<string, unknown>; registeredByName: string }>(res);
    expect(b.message).toBe('Data anggota berhasil disimpan');
    const year = new Date().getUTCFullYear();
    expect(b.data.cifNumber).toBe(`${year}000001`);
    expect(b.data).toMatchObject({
      fullName: 'Budi Santoso',
      phone: '+6281234567001',
      memberType: 'PROSPECTIVE',
      status: 'WAITING_INTERVIEW',
      isActive: true,
      joinDate: null,
      principalStatus: 'NOT_REQUIRED',
      registrationChannel: 'STAFF',
      registeredByName: 'Admin Uji',
    });
    expect(b.data.summary).toMatchObject({ countSaving: 0, countLoanRunning: 0, amountSaving: 0, storesOwed: 0 });
    const second = await createMember(t.admin);
    expect(second.cifNumber).toBe(`${year}000002`);

    const detail = await t.admin.get(`/api/member/${b.data.id}/detail`);
    expect(body<MemberData>(detail).data.identityNumber).toBe(b.data.identityNumber);
    const audit = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ action: string; actor_user_id: string }>(
        "SELECT action, actor_user_id FROM audit_log WHERE entity = 'member' AND entity_id = $1",
        [b.data.id],
      ),
    );
    expect(audit).toEqual([{ action: 'member.create', actor_user_id: t.adminUserId }]);
  });

  it('records an existing member directly with a join date and the principal saving owed', async () => {
    const t = await newTenant();
    const m = await createMember(t.admin, { memberType: 'MEMBER', joinDate: '2020-05-01' });
    expect(m).toMatchObject({ memberType: 'MEMBER', status: 'ACTIVE', joinDate: '2020-05-01', principalStatus: 'OWED' });
    expect((m.principal as { owed: number }).owed).toBe(100000);
    expect(m.cifNumber).toBe('2020000001');
    const nm = await createMember(t.admin, { memberType: 'NON_MEMBER' });
    expect(nm).toMatchObject({ memberType: 'NON_MEMBER', status: 'ACTIVE', joinDate: null, principalStatus: 'NOT_REQUIRED' });
    const bad = await t.admin.post('/api/member', memberBody({ memberType: 'PROSPECTIVE', joinDate: '2020-01-01' }));
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Tanggal bergabung hanya untuk anggota; calon anggota mendapat tanggal bergabung saat disetujui');
  });

  it('explains every invalid field, in Indonesian by default and in English on request', async () => {
    const t = await newTenant();
    const empty = await t.admin.post('/api/member', {});
    expect(empty.statusCode).toBe(400);
    expect(fieldMessages(empty)).toMatchObject({
      fullName: 'Nama lengkap wajib diisi',
      gender: 'Jenis kelamin wajib dipilih',
      birthDate: 'Tanggal lahir wajib diisi',
      phone: 'Nomor ponsel wajib diisi',
      identityNumber: 'Nomor identitas wajib diisi',
      address: 'Alamat wajib diisi',
    });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ identityNumber: '317401120385000' }, 'identityNumber', 'NIK (nomor KTP) harus 16 digit angka'],
      [{ identityNumber: '31740112038500AB' }, 'identityNumber', 'NIK (nomor KTP) harus 16 digit angka'],
      [{ identityNumber: '0000000000000000' }, 'identityNumber', 'NIK (nomor KTP) harus 16 digit angka'],
      [{ identityType: 'SIM', identityNumber: '12345' }, 'identityNumber', 'Nomor SIM harus 12 sampai 14 digit angka'],
      [{ identityType: 'PASSPORT', identityNumber: 'A1' }, 'identityNumber', 'Nomor paspor harus 6 sampai 12 huruf atau angka'],
      [{ identityType: 'NPWP' }, 'identityType', 'Jenis identitas harus KTP, SIM atau PASSPORT'],
      [{ familyCardNumber: '32730101010' }, 'familyCardNumber', 'Nomor Kartu Keluarga harus 16 digit angka'],
      [{ phone: '12345' }, 'phone', 'Nomor ponsel tidak valid, gunakan format Indonesia seperti 081234567890 atau +6281234567890'],
      [{ phone: '+6512345678' }, 'phone', 'Nomor ponsel tidak valid, gunakan format Indonesia seperti 081234567890 atau +6281234567890'],
      [{ gender: 'X' }, 'gender', 'Jenis kelamin harus L atau P'],
      [{ birthDate: '2999-01-01' }, 'birthDate', 'Tanggal lahir tidak valid (YYYY-MM-DD, tidak di masa depan)'],
      [{ birthDate: '1990-02-30' }, 'birthDate', 'Format tanggal tidak valid (YYYY-MM-DD)'],
      [{ memberType: 'VIP' }, 'memberType', 'Jenis anggota harus ANGGOTA, NON ANGGOTA atau CALON'],
      [
        { cifNumber: 'ab cd' },
        'cifNumber',
        'ID Anggota hanya boleh berisi huruf, angka, titik, garis miring atau tanda hubung (maksimal 40)',
      ],
      [{ fullName: '   ' }, 'fullName', 'Nama lengkap wajib diisi'],
      [{ loanLimit: -5 }, 'loanLimit', 'Nominal harus lebih dari 0'],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.admin.post('/api/member', memberBody(over));
      expect({ over, status: res.statusCode, message: fieldMessages(res)[field] }).toEqual({ over, status: 400, message });
    }
    const en = await t.admin.post('/api/member', memberBody({ identityNumber: '123' }), { 'accept-language': 'en' });
    expect(body(en).message).toBe('The NIK (KTP number) must be 16 digits');
    const young = await t.admin.post('/api/member', memberBody({ birthDate: `${new Date().getUTCFullYear() - 10}-01-01` }));
    expect(young.statusCode).toBe(400);
    expect(body(young).message).toBe('Usia anggota minimal 17 tahun menurut peraturan koperasi');
    // Non-members (e.g. a child's savings account) have no age rule.
    const child = await t.admin.post(
      '/api/member',
      memberBody({ memberType: 'NON_MEMBER', birthDate: `${new Date().getUTCFullYear() - 10}-01-01` }),
    );
    expect(child.statusCode).toBe(200);
  });

  it('accepts Indonesian phone and identity writings and stores them normalised', async () => {
    const t = await newTenant();
    const forms: Array<[string, string]> = [
      ['0812-3456-7890', '+6281234567890'],
      ['+62 812 3456 7891', '+6281234567891'],
      ['6281234567892', '+6281234567892'],
      ['81234567893', '+6281234567893'],
      ['(022) 4231234', '+62224231234'],
    ];
    for (const [typed, stored] of forms) {
      const m = await createMember(t.admin, { phone: typed });
      expect(m.phone).toBe(stored);
    }
    const m = await createMember(t.admin, { identityNumber: '3273.0112.0385.0099' });
    expect(m.identityNumber).toBe('3273011203850099');
    const p = await createMember(t.admin, { identityType: 'PASSPORT', identityNumber: 'c 1234567' });
    expect(p.identityNumber).toBe('C1234567');
  });

  it('refuses a second live member with the same identity number or phone, naming the holder', async () => {
    const t = await newTenant();
    const first = await createMember(t.admin, { fullName: 'Siti Rahmawati', gender: 'P' });
    const dupId = await t.admin.post('/api/member', memberBody({ identityNumber: first.identityNumber }));
    expect(dupId.statusCode).toBe(409);
    expect(body(dupId)).toMatchObject({
      errorCode: 'IDENTITY_TAKEN',
      message: `Nomor identitas ${first.identityNumber} sudah terdaftar atas nama Siti Rahmawati (${first.cifNumber})`,
    });
    const dupPhone = await t.admin.post('/api/member', memberBody({ phone: first.phone.replace('+62', '0') }));
    expect(dupPhone.statusCode).toBe(409);
    expect(body(dupPhone).message).toBe(`Nomor ponsel ${first.phone} sudah terdaftar atas nama Siti Rahmawati (${first.cifNumber})`);
    // Another cooperative may have the same person.
    const other = await newTenant();
    await createMember(other.admin, { identityNumber: first.identityNumber, phone: first.phone });
    // Once rejected, the person may apply again.
    const rej = await t.admin.post('/api/member/aprroval', { memberId: first.id, status: 'REJECTED', reason: 'Data tidak lengkap' });
    expect(rej.statusCode).toBe(200);
    const again = await createMember(t.admin, { identityNumber: first.identityNumber, phone: first.phone });
    expect(again.cifNumber).not.toBe(first.cifNumber);
    // PATCH cannot take another live member's number either.
    const third = await createMember(t.admin);
    const patch = await t.admin.patch('/api/member', { id: third.id, identityNumber: again.identityNumber });
    expect(patch.statusCode).toBe(409);
    expect(body(patch).errorCode).toBe('IDENTITY_TAKEN');
  });

  it('updates only the given fields, audits before and after, and keeps closed records unchanged', async () => {
    const t = await newTenant();
    const m = await createMember(t.admin);
    const res = await t.admin.patch('/api/member', {
      id: m.id,
      occupation: '',
      address: 'Jl. Dago No. 5',
      loanLimit: 7500000.5,
      phone: '0813 1111 2222',
    });
    expect(res.statusCode).toBe(200);
    const d = body<MemberData>(res).data;
    expect(d).toMatchObject({
      occupation: null,
      address: 'Jl. Dago No. 5',
      loanLimit: 7500000.5,
      phone: '+6281311112222',
      fullName: m.fullName,
    });
    const entry = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
        "SELECT before, after FROM audit_log WHERE entity = 'member' AND entity_id = $1 AND action = 'member.update'",
        [m.id],
      ),
    );
    expect(entry?.before).toMatchObject({ occupation: 'Pedagang', address: 'Jl. Cihampelas No. 12, Bandung' });
    expect(entry?.after).toMatchObject({ occupation: null, address: 'Jl. Dago No. 5', phone: '+6281311112222' });
    expect(Object.keys(entry!.after).sort()).toEqual(['address', 'loan_limit', 'occupation', 'phone']);
    const typeOnly = await t.admin.patch('/api/member', { id: m.id, identityType: 'SIM' });
    expect(typeOnly.statusCode).toBe(400);
    expect(body(typeOnly).message).toBe('Nomor SIM harus 12 sampai 14 digit angka');
    const missing = await t.admin.patch('/api/member', { id: '00000000-0000-4000-8000-000000000000', fullName: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('Data anggota tidak ditemukan');
    await t.admin.post('/api/member/aprroval', { memberId: m.id, status: 'REJECTED', reason: 'Tidak hadir wawancara' });
    const closed = await t.admin.patch('/api/member', { id: m.id, fullName: 'Nama Baru' });
    expect(closed.statusCode).toBe(422);
    expect(body(closed).message).toBe('Data anggota yang sudah keluar atau ditolak tidak dapat diubah');
  });

  it("answers 404 for another cooperative's member on every call", async () => {
    const a = await newTenant();
    const b = await newTenant();
    const m = await createMember(b.admin);
    const id = m.id;
    const calls = [
      a.admin.get(`/api/member/${id}/detail`),
      a.admin.patch('/api/member', { id, fullName: 'Curi' }),
      a.admin.get(`/api/member/${id}/timeline`),
      a.admin.post('/api/member/interview', { memberId: id, interviewDate: '2026-01-02', notes: 'x', result: 'RECOMMENDED' }),
      a.admin.post('/api/member/aprroval', { memberId: id, status: 'APPROVED' }),
      a.admin.post('/api/member/update-notification', { memberId: id, isSendNotification: false }),
      a.admin.post('/api/member/reset-pin', { memberId: id }),
      a.admin.get('/api/member/exit-check', { memberId: id }),
      a.admin.post('/api/member/exit-confirm', { memberId: id }),
      a.admin.post('/api/member/upgrade-member-verify', { memberId: id, isNeedApproval: true }),
      a.admin.get(`/api/member/${id}/photo/self`),
    ];
    const statuses = (await Promise.all(calls)).map((res) => res.statusCode);
    expect(statuses).toEqual(Array(calls.length).fill(404));
    const list = body<{ totalElements: number }>(await a.admin.get('/api/member/datatable', { search: m.cifNumber }));
    expect(list.data.totalElements).toBe(0);
    const search = body<unknown[]>(await a.admin.get(`/api/member/${m.cifNumber}/search-member`));
    expect(search.data).toEqual([]);
  });
});

describe('CIF numbers', () => {
  it('follows the configured pattern per branch, suggests the next number, and accepts a typed one', async () => {
    const t = await newTenant();
    await setConfig(t, 'cifNumber', { pattern: 'KSP-{BRANCH}{SEQ:4}' });
    const bdg = await createBranch(t, 'Cabang Bandung', 'BDG');
    const sby = await createBranch(t, 'Cabang Surabaya', 'sby');
    const sug = await t.admin.get(`/api/member/${bdg}/suggestion-cif`);
    expect(body(sug).data).toEqual({ cifNumber: 'KSP-BDG0001', pattern: 'KSP-{BRANCH}{SEQ:4}' });
    const a1 = await createMember(t.admin, { branchId: bdg });
    const a2 = await createMember(t.admin, { branchId: bdg });
    const s1 = await createMember(t.admin, { branchId: sby });
    const none = await createMember(t.admin);
    expect([a1.cifNumber, a2.cifNumber, s1.cifNumber, none.cifNumber]).toEqual(['KSP-BDG0001', 'KSP-BDG0002', 'KSP-SBY0001', 'KSP-000001']);
    expect(body(await t.admin.get(`/api/member/${a2.id}/suggestion-cif`)).data).toMatchObject({ cifNumber: 'KSP-BDG0003' });
    expect(body(await t.admin.get('/api/member/new/suggestion-cif')).data).toMatchObject({ cifNumber: 'KSP-000002' });
    // A typed number the sequence would give later is skipped by the sequence.
    const typed = await createMember(t.admin, { branchId: bdg, cifNumber: 'ksp-bdg0003' });
    expect(typed.cifNumber).toBe('KSP-BDG0003');
    const next = await createMember(t.admin, { branchId: bdg });
    expect(next.cifNumber).toBe('KSP-BDG0004');
    const dup = await t.admin.post('/api/member', memberBody({ cifNumber: 'KSP-BDG0001' }));
    expect(dup.statusCode).toBe(409);
    expect(body(dup).message).toBe('ID Anggota KSP-BDG0001 sudah digunakan');
  });

  it('gives concurrent registrations distinct consecutive numbers', async () => {
    const t = await newTenant();
    const results = await Promise.all(Array.from({ length: 12 }, () => t.admin.post('/api/member', memberBody())));
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const cifs = results.map((r) => body<MemberData>(r).data.cifNumber).sort();
    const year = new Date().getUTCFullYear();
    expect(cifs).toEqual(Array.from({ length: 12 }, (_, i) => `${year}${String(i + 1).padStart(6, '0')}`));
  });
});

describe('lists and search', () => {
  it('filters, searches by name, CIF, phone and NIK, sorts and pages', async () => {
    const t = await newTenant();
    const branch = await createBranch(t, 'Cabang Garut', 'GRT');
    const siti = await createActiveMember(t.admin, { fullName: 'Siti Nurhaliza', gender: 'P', phone: '081299990001', branchId: branch });
    const budi = await createActiveMember(t.admin, { fullName: 'Budi Hartono', phone: '081299990002' });
    const nonMember = await createMember(t.admin, { fullName: 'Agus Salim', memberType: 'NON_MEMBER', phone: '081299990003' });
    const prospect = await createMember(t.admin, { fullName: 'Dewi Sartika', gender: 'P', phone: '081299990004' });
    const list = async (q: Record<string, unknown>) =>
      body<{ content: MemberData[]; totalElements: number; totalPages: number }>(await t.admin.get('/api/member/datatable', q)).data;

    expect((await list({})).totalElements).toBe(4);
    expect((await list({ search: 'NURHAL' })).content.map((m) => m.id)).toEqual([siti.id]);
    expect((await list({ search: 'si' })).content.map((m) => m.id)).toEqual([siti.id]);
    expect((await list({ search: siti.cifNumber })).content.map((m) => m.id)).toEqual([siti.id]);
    expect((await list({ search: '0812-9999-0002' })).content.map((m) => m.id)).toEqual([budi.id]);
    expect((await list({ search: budi.identityNumber.slice(0, 12) })).totalElements).toBeGreaterThanOrEqual(1);
    expect((await list({ search: '100%_' })).totalElements).toBe(0);
    expect((await list({ isNonMember: 1 })).content.map((m) => m.id)).toEqual([nonMember.id]);
    expect((await list({ isNonMember: 0 })).content.map((m) => m.id).sort()).toEqual([siti.id, budi.id].sort());
    expect((await list({ memberType: 'PROSPECTIVE' })).content.map((m) => m.id)).toEqual([prospect.id]);
    expect((await list({ branchId: branch })).content.map((m) => m.branchName)).toEqual(['Cabang Garut']);
    expect((await list({ branchId: 'none' })).totalElements).toBe(4);
    await t.admin.post('/api/member/aprroval', { memberId: prospect.id, status: 'REJECTED', reason: 'Ditolak' });
    expect((await list({ isActive: 0 })).content.map((m) => m.id)).toEqual([prospect.id]);
    expect((await list({ isActive: 1 })).totalElements).toBe(3);
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    expect((await list({ start: today, end: today })).totalElements).toBe(4);
    expect((await list({ start: '2020-01-01', end: '2020-12-31' })).totalElements).toBe(0);
    const byName = await list({ sort: 'full_name,asc' });
    expect(byName.content.map((m) => m.fullName)).toEqual(['Agus Salim', 'Budi Hartono', 'Dewi Sartika', 'Siti Nurhaliza']);
    const desc = await list({ sortBy: 'fullName', ascOrDesc: 'DESC', limit: 3, page: 1 });
    expect(desc).toMatchObject({ totalElements: 4, totalPages: 2 });
    expect(desc.content.map((m) => m.fullName)).toEqual(['Agus Salim']);
    const badDate = await t.admin.get('/api/member/datatable', { start: '2020-13-01' });
    expect(badDate.statusCode).toBe(400);
  });

  it('caps the total of a very broad search, keeps member_count exact, and lists nothing outside a tenant', async () => {
    const t = await newTenant();
    const branch = await createBranch(t, 'Cabang Massal', 'MAS');
    await t.app.db.owner((tx) =>
      tx.exec(
        `INSERT INTO member (tenant_id, cif_number, full_name, gender, birth_date, phone, identity_number, address, member_type, status, join_date, branch_id)
         SELECT $1, 'M' || lpad(g::text, 6, '0'), 'Siti Massal ' || g, 'P', date '1980-01-01', '+62813' || lpad(g::text, 8, '0'),
                '3201' || lpad(g::text, 12, '0'), 'Jl. Uji', 'MEMBER', 'ACTIVE', date '2020-01-01', CASE WHEN g % 2 = 0 THEN $2::uuid END
         FROM generate_series(1, 1200) g`,
        [t.tenantId, branch],
      ),
    );
    const broad = body<{ totalElements: number; totalCapped: boolean; content: MemberData[] }>(
      await t.admin.get('/api/member/datatable', { search: 'massal' }),
    ).data;
    expect(broad).toMatchObject({ totalElements: 1000, totalCapped: true });
    expect(broad.content).toHaveLength(10);
    const narrow = body<{ totalElements: number; totalCapped: boolean }>(
      await t.admin.get('/api/member/datatable', { search: 'massal 11' }),
    ).data;
    expect(narrow).toMatchObject({ totalElements: 111, totalCapped: false });
    const all = body<{ totalElements: number; totalCapped: boolean }>(await t.admin.get('/api/member/datatable', { limit: 5 })).data;
    expect(all).toMatchObject({ totalElements: 1200, totalCapped: false });
    expect(
      body<{ totalElements: number }>(await t.admin.get('/api/member/datatable', { branchId: branch, limit: 5 })).data.totalElements,
    ).toBe(600);
    // The counts follow every change of type, status and branch.
    const m = await createMember(t.admin, { branchId: branch });
    await t.admin.post('/api/member/aprroval', { memberId: m.id, status: 'REJECTED', reason: 'Uji' });
    const counts = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ a: number; b: number }>(`SELECT (SELECT sum(n)::int FROM member_count) AS a, (SELECT count(*)::int FROM member) AS b`),
    );
    expect(counts[0].a).toBe(counts[0].b);
    expect(body<{ totalElements: number }>(await t.admin.get('/api/member/datatable', { isActive: 0, limit: 5 })).data.totalElements).toBe(
      1,
    );
    // The list functions answer nothing without a tenant in the transaction.
    const outside = await t.app.db.app((tx) =>
      tx.one<{ r: { total: number } }>(
        "SELECT member_list(NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'created_date', true, 10, 0, 1000) AS r",
      ),
    );
    expect(outside?.r.total).toBe(0);
    const quick = await t.app.db.app((tx) =>
      tx.query("SELECT * FROM member_quick_search('M000001', 'M%', NULL, NULL, 'siti%', '%siti%', true, NULL, 20)"),
    );
    expect(quick).toEqual([]);
  });

  it('search-member finds as you type, exact CIF first, live members only unless asked', async () => {
    const t = await newTenant();
    const a = await createActiveMember(t.admin, { fullName: 'Rina Marlina', gender: 'P', phone: '085711112222' });
    const b = await createActiveMember(t.admin, { fullName: 'Marlina Putri', gender: 'P' });
    const apostrophe = await createActiveMember(t.admin, { fullName: "Ma'ruf Amin" });
    expect(
      body<MemberData[]>(await t.admin.get(`/api/member/${encodeURIComponent("ma'ruf")}/search-member`)).data.map((m) => m.id),
    ).toEqual([apostrophe.id]);
    expect(
      body<{ content: MemberData[] }>(await t.admin.get('/api/member/datatable', { search: "ma'ruf" })).data.content.map((m) => m.id),
    ).toEqual([apostrophe.id]);
    const found = body<MemberData[]>(await t.admin.get('/api/member/marlina/search-member')).data;
    expect(found.map((m) => m.id)).toEqual([b.id, a.id]);
    expect(body<MemberData[]>(await t.admin.get(`/api/member/${a.cifNumber}/search-member`)).data[0].id).toBe(a.id);
    expect(body<MemberData[]>(await t.admin.get('/api/member/0857-1111/search-member')).data.map((m) => m.id)).toEqual([a.id]);
    await t.admin.post('/api/member/exit-confirm', { memberId: a.id, reason: 'Pindah' });
    expect(body<MemberData[]>(await t.admin.get('/api/member/marlina/search-member')).data.map((m) => m.id)).toEqual([b.id]);
    const all = body<MemberData[]>(await t.admin.get('/api/member/marlina/search-member', { includeInactive: 1 })).data;
    expect(all.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    // An exited member is still found by phone and identity number when asked for.
    expect(body<MemberData[]>(await t.admin.get('/api/member/0857-1111/search-member')).data).toEqual([]);
    const byPhone = body<MemberData[]>(await t.admin.get('/api/member/0857-1111/search-member', { includeInactive: 1 })).data;
    expect(byPhone.map((m) => m.id)).toEqual([a.id]);
    const byNik = body<{ content: MemberData[] }>(await t.admin.get('/api/member/datatable', { search: a.identityNumber })).data;
    expect(byNik.content.map((m) => m.id)).toEqual([a.id]);
    const byPhoneList = body<{ content: MemberData[] }>(await t.admin.get('/api/member/datatable', { search: '+62 857 1111 2222' })).data;
    expect(byPhoneList.content.map((m) => m.id)).toEqual([a.id]);
  });
});

describe('permissions and the agent rule', () => {
  it('refuses every call a role does not grant with 403', async () => {
    const t = await newTenant();
    const m = await createMember(t.admin);
    const viewer = await createUser(t, { permissions: { member: { view: true, add: false, update: false, delete: false } } });
    const nobody = await createUser(t, { permissions: { dashboard: { view: true, add: false, update: false, delete: false } } });
    const updater = await createUser(t, { permissions: { member: { view: true, add: true, update: true, delete: false } } });
    expect((await viewer.client.get('/api/member/datatable')).statusCode).toBe(200);
    expect((await nobody.client.get('/api/member/datatable')).statusCode).toBe(403);
    expect(body(await nobody.client.get(`/api/member/${m.id}/detail`)).message).toBe('Anda tidak memiliki akses lihat pada menu Anggota');
    expect((await viewer.client.post('/api/member', memberBody())).statusCode).toBe(403);
    const approval = await viewer.client.post('/api/member/aprroval', { memberId: m.id, status: 'APPROVED' });
    expect(approval.statusCode).toBe(403);
    expect(body(approval)).toMatchObject({ errorCode: 'PERMISSION_DENIED', message: 'Anda tidak memiliki akses ubah pada menu Anggota' });
    expect(
      (
        await viewer.client.post('/api/member/interview', {
          memberId: m.id,
          interviewDate: '2026-01-02',
          notes: 'x',
          result: 'RECOMMENDED',
        })
      ).statusCode,
    ).toBe(403);
    expect((await viewer.client.post('/api/member/reset-pin', { memberId: m.id })).statusCode).toBe(403);
    expect((await viewer.client.patch('/api/member', { id: m.id, fullName: 'X' })).statusCode).toBe(403);
    expect((await updater.client.post('/api/member/exit-confirm', { memberId: m.id })).statusCode).toBe(403);
    expect((await nobody.client.get('/api/member/upload/template')).statusCode).toBe(403);
    expect((await viewer.client.get('/api/home/prospective-member')).statusCode).toBe(403);
    // The member is unchanged.
    expect(body<MemberData>(await t.admin.get(`/api/member/${m.id}/detail`)).data.status).toBe('WAITING_INTERVIEW');
  });

  it('every member route declares its permission on Anggota (dashboard widgets on Dashboard)', async () => {
    const t = await newTenant();
    const expected: Record<string, string> = {
      'GET /api/member/datatable': 'member:view',
      'POST /api/member': 'member:add',
      'PATCH /api/member': 'member:update',
      'GET /api/member/:id/detail': 'member:view',
      'GET /api/member/:id/search-member': 'member:view',
      'GET /api/member/assign-to-me': 'member:view',
      'GET /api/member/:id/suggestion-cif': 'member:view',
      'GET /api/member/:id/timeline': 'member:view',
      'POST /api/member/update-notification': 'member:update',
      'POST /api/member/reset-pin': 'member:update',
      'POST /api/member/interview': 'member:update',
      'POST /api/member/aprroval': 'member:update',
      'POST /api/member/approval': 'member:update',
      'POST /api/member/upgrade-member-verify': 'member:update',
      'GET /api/member/exit-check': 'member:view',
      'POST /api/member/exit-confirm': 'member:delete',
      'POST /api/member/:id/photo/:kind': 'member:add',
      'GET /api/member/:id/photo/:kind': 'member:view',
      'POST /api/member/registration-online': 'public',
      'GET /api/member/upload/template': 'member:update',
      'POST /api/member/upload': 'member:update',
      'GET /api/member/upload': 'member:view',
      'GET /api/member/upload/:jobId/progress': 'member:view',
      'GET /api/member/upload/:jobId/rows': 'member:view',
      'GET /api/member/upload/:jobId/failed-rows': 'member:view',
      'GET /api/home/prospective-member': 'dashboard:view',
      'GET /api/home/application-to-become-member': 'dashboard:view',
      'GET /api/home/member-organitation': 'dashboard:view',
      'GET /api/home/member-organization': 'dashboard:view',
      'GET /api/home/member-composition': 'dashboard:view',
    };
    const actual = Object.fromEntries(t.app.routeRegistry.map((r) => [`${r.method} ${r.url}`, String(r.access)]));
    for (const [route, access] of Object.entries(expected)) expect({ route, access: actual[route] }).toEqual({ route, access });
  });

  it('agents see only members assigned to them or living in their area, and own what they register', async () => {
    const t = await newTenant();
    const area = await createArea(t, 'Area Cimahi');
    const agent = await createUser(t, { roleCode: 'AGENT', areaId: area });
    const other = await createUser(t, { roleCode: 'AGENT' });
    const mine = await createActiveMember(t.admin, { fullName: 'Anggota Binaan', agentId: agent.id });
    const inArea = await createActiveMember(t.admin, { fullName: 'Warga Cimahi', areaId: area });
    const notMine = await createActiveMember(t.admin, { fullName: 'Orang Lain', agentId: other.id });
    const ids = (res: { json(): unknown }) => (res.json() as { data: { content: MemberData[] } }).data.content.map((m) => m.id).sort();
    expect(ids(await agent.client.get('/api/member/datatable'))).toEqual([mine.id, inArea.id].sort());
    expect(ids(await agent.client.get('/api/member/assign-to-me', { page: 0, limit: 1000 }))).toEqual([mine.id, inArea.id].sort());
    expect((await agent.client.get(`/api/member/${notMine.id}/detail`)).statusCode).toBe(404);
    expect((await agent.client.get(`/api/member/${mine.id}/detail`)).statusCode).toBe(200);
    expect(body<MemberData[]>(await agent.client.get('/api/member/orang/search-member')).data).toEqual([]);
    // Admins see everyone; assign-to-me for the admin is their own (none).
    expect(ids(await t.admin.get('/api/member/datatable'))).toHaveLength(3);
    expect(ids(await t.admin.get('/api/member/assign-to-me'))).toEqual([]);
    // An agent registering in the field becomes the member's agent.
    const created = await createMember(agent.client, { fullName: 'Calon Dari Agen' });
    expect(created.agentId).toBe(agent.id);
    expect(ids(await agent.client.get('/api/member/datatable'))).toContain(created.id);
  });
});

describe('notification, PIN and the member app', () => {
  it('turns notifications off and on with an audit entry', async () => {
    const t = await newTenant();
    const m = await createMember(t.admin);
    const res = await t.admin.post('/api/member/update-notification', { memberId: m.id, isSendNotification: false });
    expect(body(res)).toMatchObject({
      status: true,
      message: 'Status notifikasi anggota berhasil diubah',
      data: { isSendNotification: false },
    });
    expect(body<MemberData>(await t.admin.get(`/api/member/${m.id}/detail`)).data.isSendNotification).toBe(false);
    const bad = await t.admin.post('/api/member/update-notification', { memberId: m.id });
    expect(bad.statusCode).toBe(400);
  });

  it('resets the PIN: 6 digits by SMS, stored hashed, never answered or audited in clear', async () => {
    const t = await newTenant();
    const m = await createMember(t.admin);
    const res = await t.admin.post('/api/member/reset-pin', { memberId: m.id });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('PIN baru telah dikirim ke nomor ponsel anggota');
    const sms = t.app.notifier.outbox.filter((x) => x.to === m.phone).at(-1);
    expect(sms?.channel).toBe('sms');
    expect(sms?.code).toMatch(/^\d{6}$/);
    expect(sms?.text).toContain(sms!.code!);
    expect(res.body).not.toContain(sms!.code!);
    const row = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ pin_hash: string }>('SELECT pin_hash FROM member WHERE id = $1', [m.id]),
    );
    expect(row?.pin_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.pin_hash, sms!.code!)).toBe(true);
    const audit = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ after: unknown }>("SELECT after FROM audit_log WHERE entity_id = $1 AND action = 'member.reset_pin'", [m.id]),
    );
    expect(JSON.stringify(audit)).not.toContain(sms!.code!);
    expect(body<{ hasPin: boolean }>(await t.admin.get(`/api/member/${m.id}/detail`)).data.hasPin).toBe(true);
  });

  it('takes applications from the member app as prospective members, without revealing who is registered', async () => {
    const t = await newTenant();
    const app = t.app;
    const payload = {
      tenantId: t.tenantId,
      fullName: 'Yuli Astuti',
      gender: 'P',
      birthDate: '1992-07-01',
      phone: uniqueMemberPhone(),
      identityNumber: uniqueNik(),
      address: 'Jl. Pahlawan 3, Semarang',
      pin: '246810',
    };
    const res = await app.inject({ method: 'POST', url: '/api/member/registration-online', payload });
    expect(res.statusCode).toBe(200);
    const data = body<{ id: string; status: string }>(res).data;
    expect(data.status).toBe('WAITING_INTERVIEW');
    const d = body<MemberData & { hasPin: boolean }>(await t.admin.get(`/api/member/${data.id}/detail`)).data;
    expect(d).toMatchObject({ registrationChannel: 'MEMBER_APP', hasPin: true, registeredBy: null });
    const home = body<{ content: MemberData[]; fromMemberApp: number }>(await t.admin.get('/api/home/prospective-member')).data;
    expect(home.fromMemberApp).toBe(1);
    const again = await app.inject({
      method: 'POST',
      url: '/api/member/registration-online',
      payload: { ...payload, phone: uniqueMemberPhone() },
    });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('Nomor identitas atau nomor ponsel sudah terdaftar di koperasi. Silakan hubungi petugas koperasi.');
    expect(again.body).not.toContain('Yuli');
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/member/registration-online',
      payload: { ...payload, tenantId: '00000000-0000-4000-8000-000000000001', identityNumber: uniqueNik(), phone: uniqueMemberPhone() },
    });
    expect(unknown.statusCode).toBe(404);
    const badPin = await app.inject({ method: 'POST', url: '/api/member/registration-online', payload: { ...payload, pin: '12' } });
    expect(body(badPin).message).toBe('Kode harus 6 digit angka');
  });
});

describe('OpenAPI', () => {
  it('documents the member endpoints with their answers', async () => {
    const t = await newTenant();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [
      '/api/member/datatable',
      '/api/member',
      '/api/member/{id}/detail',
      '/api/member/aprroval',
      '/api/member/exit-check',
      '/api/member/upload',
      '/api/member/upload/{jobId}/progress',
      '/api/home/member-organitation',
      '/api/home/member-composition',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const detail = doc.paths['/api/member/{id}/detail'].get.responses['200'].content['application/json'].schema;
    expect(detail.properties.data.properties.summary.properties).toHaveProperty('countLoanRunning');
  });
});
