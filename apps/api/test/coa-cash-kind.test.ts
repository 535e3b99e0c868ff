/**
 * Cash or bank on the chart of accounts (migration 0910, docs/teller.md "Cash and bank accounts"): the seeded
 * accounts under Kas dan Bank carry CASH or BANK, a new account below 101 gets its kind from its name unless one is
 * given, and a kind is refused outside 101 or on a header.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyCashAccounts } from '../src/modules/teller/teller.repo.ts';
import { body } from './helpers.ts';
import { data, ledgerTenant } from './ledger-helpers.ts';

describe('cash kind of COA accounts', () => {
  it('is seeded, inferred for new accounts under 101, editable, and refused elsewhere', async () => {
    const t = await ledgerTenant();
    const kinds = Object.fromEntries(
      (
        await t.tx((tx) =>
          tx.query<{ code: string; cash_kind: string | null }>(
            `SELECT code, cash_kind FROM coa_account WHERE code LIKE '101%' OR code = '10201'`,
          ),
        )
      ).map((r) => [r.code, r.cash_kind]),
    );
    expect(kinds).toMatchObject({ '101': null, '10101': 'CASH', '10102': 'CASH', '10103': 'CASH', '10104': 'BANK', '10105': 'BANK' });
    expect(data(await t.admin.get(`/api/coa/${t.acc['10101']}/detail`)).cashKind).toBe('CASH');

    const add = (b: Record<string, unknown>) => t.admin.post('/api/coa', { parentId: t.acc['101'], ...b });
    const kas2 = data(await add({ code: '10120', name: 'Kas Teller 2' }));
    expect(kas2.cashKind).toBe('CASH');
    expect(data(await add({ code: '10121', name: 'Bank BNI Syariah' })).cashKind).toBe('BANK');
    expect(data(await add({ code: '10122', name: 'Brankas', cashKind: null })).cashKind).toBe(null);

    const patched = await t.admin.patch('/api/coa', { id: t.acc['10102'], cashKind: 'BANK' });
    expect(data(patched).cashKind).toBe('BANK');
    const outside = await t.admin.patch('/api/coa', { id: t.acc['40201'], cashKind: 'CASH' });
    expect([outside.statusCode, body(outside).errorCode]).toEqual([422, 'COA_CASH_KIND_INVALID']);
    expect(body(outside).message).toBe('Jenis kas/bank hanya untuk akun transaksi di bawah Kas dan Bank (101); akun 40201 tidak termasuk');
    // Moved out of Kas dan Bank, an account drops its kind.
    expect(data(await t.admin.patch('/api/coa', { id: kas2.id, parentId: t.acc['109'] })).cashKind).toBe(null);
    const header = await t.admin.patch('/api/coa', { id: t.acc['101'], cashKind: 'CASH' });
    expect(body(header).errorCode).toBe('COA_CASH_KIND_INVALID');
  });

  it('classifies existing accounts below 101 by name, as migration 0910 does for existing cooperatives', async () => {
    const t = await ledgerTenant();
    const add = async (code: string, name: string) =>
      data(await t.admin.post('/api/coa', { parentId: t.acc['101'], code, name, cashKind: null })).id as string;
    const giro = await add('10130', 'Rekening Giro BCA');
    const branch = await add('10131', 'Kas Cabang Sleman');
    await t.tx((tx) => tx.exec(`UPDATE coa_account SET cash_kind = NULL WHERE code LIKE '101%'`));
    await t.tx((tx) => classifyCashAccounts(tx));
    const kinds = Object.fromEntries(
      (
        await t.tx((tx) => tx.query<{ id: string; code: string; cash_kind: string | null }>(`SELECT id, code, cash_kind FROM coa_account`))
      ).map((r) => [r.code, r.cash_kind]),
    );
    expect(kinds).toMatchObject({ '101': null, '10101': 'CASH', '10103': 'CASH', '10104': 'BANK', '10130': 'BANK', '10131': 'CASH' });
    expect([giro, branch]).toHaveLength(2);
    // The migration applies the same rule to every cooperative.
    const migration = readFileSync(new URL('../src/db/migrations/0910_coa_cash_kind.sql', import.meta.url), 'utf8');
    expect(migration).toContain("CASE WHEN a.name ~* '(bank|giro|rekening)' THEN 'BANK' ELSE 'CASH' END");
  });
});
