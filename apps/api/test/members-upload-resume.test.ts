/**
 * Member upload: a reader (worker thread) that dies mid-file is replaced and
 * the job resumes at its last committed batch; a job that keeps dying, or
 * whose server stopped, is FAILED and continues when the same file is
 * uploaded again; nothing is inserted twice, CIF numbers have no gaps, and
 * the rows read the same in the worker thread and in the main thread.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { uploadHooks, uploadTuning } from '../src/modules/members/members.upload.ts';
import { body, newTenant, type TestTenant } from './helpers.ts';
import { multipart, TEMPLATE_HEADER, waitForUpload, workbook, XLSX_TYPE } from './members-fixtures.ts';

type Job = {
  id: string;
  status: string;
  totalRows: number;
  processedRows: number;
  successRows: number;
  skippedRows: number;
  failedRows: number;
  message: string;
};

/** Data row i of a file (identity numbers and phones unique within the tenant). */
function row(i: number, over: Partial<Record<number, unknown>> = {}): unknown[] {
  const r: unknown[] = [
    '',
    `Anggota Ke ${i}`,
    i % 2 ? 'L' : 'P',
    'Bogor',
    '1985-06-15',
    `0813${String(i).padStart(8, '0')}`,
    'KTP',
    `3201${String(i).padStart(12, '0')}`,
    '',
    `Jl. Pajajaran No. ${i}, Bogor`,
    'Wiraswasta',
    'ANGGOTA',
    '2023-05-01',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ];
  for (const [k, v] of Object.entries(over)) r[Number(k)] = v;
  return r;
}

function rows(n: number, change: (i: number, r: unknown[]) => void = () => undefined): unknown[][] {
  return Array.from({ length: n }, (_, k) => {
    const r = row(k + 1);
    change(k + 1, r);
    return r;
  });
}

async function upload(t: TestTenant, file: Buffer, name = 'anggota.xlsx') {
  const res = await t.admin.inject({ method: 'POST', url: '/api/member/upload', ...multipart(name, XLSX_TYPE, file) });
  expect(res.statusCode).toBe(200);
  return body<Job>(res).data;
}

/** What the tenant's database holds after an upload: members, their CIF numbers in order, and the audit entries of the upload. */
async function stored(t: TestTenant) {
  return t.app.db.owner(async (tx) => {
    const members = await tx.query<{ cif_number: string; identity_number: string }>(
      'SELECT cif_number, identity_number FROM member WHERE tenant_id = $1 ORDER BY cif_number',
      [t.tenantId],
    );
    const audit = await tx.one<{ n: number; members: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT entity_id)::int AS members FROM audit_log WHERE tenant_id = $1 AND action = 'member.upload'`,
      [t.tenantId],
    );
    return { members, audit: audit! };
  });
}

const cifs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => `2023${String(from + k).padStart(6, '0')}`);

const defaults = { ...uploadTuning };
afterEach(() => {
  Object.assign(uploadTuning, defaults);
  uploadHooks.afterBatch = undefined;
  delete process.env.MEMBER_UPLOAD_WORKER;
});

// Each test starts worker threads (a moment each on a busy machine); the first also waits for the app.
describe('member upload: crashes and resuming', { timeout: 240_000 }, () => {
  it('replaces a reader that dies mid-file and resumes at the last committed batch, without repeats or gaps', async () => {
    const t = await newTenant();
    uploadTuning.batchSize = 100;
    const file = await workbook(
      TEMPLATE_HEADER,
      rows(450, (i, r) => {
        if (i === 5) r[5] = '12345'; // a bad phone
        if (i === 420) r[7] = row(10)[7]; // repeats the NIK of row 10, read before the crash
      }),
    );
    const seen: Array<{ run: number; committedRows: number }> = [];
    uploadHooks.afterBatch = async (info) => {
      if (info.tenantId !== t.tenantId) return;
      seen.push({ run: info.run, committedRows: info.committedRows });
      if (info.run === 1 && info.committedRows === 200) await info.killReader();
    };
    const job = (await waitForUpload(t.admin, (await upload(t, file)).id, 120_000)) as unknown as Job;
    expect(job).toMatchObject({ status: 'DONE', totalRows: 450, processedRows: 450, successRows: 448, failedRows: 2, skippedRows: 0 });
    expect(job.message).toBe('448 data berhasil, 0 dilewati, 2 gagal');
    // A second reader took over, and every batch committed once, in order.
    expect(seen.some((s) => s.run === 2)).toBe(true);
    const committed = seen.map((s) => s.committedRows);
    expect(committed).toEqual([...committed].sort((a, b) => a - b));
    expect(new Set(committed).size).toBe(committed.length);
    expect(committed.at(-1)).toBe(450);

    const failed = body<{ content: Array<{ row: number; message: string }> }>(await t.admin.get(`/api/member/upload/${job.id}/rows`)).data
      .content;
    expect(failed.map((f) => f.row)).toEqual([5, 420]);
    expect(failed[1].message).toBe(`Data ke 420 gagal terupload, Nomor identitas ${row(10)[7]} sama dengan data ke 10`);
    const db = await stored(t);
    expect(db.members).toHaveLength(448);
    expect(new Set(db.members.map((m) => m.identity_number)).size).toBe(448);
    expect(db.members.map((m) => m.cif_number)).toEqual(cifs(1, 448));
    expect(db.audit).toEqual({ n: 448, members: 448 });
    // The job runner's progress row (same id) agrees, with each batch recorded once (modules/jobs, recordChunk).
    const run = body<{ status: string; done: number; total: number; name: string }>(await t.admin.get(`/api/jobs/${job.id}`)).data;
    expect(run).toMatchObject({ name: 'members.upload', status: 'DONE', done: 450, total: 450 });
    const chunks = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ item_key: string }>('SELECT item_key FROM job_item WHERE run_id = $1 ORDER BY item_key', [job.id]),
    );
    expect(chunks.map((c) => c.item_key).sort()).toEqual(committed.map((n, i) => `${(committed[i - 1] ?? 0) + 1}-${n}`).sort());
  });

  it('gives up a job whose reader keeps dying as interrupted; uploading the file again continues the same job', async () => {
    const t = await newTenant();
    Object.assign(uploadTuning, { batchSize: 100, ahead: 1 });
    const file = await workbook(TEMPLATE_HEADER, rows(450));
    uploadHooks.afterBatch = async (info) => {
      if (info.tenantId === t.tenantId) await info.killReader();
    };
    const first = (await waitForUpload(t.admin, (await upload(t, file)).id, 120_000)) as unknown as Job;
    // Three readers, each killed after its first batch.
    expect(first).toMatchObject({ status: 'FAILED', processedRows: 300, successRows: 300 });
    expect(first.message).toBe('Proses unggah terhenti sebelum selesai; unggah ulang file yang sama untuk melanjutkan');
    expect((await stored(t)).members).toHaveLength(300);

    uploadHooks.afterBatch = undefined;
    const again = await upload(t, file, 'anggota-lagi.xlsx');
    expect(again).toMatchObject({ id: first.id, status: 'RUNNING', processedRows: 300 });
    const done = (await waitForUpload(t.admin, again.id, 120_000)) as unknown as Job;
    expect(done).toMatchObject({ status: 'DONE', totalRows: 450, processedRows: 450, successRows: 450, skippedRows: 0, failedRows: 0 });
    const db = await stored(t);
    expect(db.members.map((m) => m.cif_number)).toEqual(cifs(1, 450));
    expect(db.audit).toEqual({ n: 450, members: 450 });
    const jobs = body<{ content: Job[] }>(await t.admin.get('/api/member/upload')).data.content;
    expect(jobs.map((j) => j.id)).toEqual([first.id]);
    const resumed = await t.app.db.owner((tx) =>
      tx.one<{ after: { fromRow: number } }>(
        `SELECT after FROM audit_log WHERE tenant_id = $1 AND action = 'member.upload_resume' AND entity_id = $2`,
        [t.tenantId, first.id],
      ),
    );
    expect(resumed?.after.fromRow).toBe(300);
  });

  it('marks a job whose server stopped as interrupted, and continues it when the file is uploaded again', async () => {
    const t = await newTenant();
    uploadTuning.batchSize = 100;
    const file = await workbook(TEMPLATE_HEADER, rows(250));
    uploadHooks.afterBatch = (info) => {
      if (info.tenantId === t.tenantId && info.committedRows === 100) throw new Error('server stopped');
    };
    const stopped = (await waitForUpload(t.admin, (await upload(t, file)).id)) as unknown as Job;
    expect(stopped).toMatchObject({ status: 'FAILED', processedRows: 100 });
    // As if the process had died while RUNNING: the job was left running and stopped moving 10 minutes ago.
    await t.app.db.owner(async (tx) => {
      await tx.exec('SET LOCAL session_replication_role = replica');
      await tx.exec(
        `UPDATE member_upload_job SET status = 'RUNNING', message = NULL, finished_date = NULL, updated_date = now() - interval '10 minutes'
         WHERE tenant_id = $1 AND id = $2`,
        [t.tenantId, stopped.id],
      );
    });
    const progress = body<Job>(await t.admin.get(`/api/member/upload/${stopped.id}/progress`)).data;
    expect(progress).toMatchObject({ status: 'FAILED', processedRows: 100 });
    expect(progress.message).toBe('Proses unggah terhenti sebelum selesai; unggah ulang file yang sama untuk melanjutkan');

    uploadHooks.afterBatch = undefined;
    const again = await upload(t, file);
    expect(again.id).toBe(stopped.id);
    const done = (await waitForUpload(t.admin, again.id)) as unknown as Job;
    expect(done).toMatchObject({ status: 'DONE', processedRows: 250, successRows: 250 });
    const db = await stored(t);
    expect(db.members.map((m) => m.cif_number)).toEqual(cifs(1, 250));
    expect(db.audit).toEqual({ n: 250, members: 250 });
    // Uploaded once more, the file answers with the finished job.
    expect(await upload(t, file)).toMatchObject({ id: stopped.id, status: 'DONE', duplicateOf: stopped.id });
  });

  it('reads, validates and saves the same in the worker thread and in the main thread', async () => {
    const file = await workbook(
      TEMPLATE_HEADER,
      rows(230, (i, r) => {
        if (i % 17 === 0) r[4] = '31/02/1980'; // impossible date
        if (i % 23 === 0) r[7] = '123'; // short NIK
        if (i % 29 === 0) r[5] = row(i - 1)[5]; // repeats the phone of the row before
        if (i % 31 === 0) r[11] = 'CALON';
        if (i % 31 === 0) r[12] = '';
        if (i % 37 === 0) r[0] = `X-${i}`; // own CIF
        if (i % 41 === 0) r[13] = '2.500.000,50';
      }),
    );
    const results: unknown[] = [];
    for (const worker of ['1', '0']) {
      process.env.MEMBER_UPLOAD_WORKER = worker;
      const t = await newTenant();
      const job = (await waitForUpload(t.admin, (await upload(t, file)).id)) as unknown as Job;
      const failed = body<{ content: Array<{ row: number; message: string }> }>(
        await t.admin.get(`/api/member/upload/${job.id}/rows`, { limit: 100 }),
      ).data.content;
      const members = await t.app.db.owner((tx) =>
        tx.query(
          `SELECT cif_number, full_name, gender, birth_date, phone, identity_number, member_type, status, join_date, loan_limit::text, address
           FROM member WHERE tenant_id = $1 ORDER BY cif_number`,
          [t.tenantId],
        ),
      );
      results.push({ counts: [job.processedRows, job.successRows, job.failedRows, job.skippedRows], failed, members });
    }
    expect((results[0] as { failed: unknown[] }).failed.length).toBeGreaterThan(20);
    expect(results[1]).toEqual(results[0]);
  });
});
