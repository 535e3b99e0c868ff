/**
 * Member upload: the template, and reading upload jobs (progress, list, rows, failed rows as Excel). Starting and
 * processing an upload is members.upload.ts.
 */
import { PassThrough } from 'node:stream';
import { translate } from '@koperasi/contracts';
import ExcelJS from 'exceljs';
import type { Ctx } from '../../lib/context.ts';
import { withTx } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { paged } from '../../lib/http.ts';
import { closeRun } from '../jobs/batch.ts';
import { agentScopeSql, isAgent } from './members.repo.ts';
import { UPLOAD_JOB } from './members.upload.db.ts';
import { MEMBER_UPLOAD_MAX_ROWS, UPLOAD_COLUMNS } from './members.upload.rows.ts';

// ---------------------------------------------------------------- template

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

export interface JobRow {
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

export function jobView(j: JobRow, duplicateOf?: string | null) {
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

/**
 * An agent sees only the uploads it made (like every member read, an agent's
 * view is scoped: modules/users/agent-scope.ts). `$n` is the user's parameter.
 */
function jobScope(ctx: Ctx, param: string): string {
  return isAgent(ctx) ? ` AND created_by = ${param}` : '';
}

function scopeParam(ctx: Ctx): string | null {
  return isAgent(ctx) ? ctx.userId : null;
}

export async function jobProgress(ctx: Ctx, jobId: string) {
  return withTx(ctx, async (tx) => {
    let j = await tx.one<JobRow>(
      `SELECT * FROM member_upload_job WHERE tenant_id = app_tenant() AND id = $1${jobScope(ctx, '$2::uuid')}`,
      isAgent(ctx) ? [jobId, scopeParam(ctx)] : [jobId],
    );
    if (!j) throw notFound('member.upload_job_not_found');
    if (j.status === 'RUNNING' && Date.now() - j.updated_date.getTime() > STALE_SECONDS * 1000) {
      j =
        (await tx.one<JobRow>(
          `UPDATE member_upload_job SET status = 'FAILED', message = $2, finished_date = now()
         WHERE tenant_id = app_tenant() AND id = $1 AND status = 'RUNNING' RETURNING *`,
          [jobId, translate('member.upload_interrupted', ctx.lang)],
        )) ?? j;
      if (j.status === 'FAILED') await closeRun(tx, UPLOAD_JOB, jobId, 'FAILED', j.message);
    }
    return jobView(j);
  });
}

export async function listJobs(ctx: Ctx, page: number, limit: number) {
  return withTx(ctx, async (tx) => {
    const params = isAgent(ctx) ? [scopeParam(ctx)] : [];
    const rows = await tx.query<JobRow>(
      `SELECT * FROM member_upload_job WHERE tenant_id = app_tenant()${jobScope(ctx, '$1::uuid')}
       ORDER BY created_date DESC, id DESC LIMIT ${limit} OFFSET ${page * limit}`,
      params,
    );
    const n = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM member_upload_job WHERE tenant_id = app_tenant()${jobScope(ctx, '$1::uuid')}`,
      params,
    );
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
    const j = await tx.one(
      `SELECT 1 FROM member_upload_job WHERE tenant_id = app_tenant() AND id = $1${jobScope(ctx, '$2::uuid')}`,
      isAgent(ctx) ? [jobId, scopeParam(ctx)] : [jobId],
    );
    if (!j) throw notFound('member.upload_job_not_found');
    const params: unknown[] = [jobId, scopeParam(ctx)];
    let filter = '';
    if (q.status) {
      params.push(q.status);
      filter = ' AND status = $3';
    }
    const rows = await tx.query<{
      row_number: number;
      status: 'FAILED' | 'SKIPPED';
      message: string;
      member_id: string | null;
      data: Record<string, unknown>;
      in_scope: boolean;
    }>(
      // A skipped row names a member: an agent sees it only when the member is in the agent's scope.
      `SELECT r.row_number, r.status, r.message, r.member_id,
              -- A row's data is answered only while it is of a sane size (files read before the cell limit may hold more).
              CASE WHEN octet_length(r.data::text) <= 65536 THEN r.data ELSE '{}'::jsonb END AS data,
              (r.member_id IS NULL OR $2::uuid IS NULL OR EXISTS (
                SELECT 1 FROM member m WHERE m.tenant_id = app_tenant() AND m.id = r.member_id AND ${agentScopeSql('m', '$2::uuid')})) AS in_scope
       FROM member_upload_row r
       WHERE r.tenant_id = app_tenant() AND r.job_id = $1${filter.replace('status', 'r.status')}
       ORDER BY r.row_number LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
      params,
    );
    const n = await tx.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM member_upload_row WHERE tenant_id = app_tenant() AND job_id = $1${q.status ? ' AND status = $2' : ''}`,
      q.status ? [jobId, q.status] : [jobId],
    );
    return paged(
      rows.map((r) =>
        r.in_scope
          ? { row: r.row_number, status: r.status, message: r.message, memberId: r.member_id, data: r.data }
          : {
              row: r.row_number,
              status: r.status,
              message: translate('member.upload_row_skipped_registered', ctx.lang, { n: r.row_number }),
              memberId: null,
              data: r.data,
            },
      ),
      n?.n ?? 0,
      q.page,
      q.limit,
    );
  });
}

/** The failed rows as an Excel file in the template's columns plus the reason, ready to correct and upload again. */
export async function failedRowsWorkbook(ctx: Ctx, jobId: string): Promise<{ fileName: string; body: Buffer }> {
  const { job, rows } = await withTx(ctx, async (tx) => {
    const job = await tx.one<{ file_name: string }>(
      `SELECT file_name FROM member_upload_job WHERE tenant_id = app_tenant() AND id = $1${jobScope(ctx, '$2::uuid')}`,
      isAgent(ctx) ? [jobId, scopeParam(ctx)] : [jobId],
    );
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
