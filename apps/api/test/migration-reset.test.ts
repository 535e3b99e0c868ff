/**
 * POST /api/migration/{type}/reset-confirm-step-{n} (issue 17): n is the
 * spec's wizard step to go back to (1 upload data, 2 adjust account
 * recording, 3 review and process migration; docs/migration.md "Reset").
 * Every n for a data type and for the opening balance sheet (neraca), an
 * out-of-range n (a clear 400, never 500), and the opening balance sheet's
 * undo refused once another journal was posted after it.
 */
import { describe, expect, it } from 'vitest';
import { createDepositProduct } from './deposits-fixtures.ts';
import { newTenant, type TestTenant } from './helpers.ts';
import { workbook } from './members-fixtures.ts';
import {
  balanceSheet,
  body,
  DEPOSITS_HEADER,
  memberRow,
  membersFile,
  monthsFromToday,
  NERACA_HEADER,
  productsWithControl,
  SAVINGS_HEADER,
  upload,
} from './migration-fixtures.ts';
import { assertReconciled, coaIds } from './reconcile.ts';

interface Check {
  steps: Array<{ type: string; uploaded: boolean; confirmed: boolean; rows: number }>;
}

async function setup() {
  const t = await newTenant();
  const products = await productsWithControl(t.tenantId);
  const voluntary = products.find((p) => p.saving_type === 'VOLUNTARY')!;
  expect((await upload(t, 'members', await membersFile([memberRow('AGT-0001')]))).statusCode).toBe(200);
  expect((await upload(t, 'savings', await workbook(SAVINGS_HEADER, [['AGT-0001', voluntary.code, 'S-1', 500, '']]))).statusCode).toBe(200);
  const neraca = async () =>
    upload(
      t,
      'data-coa-format-neraca',
      await workbook(NERACA_HEADER, [
        ['10101', '', '', 500, null],
        [voluntary.control_code, '', '', null, 500],
      ]),
    );
  return { t, voluntary, neraca };
}

const confirm = (t: TestTenant, type: string) => t.admin.post(`/api/migration/confirm?type=${type}`);
const reset = (t: TestTenant, type: string, n: number | string, lang = 'id') =>
  t.admin.post(`/api/migration/${type}/reset-confirm-step-${n}`, {}, { 'accept-language': lang });
const stepOf = async (t: TestTenant, type: string) =>
  body<Check>(await t.admin.get('/api/migration/check')).data.steps.find((s) => s.type === type)!;

describe('reset-confirm-step-{n}: n is the wizard step to go back to', () => {
  it('a data type: 3 and 2 undo the posting and keep the rows; 1 also drops them; nothing confirmed: 409 for 2 and 3', async () => {
    const { t, voluntary, neraca } = await setup();
    expect((await neraca()).statusCode).toBe(200);
    for (const type of ['neraca', 'members', 'savings']) expect((await confirm(t, type)).statusCode).toBe(200);

    for (const n of [3, 2]) {
      const r = await reset(t, 'savings', n);
      expect(r.statusCode, r.body).toBe(200);
      expect(body(r).data).toMatchObject({ type: 'SAVINGS', step: n, undone: true, dropped: false });
      expect(await stepOf(t, 'SAVINGS')).toMatchObject({ uploaded: true, confirmed: false, rows: 1 });
      expect((await balanceSheet(t.tenantId))[voluntary.control_code!]).toBeUndefined();
      await assertReconciled(t.tenantId);
      // Nothing to undo now: going back to 3 or 2 again is refused; confirm again.
      expect(body(await reset(t, 'savings', n)).errorCode).toBe('MIGRATION_NOT_CONFIRMED');
      expect((await confirm(t, 'savings')).statusCode).toBe(200);
      expect((await balanceSheet(t.tenantId))[voluntary.control_code!]).toBe('500.00');
    }
    const one = await reset(t, 'savings', 1);
    expect(one.statusCode, one.body).toBe(200);
    expect(body(one).data).toMatchObject({ step: 1, undone: true, dropped: true });
    expect(await stepOf(t, 'SAVINGS')).toMatchObject({ uploaded: false, confirmed: false, rows: 0 });
    // Step 1 with nothing confirmed only drops what is staged (here nothing): not an error.
    expect((await reset(t, 'savings', 1)).statusCode).toBe(200);
    await assertReconciled(t.tenantId);
  });

  it('neraca: 3 undoes the opening journal and keeps the sheet; 2 and 1 also drop the sheet; migration journals after it do not block', async () => {
    const { t, neraca } = await setup();
    expect((await neraca()).statusCode).toBe(200);
    expect((await confirm(t, 'neraca')).statusCode).toBe(200);
    // The members and savings steps post after the opening journal: migration journals, no block.
    for (const type of ['members', 'savings']) expect((await confirm(t, type)).statusCode).toBe(200);
    const three = await reset(t, 'neraca', 3);
    expect(three.statusCode, three.body).toBe(200);
    expect(body(three).data).toMatchObject({ type: 'NERACA', undone: true, dropped: false });
    expect(await stepOf(t, 'NERACA')).toMatchObject({ uploaded: true, confirmed: false });
    expect((await balanceSheet(t.tenantId))['10101']).toBeUndefined();
    expect((await confirm(t, 'neraca')).statusCode).toBe(200);
    for (const n of [2, 1]) {
      const r = await reset(t, 'neraca', n);
      expect(r.statusCode, r.body).toBe(200);
      expect(body(r).data).toMatchObject({ step: n, undone: true, dropped: true });
      expect(await stepOf(t, 'NERACA')).toMatchObject({ uploaded: false, confirmed: false });
      expect((await neraca()).statusCode).toBe(200);
      expect((await confirm(t, 'neraca')).statusCode).toBe(200);
    }
    expect((await balanceSheet(t.tenantId))['10101']).toBe('500.00');
    await assertReconciled(t.tenantId);
  });

  it('the opening balance sheet cannot be undone once another journal was posted after it (409, id and en)', async () => {
    const { t, voluntary, neraca } = await setup();
    expect((await neraca()).statusCode).toBe(200);
    for (const type of ['neraca', 'members', 'savings']) expect((await confirm(t, type)).statusCode).toBe(200);
    const dep = await t.admin.post('/api/transaction/topup-saving-by-cif-product-kas-bank', {
      cif: 'AGT-0001',
      productId: voluntary.id,
      coaId: (await coaIds(t.tenantId))['10101'],
      amount: 1000,
    });
    expect(dep.statusCode, dep.body).toBe(200);
    for (const n of [1, 2, 3]) {
      const id = await reset(t, 'neraca', n);
      expect(id.statusCode).toBe(409);
      expect(body(id).errorCode).toBe('MIGRATION_NERACA_MOVED');
      expect(body(id).message).toMatch(/Neraca awal tidak dapat dibatalkan/);
    }
    const en = await reset(t, 'neraca', 3, 'en');
    expect(body(en).message).toMatch(/opening balance sheet cannot be undone/);
    expect(await stepOf(t, 'NERACA')).toMatchObject({ uploaded: true, confirmed: true });
    expect((await balanceSheet(t.tenantId))['10101']).toBe('1500.00');
    await assertReconciled(t.tenantId);
  });

  it('deposits and savings can be undone (3) while nothing moved, and confirmed again', async () => {
    const { t, voluntary } = await setup();
    await createDepositProduct(t);
    const deposit = (await productsWithControl(t.tenantId)).find((p) => p.kind === 'SAVING_DEPOSIT')!;
    const dp = await upload(
      t,
      'deposits',
      await workbook(DEPOSITS_HEADER, [
        ['AGT-0001', deposit.code, 'B-1', 2_000_000, 12, '', monthsFromToday(-2), monthsFromToday(10), monthsFromToday(1), 'NONE'],
      ]),
    );
    expect(body<{ failed: number }>(dp).data.failed).toBe(0);
    await upload(
      t,
      'data-coa-format-neraca',
      await workbook(NERACA_HEADER, [
        ['10101', '', '', 2_000_500, null],
        [voluntary.control_code, '', '', null, 500],
        [deposit.control_code, '', '', null, 2_000_000],
      ]),
    );
    for (const type of ['neraca', 'members', 'savings', 'deposits']) expect((await confirm(t, type)).statusCode).toBe(200);
    for (const type of ['deposits', 'savings']) {
      const r = await reset(t, type, 3);
      expect(r.statusCode, `${type}: ${r.body}`).toBe(200);
      await assertReconciled(t.tenantId);
    }
    // Undone accounts stay (closed, with their movements): their members can no longer be removed.
    expect(body(await reset(t, 'members', 3)).errorCode).toBe('MIGRATION_MOVED');
    expect((await balanceSheet(t.tenantId))[deposit.control_code!]).toBeUndefined();
    for (const type of ['savings', 'deposits']) expect((await confirm(t, type)).statusCode).toBe(200);
    expect((await balanceSheet(t.tenantId))[deposit.control_code!]).toBe('2000000.00');
    await assertReconciled(t.tenantId);
  });

  it('an n outside 1..3 (or not a number) answers a clear 400, never 500; an unknown type too (and members alone undo)', async () => {
    const { t } = await setup();
    // Members alone: undone (the members removed) and confirmed again.
    expect((await confirm(t, 'members')).statusCode).toBe(200);
    const undo = await reset(t, 'members', 3);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await stepOf(t, 'MEMBERS')).toMatchObject({ uploaded: true, confirmed: false, rows: 1 });
    expect((await confirm(t, 'members')).statusCode).toBe(200);
    for (const n of ['0', '4', '99', 'x', '1.5', '-1', '']) {
      const r = await reset(t, 'savings', n, 'en');
      expect(r.statusCode, `n=${n}: ${r.body}`).toBe(400);
      expect(r.body, `n=${n}`).toMatch(/upload data.*adjust account recording.*review and process/);
    }
    const id = await reset(t, 'savings', 7);
    expect(body(id).message + JSON.stringify(body(id))).toMatch(/Unggah Data/);
    const type = await reset(t, 'nope', 1);
    expect(type.statusCode).toBe(400);
  });
});
