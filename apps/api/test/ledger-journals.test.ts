/**
 * Journals over HTTP: Jurnal Umum (manual), Jurnal Penyesuaian (adjustment),
 * the general ledger list, detail, cancellation, idempotency, permissions
 * and tenant isolation.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { addDays, todayJakarta } from '../src/modules/ledger/dates.ts';
import { post } from '../src/modules/ledger/posting.ts';
import { body } from './helpers.ts';
import { data, jbody, ledgerTenant, roleUser } from './ledger-helpers.ts';

const Y = Number(todayJakarta().slice(0, 4)) - 1;

describe('POST /api/journal-manual', () => {
  it('posts a manual journal and answers its detail', async () => {
    const t = await ledgerTenant();
    const res = await t.admin.post(
      '/api/journal-manual',
      jbody(
        t,
        `${Y}-05-10`,
        [
          ['50202', 1_250_000, 0],
          ['10101', 0, 1_250_000],
        ],
        { referenceCode: 'PLN-05', description: 'Bayar listrik Mei' },
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ status: true, code: 200, message: 'Jurnal berhasil disimpan' });
    const j = data(res);
    expect(j).toMatchObject({
      number: `JU/${Y}/000001`,
      date: `${Y}-05-10`,
      periode: `${Y}-05`,
      description: 'Bayar listrik Mei',
      referenceCode: 'PLN-05',
      sourceModule: 'MANUAL',
      source: { module: 'MANUAL', id: null },
      isAdjustment: false,
      status: 'POSTED',
      totalAmount: 1_250_000,
      totalDebit: 1_250_000,
      totalCredit: 1_250_000,
      lineCount: 2,
      cancellable: true,
      createdBy: t.adminUserId,
      createdByName: 'Admin Uji',
    });
    expect(j.lines).toEqual([
      expect.objectContaining({ lineNo: 1, coaCode: '50202', coaName: 'Beban Listrik, Air dan Telepon', debit: 1_250_000, credit: 0 }),
      expect.objectContaining({ lineNo: 2, coaCode: '10101', debit: 0, credit: 1_250_000 }),
    ]);
    const audit = await t.tx((tx) => tx.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'journal'`));
    expect(audit.map((a) => a.action)).toEqual(['journal.create']);
  });

  it('refuses bad journals with localized messages and field errors', async () => {
    const t = await ledgerTenant();
    const unbalanced = await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-05-10`, [
        ['50202', 100, 0],
        ['10101', 0, 90],
      ]),
    );
    expect(unbalanced.statusCode).toBe(400);
    expect(body(unbalanced)).toMatchObject({
      errorCode: 'JOURNAL_UNBALANCED',
      message: 'Total debit (100.00) harus sama dengan total kredit (90.00)',
    });
    const en = await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-05-10`, [
        ['50202', 100, 0],
        ['10101', 0, 90],
      ]),
      { 'accept-language': 'en' },
    );
    expect(body(en).message).toBe('Total debit (100.00) must equal total credit (90.00)');
    const one = await t.admin.post('/api/journal-manual', jbody(t, `${Y}-05-10`, [['50202', 100, 0]]));
    expect(body(one)).toMatchObject({ errorCode: 'JOURNAL_TOO_FEW_LINES', message: 'Jurnal minimal terdiri dari 2 baris' });
    const both = await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-05-10`, [
        ['50202', 100, 100],
        ['10101', 0, 0],
      ]),
    );
    expect(body(both)).toMatchObject({
      errorCode: 'JOURNAL_LINE_BOTH_SIDES',
      message: 'Baris 1: isi debit atau kredit saja, tidak keduanya',
    });
    expect(body<{ fields: unknown[] }>(both).data.fields).toEqual([
      { field: 'lines.0.credit', message: 'Baris 1: isi debit atau kredit saja, tidak keduanya' },
    ]);
    const zero = await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-05-10`, [
        ['50202', 100, 0],
        ['10101', 0, 100],
        ['10102', 0, 0],
      ]),
    );
    expect(body(zero)).toMatchObject({
      errorCode: 'JOURNAL_AMOUNT_NOT_POSITIVE',
      message: 'Baris 3: nominal debit atau kredit harus lebih dari 0',
    });
    const negative = await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-05-10`, [
        ['50202', -100, 0],
        ['10101', 0, -100],
      ]),
    );
    expect(body(negative)).toMatchObject({ status: false, code: 400, message: 'Nominal harus lebih dari 0' });
    const header = await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-05-10`, [
        ['101', 100, 0],
        ['40302', 0, 100],
      ]),
    );
    expect(header.statusCode).toBe(422);
    expect(body(header)).toMatchObject({
      errorCode: 'ACCOUNT_NOT_POSTABLE',
      message: 'Akun 101 - Kas dan Bank adalah akun induk (header) dan tidak dapat dijurnal',
    });
    const noAccount = await t.admin.post('/api/journal-manual', {
      date: `${Y}-05-10`,
      description: 'x',
      lines: [{ debit: 1 }, { coaId: t.acc['10101'], credit: 1 }],
    });
    expect(body(noAccount)).toMatchObject({ code: 400, message: 'Semua akun COA wajib dipilih' });
    const noDescription = await t.admin.post('/api/journal-manual', {
      ...jbody(t, `${Y}-05-10`, [
        ['50202', 1, 0],
        ['10101', 0, 1],
      ]),
      description: '',
    });
    expect(body(noDescription).message).toBe('Keterangan jurnal wajib diisi');
    const badDate = await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-13-01`, [
        ['50202', 1, 0],
        ['10101', 0, 1],
      ]),
    );
    expect(body(badDate).message).toBe('Format tanggal tidak valid (YYYY-MM-DD)');
    const tomorrow = addDays(todayJakarta(), 1);
    const future = await t.admin.post(
      '/api/journal-manual',
      jbody(t, tomorrow, [
        ['50202', 1, 0],
        ['10101', 0, 1],
      ]),
    );
    expect(future.statusCode).toBe(422);
    expect(body(future)).toMatchObject({
      errorCode: 'JOURNAL_DATE_FUTURE',
      message: `Tanggal jurnal tidak boleh melebihi hari ini (${todayJakarta()})`,
    });
    const decimals = await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-05-10`, [
        ['50202', 1.005, 0],
        ['10101', 0, 1.005],
      ]),
    );
    expect(body(decimals).message).toBe('Nominal maksimal 2 angka di belakang koma');
    const count = await t.tx((tx) => tx.one<{ n: number }>('SELECT count(*)::int AS n FROM journal'));
    expect(count?.n).toBe(0);
  });

  it('an Idempotency-Key posts once and replays the answer', async () => {
    const t = await ledgerTenant();
    const payload = jbody(t, `${Y}-05-10`, [
      ['50202', 100, 0],
      ['10101', 0, 100],
    ]);
    const headers = { 'idempotency-key': `jm-${crypto.randomUUID()}` };
    const [a, b] = await Promise.all([
      t.admin.post('/api/journal-manual', payload, headers),
      t.admin.post('/api/journal-manual', payload, headers),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(data(a).id).toBe(data(b).id);
    const c = await t.admin.post('/api/journal-manual', payload, headers);
    expect(c.headers['idempotent-replayed']).toBe('true');
    expect(data(c).number).toBe(`JU/${Y}/000001`);
    const count = await t.tx((tx) => tx.one<{ n: number }>('SELECT count(*)::int AS n FROM journal'));
    expect(count?.n).toBe(1);
  });
});

describe('lists and detail', () => {
  it('filters, searches, sorts and pages journals; the general ledger lists every source', async () => {
    const t = await ledgerTenant();
    for (const [day, amount, ref] of [
      ['01', 100, 'A-1'],
      ['02', 200, 'B-2'],
      ['03', 300, 'A-3'],
    ] as const) {
      const r = await t.admin.post(
        '/api/journal-manual',
        jbody(
          t,
          `${Y}-06-${day}`,
          [
            ['50203', amount, 0],
            ['10101', 0, amount],
          ],
          { referenceCode: ref, description: `ATK ${ref}` },
        ),
      );
      expect(r.statusCode).toBe(200);
    }
    await t.admin.post(
      '/api/journal-manual/adjust',
      jbody(t, `${Y}-06-30`, [
        ['50206', 50, 0],
        ['10605', 0, 50],
      ]),
    );
    await t.tx((tx) =>
      post(tx, t.ctx, {
        date: `${Y}-06-15`,
        description: 'Setoran simpanan',
        source: { module: 'SAVING', id: 'trx-77' },
        lines: [
          { accountId: t.acc['10101'], debit: 1000 },
          { accountId: t.acc['20101'], credit: 1000 },
        ],
      }),
    );
    const manual = data(await t.admin.get('/api/journal-manual/v2/datatable', { start: `${Y}-06-01`, end: `${Y}-06-30` }));
    expect(manual).toMatchObject({ totalElements: 3, page: 0, limit: 10, totalPages: 1, totalAmount: 600 });
    expect(manual.content.map((j: { referenceCode: string }) => j.referenceCode)).toEqual(['A-3', 'B-2', 'A-1']);
    const search = data(await t.admin.get('/api/journal-manual/v2/datatable', { search: 'A-', sortBy: 'date', ascOrDesc: 'asc' }));
    expect(search.content.map((j: { referenceCode: string }) => j.referenceCode)).toEqual(['A-1', 'A-3']);
    const page2 = data(
      await t.admin.get('/api/journal-manual/v2/datatable', { page: 1, limit: 2, sortBy: 'totalAmount', ascOrDesc: 'ASC' }),
    );
    expect(page2).toMatchObject({ totalElements: 3, totalPages: 2 });
    expect(page2.content.map((j: { totalAmount: number }) => j.totalAmount)).toEqual([300]);
    const all = data(await t.admin.get('/api/journal/v2/datatable', { start: `${Y}-06-01`, end: `${Y}-06-30` }));
    expect(all.totalElements).toBe(5);
    const savings = data(await t.admin.get('/api/journal/v2/datatable', { sourceModule: 'SAVING' }));
    expect(savings.content).toEqual([
      expect.objectContaining({ sourceModule: 'SAVING', sourceId: 'trx-77', description: 'Setoran simpanan' }),
    ]);
    const byAccount = data(await t.admin.get('/api/journal/v2/datatable', { coaId: t.acc['20101'] }));
    expect(byAccount.totalElements).toBe(1);
    const adjustments = data(await t.admin.get('/api/journal-adjustment/v2/datatable'));
    expect(adjustments.content).toEqual([expect.objectContaining({ isAdjustment: true, sourceModule: 'ADJUSTMENT' })]);
    const adjustedOnly = data(await t.admin.get('/api/journal/v2/datatable', { isAdjustment: true }));
    expect(adjustedOnly.totalElements).toBe(1);
    const bySource = data(await t.admin.get('/api/journal/by-source', { module: 'SAVING', id: 'trx-77' }));
    expect(bySource).toEqual([expect.objectContaining({ sourceId: 'trx-77', lines: expect.any(Array) })]);
    const xlsx = await t.admin.get('/api/journal/v2/datatable', { start: `${Y}-06-01`, end: `${Y}-06-30`, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`jurnal-${Y}-06-01-${Y}-06-30.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells = (wb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(cells.filter((r) => typeof r[1] === 'string' && String(r[1]).startsWith('JU/'))).toHaveLength(5);
    expect(cells.find((r) => r[2] === 'Total')?.[6]).toBe(1_650);
    const detail = data(await t.admin.get(`/api/journal-manual/${savings.content[0].id}/detail`));
    expect(detail).toMatchObject({ source: { module: 'SAVING', id: 'trx-77' }, cancellable: false });
  });

  it('another tenant’s journal is not found; a non-adjustment journal is not found among adjustments', async () => {
    const t = await ledgerTenant();
    const other = await ledgerTenant();
    const j = data(
      await t.admin.post(
        '/api/journal-manual',
        jbody(t, `${Y}-05-10`, [
          ['50202', 100, 0],
          ['10101', 0, 100],
        ]),
      ),
    );
    for (const url of [`/api/journal-manual/${j.id}/detail`, `/api/journal/${j.id}/detail`, `/api/report/ledger/${j.id}/detail`]) {
      const res = await other.admin.get(url);
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({ errorCode: 'JOURNAL_NOT_FOUND', message: 'Jurnal tidak ditemukan' });
    }
    expect((await t.admin.get(`/api/journal-adjustment/${j.id}/detail`)).statusCode).toBe(404);
    const cancel = await other.admin.post('/api/journal-manual/cancel', { id: j.id, reason: 'x' });
    expect(cancel.statusCode).toBe(404);
    const list = data(await other.admin.get('/api/journal/v2/datatable'));
    expect(list.totalElements).toBe(0);
  });
});

describe('cancel', () => {
  it('posts the reversal, marks the journal cancelled and refuses a second cancel', async () => {
    const t = await ledgerTenant();
    const j = data(
      await t.admin.post(
        '/api/journal-manual',
        jbody(t, `${Y}-05-10`, [
          ['50202', 100, 0],
          ['10101', 0, 100],
        ]),
      ),
    );
    const noReason = await t.admin.post('/api/journal-manual/cancel', { id: j.id, reason: '' });
    expect(body(noReason)).toMatchObject({ code: 400, message: 'Alasan wajib diisi' });
    const res = await t.admin.post('/api/journal-manual/cancel', { id: j.id, reason: 'Salah nominal' });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Jurnal berhasil dibatalkan');
    const { journal, reversal } = data(res);
    expect(journal).toMatchObject({
      status: 'CANCELLED',
      reversedById: reversal.id,
      reversedByNumber: reversal.number,
      cancellable: false,
    });
    expect(reversal).toMatchObject({
      status: 'REVERSAL',
      reversalOfId: j.id,
      reversalOfNumber: j.number,
      reversalReason: 'Salah nominal',
      date: `${Y}-05-10`,
      description: `Pembatalan ${j.number}: Salah nominal`,
    });
    expect(reversal.lines.map((l: { coaCode: string; debit: number; credit: number }) => [l.coaCode, l.debit, l.credit])).toEqual([
      ['50202', 0, 100],
      ['10101', 100, 0],
    ]);
    const again = await t.admin.post('/api/journal-manual/cancel', { id: j.id, reason: 'lagi' });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({
      errorCode: 'JOURNAL_ALREADY_REVERSED',
      message: `Jurnal ${j.number} sudah dibatalkan dengan jurnal ${reversal.number}`,
    });
    const ofReversal = await t.admin.post('/api/journal-manual/cancel', { id: reversal.id, reason: 'lagi' });
    expect(body(ofReversal)).toMatchObject({ errorCode: 'JOURNAL_IS_REVERSAL' });
    const cancelled = data(await t.admin.get('/api/journal-manual/v2/datatable', { status: 'CANCELLED' }));
    expect(cancelled.content.map((x: { id: string }) => x.id)).toEqual([j.id]);
    const audit = await t.tx((tx) =>
      tx.one<{ after: { reason: string } }>(`SELECT after FROM audit_log WHERE action = 'journal.cancel' AND entity_id = $1`, [j.id]),
    );
    expect(audit?.after.reason).toBe('Salah nominal');
  });

  it('refuses to cancel another module’s journal; adjustments need their own permission', async () => {
    const t = await ledgerTenant();
    const saving = await t.tx((tx) =>
      post(tx, t.ctx, {
        date: `${Y}-05-01`,
        description: 'Setoran',
        source: { module: 'SAVING', id: 's-1' },
        lines: [
          { accountId: t.acc['10101'], debit: 10 },
          { accountId: t.acc['20101'], credit: 10 },
        ],
      }),
    );
    const res = await t.admin.post('/api/journal-manual/cancel', { id: saving.id, reason: 'x' });
    expect(res.statusCode).toBe(422);
    expect(body(res)).toMatchObject({
      errorCode: 'JOURNAL_NOT_CANCELLABLE',
      message: `Jurnal ${saving.number} berasal dari modul SAVING; batalkan melalui transaksi asalnya`,
    });
    const adj = data(
      await t.admin.post(
        '/api/journal-manual/adjust',
        jbody(t, `${Y}-05-31`, [
          ['50206', 50, 0],
          ['10605', 0, 50],
        ]),
      ),
    );
    expect(adj).toMatchObject({ isAdjustment: true, sourceModule: 'ADJUSTMENT' });
    // A role with Jurnal Umum delete but no Jurnal Penyesuaian delete.
    const generalOnly = await roleUser(t, {
      permissions: { general_journal: { view: true, add: true, update: true, delete: true } },
    });
    const refused = await generalOnly.post('/api/journal-manual/cancel', { id: adj.id, reason: 'x' });
    expect(refused.statusCode).toBe(403);
    const manual = data(
      await t.admin.post(
        '/api/journal-manual',
        jbody(t, `${Y}-05-10`, [
          ['50202', 100, 0],
          ['10101', 0, 100],
        ]),
      ),
    );
    const wrongKind = await t.admin.post('/api/journal-adjustment/cancel', { id: manual.id, reason: 'x' });
    expect(body(wrongKind)).toMatchObject({ errorCode: 'JOURNAL_WRONG_KIND' });
    const ok = await t.admin.post('/api/journal-adjustment/cancel', { id: adj.id, reason: 'Penyusutan ganda' });
    expect(data(ok).journal.status).toBe('CANCELLED');
  });
});

describe('permissions', () => {
  it('a teller (no Jurnal Umum or Jurnal Penyesuaian rights) gets 403 naming the menu', async () => {
    const t = await ledgerTenant();
    const teller = await roleUser(t, 'TELLER');
    const payload = jbody(t, `${Y}-05-10`, [
      ['50202', 100, 0],
      ['10101', 0, 100],
    ]);
    const res = await teller.post('/api/journal-manual', payload);
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ errorCode: 'PERMISSION_DENIED', message: 'Anda tidak memiliki akses tambah pada menu Jurnal Umum' });
    expect((await teller.post('/api/journal-manual/adjust', payload)).statusCode).toBe(403);
    expect((await teller.get('/api/journal-manual/v2/datatable')).statusCode).toBe(403);
    expect((await teller.get('/api/journal-adjustment/v2/datatable')).statusCode).toBe(403);
    expect((await teller.get('/api/journal/v2/datatable')).statusCode).toBe(403);
    expect((await teller.post('/api/journal-manual/cancel', { id: crypto.randomUUID(), reason: 'x' })).statusCode).toBe(403);
    expect((await teller.post('/api/ledger/period/close', { periode: `${Y}-01` })).statusCode).toBe(403);
    // Without a token at all.
    const anon = await t.app.inject({ method: 'GET', url: '/api/journal/v2/datatable' });
    expect(anon.statusCode).toBe(401);
  });
});
