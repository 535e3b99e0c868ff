/**
 * Bulk upload of members from Excel (spec "Members: upload", section 8 batch messages).
 *
 *  - The template has one sheet of columns (headers matched by name, in any
 *    order) and a sheet of instructions; identity, phone and card numbers are
 *    text cells so no digit is lost.
 *  - POST member/upload stores the file, counts its rows from the zip (more
 *    than 100,000 data rows is refused before anything is saved), creates an
 *    upload job and answers at once; the rows are then read with exceljs's
 *    streaming reader and validated one by one with the same rules as
 *    POST member. The screen polls GET member/upload/{jobId}/progress.
 *  - Valid rows commit in batches of 2,000 (one multi-row insert, one audit
 *    insert, one CIF allocation per batch) while the next batch is read.
 *    Failed rows are kept with the reason, prefixed 'Data ke {n} gagal
 *    terupload, ' (n = data row, 1 = the first row under the header), and can
 *    be downloaded as an Excel file for correction and re-upload.
 *  - Re-uploading does not duplicate: the same file (sha256) answers with the
 *    earlier job; a row whose identity number already belongs to a live member
 *    of the same name is SKIPPED (not failed), with another name it FAILS.
 *  - Rows default to memberType MEMBER (a cooperative bringing its existing
 *    members); their principal saving is recorded as owed like POST member.
 *  - A job whose progress has not moved for 2 minutes (the server stopped) is
 *    marked FAILED; uploading the same file again continues it (rows already
 *    saved are skipped).
 */
import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { hasMessage, type Lang, MEMBER_UPLOAD_MAX_ROWS, type MemberCreate, memberCreateBody, translate } from '@koperasi/contracts';
import { dec } from '@koperasi/finance';
import ExcelJS from 'exceljs';
import type { Tx } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { withTx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import type { Storage } from '../../lib/storage.ts';
import { getConfig } from '../settings/configuration.ts';
import { allocateCifs, cifPattern } from './members.cif.ts';
import { activeHolders, auditCreatedMany, insertMembers, type NewMember } from './members.repo.ts';
import { ageOn, todayWib } from './members.service.ts';
import { cellDate, cellDigits, cellText, countSheetRows, looksLikeXlsx } from './members.xlsx.ts';

// ---------------------------------------------------------------- template

interface Column {
  key: string;
  header: string;
  /** Text cell format (digits kept as typed). */
  text?: boolean;
  required?: boolean;
  width: number;
  help: string;
  aliases?: string[];
  choices?: string[];
}

export const UPLOAD_COLUMNS: Column[] = [
  {
    key: 'cifNumber',
    header: 'ID Anggota',
    text: true,
    width: 16,
    help: 'Kosongkan untuk nomor otomatis sesuai pola ID Anggota',
    aliases: ['cif', 'nocif'],
  },
  { key: 'fullName', header: 'Nama Lengkap', required: true, width: 28, help: 'Sesuai KTP', aliases: ['nama', 'namaanggota'] },
  { key: 'gender', header: 'Jenis Kelamin', required: true, width: 14, help: 'L (laki-laki) atau P (perempuan)', choices: ['L', 'P'] },
  { key: 'birthPlace', header: 'Tempat Lahir', width: 16, help: 'Kota/kabupaten lahir' },
  { key: 'birthDate', header: 'Tanggal Lahir', required: true, width: 14, help: 'Tanggal (sel tanggal) atau teks YYYY-MM-DD / DD-MM-YYYY' },
  {
    key: 'phone',
    header: 'No. Ponsel',
    text: true,
    required: true,
    width: 16,
    help: 'Contoh 081234567890 atau +6281234567890',
    aliases: ['nohp', 'ponsel', 'telepon', 'nomorponsel'],
  },
  {
    key: 'identityType',
    header: 'Jenis Identitas',
    width: 14,
    help: 'KTP (bawaan), SIM atau PASSPORT',
    choices: ['KTP', 'SIM', 'PASSPORT'],
  },
  {
    key: 'identityNumber',
    header: 'No. Identitas',
    text: true,
    required: true,
    width: 20,
    help: 'KTP: NIK 16 digit; SIM 12-14 digit; paspor 6-12 huruf/angka',
    aliases: ['nik', 'noktp', 'nomoridentitas'],
  },
  {
    key: 'familyCardNumber',
    header: 'No. Kartu Keluarga',
    text: true,
    width: 20,
    help: '16 digit (boleh kosong)',
    aliases: ['nokk', 'kk'],
  },
  { key: 'address', header: 'Alamat', required: true, width: 36, help: 'Alamat tempat tinggal' },
  { key: 'occupation', header: 'Pekerjaan/Usaha', width: 18, help: 'Pekerjaan atau jenis usaha', aliases: ['pekerjaan', 'usaha'] },
  {
    key: 'memberType',
    header: 'Jenis Anggota',
    width: 16,
    help: 'ANGGOTA (bawaan), NON ANGGOTA atau CALON',
    choices: ['ANGGOTA', 'NON ANGGOTA', 'CALON'],
  },
  { key: 'joinDate', header: 'Tanggal Bergabung', width: 16, help: 'Untuk ANGGOTA; kosong = hari ini' },
  { key: 'loanLimit', header: 'Limit Pinjaman', width: 16, help: 'Rupiah, boleh kosong' },
  { key: 'groupName', header: 'Kelompok', width: 14, help: 'Kelompok/rembug anggota' },
  { key: 'closestFamilyName', header: 'Nama Keluarga Terdekat', width: 24, help: 'Keluarga yang dapat dihubungi' },
  { key: 'closestFamilyRelationship', header: 'Hubungan Keluarga', width: 16, help: 'Contoh: Suami, Istri, Anak, Orang Tua' },
  { key: 'closestFamilyPhone', header: 'No. Ponsel Keluarga', text: true, width: 18, help: 'Boleh kosong' },
  { key: 'branch', header: 'Cabang', width: 14, help: 'Kode atau nama cabang (boleh kosong)' },
  { key: 'area', header: 'Area', width: 14, help: 'Nama area (boleh kosong)' },
];

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[^a-z0-9]/g, '');

const HEADER_INDEX = new Map<string, string>();
for (const c of UPLOAD_COLUMNS) {
  HEADER_INDEX.set(norm(c.header), c.key);
  HEADER_INDEX.set(norm(c.key), c.key);
  for (const a of c.aliases ?? []) HEADER_INDEX.set(a, c.key);
}

export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Koperasi';
  const ws = wb.addWorksheet('Anggota', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = UPLOAD_COLUMNS.map((c) => ({ header: c.required ? `${c.header}*` : c.header, key: c.key, width: c.width }));
  UPLOAD_COLUMNS.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    if (c.text) col.numFmt = '@';
    if (/Date$/.test(c.key)) col.numFmt = 'yyyy-mm-dd';
  });
  const header = ws.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2E7D32' } };
  UPLOAD_COLUMNS.forEach((c, i) => {
    if (!c.choices) return;
    const letter = ws.getColumn(i + 1).letter;
    // exceljs has list validations at runtime; its typings lack the property.
    (ws as unknown as { dataValidations: { add(range: string, v: Record<string, unknown>): void } }).dataValidations.add(
      `${letter}2:${letter}${MEMBER_UPLOAD_MAX_ROWS + 1}`,
      {
        type: 'list',
        allowBlank: !c.required,
        formulae: [`"${c.choices.join(',')}"`],
      },
    );
  });
  const help = wb.addWorksheet('Petunjuk');
  help.columns = [
    { header: 'Kolom', key: 'col', width: 26 },
    { header: 'Wajib', key: 'req', width: 8 },
    { header: 'Keterangan', key: 'help', width: 70 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of UPLOAD_COLUMNS) help.addRow({ col: c.header, req: c.required ? 'Ya' : '', help: c.help });
  help.addRow({});
  help.addRow({
    col: 'Catatan',
    help: `Maksimal ${MEMBER_UPLOAD_MAX_ROWS.toLocaleString('id-ID')} baris per file. Baris pertama sheet Anggota adalah judul kolom.`,
  });
  help.addRow({ help: 'Nomor identitas dan nomor ponsel harus unik di antara anggota aktif. Data yang sudah terdaftar dilewati.' });
  help.addRow({ help: 'Isi kolom nomor sebagai teks agar angka 0 di depan dan digit NIK tidak hilang.' });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---------------------------------------------------------------- jobs

interface JobRow {
  id: string;
  file_name: string;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  total_rows: number;
  processed_rows: number;
  success_rows: number;
  skipped_rows: number;
  failed_rows: number;
  message: string | null;
  created_date: Date;
  updated_date: Date;
  finished_date: Date | null;
}

function jobView(j: JobRow, duplicateOf?: string | null) {
  const percent = j.status === 'DONE' ? 100 : j.total_rows > 0 ? Math.min(99, Math.floor((j.processed_rows / j.total_rows) * 100)) : 0;
  return {
    id: j.id,
    fileName: j.file_name,
    status: j.status,
    totalRows: j.total_rows,
    processedRows: j.processed_rows,
    successRows: j.success_rows,
    skippedRows: j.skipped_rows,
    failedRows: j.failed_rows,
    percent,
    message: j.message,
    ...(duplicateOf !== undefined ? { duplicateOf } : {}),
    createdDate: j.created_date.toISOString(),
    finishedDate: j.finished_date ? j.finished_date.toISOString() : null,
  };
}

const STALE_SECONDS = 120;

export async function jobProgress(ctx: Ctx, jobId: string) {
  return withTx(ctx, async (tx) => {
    let j = await tx.one<JobRow>('SELECT * FROM member_upload_job WHERE tenant_id = app_tenant() AND id = $1', [jobId]);
    if (!j) throw notFound('member.upload_job_not_found');
    if (j.status === 'RUNNING' && Date.now() - j.updated_date.getTime() > STALE_SECONDS * 1000) {
      j =
        (await tx.one<JobRow>(
          `UPDATE member_upload_job SET status = 'FAILED', message = $2, finished_date = now()
         WHERE tenant_id = app_tenant() AND id = $1 AND status = 'RUNNING' RETURNING *`,
          [jobId, translate('member.upload_interrupted', ctx.lang)],
        )) ?? j;
    }
    return jobView(j);
  });
}

export async function listJobs(ctx: Ctx, page: number, limit: number) {
  return withTx(ctx, async (tx) => {
    const rows = await tx.query<JobRow>(
      `SELECT * FROM member_upload_job WHERE tenant_id = app_tenant() ORDER BY created_date DESC, id DESC LIMIT ${limit} OFFSET ${page * limit}`,
    );
    const n = await tx.one<{ n: number }>('SELECT count(*)::int AS n FROM member_upload_job WHERE tenant_id = app_tenant()');
    return paged(
      rows.map((r) => jobView(r)),
      n?.n ?? 0,
      page,
      limit,
    );
  });
}

export async function jobRows(ctx: Ctx, jobId: string, q: { page: number; limit: number; status?: 'FAILED' | 'SKIPPED' }) {
  return withTx(ctx, async (tx) => {
    const j = await tx.one('SELECT 1 FROM member_upload_job WHERE tenant_id = app_tenant() AND id = $1', [jobId]);
    if (!j) throw notFound('member.upload_job_not_found');
    const params: unknown[] = [jobId];
    let filter = '';
    if (q.status) {
      params.push(q.status);
      filter = ' AND status = $2';
    }
    const rows = await tx.query<{
      row_number: number;
      status: 'FAILED' | 'SKIPPED';
      message: string;
      member_id: string | null;
      data: Record<string, unknown>;
    }>(
      `SELECT row_number, status, message, member_id, data FROM member_upload_row
       WHERE tenant_id = app_tenant() AND job_id = $1${filter} ORDER BY row_number LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      params,
    );
    const n = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM member_upload_row WHERE tenant_id = app_tenant() AND job_id = $1${filter}`,
      params,
    );
    return paged(
      rows.map((r) => ({ row: r.row_number, status: r.status, message: r.message, memberId: r.member_id, data: r.data })),
      n?.n ?? 0,
      q.page,
      q.limit,
    );
  });
}

/** The failed rows as an Excel file in the template's columns plus the reason, ready to correct and upload again. */
export async function failedRowsWorkbook(ctx: Ctx, jobId: string): Promise<{ fileName: string; body: Buffer }> {
  const { job, rows } = await withTx(ctx, async (tx) => {
    const job = await tx.one<{ file_name: string }>('SELECT file_name FROM member_upload_job WHERE tenant_id = app_tenant() AND id = $1', [
      jobId,
    ]);
    if (!job) throw notFound('member.upload_job_not_found');
    const rows = await tx.query<{ row_number: number; message: string; data: Record<string, string> }>(
      `SELECT row_number, message, data FROM member_upload_row WHERE tenant_id = app_tenant() AND job_id = $1 AND status = 'FAILED' ORDER BY row_number`,
      [jobId],
    );
    return { job, rows };
  });
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('Anggota');
  ws.columns = [
    ...UPLOAD_COLUMNS.map((c) => ({
      header: c.required ? `${c.header}*` : c.header,
      key: c.key,
      width: c.width,
      style: c.text ? { numFmt: '@' } : {},
    })),
    { header: 'Keterangan', key: '_reason', width: 60 },
  ];
  for (const r of rows) ws.addRow({ ...r.data, _reason: r.message }).commit();
  ws.commit();
  await wb.commit();
  const base = job.file_name.replace(/\.xlsx$/i, '');
  return { fileName: `${base}-gagal.xlsx`, body: Buffer.concat(chunks) };
}

/**
 * Start an upload: validate the file, create the job (or return the job of the
 * same file) and process it in the background.
 */
export async function startUpload(ctx: Ctx, storage: Storage, file: { buffer: Buffer; fileName: string }) {
  const buf = file.buffer;
  if (!looksLikeXlsx(buf)) throw badRequest('UPLOAD_NOT_XLSX', 'member.upload_not_xlsx');
  let rows: number;
  try {
    rows = await countSheetRows(buf);
  } catch {
    throw badRequest('UPLOAD_NOT_XLSX', 'member.upload_not_xlsx');
  }
  const dataRows = Math.max(0, rows - 1);
  if (dataRows === 0) throw badRequest('UPLOAD_EMPTY', 'member.upload_empty');
  if (dataRows > MEMBER_UPLOAD_MAX_ROWS) {
    throw badRequest('UPLOAD_TOO_MANY_ROWS', 'member.upload_too_many_rows', {
      rows: dataRows.toLocaleString(ctx.lang === 'id' ? 'id-ID' : 'en-US'),
      max: MEMBER_UPLOAD_MAX_ROWS.toLocaleString(ctx.lang === 'id' ? 'id-ID' : 'en-US'),
    });
  }
  const hash = createHash('sha256').update(buf).digest('hex');
  const fileName = (file.fileName || 'anggota.xlsx').replace(/[^\w .()-]/g, '_').slice(0, 200);
  const created = await withTx(ctx, async (tx) => {
    const same = await tx.one<JobRow>(
      `SELECT * FROM member_upload_job WHERE tenant_id = app_tenant() AND file_hash = $1 AND status IN ('RUNNING', 'DONE')`,
      [hash],
    );
    if (same) return { job: same, duplicate: true };
    const job = await tx.one<JobRow>(
      `INSERT INTO member_upload_job (tenant_id, file_name, file_hash, file_size, status, total_rows, created_by)
       VALUES (app_tenant(), $1, $2, $3, 'RUNNING', $4, $5)
       ON CONFLICT (tenant_id, file_hash) WHERE status IN ('RUNNING', 'DONE') DO NOTHING RETURNING *`,
      [fileName, hash, buf.length, dataRows, ctx.userId],
    );
    if (!job) {
      const again = await tx.one<JobRow>(
        `SELECT * FROM member_upload_job WHERE tenant_id = app_tenant() AND file_hash = $1 AND status IN ('RUNNING', 'DONE')`,
        [hash],
      );
      return { job: again!, duplicate: true };
    }
    await tx.exec(
      `INSERT INTO audit_log (tenant_id, actor_user_id, action, entity, entity_id, after, request_id, ip, user_agent)
       VALUES (app_tenant(), $1, 'member.upload_start', 'member_upload_job', $2, $3::jsonb, $4, $5, $6)`,
      [
        ctx.userId,
        job.id,
        JSON.stringify({ fileName, fileHash: hash, rows: dataRows }),
        ctx.requestId,
        ctx.ip,
        ctx.userAgent?.slice(0, 500) ?? null,
      ],
    );
    return { job, duplicate: false };
  });
  if (created.duplicate) return { job: jobView(created.job, created.job.id), duplicate: true };
  const jobId = created.job.id;
  // The source file is kept with the job for the auditor; processing does not wait for it.
  void storage
    .put(`${ctx.tenantId}/member-uploads/${jobId}.xlsx`, buf, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .catch(() => undefined);
  const running = processUpload(ctx, jobId, buf).catch(async (err) => {
    const reason =
      err instanceof UploadError
        ? translate(err.key, ctx.lang, err.params)
        : translate('member.upload_excel_error', ctx.lang, { reason: String((err as Error).message ?? err) });
    await ctx.db
      .tenant(ctx.tenantId, (tx) =>
        tx.exec(
          `UPDATE member_upload_job SET status = 'FAILED', message = $2, finished_date = now() WHERE tenant_id = app_tenant() AND id = $1`,
          [jobId, reason],
        ),
      )
      .catch(() => undefined);
  });
  uploadsInFlight.add(running);
  void running.finally(() => uploadsInFlight.delete(running));
  return { job: jobView(created.job), duplicate: false };
}

/** Uploads being processed by this process (tests and shutdown wait for them). */
export const uploadsInFlight = new Set<Promise<unknown>>();

class UploadError extends Error {
  constructor(
    readonly key: string,
    readonly params?: Record<string, unknown>,
  ) {
    super(key);
  }
}

// ---------------------------------------------------------------- processing

interface Lookup {
  pattern: string;
  minimumAge: number;
  principalAmount: number;
  branches: Map<string, { id: string; code: string | null }>;
  areas: Map<string, string>;
  lang: Lang;
  today: string;
}

interface Candidate {
  n: number;
  data: Record<string, string>;
  error?: string;
  value?: MemberCreate & { branchCode: string | null };
}

const GENDER_WORDS: Record<string, string> = {
  L: 'L',
  LAKILAKI: 'L',
  PRIA: 'L',
  M: 'L',
  MALE: 'L',
  P: 'P',
  PEREMPUAN: 'P',
  WANITA: 'P',
  F: 'P',
  FEMALE: 'P',
};
const TYPE_WORDS: Record<string, string> = {
  ANGGOTA: 'MEMBER',
  MEMBER: 'MEMBER',
  NONANGGOTA: 'NON_MEMBER',
  NONMEMBER: 'NON_MEMBER',
  CALON: 'PROSPECTIVE',
  CALONANGGOTA: 'PROSPECTIVE',
  PROSPECTIVE: 'PROSPECTIVE',
};

function fieldLabel(key: string, lang: Lang): string {
  const k = `field.${key}`;
  return hasMessage(k) ? translate(k, lang) : key;
}

function issueText(issue: { path: PropertyKey[]; message: string; code: string; input?: unknown }, lang: Lang): string {
  const name = String(issue.path[issue.path.length - 1] ?? '');
  const field = fieldLabel(name, lang);
  if (hasMessage(issue.message)) return translate(issue.message, lang, { field });
  if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === ''))
    return translate('validation.required', lang, { field });
  return translate('validation.invalid', lang, { field });
}

/** One spreadsheet row to a candidate member, or the reason it cannot be one. */
function parseRow(n: number, cells: Map<string, unknown>, lk: Lookup): Candidate {
  const data: Record<string, string> = {};
  for (const [k, v] of cells) data[k] = /Date$/.test(k) ? cellDate(v) : cellText(v);
  const fail = (reason: string): Candidate => ({ n, data, error: reason });
  const raw: Record<string, unknown> = {};
  for (const key of ['identityNumber', 'phone', 'familyCardNumber', 'closestFamilyPhone', 'cifNumber']) {
    if (!cells.has(key)) continue;
    const d = cellDigits(cells.get(key));
    if (d === null) {
      // The spreadsheet already rounded the number: keep the cell empty in the correction file so it is typed again.
      data[key] = '';
      return fail(translate('member.upload_number_as_text', lk.lang, { field: fieldLabel(key, lk.lang) }));
    }
    raw[key] = d;
  }
  const text = (k: string) => data[k] ?? '';
  const optional = (k: string) => (text(k) === '' ? undefined : text(k));
  const gender = text('gender')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  const type = text('memberType')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  const input: Record<string, unknown> = {
    fullName: text('fullName'),
    gender: GENDER_WORDS[gender] ?? (gender || undefined),
    birthPlace: optional('birthPlace'),
    birthDate: optional('birthDate'),
    phone: raw.phone === '' ? undefined : raw.phone,
    identityType: optional('identityType')?.toUpperCase(),
    identityNumber: raw.identityNumber === '' ? undefined : raw.identityNumber,
    familyCardNumber: raw.familyCardNumber || undefined,
    address: text('address'),
    occupation: optional('occupation'),
    memberType: type ? (TYPE_WORDS[type] ?? type) : 'MEMBER',
    cifNumber: raw.cifNumber || undefined,
    joinDate: optional('joinDate'),
    loanLimit: cells.has('loanLimit') ? rupiahText(cells.get('loanLimit')) : undefined,
    groupName: optional('groupName'),
    closestFamilyName: optional('closestFamilyName'),
    closestFamilyRelationship: optional('closestFamilyRelationship'),
    closestFamilyPhone: raw.closestFamilyPhone || undefined,
  };
  const parsed = memberCreateBody.safeParse(input);
  if (!parsed.success) return fail(parsed.error.issues.map((i) => issueText(i as never, lk.lang)).join('; '));
  const v = parsed.data;
  if (v.memberType !== 'MEMBER' && v.joinDate) return fail(translate('member.join_date_member_only', lk.lang));
  const joinDate = v.memberType === 'MEMBER' ? (v.joinDate ?? lk.today) : null;
  if (v.memberType !== 'NON_MEMBER' && lk.minimumAge > 0 && ageOn(v.birthDate, joinDate ?? lk.today) < lk.minimumAge) {
    return fail(translate('member.too_young', lk.lang, { age: lk.minimumAge }));
  }
  if (joinDate && joinDate < v.birthDate) return fail(translate('member.join_before_birth', lk.lang));
  let branchCode: string | null = null;
  const branchText = text('branch');
  if (branchText) {
    const b = lk.branches.get(branchText.toLowerCase());
    if (!b) return fail(translate('member.upload_branch_unknown', lk.lang, { value: branchText }));
    v.branchId = b.id;
    branchCode = b.code;
  }
  const areaText = text('area');
  if (areaText) {
    const a = lk.areas.get(areaText.toLowerCase());
    if (!a) return fail(translate('member.upload_area_unknown', lk.lang, { value: areaText }));
    v.areaId = a;
  }
  return { n, data, value: { ...v, joinDate, branchCode } };
}

/** A rupiah amount from a number cell or text written the Indonesian (1.500.000,50) or English (1,500,000.50) way. */
function rupiahText(v: unknown): string | undefined {
  if (typeof v === 'number') return String(v);
  const s = cellText(v)
    .replace(/^rp\.?/i, '')
    .replace(/\s/g, '');
  if (!s) return undefined;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(s) || /^\d+,\d{1,2}$/.test(s)) return s.replace(/\./g, '').replace(',', '.');
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(s)) return s.replace(/,/g, '');
  return s;
}

const sameName = (a: string, b: string) => a.toLowerCase().replace(/\s+/g, ' ').trim() === b.toLowerCase().replace(/\s+/g, ' ').trim();

interface BatchResult {
  success: number;
  skipped: number;
  failed: number;
}

/** Commit one batch: database checks, CIF numbers, members, audit, row results, job counters. */
async function commitBatch(ctx: Ctx, jobId: string, batch: Candidate[], lk: Lookup): Promise<BatchResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await timed('db: batch transaction (total)', () =>
        ctx.db.tenant(ctx.tenantId, (tx) => commitBatchTx(tx, ctx, jobId, batch, lk)),
      );
    } catch (err) {
      // A member registered by someone else between our check and insert: check again.
      if ((err as { code?: string }).code === '23505' && attempt < 3) continue;
      throw err;
    }
  }
}

async function commitBatchTx(tx: Tx, ctx: Ctx, jobId: string, batch: Candidate[], lk: Lookup): Promise<BatchResult> {
  const results: Array<{
    row_number: number;
    status: 'FAILED' | 'SKIPPED';
    message: string;
    data: Record<string, string>;
    member_id: string | null;
  }> = [];
  const fail = (c: Candidate, reason: string) =>
    results.push({
      row_number: c.n,
      status: 'FAILED',
      message: translate('member.upload_row_failed', lk.lang, { n: c.n, reason }),
      data: c.data,
      member_id: null,
    });
  const valid = batch.filter((c) => {
    if (c.error) fail(c, c.error);
    return !c.error;
  });
  const holders = await timed('db: existing identity/phone', () =>
    activeHolders(
      tx,
      valid.map((c) => c.value!.identityNumber),
      valid.map((c) => c.value!.phone),
    ),
  );
  const byIdentity = new Map(holders.map((h) => [h.identity_number, h]));
  const byPhone = new Map(holders.filter((h) => h.phone).map((h) => [h.phone!, h]));
  const givenCifs = valid.map((c) => c.value!.cifNumber).filter((x): x is string => Boolean(x));
  const takenCifs = new Set(
    givenCifs.length
      ? (
          await tx.query<{ cif_number: string }>(
            'SELECT h.cif_number FROM unnest($1::text[]) AS k(v) CROSS JOIN LATERAL (SELECT m.cif_number FROM member m WHERE m.tenant_id = app_tenant() AND m.cif_number = k.v LIMIT 1) h',
            [givenCifs],
          )
        ).map((r) => r.cif_number)
      : [],
  );
  const toInsert: Candidate[] = [];
  for (const c of valid) {
    const v = c.value!;
    const holder = byIdentity.get(v.identityNumber);
    if (holder) {
      if (sameName(holder.full_name, v.fullName)) {
        results.push({
          row_number: c.n,
          status: 'SKIPPED',
          message: translate('member.upload_row_skipped', lk.lang, { n: c.n, cif: holder.cif_number }),
          data: c.data,
          member_id: holder.id,
        });
      } else {
        fail(
          c,
          translate('member.upload_identity_other_name', lk.lang, {
            identityNumber: v.identityNumber,
            name: holder.full_name,
            cif: holder.cif_number,
          }),
        );
      }
      continue;
    }
    const phoneHolder = byPhone.get(v.phone);
    if (phoneHolder) {
      fail(
        c,
        translate('member.upload_phone_taken', lk.lang, { phone: v.phone, name: phoneHolder.full_name, cif: phoneHolder.cif_number }),
      );
      continue;
    }
    if (v.cifNumber && takenCifs.has(v.cifNumber)) {
      fail(c, translate('member.cif_taken', lk.lang, { cif: v.cifNumber }));
      continue;
    }
    toInsert.push(c);
  }
  const needCif = toInsert.filter((c) => !c.value!.cifNumber);
  const cifs = await timed('db: CIF numbers', () =>
    allocateCifs(
      tx,
      lk.pattern,
      needCif.map((c) => ({ date: c.value!.joinDate ?? lk.today, branchCode: c.value!.branchCode })),
    ),
  );
  needCif.forEach((c, i) => {
    c.value!.cifNumber = cifs[i];
  });
  const principal =
    lk.principalAmount > 0 ? { principal_status: 'OWED' as const, principal_owed: dec(lk.principalAmount).toFixed(2) } : null;
  const rows: NewMember[] = toInsert.map((c) => {
    const v = c.value!;
    return {
      cif_number: v.cifNumber!,
      full_name: v.fullName,
      gender: v.gender,
      birth_place: v.birthPlace ?? null,
      birth_date: v.birthDate,
      phone: v.phone,
      identity_type: v.identityType,
      identity_number: v.identityNumber,
      family_card_number: v.familyCardNumber ?? null,
      address: v.address,
      occupation: v.occupation ?? null,
      member_type: v.memberType,
      status: v.memberType === 'PROSPECTIVE' ? 'WAITING_INTERVIEW' : 'ACTIVE',
      join_date: v.joinDate ?? null,
      loan_limit: v.loanLimit == null ? null : dec(v.loanLimit).toFixed(2),
      group_name: v.groupName ?? null,
      closest_family_name: v.closestFamilyName ?? null,
      closest_family_relationship: v.closestFamilyRelationship ?? null,
      closest_family_phone: v.closestFamilyPhone ?? null,
      branch_id: v.branchId ?? null,
      area_id: v.areaId ?? null,
      registration_channel: 'UPLOAD',
      upload_job_id: jobId,
      ...(v.memberType === 'MEMBER' && principal ? principal : { principal_status: 'NOT_REQUIRED' as const }),
      registered_by: ctx.userId,
    };
  });
  const ids = await timed('db: insert members', () => insertMembers(tx, rows, ctx.userId));
  await timed('db: audit', () =>
    auditCreatedMany(
      tx,
      ctx,
      'member.upload',
      toInsert.map((c) => ({
        id: ids.get(c.value!.cifNumber!)!,
        after: {
          jobId,
          row: c.n,
          cifNumber: c.value!.cifNumber,
          fullName: c.value!.fullName,
          memberType: c.value!.memberType,
          identityNumber: c.value!.identityNumber,
        },
      })),
    ),
  );
  if (results.length) {
    await tx.exec(
      `INSERT INTO member_upload_row (tenant_id, job_id, row_number, status, message, data, member_id)
       SELECT app_tenant(), $1, x.row_number, x.status, x.message, x.data, x.member_id
       FROM jsonb_to_recordset($2::jsonb) AS x(row_number int, status text, message text, data jsonb, member_id uuid)
       ON CONFLICT (tenant_id, job_id, row_number) DO NOTHING`,
      [jobId, JSON.stringify(results)],
    );
  }
  const r = {
    success: toInsert.length,
    skipped: results.filter((x) => x.status === 'SKIPPED').length,
    failed: results.filter((x) => x.status === 'FAILED').length,
  };
  await tx.exec(
    `UPDATE member_upload_job SET processed_rows = processed_rows + $2, success_rows = success_rows + $3,
       skipped_rows = skipped_rows + $4, failed_rows = failed_rows + $5
     WHERE tenant_id = app_tenant() AND id = $1`,
    [jobId, batch.length, r.success, r.skipped, r.failed],
  );
  return r;
}

const BATCH = 2000;

/** MEMBER_UPLOAD_PROFILE=1 prints where an upload spends its time (benchmarks). */
const profile = process.env.MEMBER_UPLOAD_PROFILE ? new Map<string, number>() : null;
async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  if (!profile) return fn();
  const s = performance.now();
  try {
    return await fn();
  } finally {
    profile.set(label, (profile.get(label) ?? 0) + performance.now() - s);
  }
}
function timedSync<T>(label: string, fn: () => T): T {
  if (!profile) return fn();
  const s = performance.now();
  try {
    return fn();
  } finally {
    profile.set(label, (profile.get(label) ?? 0) + performance.now() - s);
  }
}

async function processUpload(ctx: Ctx, jobId: string, buf: Buffer): Promise<void> {
  const lk = await ctx.db.tenant(ctx.tenantId, async (tx): Promise<Lookup> => {
    const reg = await getConfig(tx, ctx.tenantId, 'cooperativeRegulation');
    const branches = new Map<string, { id: string; code: string | null }>();
    for (const b of await tx.query<{ id: string; code: string | null; name: string }>(
      'SELECT id, code, name FROM branch WHERE tenant_id = app_tenant()',
    )) {
      branches.set(b.name.toLowerCase(), { id: b.id, code: b.code });
      if (b.code) branches.set(b.code.toLowerCase(), { id: b.id, code: b.code });
    }
    const areas = new Map<string, string>();
    for (const a of await tx.query<{ id: string; name: string }>('SELECT id, name FROM area WHERE tenant_id = app_tenant()'))
      areas.set(a.name.toLowerCase(), a.id);
    return {
      pattern: await cifPattern(tx, ctx.tenantId),
      minimumAge: reg.minimumMemberAge,
      principalAmount: reg.principalSavingAmount,
      branches,
      areas,
      lang: ctx.lang,
      today: todayWib(),
    };
  });

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  let columns: Array<string | null> | null = null;
  let n = 0;
  let batch: Candidate[] = [];
  let pending: Promise<BatchResult> | null = null;
  const seenIdentity = new Map<string, number>();
  const seenPhone = new Map<string, number>();
  const seenCif = new Map<string, number>();
  const started = performance.now();

  const flush = async () => {
    if (pending) await timed('reader waits for the previous batch', () => pending!);
    const b = batch;
    batch = [];
    pending = b.length ? commitBatch(ctx, jobId, b, lk) : null;
    // Handled where it is awaited; this keeps a failure from being an unhandled rejection meanwhile.
    pending?.catch(() => undefined);
  };

  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row.values ?? []) as unknown[];
      if (!values.some((v) => cellText(v) !== '')) continue;
      if (!columns) {
        columns = values.map((v) => HEADER_INDEX.get(norm(cellText(v))) ?? null);
        const missing = UPLOAD_COLUMNS.filter((c) => c.required && !columns!.includes(c.key)).map((c) => c.header);
        if (missing.length) throw new UploadError('member.upload_bad_header', { columns: missing.join(', ') });
        continue;
      }
      n++;
      const cells = new Map<string, unknown>();
      columns.forEach((key, i) => {
        if (key && !cells.has(key)) cells.set(key, values[i]);
      });
      const c = timedSync('validate rows', () => parseRow(n, cells, lk));
      if (c.value) {
        // Repeats inside the file: the later row fails, naming the earlier one.
        const v = c.value;
        const dup = (
          [
            ['identityNumber', v.identityNumber, seenIdentity],
            ['phone', v.phone, seenPhone],
            ['cifNumber', v.cifNumber, seenCif],
          ] as const
        ).find(([, value, seen]) => value && seen.has(value));
        if (dup) {
          const [field, value, seen] = dup;
          c.error = translate('member.upload_duplicate_in_file', lk.lang, {
            field: fieldLabel(field, lk.lang),
            value,
            other: seen.get(value!),
          });
          delete c.value;
        } else {
          seenIdentity.set(v.identityNumber, n);
          seenPhone.set(v.phone, n);
          if (v.cifNumber) seenCif.set(v.cifNumber, n);
        }
      }
      batch.push(c);
      if (batch.length >= BATCH) await flush();
      // Rows already read come from a buffer without waiting on I/O; let the
      // database client handle its replies now and then, so the batch being
      // committed advances while the next one is read.
      else if (n % 200 === 0) await new Promise((r) => setImmediate(r));
    }
    break;
  }
  if (!columns) throw new UploadError('member.upload_empty');
  await flush();
  if (pending) await pending;
  if (profile) {
    console.log(`member upload ${jobId}: ${n} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const [k, v] of profile) console.log(`  ${k.padEnd(40)} ${(v / 1000).toFixed(1)} s`);
    profile.clear();
  }
  await ctx.db.tenant(ctx.tenantId, async (tx) => {
    const j = await tx.one<JobRow>('SELECT * FROM member_upload_job WHERE tenant_id = app_tenant() AND id = $1', [jobId]);
    const message = translate('member.upload_done', lk.lang, {
      success: j!.success_rows,
      skipped: j!.skipped_rows,
      failed: j!.failed_rows,
    });
    await tx.exec(
      `UPDATE member_upload_job SET status = 'DONE', total_rows = processed_rows, message = $2, finished_date = now()
       WHERE tenant_id = app_tenant() AND id = $1`,
      [jobId, message],
    );
    await tx.exec(
      `INSERT INTO audit_log (tenant_id, actor_user_id, action, entity, entity_id, after, request_id, ip, user_agent)
       VALUES (app_tenant(), $1, 'member.upload_done', 'member_upload_job', $2, $3::jsonb, $4, $5, $6)`,
      [
        ctx.userId,
        jobId,
        JSON.stringify({ rows: j!.processed_rows, success: j!.success_rows, skipped: j!.skipped_rows, failed: j!.failed_rows }),
        ctx.requestId,
        ctx.ip,
        ctx.userAgent?.slice(0, 500) ?? null,
      ],
    );
  });
}
