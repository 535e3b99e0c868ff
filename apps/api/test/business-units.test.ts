/**
 * Business units (Unit Usaha): validation of the unit and its eight accounts, lists, permissions,
 * another cooperative's units, and the balance sheet / profit and loss per unit versus consolidated.
 */

import { describe, expect, it } from 'vitest';
import { todayJakarta } from '../src/modules/ledger/dates.ts';
import { body } from './helpers.ts';
import { data, type LedgerTenant, ledgerTenant, roleUser } from './ledger-helpers.ts';

const Y = Number(todayJakarta().slice(0, 4)) - 1;

function accounts(t: LedgerTenant) {
  return {
    cashAccountId: t.acc['10104'],
    inventoryAccountId: t.acc['10301'],
    payableAccountId: t.acc['20210'],
    receivableAccountId: t.acc['10206'],
    revenueAccountId: t.acc['40201'],
    expenseAccountId: t.acc['50301'],
    adminLiabilityAccountId: t.acc['20211'],
    inventoryLossAccountId: t.acc['50302'],
  };
}

async function addUnit(t: LedgerTenant, extra: Record<string, unknown> = {}) {
  const res = await t.admin.post('/api/business-unit', { name: 'Toko Koperasi', type: 'TOKO', ...accounts(t), ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return data(res);
}

describe('business units', () => {
  it('validates the unit and each account, creates, audits, lists and updates', async () => {
    const t = await ledgerTenant();
    const other = await ledgerTenant();
    const noName = await t.admin.post('/api/business-unit', { type: 'TOKO', ...accounts(t) });
    expect(noName.statusCode).toBe(400);
    expect(body(noName).message).toBe('Nama unit usaha wajib diisi');
    const badType = await t.admin.post('/api/business-unit', { name: 'X', type: 'WARUNG', ...accounts(t) });
    expect(badType.statusCode).toBe(400);
    expect(body(badType).message).toBe('Jenis unit usaha wajib dipilih (SIMPAN PINJAM, TOKO atau USAHA LAINNYA)');
    const noAccount = await t.admin.post('/api/business-unit', { name: 'X', type: 'TOKO', ...accounts(t), cashAccountId: undefined });
    expect(noAccount.statusCode).toBe(400);
    expect(body(noAccount).message).toBe('Akun COA wajib dipilih');

    const header = await t.admin.post('/api/business-unit', { name: 'X', type: 'TOKO', ...accounts(t), cashAccountId: t.acc['101'] });
    expect(header.statusCode).toBe(422);
    expect(body(header)).toMatchObject({
      errorCode: 'ACCOUNT_NOT_POSTABLE',
      message: 'Akun 101 - Kas dan Bank adalah akun induk (header), pilih akun yang dapat dijurnal',
    });
    const wrongType = await t.admin.post('/api/business-unit', {
      name: 'X',
      type: 'TOKO',
      ...accounts(t),
      revenueAccountId: t.acc['50202'],
    });
    expect(wrongType.statusCode).toBe(422);
    expect(body(wrongType).message).toBe('Akun 50202 - Beban Listrik, Air dan Telepon harus bertipe INCOME');
    const foreign = await t.admin.post('/api/business-unit', {
      name: 'X',
      type: 'TOKO',
      ...accounts(t),
      cashAccountId: other.acc['10104'],
    });
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign)).toMatchObject({ errorCode: 'ACCOUNT_NOT_FOUND', message: 'Akun COA tidak ditemukan' });
    expect((await t.admin.patch('/api/coa', { id: t.acc['10102'], isActive: false })).statusCode).toBe(200);
    const inactive = await t.admin.post('/api/business-unit', { name: 'X', type: 'TOKO', ...accounts(t), cashAccountId: t.acc['10102'] });
    expect(body(inactive)).toMatchObject({ errorCode: 'ACCOUNT_INACTIVE', message: 'Akun 10102 - Kas Kecil tidak aktif' });

    const unit = await addUnit(t);
    expect(unit).toMatchObject({
      name: 'Toko Koperasi',
      type: 'TOKO',
      status: 'ACTIVE',
      cashAccountId: t.acc['10104'],
      ownAccountCount: 0,
    });
    expect(unit.accounts.revenueAccountId).toMatchObject({ code: '40201', name: 'Penjualan Unit Toko' });
    const audits = await t.tx((tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'business_unit.create' AND entity_id = $1`, [unit.id]),
    );
    expect(audits?.n).toBe(1);

    const dup = await t.admin.post('/api/business-unit', { name: 'toko koperasi', type: 'USAHA LAINNYA', ...accounts(t) });
    expect(dup.statusCode).toBe(409);
    expect(body(dup).message).toBe('Nama unit usaha toko koperasi sudah dipakai');
    // Another cooperative may use the same name.
    await addUnit(other);

    const second = await addUnit(t, { name: 'Unit Fotokopi', type: 'USAHA LAINNYA', status: 'INACTIVE' });
    const page = data(await t.admin.get('/api/business-unit/datatable', { sortBy: 'name', ascOrDesc: 'ASC' }));
    expect(page.totalElements).toBe(2);
    expect(page.content.map((u: { name: string }) => u.name)).toEqual(['Toko Koperasi', 'Unit Fotokopi']);
    const filtered = data(await t.admin.get('/api/business-unit/datatable', { type: 'TOKO', search: 'toko' }));
    expect(filtered.content.map((u: { id: string }) => u.id)).toEqual([unit.id]);
    const all = data(await t.admin.get('/api/business-unit/list-all'));
    expect(all.map((u: { id: string }) => u.id)).toEqual([unit.id, second.id]);

    const renamed = await t.admin.patch('/api/business-unit', { id: second.id, name: 'TOKO KOPERASI' });
    expect(renamed.statusCode).toBe(409);
    const changed = await t.admin.patch('/api/business-unit', { id: second.id, status: 'ACTIVE', expenseAccountId: t.acc['50202'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(data(changed)).toMatchObject({ name: 'Unit Fotokopi', status: 'ACTIVE', expenseAccountId: t.acc['50202'] });
    const badPatch = await t.admin.patch('/api/business-unit', { id: second.id, expenseAccountId: t.acc['40201'] });
    expect(body(badPatch).errorCode).toBe('ACCOUNT_WRONG_TYPE');
    const updates = await t.tx((tx) =>
      tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'business_unit.update' AND entity_id = $1`, [
        second.id,
      ]),
    );
    expect(updates?.n).toBe(1);
  });

  it('needs the business_unit permissions; another cooperative’s unit is not found', async () => {
    const t = await ledgerTenant();
    const other = await ledgerTenant();
    const unit = await addUnit(t);
    const theirs = await addUnit(other);
    const nobody = await roleUser(t, { permissions: {} });
    const viewer = await roleUser(t, { permissions: { business_unit: { view: true, add: false, update: false, delete: false } } });
    const denied = await nobody.get('/api/business-unit/datatable');
    expect(denied.statusCode).toBe(403);
    expect(body(denied).message).toBe('Anda tidak memiliki akses lihat pada menu Unit Usaha');
    expect((await nobody.post('/api/business-unit', { name: 'X', type: 'TOKO', ...accounts(t) })).statusCode).toBe(403);
    expect((await viewer.get('/api/business-unit/datatable')).statusCode).toBe(200);
    expect((await viewer.post('/api/business-unit', { name: 'X', type: 'TOKO', ...accounts(t) })).statusCode).toBe(403);
    expect((await viewer.patch('/api/business-unit', { id: unit.id, name: 'Y' })).statusCode).toBe(403);

    for (const res of [
      await t.admin.get(`/api/business-unit/${theirs.id}/detail`),
      await t.admin.patch('/api/business-unit', { id: theirs.id, name: 'Milik saya' }),
      await t.admin.get('/api/report/v2/balance-sheet', { periode: `${Y}-05`, businessUnitId: theirs.id }),
      await t.admin.get('/api/report/v2/profit-and-loss', { periode: `${Y}-05`, businessUnitId: theirs.id }),
      await t.admin.post('/api/coa', { code: '10109', name: 'Kas Curian', parentId: t.acc['101'], businessUnitId: theirs.id }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(body(res).message).toBe('Unit usaha tidak ditemukan');
    }
    const mine = data(await t.admin.get('/api/business-unit/list-all'));
    expect(mine.map((u: { id: string }) => u.id)).toEqual([unit.id]);
    const theirsAfter = data(await other.admin.get(`/api/business-unit/${theirs.id}/detail`));
    expect(theirsAfter.name).toBe('Toko Koperasi');
  });

  it('balance sheet and profit and loss per unit; consolidated without the filter', async () => {
    const t = await ledgerTenant();
    const unit = await addUnit(t);
    const kasToko = data(
      await t.admin.post('/api/coa', { code: '10108', name: 'Kas Toko', parentId: t.acc['101'], businessUnitId: unit.id }),
    );
    expect(kasToko.businessUnitId).toBe(unit.id);
    const post = async (lines: Array<[string, number, number, string?]>) => {
      const res = await t.admin.post('/api/journal-manual', {
        date: `${Y}-05-10`,
        description: 'Jurnal uji',
        lines: lines.map(([id, debit, credit, bu]) => ({ coaId: id, debit, credit, businessUnitId: bu })),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The store sells for cash into its own cash account (which belongs to the unit)...
    await post([
      [kasToko.id, 500_000, 0],
      [t.acc['40201'], 0, 500_000, unit.id],
    ]);
    // ...and pays a cost from it.
    await post([
      [t.acc['50301'], 120_000, 0, unit.id],
      [kasToko.id, 0, 120_000],
    ]);
    // The cooperative's own business, outside the unit.
    await post([
      [t.acc['10101'], 2_000_000, 0],
      [t.acc['40101'], 0, 2_000_000],
    ]);

    const bsUnit = data(await t.admin.get('/api/report/v2/balance-sheet', { periode: `${Y}-05`, businessUnitId: unit.id }));
    expect(bsUnit).toMatchObject({ businessUnitId: unit.id, totalAssets: 380_000, currentYearResult: 380_000, balanced: true });
    const bsAll = data(await t.admin.get('/api/report/v2/balance-sheet', { periode: `${Y}-05` }));
    expect(bsAll).toMatchObject({ businessUnitId: null, totalAssets: 2_380_000, currentYearResult: 2_380_000, balanced: true });

    const plUnit = data(await t.admin.get('/api/report/v2/profit-and-loss', { periode: `${Y}-05`, businessUnitId: unit.id }));
    expect(plUnit).toMatchObject({ totalIncome: 500_000, totalExpense: 120_000, surplus: 380_000 });
    const plAll = data(await t.admin.get('/api/report/v2/profit-and-loss', { periode: `${Y}-05` }));
    expect(plAll).toMatchObject({ totalIncome: 2_500_000, totalExpense: 120_000, surplus: 2_380_000 });

    // An account given to the unit later brings its earlier lines into the unit's statements.
    const moved = await t.admin.patch('/api/coa', { id: t.acc['10101'], businessUnitId: unit.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = data(await t.admin.get('/api/report/v2/balance-sheet', { periode: `${Y}-05`, businessUnitId: unit.id }));
    expect(after.totalAssets).toBe(2_380_000);
    expect(data(await t.admin.get(`/api/business-unit/${unit.id}/detail`)).ownAccountCount).toBe(2);
  });
});
