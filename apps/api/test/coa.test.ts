/**
 * Chart of accounts over HTTP: lists, tree, pickers, datatable, cash and bank
 * by parent code, mutation with running balance, add/edit/deactivate/delete
 * rules, balance adjustment and opening balances, permissions and isolation.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { todayJakarta } from '../src/modules/ledger/dates.ts';
import { body } from './helpers.ts';
import { data, jbody, ledgerTenant, roleUser } from './ledger-helpers.ts';

const Y = Number(todayJakarta().slice(0, 4)) - 1;

describe('reading the chart', () => {
  it('lists accounts with levels and balances, as a tree, parents and a datatable', async () => {
    const t = await ledgerTenant();
    await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-02-01`, [
        ['10104', 2_000_000, 0],
        ['10101', 500_000, 0],
        ['30901', 0, 2_500_000],
      ]),
    );
    const list = data(await t.admin.get('/api/coa'));
    const byCode = Object.fromEntries(list.map((a: { code: string }) => [a.code, a]));
    expect(byCode['10101']).toMatchObject({
      name: 'Kas Besar',
      type: 'ASSET',
      normalBalance: 'DEBIT',
      isPostable: true,
      isActive: true,
      systemKey: 'CASH_MAIN',
      parentCode: '101',
      level: 2,
      hasChildren: false,
      balance: 500_000,
    });
    expect(byCode['101']).toMatchObject({ isPostable: false, hasChildren: true, balance: 2_500_000, level: 1 });
    expect(byCode['1'].balance).toBe(2_500_000);
    expect(byCode['30901'].balance).toBe(2_500_000);
    expect(byCode['10605'].normalBalance).toBe('CREDIT');
    const asOf = data(await t.admin.get('/api/coa', { asOf: `${Y}-01-31` }));
    expect(asOf.find((a: { code: string }) => a.code === '101').balance).toBe(0);
    const tree = data(await t.admin.get('/api/coa', { tree: true }));
    expect(tree.map((r: { code: string }) => r.code)).toEqual(['1', '2', '3', '4', '5']);
    const cash = tree[0].children.find((c: { code: string }) => c.code === '101');
    expect(cash.children.map((c: { code: string }) => c.code)).toEqual(['10101', '10102', '10103', '10104', '10105']);
    const incomeOnly = data(await t.admin.get('/api/coa', { type: 'INCOME', isPostable: true }));
    expect(incomeOnly.every((a: { type: string; isPostable: boolean }) => a.type === 'INCOME' && a.isPostable)).toBe(true);
    const parents = data(await t.admin.get('/api/coa/parent', { type: 'ASSET' }));
    expect(parents.map((a: { code: string }) => a.code)).toEqual(['1', '101', '102', '103', '104', '105', '106', '109']);
    const dt = data(await t.admin.get('/api/coa/datatable', { search: 'bank', limit: 3 }));
    expect(dt).toMatchObject({ page: 0, limit: 3, totalElements: 6, totalPages: 2 });
    expect(dt.content.map((a: { code: string }) => a.code)).toEqual(['101', '10104', '10105']);
    const sorted = data(await t.admin.get('/api/coa/datatable', { sort: 'code,desc', type: 'EXPENSE', limit: 2 }));
    expect(sorted.content.map((a: { code: string }) => a.code)).toEqual(['50501', '505']);
    const detail = data(await t.admin.get('/api/coa/10104/detail'));
    expect(detail).toMatchObject({ code: '10104', balance: 2_000_000, hasPostings: true });
  });

  it('coa/101/search-by-parent lists cash and bank accounts with balances, by code or id', async () => {
    const t = await ledgerTenant();
    await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-02-01`, [
        ['10105', 750_000, 0],
        ['30901', 0, 750_000],
      ]),
    );
    const teller = await roleUser(t, 'TELLER');
    const res = await teller.get('/api/coa/101/search-by-parent');
    expect(res.statusCode).toBe(200);
    const accounts = data(res);
    expect(accounts.map((a: { code: string }) => a.code)).toEqual(['10101', '10102', '10103', '10104', '10105']);
    expect(accounts.find((a: { code: string }) => a.code === '10105').balance).toBe(750_000);
    const byId = data(await t.admin.get(`/api/coa/${t.acc['101']}/search-by-parent`, { search: 'bank' }));
    expect(byId.map((a: { code: string }) => a.code)).toEqual(['10104', '10105']);
    const missing = await t.admin.get('/api/coa/999/search-by-parent');
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({ message: 'Akun COA tidak ditemukan' });
  });

  it('mutation: opening balance, lines with running balance, closing balance, paging both ways, Excel', async () => {
    const t = await ledgerTenant();
    const lines: Array<[string, number]> = [
      [`${Y}-01-15`, 1_000],
      [`${Y}-02-03`, 200],
      [`${Y}-02-10`, -50],
      [`${Y}-02-20`, 300],
      [`${Y}-03-01`, 5],
    ];
    for (const [date, amt] of lines) {
      await t.admin.post(
        '/api/journal-manual',
        jbody(
          t,
          date,
          amt > 0
            ? [
                ['10101', amt, 0],
                ['40302', 0, amt],
              ]
            : [
                ['50202', -amt, 0],
                ['10101', 0, -amt],
              ],
        ),
      );
    }
    const m = data(await t.admin.get(`/api/coa/${t.acc['10101']}/mutation`, { start: `${Y}-02-01`, end: `${Y}-02-28`, limit: 2 }));
    expect(m).toMatchObject({
      openingBalance: 1_000,
      closingBalance: 1_450,
      totalDebit: 500,
      totalCredit: 50,
      totalElements: 3,
      totalPages: 2,
    });
    expect(
      m.content.map((l: { date: string; debit: number; credit: number; balance: number }) => [l.date, l.debit, l.credit, l.balance]),
    ).toEqual([
      [`${Y}-02-03`, 200, 0, 1_200],
      [`${Y}-02-10`, 0, 50, 1_150],
    ]);
    const p2 = data(await t.admin.get(`/api/coa/10101/mutation`, { start: `${Y}-02-01`, end: `${Y}-02-28`, limit: 2, page: 1 }));
    expect(p2.content.map((l: { balance: number }) => l.balance)).toEqual([1_450]);
    const desc = data(await t.admin.get(`/api/coa/10101/mutation`, { start: `${Y}-02-01`, end: `${Y}-02-28`, sort: 'date,desc' }));
    expect(desc.content.map((l: { balance: number }) => l.balance)).toEqual([1_450, 1_150, 1_200]);
    const beyond = data(await t.admin.get(`/api/coa/10101/mutation`, { start: `${Y}-02-01`, end: `${Y}-02-28`, limit: 2, page: 5 }));
    expect(beyond).toMatchObject({ content: [], totalElements: 3 });
    const header = data(await t.admin.get(`/api/coa/101/mutation`, { start: `${Y}-01-01`, end: `${Y}-12-31`, limit: 100 }));
    expect(header).toMatchObject({ openingBalance: 0, closingBalance: 1_455, totalElements: 5 });
    const xlsx = await t.admin.get(`/api/coa/10101/mutation`, { start: `${Y}-02-01`, end: `${Y}-02-28`, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain(`mutasi-10101-${Y}-02-01-${Y}-02-28.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const values = ws.getSheetValues().filter(Boolean) as unknown[][];
    expect(values.some((r) => r.includes(1_450))).toBe(true);
    const teller = await roleUser(t, 'TELLER');
    expect((await teller.get('/api/coa/10101/mutation')).statusCode).toBe(200);
    const agent = await roleUser(t, 'AGENT');
    expect((await agent.get('/api/coa/10101/mutation')).statusCode).toBe(403);
  });
});

describe('changing the chart', () => {
  it('adds accounts under a header with the parent’s type, unique codes, contra normal balance', async () => {
    const t = await ledgerTenant();
    const res = await t.admin.post('/api/coa', { code: '10106', name: 'Bank BNI', parentId: t.acc['101'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('Akun 10106 berhasil ditambahkan');
    expect(data(res)).toMatchObject({
      code: '10106',
      type: 'ASSET',
      normalBalance: 'DEBIT',
      isPostable: true,
      isActive: true,
      parentCode: '101',
      level: 2,
    });
    const contra = data(
      await t.admin.post('/api/coa', { code: '10608', name: 'Akumulasi Penyusutan Lain', parentId: t.acc['106'], normalBalance: 'CREDIT' }),
    );
    expect(contra.normalBalance).toBe('CREDIT');
    const root = data(await t.admin.post('/api/coa', { code: '6', name: 'REKENING ADMINISTRATIF', type: 'EXPENSE', isPostable: false }));
    expect(root).toMatchObject({ level: 0, isPostable: false, parentId: null });
    const dup = await t.admin.post('/api/coa', { code: '10106', name: 'Lagi', parentId: t.acc['101'] });
    expect(dup.statusCode).toBe(409);
    expect(body(dup)).toMatchObject({ errorCode: 'COA_CODE_TAKEN', message: 'Kode akun 10106 sudah digunakan' });
    const underPostable = await t.admin.post('/api/coa', { code: '1010101', name: 'Sub', parentId: t.acc['10101'] });
    expect(body(underPostable)).toMatchObject({
      errorCode: 'COA_PARENT_NOT_HEADER',
      message: 'Akun induk 10101 harus berupa akun header (tidak dapat dijurnal)',
    });
    const mismatch = await t.admin.post('/api/coa', { code: '10107', name: 'X', parentId: t.acc['101'], type: 'EXPENSE' });
    expect(body(mismatch)).toMatchObject({
      errorCode: 'COA_PARENT_TYPE_MISMATCH',
      message: 'Tipe akun harus sama dengan tipe akun induk (Aset)',
    });
    const noType = await t.admin.post('/api/coa', { code: '7', name: 'X' });
    expect(body(noType)).toMatchObject({ errorCode: 'COA_TYPE_REQUIRED' });
    const badCode = await t.admin.post('/api/coa', { code: 'a b', name: 'X', parentId: t.acc['101'] });
    expect(body(badCode).message).toBe('Kode akun hanya boleh berisi huruf, angka, titik dan tanda hubung (maksimal 20 karakter)');
    const noName = await t.admin.post('/api/coa', { code: '10109', parentId: t.acc['101'] });
    expect(body(noName).message).toBe('Nama wajib diisi');
    const audit = await t.tx((tx) => tx.query<{ action: string }>(`SELECT action FROM audit_log WHERE entity = 'coa_account'`));
    expect(audit).toHaveLength(3);
  });

  it('edits keep the tree sound: header/postable, type lock, cycles, deactivation and system accounts', async () => {
    const t = await ledgerTenant();
    await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-02-01`, [
        ['10104', 100, 0],
        ['30901', 0, 100],
      ]),
    );
    const renamed = await t.admin.patch('/api/coa', { id: t.acc['10104'], name: 'Bank BRI Unit Pasar', code: '10104A' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(data(renamed)).toMatchObject({ code: '10104A', name: 'Bank BRI Unit Pasar', balance: 100 });
    expect(body(await t.admin.patch('/api/coa', { id: t.acc['10104'], isPostable: false }))).toMatchObject({
      errorCode: 'COA_HEADER_HAS_POSTINGS',
      message: 'Akun 10104A sudah memiliki transaksi sehingga tidak dapat dijadikan akun header',
    });
    expect(body(await t.admin.patch('/api/coa', { id: t.acc['101'], isPostable: true }))).toMatchObject({
      errorCode: 'COA_CHILDREN_NOT_POSTABLE',
    });
    expect(body(await t.admin.patch('/api/coa', { id: t.acc['10104'], normalBalance: 'CREDIT' }))).toMatchObject({
      errorCode: 'COA_TYPE_LOCKED',
    });
    expect(body(await t.admin.patch('/api/coa', { id: t.acc['101'], parentId: t.acc['101'] }))).toMatchObject({
      errorCode: 'COA_PARENT_CYCLE',
    });
    expect(body(await t.admin.patch('/api/coa', { id: t.acc['1'], parentId: t.acc['101'] }))).toMatchObject({
      errorCode: 'COA_PARENT_CYCLE',
    });
    expect(body(await t.admin.patch('/api/coa', { id: t.acc['10104'], isActive: false }))).toMatchObject({
      errorCode: 'COA_BALANCE_NOT_ZERO',
      message: 'Saldo akun 10104A masih Rp 100; pindahkan saldo sebelum menonaktifkan akun',
    });
    expect(body(await t.admin.patch('/api/coa', { id: t.acc['10101'], isActive: false }))).toMatchObject({
      errorCode: 'COA_SYSTEM_ACCOUNT',
      message: 'Akun 10101 adalah akun sistem (CASH_MAIN) dan tidak dapat dihapus, dinonaktifkan atau dijadikan header',
    });
    expect(body(await t.admin.patch('/api/coa', { id: t.acc['106'], isActive: false }))).toMatchObject({
      errorCode: 'COA_ACTIVE_CHILDREN',
    });
    // Move an account under another header of the same type; deactivate one without balance.
    const moved = data(await t.admin.patch('/api/coa', { id: t.acc['10102'], parentId: t.acc['109'] }));
    expect(moved).toMatchObject({ parentCode: '109', level: 2 });
    expect(body(await t.admin.patch('/api/coa', { id: t.acc['10102'], parentId: t.acc['5'] }))).toMatchObject({
      errorCode: 'COA_PARENT_TYPE_MISMATCH',
    });
    const off = data(await t.admin.patch('/api/coa', { id: t.acc['10102'], isActive: false }));
    expect(off.isActive).toBe(false);
    const posting = await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-02-02`, [
        ['10102', 1, 0],
        ['30901', 0, 1],
      ]),
    );
    expect(body(posting)).toMatchObject({
      errorCode: 'ACCOUNT_INACTIVE',
      message: 'Akun 10102 - Kas Kecil tidak aktif dan tidak dapat dijurnal',
    });
    // An unused postable account may become a header, and type changes on an unused leaf follow the parent.
    const header = data(await t.admin.patch('/api/coa', { id: t.acc['10105'], isPostable: false }));
    expect(header.isPostable).toBe(false);
    const missing = await t.admin.patch('/api/coa', { id: crypto.randomUUID(), name: 'x' });
    expect(missing.statusCode).toBe(404);
    const audit = await t.tx((tx) =>
      tx.one<{ before: { name: string }; after: { name: string } }>(
        `SELECT before, after FROM audit_log WHERE action = 'coa.update' AND entity_id = $1 ORDER BY id LIMIT 1`,
        [t.acc['10104']],
      ),
    );
    expect([audit?.before.name, audit?.after.name]).toEqual(['Bank BRI', 'Bank BRI Unit Pasar']);
  });

  it('deletes only unused leaf accounts; others are deactivated instead', async () => {
    const t = await ledgerTenant();
    await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-02-01`, [
        ['10105', 100, 0],
        ['30901', 0, 100],
      ]),
    );
    const used = await t.admin.delete(`/api/coa/${t.acc['10105']}/delete`);
    expect(used.statusCode).toBe(422);
    expect(body(used)).toMatchObject({
      errorCode: 'COA_HAS_POSTINGS',
      message: 'Akun 10105 sudah memiliki transaksi dan tidak dapat dihapus; nonaktifkan akun sebagai gantinya',
    });
    expect(body(await t.admin.delete(`/api/coa/${t.acc['106']}/delete`))).toMatchObject({ errorCode: 'COA_HAS_CHILDREN' });
    expect(body(await t.admin.delete(`/api/coa/${t.acc['10101']}/delete`))).toMatchObject({ errorCode: 'COA_SYSTEM_ACCOUNT' });
    // An account a user works with (users/coa) is in use.
    await t.tx((tx) => tx.exec('UPDATE app_user SET coa_id = $2 WHERE id = $1', [t.adminUserId, t.acc['10102']]));
    expect(body(await t.admin.delete(`/api/coa/${t.acc['10102']}/delete`))).toMatchObject({ errorCode: 'COA_IN_USE' });
    const ok = await t.admin.delete('/api/coa/50208/delete');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body(ok).message).toBe('Akun 50208 berhasil dihapus');
    expect((await t.admin.get('/api/coa/50208/detail')).statusCode).toBe(404);
  });
});

describe('balance adjustment', () => {
  it('posts the difference against the opening-balance equity, never writes a balance', async () => {
    const t = await ledgerTenant();
    const res = await t.admin.post(`/api/coa/${t.acc['10104']}/adjust-balance`, { date: `${Y}-01-01`, balance: 5_000_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('Saldo akun berhasil disesuaikan');
    const r = data(res);
    expect(r).toMatchObject({ previousBalance: 0, balance: 5_000_000 });
    expect(r.journal).toMatchObject({
      sourceModule: 'BALANCE_ADJUSTMENT',
      sourceId: t.acc['10104'],
      description: 'Penyesuaian saldo 10104 - Bank BRI',
    });
    expect(r.journal.lines.map((l: { coaCode: string; debit: number; credit: number }) => [l.coaCode, l.debit, l.credit])).toEqual([
      ['10104', 5_000_000, 0],
      ['30901', 0, 5_000_000],
    ]);
    // A correction downwards, and a credit-normal account.
    const down = data(await t.admin.post('/api/coa/10104/adjust-balance', { date: `${Y}-01-31`, balance: 4_750_000 }));
    expect(down.journal.lines.map((l: { coaCode: string; debit: number; credit: number }) => [l.coaCode, l.debit, l.credit])).toEqual([
      ['10104', 0, 250_000],
      ['30901', 250_000, 0],
    ]);
    const loan = data(await t.admin.post('/api/coa/20301/adjust-balance', { date: `${Y}-01-01`, balance: 1_000_000 }));
    expect(loan.journal.lines.map((l: { coaCode: string; debit: number; credit: number }) => [l.coaCode, l.debit, l.credit])).toEqual([
      ['20301', 0, 1_000_000],
      ['30901', 1_000_000, 0],
    ]);
    const same = await t.admin.post('/api/coa/10104/adjust-balance', { date: `${Y}-01-31`, balance: 4_750_000 });
    expect(body(same)).toMatchObject({
      errorCode: 'ADJUST_NO_CHANGE',
      message: `Saldo akun 10104 per 31-01-${Y} sudah Rp 4.750.000; tidak ada yang disesuaikan`,
    });
    expect(body(await t.admin.post('/api/coa/30901/adjust-balance', { date: `${Y}-01-31`, balance: 1 }))).toMatchObject({
      errorCode: 'ADJUST_OPENING_EQUITY',
    });
    expect(body(await t.admin.post('/api/coa/101/adjust-balance', { date: `${Y}-01-31`, balance: 1 }))).toMatchObject({
      errorCode: 'ACCOUNT_NOT_POSTABLE',
    });
    const other = await ledgerTenant();
    expect((await other.admin.post(`/api/coa/${t.acc['10104']}/adjust-balance`, { date: `${Y}-01-31`, balance: 1 })).statusCode).toBe(404);
    const teller = await roleUser(t, 'TELLER');
    expect((await teller.post('/api/coa/10104/adjust-balance', { date: `${Y}-01-31`, balance: 1 })).statusCode).toBe(403);
  });

  it('opening balances of several accounts post one journal netted against opening equity', async () => {
    const t = await ledgerTenant();
    const res = await t.admin.post('/api/coa/opening-balance', {
      date: `${Y}-01-01`,
      items: [
        { coaId: t.acc['10101'], balance: 10_000_000 },
        { coaId: t.acc['10602'], balance: 300_000_000 },
        { coaId: t.acc['10605'], balance: 30_000_000 },
        { coaId: t.acc['20301'], balance: 50_000_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = data(res);
    expect(r.journal).toMatchObject({ sourceModule: 'OPENING', description: `Saldo awal per 01-01-${Y}`, totalDebit: 310_000_000 });
    expect(r.journal.lines.map((l: { coaCode: string; debit: number; credit: number }) => [l.coaCode, l.debit, l.credit])).toEqual([
      ['10101', 10_000_000, 0],
      ['30901', 0, 230_000_000],
      ['10602', 300_000_000, 0],
      ['10605', 0, 30_000_000],
      ['20301', 0, 50_000_000],
    ]);
    const dup = await t.admin.post('/api/coa/opening-balance', {
      date: `${Y}-01-01`,
      items: [
        { coaId: t.acc['10101'], balance: 1 },
        { coaId: t.acc['10101'], balance: 2 },
      ],
    });
    expect(body(dup)).toMatchObject({ errorCode: 'OPENING_DUPLICATE' });
    const empty = await t.admin.post('/api/coa/opening-balance', { date: `${Y}-01-01`, items: [] });
    expect(body(empty).message).toBe('Isi minimal satu saldo akun');
  });
});

describe('permissions and isolation', () => {
  it('COA settings need the settings permissions; pickers only a sign-in; another tenant’s accounts are not found', async () => {
    const t = await ledgerTenant();
    const other = await ledgerTenant();
    const teller = await roleUser(t, 'TELLER');
    expect((await teller.get('/api/coa')).statusCode).toBe(200);
    expect((await teller.get('/api/coa/parent')).statusCode).toBe(200);
    const dt = await teller.get('/api/coa/datatable');
    expect(dt.statusCode).toBe(403);
    expect(body(dt).message).toBe('Anda tidak memiliki akses lihat pada menu Pengaturan');
    expect((await teller.post('/api/coa', { code: '10199', name: 'X', parentId: t.acc['101'] })).statusCode).toBe(403);
    expect((await teller.patch('/api/coa', { id: t.acc['10101'], name: 'X' })).statusCode).toBe(403);
    expect((await teller.delete(`/api/coa/${t.acc['50208']}/delete`)).statusCode).toBe(403);
    for (const res of [
      await other.admin.get(`/api/coa/${t.acc['10101']}/detail`),
      await other.admin.get(`/api/coa/${t.acc['101']}/search-by-parent`),
      await other.admin.get(`/api/coa/${t.acc['10101']}/mutation`),
      await other.admin.patch('/api/coa', { id: t.acc['10101'], name: 'Diretas' }),
      await other.admin.delete(`/api/coa/${t.acc['50208']}/delete`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const foreignParent = await other.admin.post('/api/coa', { code: '10199', name: 'X', parentId: t.acc['101'] });
    expect(body(foreignParent)).toMatchObject({ errorCode: 'COA_PARENT_NOT_FOUND' });
    const foreignLine = await other.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-02-01`, [
        ['10101', 1, 0],
        ['30901', 0, 1],
      ]),
    );
    expect(foreignLine.statusCode).toBe(404);
    expect(body(foreignLine)).toMatchObject({ errorCode: 'ACCOUNT_NOT_FOUND', message: 'Baris 1: akun COA tidak ditemukan' });
    const name = await t.tx((tx) => tx.one<{ name: string }>('SELECT name FROM coa_account WHERE id = $1', [t.acc['10101']]));
    expect(name?.name).toBe('Kas Besar');
  });
});
