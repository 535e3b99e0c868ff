/**
 * Bad input on the money routes of business units, teller, SHU, bills, deposits and the migration upload (issue 11
 * sweep, the pattern of inputs.test.ts): NUL bytes, amount text an Indonesian reads differently ("1.000", "1,5"),
 * "-0", "1e9", 20-digit numbers, impossible or ancient dates, an upload over the size limit. Every answer is a 4xx
 * in the envelope (status false, code, a message) — never a 500 — and nothing is written.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addUnit } from './business-units-fixtures.ts';
import { ledgerTenant } from './ledger-helpers.ts';
import { createActiveMember } from './members-fixtures.ts';

type Res = { statusCode: number; body: string; json: () => Record<string, unknown> };

function refused(name: string, res: Res) {
  expect({ name, ok: res.statusCode >= 400 && res.statusCode < 500, body: res.statusCode >= 500 ? res.body : '' }).toEqual({
    name,
    ok: true,
    body: '',
  });
  expect(res.json()).toMatchObject({ status: false, code: res.statusCode, message: expect.any(String) });
  expect(String(res.json().message).length).toBeGreaterThan(0);
}

const BAD_AMOUNTS = ['1.000', '1,5', '-0', '1e9', '12345678901234567890', 'Rp 1000', '1\u00000', -1, 0];
const BAD_DATES = ['1900-01-01', '2026-02-30', '2026-13-01', '26-01-05', '2026-01-05\u0000'];

describe('bad input on the money routes of business units, teller, SHU, bills and deposits', () => {
  it('every bad amount, date or NUL byte answers a 4xx envelope and writes nothing', async () => {
    const t = await ledgerTenant();
    const unit = await addUnit(t);
    const member = await createActiveMember(t.admin);
    const id = randomUUID();
    const count = async () =>
      (await t.tx((tx) =>
        tx.one<{ n: string }>(
          `SELECT ((SELECT count(*) FROM business_unit_transaction) + (SELECT count(*) FROM journal) + (SELECT count(*) FROM teller_session)
                   + (SELECT count(*) FROM member_transaction) + (SELECT count(*) FROM bill_payment))::text AS n`,
        ),
      ))!.n;
    const before = await count();
    const routes: Array<[string, (amount: unknown, date: unknown) => Promise<Res>]> = [
      [
        'business-unit transaction',
        (amount, date) =>
          t.admin.post('/api/transaction-business-unit', { businessUnitId: unit.id, kind: 'SALE_CASH', amount, date, description: 'x' }),
      ],
      [
        'business-unit debt payment',
        (amount, date) =>
          t.admin.post('/api/transaction-business-unit/payment-debt', {
            businessUnitId: unit.id,
            memberId: member.id,
            amount,
            date,
            source: 'CASH',
          }),
      ],
      ['teller open', (amount, date) => t.admin.post('/api/transaction-user/open-teller', { openingBalance: amount, date })],
      ['shu pay cash', (_amount, date) => t.admin.post('/api/shu/pay-cash', { year: 2025, memberId: member.id, date })],
      [
        'bill payment',
        (amount) => t.admin.post('/api/transaction/product/bill/payment-open-amount', { billId: id, amount, source: 'CASH' }),
      ],
      [
        'deposit withdraw',
        (amount, date) => t.admin.post('/api/transaction/deposit/withdraw', { accountProductId: id, amount, date, transactionDate: date }),
      ],
    ];
    for (const [name, send] of routes) {
      for (const amount of BAD_AMOUNTS) refused(`${name} amount ${JSON.stringify(amount)}`, await send(amount, undefined));
      for (const date of BAD_DATES) refused(`${name} date ${JSON.stringify(date)}`, await send(1000, date));
    }
    // NUL bytes in strings.
    refused(
      'business-unit description NUL',
      await t.admin.post('/api/transaction-business-unit', {
        businessUnitId: unit.id,
        kind: 'SALE_CASH',
        amount: 1000,
        description: 'a\u0000b',
      }),
    );
    refused(
      'business-unit payment cancel reason NUL',
      await t.admin.post(`/api/transaction-business-unit/${id}/payment-cancel`, { reason: 'a\u0000b' }),
    );
    refused('bill stop reason NUL', await t.admin.post(`/api/transaction/product/bill/${id}/stop-bill`, { reason: 'a\u0000b' }));
    refused('business-unit name NUL', await t.admin.post('/api/business-unit', { name: 'Toko\u0000', type: 'TOKO' }));
    refused('unit list search NUL', await t.admin.inject({ method: 'GET', url: '/api/business-unit/datatable?search=%00x' }));
    expect(await count()).toBe(before);
  });

  it('a migration upload over the size limit answers 413 in the envelope', async () => {
    const t = await ledgerTenant();
    const boundary = '----koperasiBig';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const payload = Buffer.concat([head, Buffer.alloc(51 * 1024 * 1024, 65), tail]);
    const res = await t.admin.inject({
      method: 'POST',
      url: '/api/migration/members',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    refused('migration upload 51 MB', res);
    expect(res.statusCode).toBe(413);
  });
});
