/**
 * The posting engine (modules/ledger/posting.ts) called as the other modules
 * call it: inside a tenant transaction. Every refusal with its code, the
 * database guards behind it, reversal, numbering, balances.
 */
import { dec } from '@koperasi/finance';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.ts';
import { uuidv7 } from '../src/lib/uuid7.ts';
import { todayJakarta } from '../src/modules/ledger/dates.ts';
import {
  accountBalance,
  accountIdByKey,
  accountIdsByKeys,
  isPeriodOpen,
  journalsBySource,
  post,
  postMany,
  reverse,
  reverseBySource,
} from '../src/modules/ledger/posting.ts';
import { testDb } from './helpers.ts';
import { type LedgerTenant, ledgerTenant } from './ledger-helpers.ts';

const Y = Number(todayJakarta().slice(0, 4)) - 1;
const d = (md: string) => `${Y}-${md}`;

function j(t: LedgerTenant, date: string, lines: Array<[string, unknown, unknown]>, extra: Record<string, unknown> = {}) {
  return {
    date,
    description: 'Uji mesin posting',
    source: { module: 'MANUAL' },
    ...extra,
    lines: lines.map(([code, debit, credit]) => ({ accountId: t.acc[code] ?? code, debit, credit })),
  } as Parameters<typeof post>[2];
}

async function refused(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('post()', () => {
  it('writes a balanced journal with a gap-free number and updates the monthly summary', async () => {
    const t = await ledgerTenant();
    const first = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(
          t,
          d('03-05'),
          [
            ['10101', 1_500_000, 0],
            ['40302', 0, 1_500_000],
          ],
          { referenceCode: 'TRX-1' },
        ),
      ),
    );
    expect(first.number).toBe(`JU/${Y}/000001`);
    expect(first.seq).toBe(1);
    expect(first.periode).toBe(`${Y}-03`);
    expect(first.totalAmount.toFixed(2)).toBe('1500000.00');
    expect(first.lines.map((l) => [l.accountCode, l.debit.toNumber(), l.credit.toNumber()])).toEqual([
      ['10101', 1_500_000, 0],
      ['40302', 0, 1_500_000],
    ]);
    expect(first.createdBy).toBe(t.adminUserId);
    const second = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(t, d('03-06'), [
          ['50202', '250000.55', null],
          ['10101', null, '250000.55'],
        ]),
      ),
    );
    expect(second.number).toBe(`JU/${Y}/000002`);
    const summary = await t.tx((tx) =>
      tx.query<{ code: string; debit: string; credit: string; line_count: number }>(
        `SELECT a.code, b.debit::text, b.credit::text, b.line_count FROM ledger_balance b JOIN coa_account a ON a.id = b.account_id
         WHERE b.tenant_id = $1 ORDER BY a.code`,
        [t.tenantId],
      ),
    );
    expect(summary).toEqual([
      { code: '10101', debit: '1500000.00', credit: '250000.55', line_count: 2 },
      { code: '40302', debit: '0.00', credit: '1500000.00', line_count: 1 },
      { code: '50202', debit: '250000.55', credit: '0.00', line_count: 1 },
    ]);
    await t.tx(async (tx) => {
      expect((await accountBalance(tx, t.acc['10101'])).toFixed(2)).toBe('1249999.45');
      expect((await accountBalance(tx, t.acc['40302'])).toFixed(2)).toBe('1500000.00');
      expect((await accountBalance(tx, t.acc['10101'], d('03-05'))).toFixed(2)).toBe('1500000.00');
      expect((await accountBalance(tx, t.acc['10101'], d('03-04'))).toFixed(2)).toBe('0.00');
      // A header answers the sum of the accounts below it.
      expect((await accountBalance(tx, t.acc['101'])).toFixed(2)).toBe('1249999.45');
      expect((await accountBalance(tx, t.acc['1'], d('03-31'))).toFixed(2)).toBe('1249999.45');
    });
  });

  it('refuses every malformed journal with a clear code, before writing anything', async () => {
    const t = await ledgerTenant();
    const cases: Array<[string, Parameters<typeof post>[2], number]> = [
      [
        'JOURNAL_UNBALANCED',
        j(t, d('04-01'), [
          ['10101', 100, 0],
          ['40302', 0, 99.99],
        ]),
        400,
      ],
      ['JOURNAL_TOO_FEW_LINES', j(t, d('04-01'), [['10101', 100, 0]]), 400],
      ['JOURNAL_TOO_FEW_LINES', j(t, d('04-01'), []), 400],
      [
        'JOURNAL_AMOUNT_NOT_POSITIVE',
        j(t, d('04-01'), [
          ['10101', 0, 0],
          ['40302', 0, 0],
        ]),
        400,
      ],
      [
        'JOURNAL_AMOUNT_NOT_POSITIVE',
        j(t, d('04-01'), [
          ['10101', -100, 0],
          ['40302', 0, -100],
        ]),
        400,
      ],
      [
        'JOURNAL_LINE_BOTH_SIDES',
        j(t, d('04-01'), [
          ['10101', 100, 100],
          ['40302', 0, 0],
        ]),
        400,
      ],
      [
        'JOURNAL_AMOUNT_INVALID',
        j(t, d('04-01'), [
          ['10101', '10.001', 0],
          ['40302', 0, '10.001'],
        ]),
        400,
      ],
      [
        'JOURNAL_AMOUNT_INVALID',
        j(t, d('04-01'), [
          ['10101', 'abc', 0],
          ['40302', 0, 1],
        ]),
        400,
      ],
      [
        'JOURNAL_AMOUNT_INVALID',
        j(t, d('04-01'), [
          ['10101', Number.NaN, 0],
          ['40302', 0, 1],
        ]),
        400,
      ],
      [
        'ACCOUNT_NOT_POSTABLE',
        j(t, d('04-01'), [
          ['101', 100, 0],
          ['40302', 0, 100],
        ]),
        422,
      ],
      [
        'ACCOUNT_NOT_FOUND',
        j(t, d('04-01'), [
          ['10101', 100, 0],
          [crypto.randomUUID(), 0, 100],
        ]),
        404,
      ],
      [
        'ACCOUNT_NOT_FOUND',
        j(t, d('04-01'), [
          ['10101', 100, 0],
          ['not-a-uuid', 0, 100],
        ]),
        404,
      ],
      [
        'JOURNAL_DATE_INVALID',
        j(t, `${Y}-02-30`, [
          ['10101', 100, 0],
          ['40302', 0, 100],
        ]),
        400,
      ],
      [
        'JOURNAL_DESCRIPTION_REQUIRED',
        j(
          t,
          d('04-01'),
          [
            ['10101', 100, 0],
            ['40302', 0, 100],
          ],
          { description: '  ' },
        ),
        400,
      ],
      [
        'JOURNAL_SOURCE_INVALID',
        j(
          t,
          d('04-01'),
          [
            ['10101', 100, 0],
            ['40302', 0, 100],
          ],
          { source: { module: 'manual' } },
        ),
        400,
      ],
      // Closing entries come only from the year-end close.
      [
        'JOURNAL_SOURCE_INVALID',
        j(
          t,
          d('04-01'),
          [
            ['10101', 100, 0],
            ['40302', 0, 100],
          ],
          { source: { module: 'CLOSING' } },
        ),
        400,
      ],
    ];
    for (const [code, input, status] of cases) {
      const err = await refused(t.tx((tx) => post(tx, t.ctx, input)));
      expect({ code: err.errorCode, status: err.statusCode }).toEqual({ code, status });
    }
    // The unbalanced message names both totals.
    const err = await refused(t.tx((tx) => post(tx, t.ctx, cases[0][1])));
    expect(err.params).toEqual({ debit: '100.00', credit: '99.99' });
    expect(err.fields?.[0].message).toBe('Total debit (100.00) harus sama dengan total kredit (99.99)');
    const both = await refused(t.tx((tx) => post(tx, t.ctx, cases[5][1])));
    expect(both.fields?.[0]).toEqual({ field: 'lines.0.credit', message: 'Baris 1: isi debit atau kredit saja, tidak keduanya' });
    const none = await t.tx((tx) => tx.one<{ n: number }>('SELECT count(*)::int AS n FROM journal'));
    expect(none?.n).toBe(0);
  });

  it('refuses an inactive account, another tenant’s account and a branch of another tenant', async () => {
    const t = await ledgerTenant();
    const other = await ledgerTenant();
    const db = await testDb();
    await db.owner((tx) => tx.exec(`UPDATE coa_account SET is_active = false WHERE tenant_id = $1 AND code = '10102'`, [t.tenantId]));
    const inactive = await refused(
      t.tx((tx) =>
        post(
          tx,
          t.ctx,
          j(t, d('04-01'), [
            ['10102', 100, 0],
            ['40302', 0, 100],
          ]),
        ),
      ),
    );
    expect(inactive.errorCode).toBe('ACCOUNT_INACTIVE');
    expect(inactive.params).toMatchObject({ code: '10102', name: 'Kas Kecil' });
    const foreign = await refused(
      t.tx((tx) =>
        post(
          tx,
          t.ctx,
          j(t, d('04-01'), [
            ['10101', 100, 0],
            [other.acc['40302'], 0, 100],
          ]),
        ),
      ),
    );
    expect({ code: foreign.errorCode, status: foreign.statusCode, line: foreign.params?.line }).toEqual({
      code: 'ACCOUNT_NOT_FOUND',
      status: 404,
      line: 2,
    });
    const branch = await db.tenant(other.tenantId, (tx) =>
      tx.one<{ id: string }>(`INSERT INTO branch (tenant_id, name) VALUES ($1, 'Cabang Lain') RETURNING id`, [other.tenantId]),
    );
    const input = j(t, d('04-01'), [
      ['10101', 100, 0],
      ['40302', 0, 100],
    ]);
    input.lines[0].branchId = branch!.id;
    const br = await refused(t.tx((tx) => post(tx, t.ctx, input)));
    expect(br.errorCode).toBe('BRANCH_NOT_FOUND');
  });

  it('a refused journal leaves the caller’s transaction usable and consumes no number', async () => {
    const t = await ledgerTenant();
    const posted = await t.tx(async (tx) => {
      await expect(
        post(
          tx,
          t.ctx,
          j(t, d('05-01'), [
            ['101', 1, 0],
            ['40302', 0, 1],
          ]),
        ),
      ).rejects.toMatchObject({
        errorCode: 'ACCOUNT_NOT_POSTABLE',
      });
      return post(
        tx,
        t.ctx,
        j(t, d('05-01'), [
          ['10101', 1, 0],
          ['40302', 0, 1],
        ]),
      );
    });
    expect(posted.seq).toBe(1);
  });

  it('numbers are gap-free per fiscal year, postMany numbers a batch in order', async () => {
    const t = await ledgerTenant();
    const batch = await t.tx((tx) =>
      postMany(tx, t.ctx, [
        j(t, d('12-30'), [
          ['10101', 10, 0],
          ['40302', 0, 10],
        ]),
        j(t, `${Y + 1}-01-02`, [
          ['10101', 20, 0],
          ['40302', 0, 20],
        ]),
        j(t, d('12-31'), [
          ['10101', 30, 0],
          ['40302', 0, 30],
        ]),
      ]),
    );
    expect(batch.map((b) => b.number)).toEqual([`JU/${Y}/000001`, `JU/${Y + 1}/000001`, `JU/${Y}/000002`]);
    // A failed transaction rolls its number back.
    await expect(
      t.tx(async (tx) => {
        await post(
          tx,
          t.ctx,
          j(t, d('12-31'), [
            ['10101', 1, 0],
            ['40302', 0, 1],
          ]),
        );
        throw new Error('caller fails after posting');
      }),
    ).rejects.toThrow('caller fails');
    const next = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(t, d('12-31'), [
          ['10101', 1, 0],
          ['40302', 0, 1],
        ]),
      ),
    );
    expect(next.number).toBe(`JU/${Y}/000003`);
    // All or nothing: an invalid journal refuses the whole batch.
    await expect(
      t.tx((tx) =>
        postMany(tx, t.ctx, [
          j(t, d('12-31'), [
            ['10101', 1, 0],
            ['40302', 0, 1],
          ]),
          j(t, d('12-31'), [
            ['10101', 1, 0],
            ['40302', 0, 2],
          ]),
        ]),
      ),
    ).rejects.toMatchObject({ errorCode: 'JOURNAL_UNBALANCED' });
    const count = await t.tx((tx) => tx.one<{ n: number }>('SELECT count(*)::int AS n FROM journal'));
    expect(count?.n).toBe(4);
  });

  it('a line without a business unit takes its account’s', async () => {
    const t = await ledgerTenant();
    const unit = crypto.randomUUID();
    const db = await testDb();
    await db.owner(async (tx) => {
      // The unit exists (coa_account.business_unit_id is a foreign key since business units were built).
      const any = t.acc['40201'];
      await tx.exec(
        `INSERT INTO business_unit (tenant_id, id, name, type, cash_account_id, inventory_account_id, payable_account_id,
           receivable_account_id, revenue_account_id, expense_account_id, admin_liability_account_id, inventory_loss_account_id)
         VALUES ($1, $2, 'Toko Uji', 'TOKO', $3, $3, $3, $3, $3, $3, $3, $3)`,
        [t.tenantId, unit, any],
      );
      await tx.exec(`UPDATE coa_account SET business_unit_id = $2 WHERE tenant_id = $1 AND code = '40201'`, [t.tenantId, unit]);
    });
    const p = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(t, d('06-01'), [
          ['10101', 500, 0],
          ['40201', 0, 500],
        ]),
      ),
    );
    expect(p.lines.map((l) => l.businessUnitId)).toEqual([null, unit]);
    const stored = await t.tx((tx) =>
      tx.query<{ business_unit_id: string }>('SELECT business_unit_id FROM ledger_balance WHERE account_id = $1', [t.acc['40201']]),
    );
    expect(stored).toEqual([{ business_unit_id: unit }]);
  });
});

describe('reverse()', () => {
  it('posts the mirror journal, links both, refuses a second reversal and reversing a reversal', async () => {
    const t = await ledgerTenant();
    const orig = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(
          t,
          d('07-10'),
          [
            ['50202', 300, 0],
            ['50203', 200, 0],
            ['10101', 0, 500],
          ],
          { source: { module: 'SAVING', id: 'trx-9' } },
        ),
      ),
    );
    const rev = await t.tx((tx) => reverse(tx, t.ctx, orig.id, 'salah input'));
    expect(rev.reversalOfId).toBe(orig.id);
    expect(rev.reversalReason).toBe('salah input');
    expect(rev.date).toBe(orig.date);
    expect(rev.source).toEqual({ module: 'SAVING', id: 'trx-9' });
    expect(rev.description).toBe(`Pembatalan ${orig.number}: salah input`);
    expect(rev.lines.map((l) => [l.accountCode, l.debit.toNumber(), l.credit.toNumber()])).toEqual([
      ['50202', 0, 300],
      ['50203', 0, 200],
      ['10101', 500, 0],
    ]);
    await t.tx(async (tx) => {
      for (const code of ['50202', '50203', '10101']) expect((await accountBalance(tx, t.acc[code])).isZero()).toBe(true);
      const linked = await journalsBySource(tx, 'SAVING', 'trx-9');
      expect(linked.map((x) => [x.number, x.reversalOfId, x.reversedById])).toEqual([
        [orig.number, null, rev.id],
        [rev.number, orig.id, null],
      ]);
    });
    const again = await refused(t.tx((tx) => reverse(tx, t.ctx, orig.id, 'lagi')));
    expect({ code: again.errorCode, status: again.statusCode }).toEqual({ code: 'JOURNAL_ALREADY_REVERSED', status: 409 });
    expect(again.params).toEqual({ number: orig.number, reversal: rev.number });
    const ofReversal = await refused(t.tx((tx) => reverse(tx, t.ctx, rev.id, 'lagi')));
    expect(ofReversal.errorCode).toBe('JOURNAL_IS_REVERSAL');
    const noReason = await refused(t.tx((tx) => reverse(tx, t.ctx, orig.id, ' ')));
    expect(noReason.errorCode).toBe('REVERSAL_REASON_REQUIRED');
    const missing = await refused(t.tx((tx) => reverse(tx, t.ctx, crypto.randomUUID(), 'x')));
    expect({ code: missing.errorCode, status: missing.statusCode }).toEqual({ code: 'JOURNAL_NOT_FOUND', status: 404 });
  });

  it('reverses on today when the original month is closed, and another tenant’s journal is not found', async () => {
    const t = await ledgerTenant();
    const other = await ledgerTenant();
    const orig = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(t, d('02-10'), [
          ['10101', 100, 0],
          ['40302', 0, 100],
        ]),
      ),
    );
    await t.tx((tx) => tx.exec(`INSERT INTO ledger_state (tenant_id, closed_through) VALUES ($1, $2)`, [t.tenantId, lastDayOfFeb(Y)]));
    expect(await t.tx((tx) => isPeriodOpen(tx, d('02-10')))).toBe(false);
    const rev = await t.tx((tx) => reverse(tx, t.ctx, orig.id, 'periode tutup'));
    expect(rev.date).toBe(todayJakarta());
    const foreign = await refused(other.tx((tx) => reverse(tx, other.ctx, orig.id, 'x')));
    expect(foreign.errorCode).toBe('JOURNAL_NOT_FOUND');
  });
});

function lastDayOfFeb(y: number): string {
  return new Date(Date.UTC(y, 2, 0)).toISOString().slice(0, 10);
}

describe('reverseBySource()', () => {
  it('reverses every standing journal of a source record once', async () => {
    const t = await ledgerTenant();
    const src = { module: 'LOAN', id: 'loan-42' };
    const a = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(
          t,
          d('09-01'),
          [
            ['10201', 1_000, 0],
            ['10101', 0, 1_000],
          ],
          { source: src },
        ),
      ),
    );
    const b = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(
          t,
          d('09-01'),
          [
            ['10101', 50, 0],
            ['40103', 0, 50],
          ],
          { source: src },
        ),
      ),
    );
    await t.tx((tx) => reverse(tx, t.ctx, b.id, 'biaya admin batal'));
    const done = await t.tx((tx) => reverseBySource(tx, t.ctx, 'LOAN', 'loan-42', 'pinjaman dibatalkan'));
    expect(done.map((r) => r.reversalOfId)).toEqual([a.id]);
    expect(await t.tx((tx) => reverseBySource(tx, t.ctx, 'LOAN', 'loan-42', 'lagi'))).toEqual([]);
    await t.tx(async (tx) => {
      for (const code of ['10201', '10101', '40103']) expect((await accountBalance(tx, t.acc[code])).isZero()).toBe(true);
    });
  });
});

describe('closed periods', () => {
  it('refuses a posting on or before the closed-through date, also inside ledger_post_json', async () => {
    const t = await ledgerTenant();
    await t.tx((tx) => tx.exec(`INSERT INTO ledger_state (tenant_id, closed_through) VALUES ($1, $2)`, [t.tenantId, d('03-31')]));
    const err = await refused(
      t.tx((tx) =>
        post(
          tx,
          t.ctx,
          j(t, d('03-31'), [
            ['10101', 1, 0],
            ['40302', 0, 1],
          ]),
        ),
      ),
    );
    expect({ code: err.errorCode, status: err.statusCode, periode: err.params?.periode }).toEqual({
      code: 'PERIOD_CLOSED',
      status: 422,
      periode: `${Y}-03`,
    });
    const ok = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(t, d('04-01'), [
          ['10101', 1, 0],
          ['40302', 0, 1],
        ]),
      ),
    );
    expect(ok.seq).toBe(1);
    // Straight to the database function: it checks again after its locks.
    const payload = JSON.stringify([
      {
        id: crypto.randomUUID(),
        date: d('01-15'),
        description: 'x',
        sourceModule: 'MANUAL',
        lines: [
          { accountId: t.acc['10101'], debit: '1' },
          { accountId: t.acc['40302'], credit: '1' },
        ],
      },
    ]);
    await expect(t.tx((tx) => tx.query('SELECT * FROM ledger_post_json($1::jsonb, true, false)', [payload]))).rejects.toMatchObject({
      code: 'KL003',
    });
  });
});

describe('uuidv7 (journal ids)', () => {
  it('is a valid version-7 UUID, unique and increasing in creation order', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    // The first 48 bits are the creation time in milliseconds.
    const ms = Number.parseInt(ids[0].replace(/-/g, '').slice(0, 12), 16);
    expect(Math.abs(ms - Date.now())).toBeLessThan(60_000);
  });
});

describe('system accounts', () => {
  it('finds accounts by system key and names the missing one', async () => {
    const t = await ledgerTenant();
    await t.tx(async (tx) => {
      expect(await accountIdByKey(tx, 'CASH_MAIN')).toBe(t.acc['10101']);
      expect(await accountIdsByKeys(tx, ['CASH_TELLER', 'OPENING_EQUITY'] as const)).toEqual({
        CASH_TELLER: t.acc['10103'],
        OPENING_EQUITY: t.acc['30901'],
      });
      await expect(accountIdByKey(tx, 'NO_SUCH_KEY')).rejects.toMatchObject({
        errorCode: 'SYSTEM_ACCOUNT_MISSING',
        statusCode: 422,
        params: { key: 'NO_SUCH_KEY' },
      });
      await expect(accountIdsByKeys(tx, ['CASH_MAIN', 'NOPE'])).rejects.toMatchObject({ params: { key: 'NOPE' } });
    });
  });
});

describe('database guards', () => {
  it('the app role cannot write journals, lines, summaries or counters except through the engine', async () => {
    const t = await ledgerTenant();
    const p = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(t, d('08-01'), [
          ['10101', 100, 0],
          ['40302', 0, 100],
        ]),
      ),
    );
    const attempts = [
      `INSERT INTO journal_line (tenant_id, journal_id, line_no, account_id, debit, date) VALUES ('${t.tenantId}', '${p.id}', 9, '${t.acc['10101']}', 5, '${d('08-01')}')`,
      `UPDATE journal SET description = 'diubah' WHERE id = '${p.id}'`,
      `DELETE FROM journal_line WHERE journal_id = '${p.id}'`,
      `UPDATE ledger_balance SET debit = 0`,
      `UPDATE ledger_counter SET last_seq = 0`,
      `DELETE FROM journal WHERE id = '${p.id}'`,
    ];
    for (const sql of attempts) await expect(t.tx((tx) => tx.exec(sql))).rejects.toThrow(/permission denied/);
  });

  it('journals are immutable even for the owner, and an unbalanced journal fails at COMMIT', async () => {
    const t = await ledgerTenant();
    const p = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(t, d('08-01'), [
          ['10101', 100, 0],
          ['40302', 0, 100],
        ]),
      ),
    );
    const db = await testDb();
    await expect(db.owner((tx) => tx.exec(`UPDATE journal SET description = 'x' WHERE id = $1`, [p.id]))).rejects.toMatchObject({
      code: 'KL010',
    });
    await expect(db.owner((tx) => tx.exec('DELETE FROM journal_line WHERE journal_id = $1', [p.id]))).rejects.toMatchObject({
      code: 'KL010',
    });
    await expect(
      db.owner(async (tx) => {
        const id = crypto.randomUUID();
        await tx.exec(
          `INSERT INTO journal (tenant_id, id, fiscal_year, seq, number, date, period, description, source_module, total_amount, line_count)
           VALUES ($1, $2, $3, 999, 'X', $4, $5, 'tidak seimbang', 'MANUAL', 100, 2)`,
          [t.tenantId, id, Y, d('08-01'), d('08-01')],
        );
        await tx.exec(
          `INSERT INTO journal_line (tenant_id, journal_id, line_no, account_id, debit, credit, date)
           VALUES ($1, $2, 1, $3, 100, 0, $5), ($1, $2, 2, $4, 0, 90, $5)`,
          [t.tenantId, id, t.acc['10101'], t.acc['40302'], d('08-01')],
        );
      }),
    ).rejects.toMatchObject({ code: 'KL002' });
    // The line CHECK refuses both sides and non-positive amounts.
    await expect(
      db.owner((tx) =>
        tx.exec(
          `INSERT INTO journal_line (tenant_id, journal_id, line_no, account_id, debit, credit, date) VALUES ($1, $2, 7, $3, 5, 5, $4)`,
          [t.tenantId, p.id, t.acc['10101'], d('08-01')],
        ),
      ),
    ).rejects.toMatchObject({ code: '23514' });
    const n = await t.tx((tx) => tx.one<{ n: number }>('SELECT count(*)::int AS n FROM journal'));
    expect(n?.n).toBe(1);
  });

  it('the fiscal year start cannot change once journals exist', async () => {
    const t = await ledgerTenant();
    const db = await testDb();
    await db.owner((tx) => tx.exec('UPDATE tenant SET fiscal_year_start_month = 7 WHERE tenant_id = $1', [t.tenantId]));
    await db.owner((tx) => tx.exec('UPDATE tenant SET fiscal_year_start_month = 1 WHERE tenant_id = $1', [t.tenantId]));
    await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(t, d('08-01'), [
          ['10101', 100, 0],
          ['40302', 0, 100],
        ]),
      ),
    );
    await expect(
      db.owner((tx) => tx.exec('UPDATE tenant SET fiscal_year_start_month = 7 WHERE tenant_id = $1', [t.tenantId])),
    ).rejects.toMatchObject({
      code: 'KL011',
    });
  });

  it('a fiscal year starting in July numbers and closes by that year', async () => {
    const t = await ledgerTenant();
    const db = await testDb();
    await db.owner((tx) => tx.exec('UPDATE tenant SET fiscal_year_start_month = 7 WHERE tenant_id = $1', [t.tenantId]));
    const a = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(t, d('06-30'), [
          ['10101', 1, 0],
          ['40302', 0, 1],
        ]),
      ),
    );
    const b = await t.tx((tx) =>
      post(
        tx,
        t.ctx,
        j(t, d('07-01'), [
          ['10101', 1, 0],
          ['40302', 0, 1],
        ]),
      ),
    );
    expect([a.number, b.number]).toEqual([`JU/${Y - 1}/000001`, `JU/${Y}/000001`]);
    expect(dec(a.totalAmount).toNumber()).toBe(1);
  });
});
