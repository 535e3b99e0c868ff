/**
 * Member bulk upload from Excel: template, row-by-row validation with the
 * spec's 'Data ke {n} gagal terupload, ' prefix, batches, progress, the
 * failed-rows workbook, and re-uploads that do not duplicate.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { body, newTenant } from './helpers.ts';
import {
  createArea,
  createBranch,
  createMember,
  type MemberData,
  multipart,
  TEMPLATE_HEADER,
  uniqueMemberPhone,
  uniqueNik,
  waitForUpload,
  workbook,
  XLSX_TYPE,
} from './members-fixtures.ts';

type Job = {
  id: string;
  status: string;
  totalRows: number;
  processedRows: number;
  successRows: number;
  skippedRows: number;
  failedRows: number;
  percent: number;
  message: string;
  duplicateOf?: string | null;
};

/** A template row: [cif, name, gender, birthPlace, birthDate, phone, idType, idNumber, kk, address, job, type, joinDate, limit, group, family, relation, familyPhone, branch, area]. */
function row(over: Partial<Record<number, unknown>> = {}): unknown[] {
  const r: unknown[] = [
    '',
    'Slamet Riyadi',
    'L',
    'Solo',
    '1980-08-17',
    uniqueMemberPhone().replace('+62', '0'),
    'KTP',
    uniqueNik(),
    '',
    'Jl. Slamet Riyadi 10, Solo',
    'Pedagang',
    'ANGGOTA',
    '2021-03-01',
    '5.000.000',
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

async function upload(t: Awaited<ReturnType<typeof newTenant>>, file: Buffer, name = 'anggota.xlsx') {
  return t.admin.inject({ method: 'POST', url: '/api/member/upload', ...multipart(name, XLSX_TYPE, file) });
}

describe('member upload', () => {
  it('serves a template with the columns, text formats and an instructions sheet', async () => {
    const t = await newTenant();
    const res = await t.admin.get('/api/member/upload/template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Anggota')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(TEMPLATE_HEADER);
    expect(ws.getColumn(8).numFmt).toBe('@');
    expect(wb.getWorksheet('Petunjuk')!.rowCount).toBeGreaterThan(20);
  });

  it('saves the good rows, explains each bad row, and offers the failed rows for correction', async () => {
    const t = await newTenant();
    const branch = await createBranch(t, 'Cabang Solo', 'SLO');
    await createArea(t, 'Laweyan', branch);
    const existing = await createMember(t.admin, { fullName: 'Sudah Terdaftar', memberType: 'MEMBER', joinDate: '2020-01-01' });
    const other = await createMember(t.admin, { fullName: 'Pemilik NIK' });
    const dupNik = uniqueNik();
    const rows = [
      row({ 1: 'Anggota Satu', 18: 'SLO', 19: 'Laweyan' }), // 1 ok
      row({ 1: 'Anggota Dua', 2: 'Perempuan', 4: new Date(Date.UTC(1990, 4, 2)), 11: 'CALON', 12: '' }), // 2 ok (prospective)
      row({ 1: 'Anggota Tiga', 7: '31740112038500' }), // 3 NIK 14 digits
      row({ 1: '' }), // 4 no name
      row({ 1: 'Anggota Lima', 5: '12345' }), // 5 bad phone
      row({ 1: 'Anggota Enam', 7: dupNik }), // 6 ok
      row({ 1: 'Anggota Tujuh', 7: dupNik }), // 7 same NIK as row 6
      row({ 1: 'Sudah Terdaftar', 7: existing.identityNumber, 5: existing.phone }), // 8 skipped (already a member)
      row({ 1: 'Orang Lain', 7: other.identityNumber }), // 9 NIK of someone else
      row({ 1: 'Anggota Sepuluh', 18: 'XXX' }), // 10 unknown branch
      row({ 1: 'Non Anggota', 11: 'NON ANGGOTA', 12: '' }), // 11 ok
      row({ 1: 'Anak Kecil', 4: '2020-01-01' }), // 12 too young
      row({ 1: 'Angka NIK', 7: 3174011203850777 }), // 13 NIK typed as a number, exact: ok
      row({ 1: 'NIK Rusak', 7: Number('9474011203850777') }), // 14 NIK typed as a number beyond 2^53: Excel already lost digits
      row({ 1: 'Tanggal Salah', 4: '31/02/1980' }), // 15 impossible date
      [], // empty row: ignored
      row({ 1: 'Anggota Terakhir', 0: 'A-777' }), // 16 ok with its own CIF
    ];
    const file = await workbook(TEMPLATE_HEADER, rows, { textColumns: [1, 6, 8, 9, 18] });
    const res = await upload(t, file);
    expect(res.statusCode).toBe(200);
    const started = body<Job>(res);
    expect(started.message).toBe('File diterima dan sedang diproses');
    expect(started.data).toMatchObject({ status: 'RUNNING', totalRows: 16 });
    const job = (await waitForUpload(t.admin, started.data.id)) as unknown as Job;
    expect(job).toMatchObject({
      status: 'DONE',
      totalRows: 16,
      processedRows: 16,
      successRows: 6,
      skippedRows: 1,
      failedRows: 9,
      percent: 100,
    });
    expect(job.message).toBe('6 data berhasil, 1 dilewati, 9 gagal');

    const failed = body<{ content: Array<{ row: number; message: string }> }>(
      await t.admin.get(`/api/member/upload/${job.id}/rows`, { status: 'FAILED' }),
    ).data.content;
    expect(Object.fromEntries(failed.map((f) => [f.row, f.message]))).toEqual({
      3: 'Data ke 3 gagal terupload, NIK (nomor KTP) harus 16 digit angka',
      4: 'Data ke 4 gagal terupload, Nama lengkap wajib diisi',
      5: 'Data ke 5 gagal terupload, Nomor ponsel tidak valid, gunakan format Indonesia seperti 081234567890 atau +6281234567890',
      7: `Data ke 7 gagal terupload, Nomor identitas ${dupNik} sama dengan data ke 6`,
      9: `Data ke 9 gagal terupload, nomor identitas ${other.identityNumber} sudah terdaftar atas nama Pemilik NIK (${other.cifNumber})`,
      10: 'Data ke 10 gagal terupload, cabang XXX tidak ditemukan',
      12: 'Data ke 12 gagal terupload, Usia anggota minimal 17 tahun menurut peraturan koperasi',
      14: 'Data ke 14 gagal terupload, Nomor identitas harus diisi sebagai teks (format sel Text) agar digit tidak hilang',
      15: 'Data ke 15 gagal terupload, Format tanggal tidak valid (YYYY-MM-DD)',
    });
    const skipped = body<{ content: Array<{ row: number; message: string; memberId: string }> }>(
      await t.admin.get(`/api/member/upload/${job.id}/rows`, { status: 'SKIPPED' }),
    ).data.content;
    expect(skipped).toEqual([
      expect.objectContaining({
        row: 8,
        memberId: existing.id,
        message: `Data ke 8 sudah terdaftar sebagai ${existing.cifNumber}, dilewati`,
      }),
    ]);

    const list = body<{ content: MemberData[] }>(await t.admin.get('/api/member/datatable', { limit: 100, sort: 'full_name,asc' })).data
      .content;
    const uploaded = list.filter((m) => m.registrationChannel === 'UPLOAD');
    expect(uploaded.map((m) => m.fullName)).toEqual([
      'Anggota Dua',
      'Anggota Enam',
      'Anggota Satu',
      'Anggota Terakhir',
      'Angka NIK',
      'Non Anggota',
    ]);
    const one = uploaded.find((m) => m.fullName === 'Anggota Satu')!;
    expect(one).toMatchObject({
      memberType: 'MEMBER',
      status: 'ACTIVE',
      joinDate: '2021-03-01',
      branchName: 'Cabang Solo',
      areaName: 'Laweyan',
      principalStatus: 'OWED',
    });
    expect(one.cifNumber).toMatch(/^2021\d{6}$/);
    expect(uploaded.find((m) => m.fullName === 'Anggota Dua')).toMatchObject({
      memberType: 'PROSPECTIVE',
      status: 'WAITING_INTERVIEW',
      gender: 'P',
      birthDate: '1990-05-02',
      joinDate: null,
    });
    expect(uploaded.find((m) => m.fullName === 'Anggota Terakhir')!.cifNumber).toBe('A-777');
    const detail = body<MemberData & { loanLimit: number }>(await t.admin.get(`/api/member/${one.id}/detail`)).data;
    expect(detail.loanLimit).toBe(5000000);
    const tl = body<{ content: Array<{ action: string; after: { jobId: string; row: number } }> }>(
      await t.admin.get(`/api/member/${one.id}/timeline`),
    ).data.content;
    expect(tl).toEqual([expect.objectContaining({ action: 'member.upload', after: expect.objectContaining({ jobId: job.id, row: 1 }) })]);

    // The failed rows come back as a workbook with the reasons, ready to fix and upload again.
    const fx = await t.admin.get(`/api/member/upload/${job.id}/failed-rows`);
    expect(fx.statusCode).toBe(200);
    expect(fx.headers['content-disposition']).toContain('anggota-gagal.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(10);
    expect(ws.getRow(1).getCell(21).value).toBe('Keterangan');
    expect(ws.getRow(2).getCell(2).value).toBe('Anggota Tiga');
    expect(ws.getRow(2).getCell(21).value).toBe('Data ke 3 gagal terupload, NIK (nomor KTP) harus 16 digit angka');
    expect(String(ws.getRow(2).getCell(8).value)).toBe('31740112038500');

    // Correct one failed row in the returned file and upload it again: only that row is new.
    ws.getRow(2).getCell(8).value = uniqueNik();
    const again = await upload(t, Buffer.from(await wb.xlsx.writeBuffer()), 'perbaikan.xlsx');
    const job2 = (await waitForUpload(t.admin, body<Job>(again).data.id)) as unknown as Job;
    expect(job2).toMatchObject({ status: 'DONE', successRows: 1, failedRows: 8 });
  });

  it('does not duplicate members when the same file or the same people are uploaded again', async () => {
    const t = await newTenant();
    const rows = [row({ 1: 'Satu' }), row({ 1: 'Dua' }), row({ 1: 'Tiga' })];
    const file = await workbook(TEMPLATE_HEADER, rows);
    const first = (await waitForUpload(t.admin, body<Job>(await upload(t, file)).data.id)) as unknown as Job;
    expect(first.successRows).toBe(3);
    const same = await upload(t, file, 'lagi.xlsx');
    expect(body<Job>(same)).toMatchObject({
      message: 'File yang sama sudah pernah diunggah; hasil unggahan sebelumnya ditampilkan',
      data: { id: first.id, duplicateOf: first.id },
    });
    const bigger = await workbook(TEMPLATE_HEADER, [...rows, row({ 1: 'Empat' })]);
    const second = (await waitForUpload(t.admin, body<Job>(await upload(t, bigger)).data.id)) as unknown as Job;
    expect(second).toMatchObject({ successRows: 1, skippedRows: 3, failedRows: 0 });
    const total = body<{ totalElements: number }>(await t.admin.get('/api/member/datatable')).data.totalElements;
    expect(total).toBe(4);
    const jobs = body<{ content: Job[] }>(await t.admin.get('/api/member/upload')).data.content;
    expect(jobs.map((j) => j.id)).toEqual([second.id, first.id]);
  });

  it('commits across batches with consecutive CIF numbers and catches repeats across a batch boundary', async () => {
    const t = await newTenant();
    const rows = Array.from({ length: 2300 }, (_, i) => row({ 1: `Anggota Massal ${i + 1}`, 12: '2023-05-01' }));
    rows[2199][7] = rows[9][7]; // row 2200 repeats the NIK of row 10
    const job = (await waitForUpload(
      t.admin,
      body<Job>(await upload(t, await workbook(TEMPLATE_HEADER, rows))).data.id,
      120_000,
    )) as unknown as Job;
    expect(job).toMatchObject({ status: 'DONE', totalRows: 2300, processedRows: 2300, successRows: 2299, failedRows: 1 });
    const failed = body<{ content: Array<{ row: number; message: string }> }>(await t.admin.get(`/api/member/upload/${job.id}/rows`)).data
      .content;
    expect(failed.map((f) => f.row)).toEqual([2200]);
    expect(failed[0].message).toContain('sama dengan data ke 10');
    const cifs = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ cif_number: string }>('SELECT cif_number FROM member ORDER BY cif_number'),
    );
    expect(cifs).toHaveLength(2299);
    expect(cifs[0].cif_number).toBe('2023000001');
    expect(cifs.at(-1)!.cif_number).toBe('2023002299');
    const page = body<{ totalElements: number }>(await t.admin.get('/api/member/datatable', { limit: 5 })).data;
    expect(page.totalElements).toBe(2299);
  });

  it('refuses files that are not workbooks, lack required columns, are empty or exceed 100,000 rows', async () => {
    const t = await newTenant();
    const notXlsx = await upload(t, Buffer.from('nama,nik\nBudi,123'), 'anggota.csv');
    expect(notXlsx.statusCode).toBe(400);
    expect(body(notXlsx).message).toBe('File harus berformat Excel (.xlsx)');
    const noFile = await t.admin.post('/api/member/upload', {});
    expect(body(noFile).message).toBe('Pilih file Excel (.xlsx) untuk diunggah');
    const empty = await upload(t, await workbook(TEMPLATE_HEADER, []));
    expect(body(empty).message).toBe('File tidak berisi data anggota');
    const header = await upload(t, await workbook(['Nama', 'Alamat'], [['Budi', 'Jl. A']]));
    expect(header.statusCode).toBe(200);
    const failed = (await waitForUpload(t.admin, body<Job>(header).data.id)) as unknown as Job;
    expect(failed.status).toBe('FAILED');
    expect(failed.message).toBe(
      'Kolom wajib tidak ditemukan: Jenis Kelamin, Tanggal Lahir, No. Ponsel, No. Identitas. Gunakan template unggah anggota.',
    );
    // 100,001 data rows: refused before anything is saved.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Anggota');
    ws.addRow(['Nama Lengkap']);
    for (let i = 0; i < 100_001; i++) ws.addRow([i]);
    const big = await upload(t, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(big.statusCode).toBe(400);
    expect(body(big).message).toBe('File berisi 100.001 baris data; maksimal 100.000 baris per unggahan');
    const jobs = body<{ totalElements: number }>(await t.admin.get('/api/member/upload')).data.totalElements;
    expect(jobs).toBe(1);
    const other = await newTenant();
    expect((await other.admin.get(`/api/member/upload/${failed.id}/progress`)).statusCode).toBe(404);
  });
});
