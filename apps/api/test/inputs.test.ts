/**
 * What a careless client or an attacker sends (issue 18, "Inputs"): NUL bytes,
 * truncated multipart bodies, over-long parameters, amount text an Indonesian
 * reads differently, dates before the cooperative's books. Every answer is a
 * 4xx in the envelope, naming the field.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { body } from './helpers.ts';
import { data, jbody, ledgerTenant } from './ledger-helpers.ts';
import { createActiveMember } from './members-fixtures.ts';

type Field = { field: string; message: string };
const fields = (res: { json: () => { data?: { fields?: Field[] } } }) => res.json().data?.fields ?? [];

function envelope(res: { statusCode: number; json: () => Record<string, unknown> }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ status: false, code: status, message: expect.any(String) });
  expect(res.json()).toHaveProperty('data');
}

describe('NUL bytes', () => {
  it('in a path, a query or a JSON string answer 400 naming the field', async () => {
    const t = await ledgerTenant();
    const path = await t.admin.inject({ method: 'GET', url: '/api/coa/%00/detail' });
    envelope(path, 400);
    expect(fields(path).map((f) => f.field)).toContain('id');

    const query = await t.admin.inject({ method: 'GET', url: '/api/transaction/datatable?search=%00abc' });
    envelope(query, 400);
    expect(fields(query)).toEqual([{ field: 'search', message: expect.stringContaining('Pencarian') }]);

    const json = await t.admin.post('/api/area', { name: 'Area\u0000X' });
    envelope(json, 400);
    expect(fields(json).map((f) => f.field)).toEqual(['name']);

    const nested = await t.admin.post('/api/journal-manual', {
      ...jbody(t, '2026-01-05', [
        ['10101', 1000, 0],
        ['40302', 0, 1000],
      ]),
      lines: [{ coaId: t.acc['10101'], debit: 1000, credit: 0, description: 'a\u0000b' }],
    });
    envelope(nested, 400);
    expect(fields(nested).map((f) => f.field)).toEqual(['lines.0.description']);
  });
});

function truncated(field = 'file') {
  const boundary = '----koperasiTruncated';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\nabc`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('truncated multipart bodies', () => {
  it('answer 400 on every upload route', async () => {
    const t = await ledgerTenant();
    const m = await createActiveMember(t.admin);
    for (const url of ['/api/tenant/logo', '/api/ad-art', '/api/member/upload', `/api/member/${m.id}/photo/self`]) {
      const res = await t.admin.inject({ method: 'POST', url, ...truncated() });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      envelope(res, 400);
    }
  });
});

describe('framework errors', () => {
  it('an over-long parameter, a malformed URL, empty or broken JSON and an unsupported type answer in the envelope', async () => {
    const t = await ledgerTenant();
    const res = await t.admin.inject({ method: 'GET', url: `/api/coa/${'x'.repeat(300)}/detail` });
    envelope(res, 414);
    expect(body(res).errorCode).toBe('PARAM_TOO_LONG');
    const badUrl = await t.admin.inject({ method: 'GET', url: '/api/coa/%E0%A4%A/detail' });
    envelope(badUrl, 400);
    expect(body(badUrl).errorCode).toBe('BAD_URL');
    const emptyJson = await t.admin.inject({
      method: 'POST',
      url: '/api/area',
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    envelope(emptyJson, 400);
    const badJson = await t.admin.inject({
      method: 'POST',
      url: '/api/area',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    envelope(badJson, 400);
    const media = await t.admin.inject({ method: 'POST', url: '/api/area', payload: 'name=x', headers: { 'content-type': 'text/csv' } });
    envelope(media, 415);
  });
});

describe('amount text', () => {
  it('"1.000" (one thousand to an Indonesian) is refused, naming the field, on every money route', async () => {
    const t = await ledgerTenant();
    const id = randomUUID();
    const cases: Array<[string, () => Promise<{ statusCode: number; json: () => any }>, string]> = [
      ['topup', () => t.admin.post('/api/transaction/topup-saving', { memberSavingId: id, amount: '1.000' }), 'amount'],
      ['withdraw', () => t.admin.post('/api/transaction/withdraw', { memberSavingId: id, amount: '1.000' }), 'amount'],
      [
        'transfer',
        () =>
          t.admin.inject({
            method: 'POST',
            url: '/api/transaction/v2/transfer',
            query: { fromSavingId: id, toSavingId: randomUUID(), amount: '1.000' },
          }),
        'amount',
      ],
      [
        'manual journal',
        () =>
          t.admin.post('/api/journal-manual', {
            date: '2026-01-05',
            description: 'x',
            lines: [
              { coaId: t.acc['10101'], debit: '1.000', credit: 0 },
              { coaId: t.acc['40302'], debit: 0, credit: '1.000' },
            ],
          }),
        'lines.0.debit',
      ],
      // A loan product's fees and fine are amounts or percents: the same canonical text.
      ['loan product admin fee', () => t.admin.post('/api/product', { kind: 'LOAN', name: 'Pinjaman X', adminFee: '1.000' }), 'adminFee'],
      ['loan product fine', () => t.admin.post('/api/product', { kind: 'LOAN', name: 'Pinjaman X', fine: '1.000' }), 'fine'],
      [
        'initial deposit',
        () =>
          t.admin.post('/api/transaction/request-open-product-member', { memberId: id, productId: randomUUID(), initialDeposit: '1.000' }),
        'initialDeposit',
      ],
    ];
    for (const [name, send, field] of cases) {
      const res = await send();
      expect({ name, status: res.statusCode }).toEqual({ name, status: 400 });
      expect(fields(res).map((f) => f.field)).toContain(field);
    }
    // Canonical text still works: digits, an optional point and at most two decimals.
    const ok = await t.admin.post('/api/journal-manual', {
      date: '2026-01-05',
      description: 'x',
      lines: [
        { coaId: t.acc['10101'], debit: '1000.50', credit: 0 },
        { coaId: t.acc['40302'], debit: 0, credit: '1000.5' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('dates before the books', () => {
  it('a manual journal, an opening balance or a closing period before 2000 is refused naming the field', async () => {
    const t = await ledgerTenant();
    for (const date of ['0001-01-01', '1900-01-01', '1999-12-31']) {
      const res = await t.admin.post(
        '/api/journal-manual',
        jbody(t, date, [
          ['10101', 1000, 0],
          ['40302', 0, 1000],
        ]),
      );
      expect({ date, status: res.statusCode }).toEqual({ date, status: 400 });
      expect(fields(res).map((f) => f.field)).toEqual(['date']);
    }
    const opening = await t.admin.post('/api/coa/opening-balance', {
      date: '1900-01-01',
      items: [{ coaId: t.acc['10101'], balance: 1000 }],
    });
    expect(opening.statusCode).toBe(400);
    expect(fields(opening).map((f) => f.field)).toEqual(['date']);
    const close = await t.admin.post('/api/ledger/period/close', { periode: '1900-01' });
    expect(close.statusCode).toBe(400);
    expect(fields(close).map((f) => f.field)).toEqual(['periode']);
    const year = await t.admin.post('/api/ledger/fiscal-year/close', { year: 1900 });
    expect(year.statusCode).toBe(400);
    expect(fields(year).map((f) => f.field)).toEqual(['year']);
  });

  it('closing a month before the first journal is refused', async () => {
    const t = await ledgerTenant();
    const j = await t.admin.post(
      '/api/journal-manual',
      jbody(t, '2025-03-10', [
        ['10101', 1000, 0],
        ['40302', 0, 1000],
      ]),
    );
    expect(j.statusCode, j.body).toBe(200);
    const early = await t.admin.post('/api/ledger/period/close', { periode: '2024-12' });
    expect(early.statusCode).toBe(422);
    expect(body(early).errorCode).toBe('PERIOD_BEFORE_BOOKS');
  });

  it('a negative opening balance on a normally-debit account needs allowNegative', async () => {
    const t = await ledgerTenant();
    const neg = await t.admin.post('/api/coa/opening-balance', { date: '2025-01-01', items: [{ coaId: t.acc['10101'], balance: -5000 }] });
    expect(neg.statusCode).toBe(400);
    expect(fields(neg).map((f) => f.field)).toEqual(['items.0.balance']);
    expect(body(neg).errorCode).toBe('NEGATIVE_OPENING_BALANCE');
    const allowed = await t.admin.post('/api/coa/opening-balance', {
      date: '2025-01-01',
      items: [{ coaId: t.acc['10101'], balance: -5000, allowNegative: true }],
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(data(allowed)).toBeTruthy();
  });
});
