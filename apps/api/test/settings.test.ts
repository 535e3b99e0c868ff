/**
 * Cooperative settings: details and officers, logo, collectability ranges
 * (no overlap, no gap), configuration validated per key, the member feature
 * check, AD/ART documents.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COOPERATIVE_ZONES } from '../src/modules/jobs/jobs.repo.ts';
import { body, newTenant, type TestTenant } from './helpers.ts';

/** A multipart/form-data body with text fields and one file. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----koperasi${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(t: TestTenant, url: string, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const m = multipart(fields, file);
  return t.admin.inject({ method: 'POST', url, payload: m.payload, headers: m.headers });
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 20, g: 160, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe('cooperative details', () => {
  it("keeps the cooperative's time zone (WIB, WITA, WIT) where the job runner's schedules read it", async () => {
    const t = await newTenant();
    const zoneOf = async () => {
      const r = await t.app.db.owner((tx) => tx.query<{ id: string; tz: string }>(COOPERATIVE_ZONES));
      return r.find((x) => x.id === t.tenantId)?.tz;
    };
    expect(body<{ timeZone: string }>(await t.admin.get('/api/tenant/detail')).data.timeZone).toBe('Asia/Jakarta');
    expect(await zoneOf()).toBe('Asia/Jakarta');
    const bad = await t.admin.patch('/api/tenant', { timeZone: 'Europe/Berlin' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Zona waktu harus WIB (Asia/Jakarta), WITA (Asia/Makassar) atau WIT (Asia/Jayapura)');
    for (const zone of ['Asia/Makassar', 'Asia/Jayapura', 'Asia/Jakarta']) {
      const res = await t.admin.patch('/api/tenant', { timeZone: zone });
      expect(res.statusCode).toBe(200);
      expect(body<{ timeZone: string }>(res).data.timeZone).toBe(zone);
      expect(await zoneOf()).toBe(zone);
    }
    // Other fields leave it alone; the change is audited with the tenant's before and after.
    await t.admin.patch('/api/tenant', { timeZone: 'Asia/Jayapura' });
    await t.admin.patch('/api/tenant', { city: 'Jayapura' });
    expect(body<{ timeZone: string }>(await t.admin.get('/api/tenant/detail')).data.timeZone).toBe('Asia/Jayapura');
    const audit = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ before: { timeZone: string }; after: { timeZone: string } }>(
        `SELECT before, after FROM audit_log WHERE action = 'tenant.update' ORDER BY id DESC LIMIT 2`,
      ),
    );
    expect(audit.map((a) => [a.before.timeZone, a.after.timeZone])).toEqual([
      ['Asia/Jayapura', 'Asia/Jayapura'],
      ['Asia/Jakarta', 'Asia/Jayapura'],
    ]);
  });

  it('reads and changes details and officers, with clear validation', async () => {
    const t = await newTenant({ name: 'Koperasi Maju' });
    const d = body<{ name: string; cooperativeType: string; fiscalYearStartMonth: number; officers: unknown[] }>(
      await t.admin.get('/api/tenant/detail'),
    ).data;
    expect(d).toMatchObject({ name: 'Koperasi Maju', cooperativeType: 'KSP', fiscalYearStartMonth: 1, officers: [] });
    expect(body(await t.admin.patch('/api/tenant', { name: ' ' })).message).toBe('Nama koperasi wajib diisi');
    expect(body(await t.admin.patch('/api/tenant', { fiscalYearStartMonth: 13 })).message).toBe('Bulan awal tahun buku harus 1 sampai 12');
    expect(body(await t.admin.patch('/api/tenant', { cooperativeType: 'BANK' })).message).toBe('Jenis koperasi wajib dipilih');
    expect(body(await t.admin.patch('/api/tenant', { legalEntityDate: '2020-02-30' })).message).toBe(
      'Format tanggal tidak valid (YYYY-MM-DD)',
    );
    const twoChairs = await t.admin.patch('/api/tenant', {
      officers: [
        { board: 'PENGURUS', title: 'KETUA', name: 'A' },
        { board: 'PENGURUS', title: 'KETUA', name: 'B' },
      ],
    });
    expect(body(twoChairs).message).toBe('Hanya boleh ada satu KETUA PENGURUS');
    const period = await t.admin.patch('/api/tenant', {
      officers: [{ board: 'PENGAWAS', title: 'PENGAWAS', name: 'C', periodStart: '2026-01-01', periodEnd: '2025-01-01' }],
    });
    expect(body(period).message).toBe('Akhir periode C tidak boleh sebelum awal periode');
    const saved = await t.admin.patch('/api/tenant', {
      name: 'Koperasi Maju Bersama',
      cooperativeType: 'JASA',
      legalEntityNumber: 'AHU-0012345.AH.01.26',
      legalEntityDate: '2021-05-20',
      address: 'Jl. Sudirman 1',
      phone: '0274-555123',
      email: 'Info@Maju.id',
      fiscalYearStartMonth: 7,
      officers: [
        { board: 'PENGURUS', title: 'KETUA', name: 'Admin Uji', userId: t.adminUserId },
        { board: 'PENGURUS', title: 'BENDAHARA', name: 'Dewi' },
        { board: 'PENGAWAS', title: 'KETUA', name: 'Hadi', periodStart: '2024-01-01', periodEnd: '2028-12-31' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body(saved).message).toBe('Data koperasi berhasil disimpan');
    const after = body<{
      name: string;
      phone: string;
      email: string;
      legalEntityDate: string;
      fiscalYearStartMonth: number;
      officers: Array<{ board: string; title: string; name: string; userName: string | null }>;
    }>(saved).data;
    expect(after).toMatchObject({
      name: 'Koperasi Maju Bersama',
      phone: '+62274555123',
      email: 'info@maju.id',
      legalEntityDate: '2021-05-20',
      fiscalYearStartMonth: 7,
    });
    expect(after.officers.map((o) => `${o.board}/${o.title}/${o.name}`)).toEqual([
      'PENGURUS/KETUA/Admin Uji',
      'PENGURUS/BENDAHARA/Dewi',
      'PENGAWAS/KETUA/Hadi',
    ]);
    expect(after.officers[0].userName).toBe('Admin Uji');
    // Only what is sent changes; officers stay unless sent.
    const partial = body<{ name: string; officers: unknown[]; fiscalYearStartMonth: number }>(
      await t.admin.patch('/api/tenant', { address: null }),
    ).data;
    expect(partial).toMatchObject({ name: 'Koperasi Maju Bersama', fiscalYearStartMonth: 7 });
    expect(partial.officers).toHaveLength(3);
    const detail = body<{ name: string }>(await t.admin.get('/api/users/detail')).data as unknown as { tenant: { name: string } };
    expect(detail.tenant.name).toBe('Koperasi Maju Bersama');
    const audit = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ before: { name: string }; after: { name: string } }>(
        `SELECT before, after FROM audit_log WHERE action = 'tenant.update' ORDER BY id LIMIT 1`,
      ),
    );
    expect(audit?.before.name).toBe('Koperasi Maju');
    expect(audit?.after.name).toBe('Koperasi Maju Bersama');
  });

  it('uploads the logo (re-encoded to PNG, at most 1024 px), serves it, refuses other files, removes it', async () => {
    const t = await newTenant();
    expect((await t.admin.get('/api/tenant/logo')).statusCode).toBe(404);
    const notMultipart = await t.admin.post('/api/tenant/logo', { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect(body(notMultipart).message).toBe('Berkas wajib diunggah');
    const noFile = await upload(t, '/api/tenant/logo', { note: 'x' });
    expect(body(noFile).message).toBe('Berkas wajib diunggah');
    const pdf = await upload(t, '/api/tenant/logo', {}, { name: 'logo.png', type: 'image/png', data: PDF });
    expect(pdf.statusCode).toBe(400);
    expect(body(pdf).message).toBe('Jenis berkas tidak didukung; gunakan JPG, PNG, WebP');
    const broken = await upload(t, '/api/tenant/logo', {}, { name: 'x.png', type: 'image/png', data: (await png(10, 10)).subarray(0, 40) });
    expect(body(broken).message).toBe('Gambar tidak dapat dibaca');
    const big = await upload(t, '/api/tenant/logo', {}, { name: 'big.png', type: 'image/png', data: Buffer.alloc(6 * 1024 * 1024, 1) });
    expect(big.statusCode).toBe(413);
    expect(body(big).message).toBe('Ukuran berkas maksimal 5 MB');
    const jpeg = await sharp(await png(2000, 800))
      .jpeg()
      .toBuffer();
    const ok = await upload(t, '/api/tenant/logo', {}, { name: 'logo.jpg', type: 'image/jpeg', data: jpeg });
    expect(ok.statusCode, ok.body).toBe(200);
    const data = body<{ logoUrl: string; width: number; height: number }>(ok).data;
    expect(data).toMatchObject({ width: 1024, height: 410 });
    expect(data.logoUrl).toMatch(/^\/api\/tenant\/logo\?v=/);
    const got = await t.admin.get('/api/tenant/logo');
    expect(got.headers['content-type']).toBe('image/png');
    expect((await sharp(got.rawPayload).metadata()).width).toBe(1024);
    expect(body<{ logoUrl: string }>(await t.admin.get('/api/tenant/detail')).data.logoUrl).toBe(data.logoUrl);
    expect((await t.admin.delete('/api/tenant/logo')).statusCode).toBe(200);
    expect((await t.admin.get('/api/tenant/logo')).statusCode).toBe(404);
  });
});

interface Collectability {
  calculationType: string;
  items: Array<{ id: string; grade: string; daysLateFrom: number; daysLateUntil: number | null; allowancePercent: number }>;
}

const SET = (ranges: Array<[string, number, number | null]>, calculationType = 'HARIAN') => ({
  calculationType,
  items: ranges.map(([grade, daysLateFrom, daysLateUntil]) => ({ grade, daysLateFrom, daysLateUntil })),
});

describe('collectability', () => {
  it('every cooperative starts with LANCAR 0-30, KURANG LANCAR 31-90, DIRAGUKAN 91-180, MACET 181+', async () => {
    const t = await newTenant();
    const c = body<Collectability>(await t.admin.get('/api/tenant/collectability')).data;
    expect(c.calculationType).toBe('HARIAN');
    expect(c.items.map((i) => [i.grade, i.daysLateFrom, i.daysLateUntil, i.allowancePercent])).toEqual([
      ['LANCAR', 0, 30, 0.5],
      ['KURANG LANCAR', 31, 90, 10],
      ['DIRAGUKAN', 91, 180, 50],
      ['MACET', 181, null, 100],
    ]);
  });

  it('refuses overlapping, gapped, unordered or incomplete ranges with clear messages', async () => {
    const t = await newTenant();
    const cases: Array<[ReturnType<typeof SET>, string]> = [
      [
        SET([
          ['LANCAR', 0, 30],
          ['KURANG LANCAR', 25, 90],
          ['DIRAGUKAN', 91, 180],
          ['MACET', 181, null],
        ]),
        'Rentang LANCAR (0-30 hari) bertumpuk dengan KURANG LANCAR (mulai 25 hari)',
      ],
      [
        SET([
          ['LANCAR', 0, 30],
          ['KURANG LANCAR', 31, 90],
          ['DIRAGUKAN', 100, 180],
          ['MACET', 181, null],
        ]),
        'Ada celah antara KURANG LANCAR dan DIRAGUKAN: hari 91 sampai 99 tidak masuk tingkat mana pun',
      ],
      [
        SET([
          ['LANCAR', 1, 30],
          ['KURANG LANCAR', 31, 90],
          ['DIRAGUKAN', 91, 180],
          ['MACET', 181, null],
        ]),
        'LANCAR harus dimulai dari 0 hari',
      ],
      [
        SET([
          ['LANCAR', 0, 30],
          ['KURANG LANCAR', 31, 90],
          ['DIRAGUKAN', 91, 180],
          ['MACET', 181, 365],
        ]),
        'MACET harus tanpa batas akhir agar setiap keterlambatan masuk salah satu tingkat',
      ],
      [
        SET([
          ['LANCAR', 0, 30],
          ['KURANG LANCAR', 31, null],
          ['DIRAGUKAN', 91, 180],
          ['MACET', 181, null],
        ]),
        'KURANG LANCAR tidak boleh tanpa batas akhir; hanya MACET yang tanpa batas akhir',
      ],
      [
        SET([
          ['LANCAR', 0, 30],
          ['KURANG LANCAR', 90, 31],
          ['DIRAGUKAN', 91, 180],
          ['MACET', 181, null],
        ]),
        'KURANG LANCAR: hari sampai (31) tidak boleh kurang dari hari dari (90)',
      ],
      [
        SET([
          ['LANCAR', 0, 30],
          ['KURANG LANCAR', 31, 90],
          ['MACET', 91, null],
        ]),
        'Pengaturan kolektibilitas harus berisi tepat empat tingkat: LANCAR, KURANG LANCAR, DIRAGUKAN, MACET',
      ],
      [
        SET([
          ['LANCAR', 0, 30],
          ['LANCAR', 31, 90],
          ['DIRAGUKAN', 91, 180],
          ['MACET', 181, null],
        ]),
        'Tingkat LANCAR disebut lebih dari sekali',
      ],
      // Out of grade order: DIRAGUKAN before KURANG LANCAR in days.
      [
        SET([
          ['LANCAR', 0, 30],
          ['KURANG LANCAR', 91, 180],
          ['DIRAGUKAN', 31, 90],
          ['MACET', 181, null],
        ]),
        'Ada celah antara LANCAR dan KURANG LANCAR: hari 31 sampai 90 tidak masuk tingkat mana pun',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await t.admin.post('/api/tenant/collectability', payload);
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toBe(message);
    }
    const bad = await t.admin.post('/api/tenant/collectability', { calculationType: 'TAHUNAN', items: [] });
    expect(body(bad).message).toBe('Jenis perhitungan harus HARIAN atau BULANAN');
    const negative = await t.admin.post('/api/tenant/collectability', SET([['LANCAR', -1, 30]]));
    expect(body(negative).message).toBe('Jumlah hari harus bilangan bulat 0 atau lebih');
    const en = await t.admin.post(
      '/api/tenant/collectability',
      SET([
        ['LANCAR', 0, 30],
        ['KURANG LANCAR', 31, 90],
        ['DIRAGUKAN', 95, 180],
        ['MACET', 181, null],
      ]),
      { 'accept-language': 'en' },
    );
    expect(body(en).message).toBe('There is a gap between KURANG LANCAR and DIRAGUKAN: days 91 to 94 fall in no grade');
    // Nothing changed.
    expect(body<Collectability>(await t.admin.get('/api/tenant/collectability')).data.items[0].daysLateUntil).toBe(30);
  });

  it('POST replaces the set; PATCH changes grades and the result must still be whole', async () => {
    const t = await newTenant();
    const set = await t.admin.post('/api/tenant/collectability', {
      calculationType: 'BULANAN',
      items: [
        { grade: 'MACET', daysLateFrom: 271, daysLateUntil: null },
        { grade: 'LANCAR', daysLateFrom: 0, daysLateUntil: 90, allowancePercent: 1 },
        { grade: 'DIRAGUKAN', daysLateFrom: 181, daysLateUntil: 270 },
        { grade: 'KURANG LANCAR', daysLateFrom: 91, daysLateUntil: 180 },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(body(set).message).toBe('Pengaturan kolektibilitas berhasil disimpan');
    const c = body<Collectability>(set).data;
    expect(c.calculationType).toBe('BULANAN');
    expect(c.items.map((i) => [i.grade, i.daysLateFrom, i.daysLateUntil, i.allowancePercent])).toEqual([
      ['LANCAR', 0, 90, 1],
      ['KURANG LANCAR', 91, 180, 10],
      ['DIRAGUKAN', 181, 270, 50],
      ['MACET', 271, null, 100],
    ]);
    const lone = await t.admin.patch('/api/tenant/collectability', { items: [{ grade: 'LANCAR', daysLateUntil: 60 }] });
    expect(lone.statusCode).toBe(400);
    expect(body(lone).message).toBe('Ada celah antara LANCAR dan KURANG LANCAR: hari 61 sampai 90 tidak masuk tingkat mana pun');
    const both = await t.admin.patch('/api/tenant/collectability', {
      calculationType: 'HARIAN',
      items: [
        { grade: 'LANCAR', daysLateUntil: 60 },
        { id: c.items[1].id, daysLateFrom: 61 },
      ],
    });
    expect(both.statusCode, both.body).toBe(200);
    const after = body<Collectability>(both).data;
    expect(after.calculationType).toBe('HARIAN');
    expect(after.items.every((i) => (i as unknown as { calculationType: string }).calculationType === 'HARIAN')).toBe(true);
    expect(after.items[1]).toMatchObject({ grade: 'KURANG LANCAR', daysLateFrom: 61, daysLateUntil: 180 });
    const unknown = await t.admin.patch('/api/tenant/collectability', { items: [{ id: crypto.randomUUID(), daysLateFrom: 1 }] });
    expect(unknown.statusCode).toBe(404);
    const audits = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'collectability.update'`),
    );
    expect(audits?.n).toBe(2);
  });
});

describe('configuration', () => {
  it('answers every key with its default, saves partial values merged per key, and validates each key', async () => {
    const t = await newTenant();
    const all = body<Record<string, Record<string, unknown>>>(await t.admin.get('/api/configuration')).data;
    expect(Object.keys(all).sort()).toEqual([
      'cifNumber',
      'cooperativeRegulation',
      'interestTax',
      'memberServices',
      'mobileApps',
      'transactionPolicy',
    ]);
    expect(all.memberServices).toMatchObject({ ppobMarginType: 'NOMINAL', ppobMargin: 0 });
    expect(all.cifNumber).toEqual({ pattern: '{YYYY}{SEQ:6}' });
    const saved = await t.admin.post('/api/configuration', {
      memberServices: { ppobMargin: 2500 },
      cooperativeRegulation: { principalSavingAmount: 150000, mandatorySavingDueDay: 5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body(saved).message).toBe('Konfigurasi berhasil disimpan');
    const now = body<Record<string, Record<string, unknown>>>(saved).data;
    expect(now.memberServices).toMatchObject({ ppobMargin: 2500, ppobMarginType: 'NOMINAL', onlineWithdrawalMin: 10000 });
    expect(now.cooperativeRegulation).toMatchObject({
      principalSavingAmount: 150000,
      mandatorySavingAmount: 50000,
      mandatorySavingDueDay: 5,
    });
    const one = body<Record<string, unknown>>(await t.admin.get('/api/configuration', { key: 'memberServices' })).data;
    expect(Object.keys(one)).toEqual(['memberServices']);

    const unknownKey = await t.admin.post('/api/configuration', { theme: { dark: true } });
    expect(unknownKey.statusCode).toBe(400);
    expect(body(unknownKey).message).toBe(
      'Kunci konfigurasi theme tidak dikenal. Pilihan: cooperativeRegulation, mobileApps, memberServices, cifNumber, transactionPolicy, interestTax',
    );
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ memberServices: { ppobMarginType: 'PERCENT', ppobMargin: 150 } }, 'memberServices.ppobMargin', 'Maksimal persentase adalah 100'],
      [{ memberServices: { onlineWithdrawalMin: 500000, onlineWithdrawalMax: 100000 } }, 'memberServices.onlineWithdrawalMax', ''],
      [{ memberServices: { ppobMargin: -5 } }, 'memberServices.ppobMargin', 'Nominal harus lebih dari 0'],
      [
        { cooperativeRegulation: { mandatorySavingDueDay: 31 } },
        'cooperativeRegulation.mandatorySavingDueDay',
        'Tanggal jatuh tempo harus 1 sampai 28',
      ],
      [{ cifNumber: { pattern: 'AGT-{YYYY}' } }, 'cifNumber.pattern', 'Pola nomor CIF harus memuat tepat satu {SEQ:n}'],
      [{ cifNumber: { pattern: '{CITY}{SEQ:5}' } }, 'cifNumber.pattern', 'Pola nomor CIF hanya mengenal'],
      [{ cifNumber: { pattern: '{SEQ:2}' } }, 'cifNumber.pattern', 'Panjang urutan {SEQ:n} harus 3 sampai 10'],
      [{ transactionPolicy: { withdrawalAboveLimit: 'MAYBE' } }, 'transactionPolicy.withdrawalAboveLimit', ''],
      [{ mobileApps: { colour: 'green' } }, 'mobileApps.colour', 'Isian konfigurasi tidak dikenal'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await t.admin.post('/api/configuration', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const b = body<{ fields: Array<{ field: string; message: string }> }>(res);
      expect(b.data.fields[0].field).toBe(field);
      expect(b.message).toContain(message);
      expect(b.message.startsWith(`Konfigurasi ${field}:`)).toBe(true);
    }
    // Nothing of a refused request is saved, even valid keys beside the bad one.
    const mixed = await t.admin.post('/api/configuration', { mobileApps: { enabled: true }, cifNumber: { pattern: 'x' } });
    expect(mixed.statusCode).toBe(400);
    const cif = await t.admin.post('/api/configuration', { cifNumber: { pattern: 'AGT/{BRANCH}/{YY}{MM}-{SEQ:5}' } });
    expect(cif.statusCode, cif.body).toBe(200);
    const final = body<Record<string, Record<string, unknown>>>(await t.admin.get('/api/configuration')).data;
    expect(final.mobileApps.enabled).toBe(false);
    expect(final.cifNumber.pattern).toBe('AGT/{BRANCH}/{YY}{MM}-{SEQ:5}');
    const audit = await t.app.db.tenant(t.tenantId, (tx) =>
      tx.query<{ entity_id: string }>(`SELECT entity_id FROM audit_log WHERE action = 'configuration.update' ORDER BY id`),
    );
    expect(audit.map((a) => a.entity_id)).toEqual(['memberServices', 'cooperativeRegulation', 'cifNumber']);
  });

  it('member/fetaure answers from the mobile apps configuration', async () => {
    const t = await newTenant();
    const ask = async (action: string) =>
      body<{ action: string; available: boolean; message: string }>(await t.admin.get('/api/member/fetaure', { action }));
    expect((await ask('PPOB')).data).toEqual({
      action: 'PPOB',
      available: false,
      message: 'Aplikasi mobile anggota belum diaktifkan oleh koperasi',
    });
    await t.admin.post('/api/configuration', { mobileApps: { enabled: true, ppob: true } });
    expect((await ask('ppob')).data.available).toBe(true);
    expect((await ask('online-withdrawal')).data).toMatchObject({
      action: 'ONLINE_WITHDRAWAL',
      available: false,
      message: 'Fitur ONLINE_WITHDRAWAL tidak diaktifkan oleh koperasi',
    });
    expect((await ask('MOBILE_APP')).data.available).toBe(true);
    expect((await ask('withdraw')).data.action).toBe('ONLINE_WITHDRAWAL');
    const unknown = await t.admin.get('/api/member/fetaure', { action: 'casino' });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe('Fitur CASINO tidak dikenal. Pilihan: MOBILE_APP, ONLINE_WITHDRAWAL, ONLINE_LOAN, PPOB, TRANSFER');
    expect(body(await t.admin.get('/api/member/fetaure')).message).toBe('Fitur wajib diisi');
    expect((await t.admin.get('/api/member/feature', { action: 'PPOB' })).statusCode).toBe(200);
  });
});

describe('AD/ART', () => {
  it('uploads PDFs and images, lists, downloads and deletes them', async () => {
    const t = await newTenant();
    const noTitle = await upload(t, '/api/ad-art', {}, { name: 'ad.pdf', type: 'application/pdf', data: PDF });
    expect(noTitle.statusCode).toBe(400);
    expect(body(noTitle).message).toBe('Judul dokumen wajib diisi');
    const exe = await upload(
      t,
      '/api/ad-art',
      { title: 'Virus' },
      { name: 'ad.pdf', type: 'application/pdf', data: Buffer.from('MZ\x90\x00 not a pdf') },
    );
    expect(body(exe).message).toBe('Jenis berkas tidak didukung; gunakan PDF, JPG, PNG, WebP');
    const big = await upload(
      t,
      '/api/ad-art',
      { title: 'Besar' },
      { name: 'b.pdf', type: 'application/pdf', data: Buffer.alloc(11 * 1024 * 1024, 37) },
    );
    expect(big.statusCode).toBe(413);
    expect(body(big).message).toBe('Ukuran berkas maksimal 10 MB');
    const ad = await upload(
      t,
      '/api/ad-art',
      { title: 'Anggaran Dasar 2024', documentType: 'AD', description: 'Hasil RAT' },
      {
        name: 'Anggaran Dasar – Perubahan.pdf',
        type: 'application/octet-stream',
        data: PDF,
      },
    );
    expect(ad.statusCode, ad.body).toBe(200);
    const doc = body<{ id: string; contentType: string; size: number; downloadUrl: string; fileName: string }>(ad).data;
    expect(doc).toMatchObject({ contentType: 'application/pdf', size: PDF.length, fileName: 'Anggaran Dasar – Perubahan.pdf' });
    const art = await upload(
      t,
      '/api/ad-art',
      { title: 'ART halaman 1', documentType: 'ART' },
      { name: 'art.png', type: 'image/png', data: await png(300, 400) },
    );
    expect(art.statusCode, art.body).toBe(200);
    const list = body<{ content: Array<{ title: string; uploadedBy: { name: string } }>; totalElements: number }>(
      await t.admin.get('/api/ad-art/datatable'),
    ).data;
    expect(list.totalElements).toBe(2);
    expect(list.content.map((d) => d.title)).toEqual(['ART halaman 1', 'Anggaran Dasar 2024']);
    expect(list.content[0].uploadedBy.name).toBe('Admin Uji');
    const filtered = body<{ content: Array<{ title: string }> }>(
      await t.admin.get('/api/ad-art/datatable', { documentType: 'AD', search: 'rat' }),
    ).data;
    expect(filtered.content.map((d) => d.title)).toEqual(['Anggaran Dasar 2024']);
    const dl = await t.admin.get(doc.downloadUrl);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="Anggaran Dasar _ Perubahan.pdf"; filename*=UTF-8''${encodeURIComponent('Anggaran Dasar – Perubahan.pdf')}`,
    );
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    expect((await t.admin.delete(`/api/ad-art/${doc.id}/delete`)).statusCode).toBe(200);
    expect((await t.admin.get(doc.downloadUrl)).statusCode).toBe(404);
    expect(body<{ totalElements: number }>(await t.admin.get('/api/ad-art/datatable')).data.totalElements).toBe(1);
  });
});
