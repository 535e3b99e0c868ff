/**
 * Demo members of Koperasi Demo Sejahtera: 150 people with Indonesian names,
 * NIKs consistent with their birth date and gender (day + 40 for women),
 * phones, addresses in Java and Sumatra towns, join dates over the last three
 * years (so the growth chart has a shape), spread over the branches and areas
 * the access module created. Among them: prospective members waiting for an
 * interview (one from the member app) or an approval, one rejected applicant,
 * non-members with two become-member requests, and one member who exited.
 * The same pseudo-random sequence every time (fixed seed).
 *
 * Members' simpanan pokok is recorded as owed: no saving has been posted for
 * them, and the savings module's demo data pays it through markPrincipalPaid.
 */
import type { Db } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { getConfig } from '../settings/configuration.ts';
import type { TenantSeedInfo } from '../types.ts';
import { allocateCifs, cifPattern } from './members.cif.ts';
import { auditCreatedMany, insertMembers, type NewMember } from './members.repo.ts';
import { todayWib } from './members.rules.ts';

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MALE = [
  'Budi',
  'Agus',
  'Slamet',
  'Joko',
  'Ahmad',
  'Rudi',
  'Hendra',
  'Dedi',
  'Eko',
  'Bambang',
  'Wahyu',
  'Yusuf',
  'Rizki',
  'Fajar',
  'Andi',
  'Imam',
  'Teguh',
  'Arif',
  'Dimas',
  'Bayu',
  'Hadi',
  'Sutrisno',
  'Asep',
  'Ujang',
  'Irfan',
];
const FEMALE = [
  'Siti',
  'Dewi',
  'Sri',
  'Rina',
  'Wati',
  'Ratna',
  'Nur',
  'Yuli',
  'Ani',
  'Fitri',
  'Indah',
  'Ayu',
  'Maya',
  'Wulan',
  'Endang',
  'Kartini',
  'Nurul',
  'Putri',
  'Neng',
  'Euis',
  'Lia',
  'Tuti',
];
const FAMILY = [
  'Santoso',
  'Wijaya',
  'Saputra',
  'Hidayat',
  'Pratama',
  'Kusuma',
  'Nasution',
  'Siregar',
  'Lubis',
  'Harahap',
  'Simanjuntak',
  'Gunawan',
  'Setiawan',
  'Susanto',
  'Purnomo',
  'Rahman',
  'Hakim',
  'Wibowo',
  'Permana',
  'Maulana',
  'Nugroho',
  'Utomo',
  'Suryadi',
  'Firmansyah',
  'Kurniawan',
];
const FEMALE_FAMILY = ['Handayani', 'Sari', 'Lestari', 'Puspita', 'Anggraini', 'Rahayu', 'Wulandari', 'Susanti', 'Rahmawati', 'Fitriani'];
const TOWNS: Array<{ city: string; code: string; streets: string[]; villages: string[] }> = [
  {
    city: 'Bandung',
    code: '327301',
    streets: ['Jl. Cihampelas', 'Jl. Dago', 'Jl. Buah Batu', 'Jl. Pasirkaliki'],
    villages: ['Sukajadi', 'Cipedes', 'Lebakgede'],
  },
  {
    city: 'Jakarta Selatan',
    code: '317401',
    streets: ['Jl. Tebet Raya', 'Jl. Kasablanka', 'Jl. Sahardjo'],
    villages: ['Tebet Barat', 'Manggarai', 'Menteng Dalam'],
  },
  { city: 'Surabaya', code: '357801', streets: ['Jl. Darmo', 'Jl. Ngagel', 'Jl. Kertajaya'], villages: ['Darmo', 'Ngagel Rejo', 'Gubeng'] },
  {
    city: 'Yogyakarta',
    code: '347101',
    streets: ['Jl. Kaliurang', 'Jl. Parangtritis', 'Jl. Godean'],
    villages: ['Terban', 'Prawirodirjan', 'Brontokusuman'],
  },
  {
    city: 'Semarang',
    code: '337401',
    streets: ['Jl. Pandanaran', 'Jl. Majapahit', 'Jl. Setiabudi'],
    villages: ['Pekunden', 'Gayamsari', 'Srondol'],
  },
  {
    city: 'Medan',
    code: '127101',
    streets: ['Jl. Gatot Subroto', 'Jl. Sisingamangaraja', 'Jl. Asia'],
    villages: ['Sei Sikambing', 'Teladan', 'Sukaramai'],
  },
  {
    city: 'Garut',
    code: '320501',
    streets: ['Jl. Ciledug', 'Jl. Pembangunan', 'Jl. Cimanuk'],
    villages: ['Kota Kulon', 'Sukamentri', 'Pakuwon'],
  },
  {
    city: 'Malang',
    code: '357301',
    streets: ['Jl. Ijen', 'Jl. Soekarno Hatta', 'Jl. Borobudur'],
    villages: ['Oro-oro Dowo', 'Mojolangu', 'Lowokwaru'],
  },
];
const JOBS = [
  'Pedagang',
  'Petani',
  'Guru',
  'Karyawan Swasta',
  'PNS',
  'Wiraswasta',
  'Buruh Pabrik',
  'Nelayan',
  'Ibu Rumah Tangga',
  'Sopir',
  'Penjahit',
  'Peternak',
  'Warung Makan',
  'Bengkel Motor',
];
const RELATION = ['Suami', 'Istri', 'Anak', 'Orang Tua', 'Saudara Kandung'];

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

type Kind =
  | { type: 'MEMBER'; status: 'ACTIVE' | 'EXITED' }
  | { type: 'NON_MEMBER'; upgrade: boolean }
  | { type: 'PROSPECTIVE'; status: 'WAITING_INTERVIEW' | 'WAITING_APPROVAL' | 'REJECTED'; app?: boolean };

function plan(): Kind[] {
  const out: Kind[] = [];
  for (let i = 0; i < 132; i++) out.push({ type: 'MEMBER', status: 'ACTIVE' });
  out.push({ type: 'MEMBER', status: 'EXITED' });
  for (let i = 0; i < 8; i++) out.push({ type: 'NON_MEMBER', upgrade: i < 2 });
  out.push({ type: 'PROSPECTIVE', status: 'WAITING_INTERVIEW', app: true });
  for (let i = 0; i < 3; i++) out.push({ type: 'PROSPECTIVE', status: 'WAITING_INTERVIEW' });
  for (let i = 0; i < 3; i++) out.push({ type: 'PROSPECTIVE', status: 'WAITING_APPROVAL' });
  out.push({ type: 'PROSPECTIVE', status: 'REJECTED' });
  return out;
}

export async function seedDemoMembers(db: Db, ctx: Ctx, info: TenantSeedInfo): Promise<void> {
  const rnd = mulberry32(20240817);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)];
  const today = todayWib();
  const now = new Date(`${today}T12:00:00Z`);
  await db.tenant(info.tenantId, async (tx) => {
    const existing = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM member WHERE tenant_id = app_tenant()');
    if (existing && existing.n > 0) return;
    const branches = await tx.query<{ id: string; code: string | null }>(
      'SELECT id, code FROM branch WHERE tenant_id = app_tenant() AND is_active ORDER BY name',
    );
    const areas = await tx.query<{ id: string; branch_id: string | null }>(
      'SELECT id, branch_id FROM area WHERE tenant_id = app_tenant() AND is_active ORDER BY name',
    );
    const reg = await getConfig(tx, info.tenantId, 'cooperativeRegulation');
    const pattern = await cifPattern(tx, info.tenantId);
    const usedPhones = new Set<string>();
    const rows: Array<NewMember & { branchCode: string | null }> = [];
    plan().forEach((kind, i) => {
      const female = rnd() < 0.48;
      const first = pick(female ? FEMALE : MALE);
      const middle = rnd() < 0.35 ? ` ${pick(female ? FEMALE : MALE)}` : '';
      const last = female && rnd() < 0.5 ? pick(FEMALE_FAMILY) : pick(FAMILY);
      const age = 19 + Math.floor(rnd() * 48);
      const birth = new Date(Date.UTC(now.getUTCFullYear() - age, Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28)));
      const town = pick(TOWNS);
      const nik = `${town.code}${pad(birth.getUTCDate() + (female ? 40 : 0))}${pad(birth.getUTCMonth() + 1)}${String(birth.getUTCFullYear()).slice(2)}${pad(i + 1, 4)}`;
      let phone: string;
      do phone = `+628${pick(['12', '13', '21', '52', '57', '77', '81', '95'])}${pad(Math.floor(rnd() * 1e8), 8)}`;
      while (usedPhones.has(phone));
      usedPhones.add(phone);
      // Older members first: join dates over three years, more of them recently.
      const daysAgo = Math.floor(1095 * rnd() ** 1.6);
      const joined = new Date(now.getTime() - daysAgo * 86_400_000);
      const recent = new Date(now.getTime() - Math.floor(rnd() * 40) * 86_400_000);
      const area = areas.length ? areas[i % areas.length] : null;
      const branch = area?.branch_id
        ? branches.find((b) => b.id === area.branch_id)
        : branches.length
          ? branches[i % branches.length]
          : null;
      const base: NewMember & { branchCode: string | null } = {
        cif_number: '',
        full_name: `${first}${middle} ${last}`,
        gender: female ? 'P' : 'L',
        birth_place: rnd() < 0.7 ? town.city : pick(TOWNS).city,
        birth_date: isoDay(birth),
        phone,
        identity_type: 'KTP',
        identity_number: nik,
        family_card_number: `${town.code}${pad(Math.floor(rnd() * 1e10), 10)}`,
        address: `${pick(town.streets)} No. ${1 + Math.floor(rnd() * 180)}, RT ${pad(1 + Math.floor(rnd() * 12), 3)}/RW ${pad(1 + Math.floor(rnd() * 9), 3)}, ${pick(town.villages)}, ${town.city}`,
        occupation: pick(JOBS),
        member_type: kind.type,
        status: 'ACTIVE',
        loan_limit: kind.type === 'MEMBER' && rnd() < 0.4 ? String((5 + Math.floor(rnd() * 10)) * 5_000_000) : null,
        group_name: rnd() < 0.5 ? `Kelompok ${pick(['Mawar', 'Melati', 'Anggrek', 'Kenanga', 'Dahlia'])}` : null,
        closest_family_name: `${pick(rnd() < 0.5 ? FEMALE : MALE)} ${last}`,
        closest_family_relationship: pick(RELATION),
        branch_id: branch?.id ?? null,
        area_id: area?.id ?? null,
        registration_channel: 'STAFF',
        principal_status: 'NOT_REQUIRED',
        registered_by: info.adminUserId,
        branchCode: branch?.code ?? null,
        created_date: joined.toISOString(),
      };
      if (kind.type === 'MEMBER') {
        base.join_date = isoDay(joined);
        if (reg.principalSavingAmount > 0)
          Object.assign(base, { principal_status: 'OWED', principal_owed: reg.principalSavingAmount.toFixed(2) });
        if (kind.status === 'EXITED') {
          base.join_date = isoDay(new Date(now.getTime() - 900 * 86_400_000));
          base.created_date = `${base.join_date}T03:00:00Z`;
          Object.assign(base, {
            status: 'EXITED',
            exit_date: isoDay(new Date(now.getTime() - 60 * 86_400_000)),
            exit_reason: 'Pindah domisili ke luar kota',
          });
        }
      } else if (kind.type === 'NON_MEMBER') {
        if (kind.upgrade)
          Object.assign(base, {
            upgrade_status: 'WAITING_APPROVAL',
            upgrade_reason: 'Ingin ikut pinjaman anggota',
            upgrade_requested_by: info.adminUserId,
          });
      } else {
        base.created_date = recent.toISOString();
        base.status = kind.status;
        if (kind.app) Object.assign(base, { registration_channel: 'MEMBER_APP', registered_by: null });
        if (kind.status !== 'WAITING_INTERVIEW') {
          Object.assign(base, {
            interview_date: isoDay(recent),
            interviewer_id: info.adminUserId,
            interview_notes:
              kind.status === 'REJECTED'
                ? 'Belum memiliki penghasilan tetap'
                : 'Usaha berjalan baik, bersedia membayar simpanan pokok dan wajib',
            interview_result: kind.status === 'REJECTED' ? 'NOT_RECOMMENDED' : 'RECOMMENDED',
            interviewed_by: info.adminUserId,
          });
        }
        if (kind.status === 'REJECTED')
          Object.assign(base, {
            approval_status: 'REJECTED',
            approval_reason: 'Belum memenuhi syarat penghasilan',
            approved_by: info.adminUserId,
          });
      }
      rows.push(base);
    });
    rows.sort((a, b) => String(a.created_date).localeCompare(String(b.created_date)));
    const cifs = await allocateCifs(
      tx,
      pattern,
      rows.map((r) => ({ date: r.join_date ?? String(r.created_date).slice(0, 10), branchCode: r.branchCode })),
    );
    rows.forEach((r, i) => {
      r.cif_number = cifs[i];
    });
    const ids = await insertMembers(
      tx,
      rows.map(({ branchCode: _b, ...r }) => r),
      info.adminUserId,
    );
    const byCif = (r: NewMember) => ids.get(r.cif_number)!;
    await auditCreatedMany(
      tx,
      ctx,
      'member.create',
      rows.map((r) => ({ id: byCif(r), after: { cifNumber: r.cif_number, fullName: r.full_name, memberType: r.member_type, demo: true } })),
    );
    await auditCreatedMany(
      tx,
      ctx,
      'member.interview',
      rows
        .filter((r) => r.interview_result)
        .map((r) => ({ id: byCif(r), after: { result: r.interview_result, notes: r.interview_notes } })),
    );
    await auditCreatedMany(
      tx,
      ctx,
      'member.reject',
      rows
        .filter((r) => r.approval_status === 'REJECTED')
        .map((r) => ({ id: byCif(r), after: { status: 'REJECTED', reason: r.approval_reason } })),
    );
    await auditCreatedMany(
      tx,
      ctx,
      'member.upgrade_request',
      rows
        .filter((r) => r.upgrade_status)
        .map((r) => ({ id: byCif(r), after: { upgradeStatus: 'WAITING_APPROVAL', reason: r.upgrade_reason } })),
    );
    await auditCreatedMany(
      tx,
      ctx,
      'member.exit',
      rows
        .filter((r) => r.status === 'EXITED')
        .map((r) => ({ id: byCif(r), after: { status: 'EXITED', exitDate: r.exit_date, reason: r.exit_reason } })),
    );
  });
}
