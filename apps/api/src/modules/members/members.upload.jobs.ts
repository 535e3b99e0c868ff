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
import { isAgent } from './members.repo.ts';
import { UPLOAD_JOB } from './members.upload.db.ts';
import {
  failedJobRows,
  failStaleJob,
  findJob,
  type JobRow,
  jobExists,
  jobFileName,
  pageOfJobRows,
  pageOfJobs,
} from './members.upload.repo.ts';
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

export type { JobRow };

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
 * view is scoped: modules/users/agent-scope.ts): its user id, null for staff.
 */
function scopeParam(ctx: Ctx): string | null {
  return isAgent(ctx) ? ctx.userId : null;
}

export async function jobProgress(ctx: Ctx, jobId: string) {
  return withTx(ctx, async (tx) => {
    let j = await findJob(tx, jobId, scopeParam(ctx));
    if (!j) throw notFound('member.upload_job_not_found');
    if (j.status === 'RUNNING' && Date.now() - j.updated_date.getTime() > STALE_SECONDS * 1000) {
      j = (await failStaleJob(tx, jobId, translate('member.upload_interrupted', ctx.lang))) ?? j;
      if (j.status === 'FAILED') await closeRun(tx, UPLOAD_JOB, jobId, 'FAILED', j.message);
    }
    return jobView(j);
  });
}

export async function listJobs(ctx: Ctx, page: number, limit: number) {
  return withTx(ctx, async (tx) => {
    const { rows, total } = await pageOfJobs(tx, scopeParam(ctx), page, limit);
    return paged(
      rows.map((r) => jobView(r)),
      total,
      page,
      limit,
    );
  });
}

export async function jobRows(ctx: Ctx, jobId: string, q: { page: number; limit: number; status?: 'FAILED' | 'SKIPPED' }) {
  return withTx(ctx, async (tx) => {
    if (!(await jobExists(tx, jobId, scopeParam(ctx)))) throw notFound('member.upload_job_not_found');
    const { rows, total } = await pageOfJobRows(tx, jobId, scopeParam(ctx), q);
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
      total,
      q.page,
      q.limit,
    );
  });
}

/** The failed rows as an Excel file in the template's columns plus the reason, ready to correct and upload again. */
export async function failedRowsWorkbook(ctx: Ctx, jobId: string): Promise<{ fileName: string; body: Buffer }> {
  const { job, rows } = await withTx(ctx, async (tx) => {
    const job = await jobFileName(tx, jobId, scopeParam(ctx));
    if (!job) throw notFound('member.upload_job_not_found');
    const rows = await failedJobRows(tx, jobId);
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
