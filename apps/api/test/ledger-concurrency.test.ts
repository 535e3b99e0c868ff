/**
 * Concurrency of the ledger (real on PostgreSQL: run with TEST_DATABASE_URL;
 * on PGlite transactions take turns). Many parallel postings on the same
 * accounts end with exact balances and gap-free numbers; postings touching
 * the same accounts in different orders never deadlock for good; two
 * cooperatives number independently; a journal cancelled twice at once is
 * reversed once; a month closed while postings race into it ends consistent.
 */
import { dec, ZERO } from '@koperasi/finance';
import { describe, expect, it } from 'vitest';
import { closeMonth } from '../src/modules/ledger/closing.service.ts';
import { todayJakarta } from '../src/modules/ledger/dates.ts';
import { accountBalance, post } from '../src/modules/ledger/posting.ts';
import { body } from './helpers.ts';
import { data, jbody, ledgerTenant } from './ledger-helpers.ts';

const Y = Number(todayJakarta().slice(0, 4)) - 1;

async function numbers(t: Awaited<ReturnType<typeof ledgerTenant>>) {
  return t.tx((tx) => tx.query<{ fiscal_year: number; seq: number }>('SELECT fiscal_year, seq FROM journal ORDER BY fiscal_year, seq'));
}

describe('parallel postings', () => {
  it('60 parallel manual journals on the same accounts: exact balances, numbers 1..60', async () => {
    const t = await ledgerTenant();
    const N = 60;
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.admin.post(
          '/api/journal-manual',
          jbody(t, `${Y}-04-${String((i % 28) + 1).padStart(2, '0')}`, [
            ['10101', i + 1 + 0.25, 0],
            ['40302', 0, i + 1 + 0.25],
          ]),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(N).fill(200));
    const seqs = (await numbers(t)).map((r) => r.seq);
    expect(seqs).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    expect(new Set(results.map((r) => data(r).number)).size).toBe(N);
    const expected = dec((N * (N + 1)) / 2).plus(dec('0.25').times(N));
    await t.tx(async (tx) => {
      expect((await accountBalance(tx, t.acc['10101'])).toFixed(2)).toBe(expected.toFixed(2));
      expect((await accountBalance(tx, t.acc['40302'])).toFixed(2)).toBe(expected.toFixed(2));
    });
  });

  it('transactions posting several journals over shared accounts in opposite orders all commit, balances exact', async () => {
    const t = await ledgerTenant();
    const codes = ['10101', '10104', '10105', '40302', '50202'];
    const N = 30;
    const outcomes = await Promise.allSettled(
      Array.from({ length: N }, (_, i) =>
        t.tx(async (tx) => {
          const order = i % 2 ? [...codes] : [...codes].reverse();
          for (let k = 0; k < 3; k++) {
            const a = order[k];
            const b = order[k + 1];
            // Two journals in different fiscal years and months in one transaction, accounts in this transaction's order.
            await post(tx, t.ctx, {
              date: k === 1 ? `${Y + 1}-01-0${(i % 9) + 1}` : `${Y}-0${k + 1}-1${i % 10}`,
              description: `Paralel ${i}-${k}`,
              source: { module: 'MANUAL' },
              lines: [
                { accountId: t.acc[a], debit: 10 },
                { accountId: t.acc[b], credit: 10 },
              ],
            });
          }
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    const perYear = new Map<number, number[]>();
    for (const r of await numbers(t)) perYear.set(r.fiscal_year, [...(perYear.get(r.fiscal_year) ?? []), r.seq]);
    expect(perYear.get(Y)).toEqual(Array.from({ length: 2 * N }, (_, i) => i + 1));
    expect(perYear.get(Y + 1)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    await t.tx(async (tx) => {
      let total = ZERO;
      for (const c of ['10101', '10104', '10105']) total = total.plus(await accountBalance(tx, t.acc[c]));
      // Every journal moves 10 between neighbours; the five accounts sum to zero in the debit sign.
      const income = await accountBalance(tx, t.acc['40302']);
      const expense = await accountBalance(tx, t.acc['50202']);
      expect(total.minus(income).plus(expense).toFixed(2)).toBe('0.00');
      const tb = await tx.one<{ d: string; c: string }>('SELECT sum(debit)::text AS d, sum(credit)::text AS c FROM ledger_balance');
      expect(tb).toEqual({ d: String(N * 3 * 10) + '.00', c: String(N * 3 * 10) + '.00' });
    });
  });

  it('two cooperatives posting at once number independently', async () => {
    const [a, b] = await Promise.all([ledgerTenant(), ledgerTenant()]);
    const N = 20;
    const res = await Promise.all(
      Array.from({ length: 2 * N }, (_, i) => {
        const t = i % 2 ? a : b;
        return t.admin.post(
          '/api/journal-manual',
          jbody(t, `${Y}-05-10`, [
            ['10101', 5, 0],
            ['40302', 0, 5],
          ]),
        );
      }),
    );
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    for (const t of [a, b]) expect((await numbers(t)).map((r) => r.seq)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
  });
});

describe('racing cancels and closings', () => {
  it('ten simultaneous cancels of one journal reverse it exactly once', async () => {
    const t = await ledgerTenant();
    const j = data(
      await t.admin.post(
        '/api/journal-manual',
        jbody(t, `${Y}-06-10`, [
          ['50202', 700, 0],
          ['10101', 0, 700],
        ]),
      ),
    );
    const res = await Promise.all(
      Array.from({ length: 10 }, () => t.admin.post('/api/journal-manual/cancel', { id: j.id, reason: 'ganda' })),
    );
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of res.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(body(r).errorCode).toBe('JOURNAL_ALREADY_REVERSED');
    }
    const reversals = await t.tx((tx) => tx.one<{ n: number }>('SELECT count(*)::int AS n FROM journal WHERE reversal_of_id = $1', [j.id]));
    expect(reversals?.n).toBe(1);
    expect((await t.tx((tx) => accountBalance(tx, t.acc['10101']))).toFixed(2)).toBe('0.00');
  });

  it('postings racing a month close either commit before it or are refused; the ledger stays consistent', async () => {
    const t = await ledgerTenant();
    await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-07-01`, [
        ['10101', 1, 0],
        ['40302', 0, 1],
      ]),
    );
    const N = 30;
    const posts = Array.from({ length: N }, (_, i) =>
      t.admin.post(
        '/api/journal-manual',
        jbody(t, `${Y}-07-${String((i % 28) + 2).padStart(2, '0')}`, [
          ['10101', 3, 0],
          ['40302', 0, 3],
        ]),
      ),
    );
    const closing = closeMonth(t.ctx, `${Y}-07`);
    const [res, closed] = await Promise.all([Promise.all(posts), closing]);
    expect(closed.closedThrough).toBe(`${Y}-07-31`);
    const ok = res.filter((r) => r.statusCode === 200).length;
    for (const r of res.filter((x) => x.statusCode !== 200)) expect(body(r).errorCode).toBe('PERIOD_CLOSED');
    const after = await t.admin.post(
      '/api/journal-manual',
      jbody(t, `${Y}-07-15`, [
        ['10101', 3, 0],
        ['40302', 0, 3],
      ]),
    );
    expect(body(after).errorCode).toBe('PERIOD_CLOSED');
    await t.tx(async (tx) => {
      const n = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM journal WHERE period = $1`, [`${Y}-07-01`]);
      expect(n?.n).toBe(ok + 1);
      expect((await accountBalance(tx, t.acc['10101'])).toFixed(2)).toBe(dec(ok * 3 + 1).toFixed(2));
    });
  });
});
