/** Fixtures of the members tests: member bodies, extra users and roles, multipart bodies, spreadsheets. */
import type { PermissionMatrix } from '@koperasi/contracts';
import ExcelJS from 'exceljs';
import { hashPassword } from '../src/lib/password.ts';
import { body, type Client, client, PASSWORD, signIn, type TestTenant } from './helpers.ts';

let n = 0;
/** A unique, valid 16-digit NIK (province code 3174, then time, worker and a counter). */
export function uniqueNik(): string {
  n += 1;
  // The counter has five digits: a file of thousands of rows is built within one millisecond on a quiet machine.
  return `3174${String(Date.now()).slice(-5)}${String(process.pid % 100).padStart(2, '0')}${String(n % 100_000).padStart(5, '0')}`;
}

let p = 0;
/** A unique valid Indonesian mobile number in E.164 (+62812 and 8 digits). */
export function uniqueMemberPhone(): string {
  p += 1;
  // A five-digit counter, as uniqueNik: a three-digit one repeated within a 2,300-row file built in one millisecond.
  return `+62812${String(Date.now()).slice(-2)}${process.pid % 10}${String(p % 100_000).padStart(5, '0')}`;
}

export function memberBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fullName: 'Budi Santoso',
    gender: 'L',
    birthPlace: 'Bandung',
    birthDate: '1985-03-12',
    phone: uniqueMemberPhone(),
    identityType: 'KTP',
    identityNumber: uniqueNik(),
    familyCardNumber: '3273010101010001',
    address: 'Jl. Cihampelas No. 12, Bandung',
    occupation: 'Pedagang',
    groupName: 'Kelompok Mawar',
    closestFamilyName: 'Siti Aminah',
    closestFamilyRelationship: 'Istri',
    ...over,
  };
}

export interface MemberData {
  id: string;
  cifNumber: string;
  fullName: string;
  status: string;
  memberType: string;
  isActive: boolean;
  joinDate: string | null;
  phone: string;
  identityNumber: string;
  [k: string]: unknown;
}

export async function createMember(c: Client, over: Record<string, unknown> = {}): Promise<MemberData> {
  const res = await c.post('/api/member', memberBody(over));
  if (res.statusCode !== 200) throw new Error(`create member failed: ${res.statusCode} ${res.body}`);
  return body<MemberData>(res).data;
}

/** A prospective member taken through interview and approval. */
export async function createActiveMember(c: Client, over: Record<string, unknown> = {}): Promise<MemberData> {
  const m = await createMember(c, over);
  const i = await c.post('/api/member/interview', { memberId: m.id, interviewDate: '2026-01-05', notes: 'Layak', result: 'RECOMMENDED' });
  if (i.statusCode !== 200) throw new Error(`interview failed: ${i.body}`);
  const a = await c.post('/api/member/aprroval', { memberId: m.id, status: 'APPROVED' });
  if (a.statusCode !== 200) throw new Error(`approval failed: ${a.body}`);
  return body<{ member: MemberData }>(a).data.member;
}

/** A signed-in user of the tenant with a role of these permissions (or a built-in role), optionally in an area. */
export async function createUser(
  t: TestTenant,
  opts: { permissions?: PermissionMatrix; roleCode?: 'AGENT' | 'TELLER'; areaId?: string | null; position?: string },
): Promise<{ id: string; client: Client }> {
  const email = `user-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@test.koperasi.id`;
  const hash = await hashPassword(PASSWORD);
  const id = await t.app.db.tenant(t.tenantId, async (tx) => {
    let roleId: string;
    if (opts.roleCode) {
      roleId = (await tx.one<{ id: string }>('SELECT id FROM role WHERE tenant_id = $1 AND code = $2', [t.tenantId, opts.roleCode]))!.id;
    } else {
      roleId = (await tx.one<{ id: string }>(`INSERT INTO role (tenant_id, name, permissions) VALUES ($1, $2, $3::jsonb) RETURNING id`, [
        t.tenantId,
        `Role ${Math.random().toString(36).slice(2)}`,
        JSON.stringify(opts.permissions ?? {}),
      ]))!.id;
    }
    const u = await tx.one<{ id: string }>(
      `INSERT INTO app_user (tenant_id, first_name, last_name, email, password_hash, role_id, area_id, position)
       VALUES ($1, 'Petugas', 'Uji', $2, $3, $4, $5, $6) RETURNING id`,
      [t.tenantId, email, hash, roleId, opts.areaId ?? null, opts.position ?? null],
    );
    return u!.id;
  });
  const res = await signIn(t.app, email, PASSWORD);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return { id, client: client(t.app, res.json().access_token) };
}

export async function createBranch(t: TestTenant, name: string, code: string | null): Promise<string> {
  return t.app.db.tenant(t.tenantId, async (tx) => {
    const r = await tx.one<{ id: string }>('INSERT INTO branch (tenant_id, name, code) VALUES ($1, $2, $3) RETURNING id', [
      t.tenantId,
      name,
      code,
    ]);
    return r!.id;
  });
}

export async function createArea(t: TestTenant, name: string, branchId: string | null = null): Promise<string> {
  return t.app.db.tenant(t.tenantId, async (tx) => {
    const r = await tx.one<{ id: string }>('INSERT INTO area (tenant_id, name, branch_id) VALUES ($1, $2, $3) RETURNING id', [
      t.tenantId,
      name,
      branchId,
    ]);
    return r!.id;
  });
}

/** Store a configuration value the way the settings module does (tenant_config, one row per key). */
export async function setConfig(t: TestTenant, key: string, value: Record<string, unknown>): Promise<void> {
  await t.app.db.tenant(t.tenantId, (tx) =>
    tx.exec(
      `INSERT INTO tenant_config (tenant_id, key, value) VALUES ($1, $2, $3::jsonb)
       ON CONFLICT (tenant_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [t.tenantId, key, JSON.stringify(value)],
    ),
  );
}

/** A multipart/form-data request body with one file. */
export function multipart(fileName: string, contentType: string, data: Buffer, field = 'file') {
  const boundary = `----koperasi${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx file with a header row and rows (cell values as given: strings, numbers, dates). */
export async function workbook(header: string[], rows: unknown[][], opts: { textColumns?: number[] } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Anggota');
  ws.addRow(header);
  for (const c of opts.textColumns ?? []) ws.getColumn(c).numFmt = '@';
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const TEMPLATE_HEADER = [
  'ID Anggota',
  'Nama Lengkap*',
  'Jenis Kelamin*',
  'Tempat Lahir',
  'Tanggal Lahir*',
  'No. Ponsel*',
  'Jenis Identitas',
  'No. Identitas*',
  'No. Kartu Keluarga',
  'Alamat*',
  'Pekerjaan/Usaha',
  'Jenis Anggota',
  'Tanggal Bergabung',
  'Limit Pinjaman',
  'Kelompok',
  'Nama Keluarga Terdekat',
  'Hubungan Keluarga',
  'No. Ponsel Keluarga',
  'Cabang',
  'Area',
];

/** Poll an upload until it is no longer RUNNING. */
export async function waitForUpload(c: Client, jobId: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await c.get(`/api/member/upload/${jobId}/progress`);
    const job = body<{ status: string; [k: string]: unknown }>(res).data;
    if (job.status !== 'RUNNING') return job;
    if (Date.now() > until) throw new Error(`upload ${jobId} still running`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
