/**
 * Property tests of the ledger (fast-check): thousands of random postings,
 * reversals, month closings and reopenings, year closings and reopenings,
 * against a small model of what must happen. After every step:
 *  - every journal balances and matches its header (total, line count);
 *  - the monthly summary equals the sum of the journal lines, per account,
 *    month and business unit (debit, credit, adjustment and closing parts);
 *  - journal numbers are 1..n in every fiscal year (gap-free);
 *  - the trial balance balances, the balance sheet equation holds (current
 *    and comparison columns) and account balances equal the model's;
 *  - nothing was posted on a closed date: a posting the model says is closed
 *    is refused with PERIOD_CLOSED, and the stored closed-through date is the
 *    model's.
 */
import { type Dec, dec, ZERO } from '@koperasi/finance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/errors.ts';
import { balancesAsOf } from '../src/modules/ledger/balances.ts';
import { closeMonth, closeYear, reopenMonth, reopenYear } from '../src/modules/ledger/closing.service.ts';
import { addDays, monthEnd, todayJakarta } from '../src/modules/ledger/dates.ts';
import { type PostedJournal, post, reverse } from '../src/modules/ledger/posting.ts';
import { computeBalanceSheet, computeTrialBalance } from '../src/modules/reports/statements.ts';
import { type LedgerTenant, ledgerTenant } from './ledger-helpers.ts';

const TODAY = todayJakarta();
const Y0 = Number(TODAY.slice(0, 4)) - 3;
const YEARS = [Y0, Y0 + 1];
/** Accounts the random journals use: assets (one contra), a liability, equity, income, expenses. */
const CODES = ['10101', '10104', '10207', '10605', '20210', '30301', '40302', '40301', '50202', '50203'];
const UNITS = [null, '11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

type Cmd =
  | { kind: 'post'; date: string; debits: Array<[number, number, number]>; credits: Array<[number, number]>; adjustment: boolean }
  | { kind: 'unbalanced'; date: string }
  | { kind: 'reverse'; pick: number }
  | { kind: 'closeMonth'; periode: string }
  | { kind: 'reopenMonth'; periode: string }
  | { kind: 'closeYear'; year: number }
  | { kind: 'reopenYear'; year: number };

const dateArb = fc.tuple(fc.constantFrom(...YEARS), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 })).map(([y, m, d]) => {
  const start = `${y}-${String(m).padStart(2, '0')}-01`;
  const end = monthEnd(start);
  const day = `${start.slice(0, 8)}${String(d).padStart(2, '0')}`;
  return day > end ? end : day;
});
const periodeArb = fc
  .tuple(fc.constantFrom(...YEARS), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`);
const acct = fc.integer({ min: 0, max: CODES.length - 1 });
const unit = fc.integer({ min: 0, max: UNITS.length - 1 });
const cents = fc.integer({ min: 1, max: 2_000_000_000 });

const cmdArb: fc.Arbitrary<Cmd> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('post' as const),
      date: dateArb,
      debits: fc.array(fc.tuple(acct, cents, unit), { minLength: 1, maxLength: 3 }),
      credits: fc.array(fc.tuple(acct, unit), { minLength: 1, maxLength: 3 }),
      adjustment: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unbalanced' as const), date: dateArb }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('closeMonth' as const), periode: periodeArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reopenMonth' as const), periode: periodeArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('closeYear' as const), year: fc.constantFrom(...YEARS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reopenYear' as const), year: fc.constantFrom(...YEARS) }) },
);

interface Model {
  closedThrough: string | null;
  closedYears: Set<number>;
  /** Journals per fiscal year. */
  journals: Map<number, number>;
  posted: Array<{ id: string; date: string; reversal: boolean; reversed: boolean }>;
  /** Net debit − credit per account code, dated, from successful postings the test made itself. */
  entries: Array<{ code: string; date: string; net: Dec }>;
}

async function code(err: unknown): Promise<string> {
  if (err instanceof AppError) return err.errorCode;
  throw err;
}

async function expectRefused(p: Promise<unknown>, errorCode: string) {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err, `expected ${errorCode}`).not.toBeNull();
  expect(await code(err)).toBe(errorCode);
}

async function run(t: LedgerTenant, m: Model, c: Cmd, step: number) {
  const closed = (date: string) => m.closedThrough !== null && date <= m.closedThrough;
  switch (c.kind) {
    case 'post': {
      const total = c.debits.reduce((s, [, v]) => s + v, 0);
      const n = Math.min(c.credits.length, total);
      const parts = Array.from({ length: n }, (_, i) => (i < n - 1 ? Math.floor(total / n) : total - Math.floor(total / n) * (n - 1)));
      const lines = [
        ...c.debits.map(([a, v, u]) => ({ accountId: t.acc[CODES[a]], debit: dec(v).div(100), businessUnitId: UNITS[u] })),
        ...parts.map((v, i) => ({
          accountId: t.acc[CODES[c.credits[i][0]]],
          credit: dec(v).div(100),
          businessUnitId: UNITS[c.credits[i][1]],
        })),
      ];
      const input = {
        date: c.date,
        description: `Acak ${step}`,
        source: { module: c.adjustment ? 'ADJUSTMENT' : 'MANUAL' },
        isAdjustment: c.adjustment,
        lines,
      };
      if (closed(c.date)) {
        await expectRefused(
          t.tx((tx) => post(tx, t.ctx, input)),
          'PERIOD_CLOSED',
        );
        return;
      }
      const p = await t.tx((tx) => post(tx, t.ctx, input));
      record(t, m, p, false);
      return;
    }
    case 'unbalanced':
      await expectRefused(
        t.tx((tx) =>
          post(tx, t.ctx, {
            date: c.date,
            description: 'Tidak seimbang',
            source: { module: 'MANUAL' },
            lines: [
              { accountId: t.acc['10101'], debit: 100 },
              { accountId: t.acc['40302'], credit: 99 },
            ],
          }),
        ),
        'JOURNAL_UNBALANCED',
      );
      return;
    case 'reverse': {
      if (!m.posted.length) return;
      const target = m.posted[c.pick % m.posted.length];
      const p = t.tx((tx) => reverse(tx, t.ctx, target.id, 'uji properti'));
      if (target.reversal) return expectRefused(p, 'JOURNAL_IS_REVERSAL');
      if (target.reversed) return expectRefused(p, 'JOURNAL_ALREADY_REVERSED');
      const r = await p;
      // A reversal of a closed-period journal is dated today (read now: a run may cross midnight WIB).
      expect(r.date).toBe(closed(target.date) ? todayJakarta() : target.date);
      target.reversed = true;
      record(t, m, r, true);
      return;
    }
    case 'closeMonth': {
      const end = monthEnd(`${c.periode}-01`);
      const p = closeMonth(t.ctx, c.periode);
      if (m.closedThrough && end <= m.closedThrough) return expectRefused(p, 'PERIOD_ALREADY_CLOSED');
      // The books start at the month of the first journal: nothing earlier can be closed.
      const first = m.entries.reduce<string | null>((d, e) => (d === null || e.date < d ? e.date : d), null);
      if (first && `${c.periode}-01` < `${first.slice(0, 7)}-01`) return expectRefused(p, 'PERIOD_BEFORE_BOOKS');
      await p;
      m.closedThrough = end;
      return;
    }
    case 'reopenMonth': {
      const start = `${c.periode}-01`;
      const p = reopenMonth(t.ctx, c.periode, 'uji properti');
      if (!m.closedThrough || start > m.closedThrough) return expectRefused(p, 'PERIOD_NOT_CLOSED');
      if ([...m.closedYears].some((y) => `${y}-12-31` >= start)) return expectRefused(p, 'FISCAL_YEAR_CLOSED');
      await p;
      m.closedThrough = addDays(start, -1);
      return;
    }
    case 'closeYear': {
      const p = closeYear(t.ctx, c.year);
      if (m.closedYears.has(c.year)) return expectRefused(p, 'FISCAL_YEAR_ALREADY_CLOSED');
      const earlierOpen = YEARS.some((y) => y < c.year && !m.closedYears.has(y) && (m.journals.get(y) ?? 0) > 0);
      if (earlierOpen) return expectRefused(p, 'PREVIOUS_YEAR_OPEN');
      if (YEARS.some((y) => y > c.year && m.closedYears.has(y))) return expectRefused(p, 'NEXT_YEAR_CLOSED');
      const end = `${c.year}-12-31`;
      const r = await p;
      m.closedYears.add(c.year);
      if (!m.closedThrough || m.closedThrough < end) m.closedThrough = end;
      if (r.closingJournal) m.journals.set(c.year, (m.journals.get(c.year) ?? 0) + 1);
      // Income and expenses are zero at the year's end; the surplus equals the year's result.
      await t.tx(async (tx) => {
        const b = await balancesAsOf(tx, end);
        for (const code of ['40302', '40301', '50202', '50203']) {
          const mv = b.get(t.acc[code]);
          expect(mv ? mv.debit.minus(mv.credit).toFixed(2) : '0.00', `${code} after closing ${c.year}`).toBe('0.00');
        }
      });
      // The closing journal's lines join the model as they were posted (income/expense to CURRENT_YEAR_SURPLUS).
      if (r.closingJournal) await addJournalLines(t, m, r.closingJournal.id);
      return;
    }
    case 'reopenYear': {
      const p = reopenYear(t.ctx, c.year, 'uji properti');
      if (!m.closedYears.has(c.year)) return expectRefused(p, 'FISCAL_YEAR_NOT_CLOSED');
      if (YEARS.some((y) => y > c.year && m.closedYears.has(y))) return expectRefused(p, 'NEXT_YEAR_CLOSED');
      const r = await p;
      m.closedYears.delete(c.year);
      if (r.reversal) {
        m.journals.set(c.year, (m.journals.get(c.year) ?? 0) + 1);
        await addJournalLines(t, m, r.reversal.id);
      }
      return;
    }
  }
}

function record(t: LedgerTenant, m: Model, p: PostedJournal, reversal: boolean) {
  m.journals.set(p.fiscalYear, (m.journals.get(p.fiscalYear) ?? 0) + 1);
  m.posted.push({ id: p.id, date: p.date, reversal, reversed: false });
  const byId = new Map(Object.entries(t.acc).map(([c, id]) => [id, c]));
  for (const l of p.lines) m.entries.push({ code: byId.get(l.accountId)!, date: p.date, net: l.debit.minus(l.credit) });
}

async function addJournalLines(t: LedgerTenant, m: Model, journalId: string) {
  const rows = await t.tx((tx) =>
    tx.query<{ code: string; date: string; debit: Dec; credit: Dec }>(
      `SELECT a.code, l.date, l.debit, l.credit FROM journal_line l JOIN coa_account a ON a.id = l.account_id WHERE l.journal_id = $1`,
      [journalId],
    ),
  );
  for (const r of rows) m.entries.push({ code: r.code, date: r.date, net: dec(r.debit).minus(dec(r.credit)) });
}

async function invariants(t: LedgerTenant, m: Model, step: number) {
  await t.tx(async (tx) => {
    const unbalanced = await tx.query(
      `SELECT j.number FROM journal j
       LEFT JOIN (SELECT journal_id, sum(debit) AS d, sum(credit) AS c, count(*) AS n FROM journal_line GROUP BY journal_id) l ON l.journal_id = j.id
       WHERE l.d IS DISTINCT FROM l.c OR l.d IS DISTINCT FROM j.total_amount OR l.n IS DISTINCT FROM j.line_count::bigint`,
    );
    expect(unbalanced, 'every journal balances').toEqual([]);
    const drift = await tx.query(
      `WITH lines AS (
         SELECT l.account_id, j.period, coalesce(l.business_unit_id, '00000000-0000-0000-0000-000000000000'::uuid) AS bu,
                sum(l.debit) AS debit, sum(l.credit) AS credit,
                sum(CASE WHEN j.is_adjustment THEN l.debit ELSE 0 END) AS adj_debit, sum(CASE WHEN j.is_adjustment THEN l.credit ELSE 0 END) AS adj_credit,
                sum(CASE WHEN j.is_closing THEN l.debit ELSE 0 END) AS close_debit, sum(CASE WHEN j.is_closing THEN l.credit ELSE 0 END) AS close_credit,
                count(*) AS n
         FROM journal_line l JOIN journal j ON j.tenant_id = l.tenant_id AND j.id = l.journal_id
         GROUP BY 1, 2, 3)
       SELECT coalesce(b.account_id, l.account_id) AS account_id, coalesce(b.period, l.period) AS period
       FROM ledger_balance b FULL JOIN lines l ON l.account_id = b.account_id AND l.period = b.period AND l.bu = b.business_unit_id
       WHERE b.debit IS DISTINCT FROM l.debit OR b.credit IS DISTINCT FROM l.credit OR b.adj_debit IS DISTINCT FROM l.adj_debit
          OR b.adj_credit IS DISTINCT FROM l.adj_credit OR b.close_debit IS DISTINCT FROM l.close_debit
          OR b.close_credit IS DISTINCT FROM l.close_credit OR b.line_count::bigint IS DISTINCT FROM l.n`,
    );
    expect(drift, 'the monthly summary equals the lines').toEqual([]);
    const numbering = await tx.query<{ fiscal_year: number; n: number; max: number; min: number }>(
      'SELECT fiscal_year, count(*)::int AS n, max(seq) AS max, min(seq) AS min FROM journal GROUP BY fiscal_year ORDER BY 1',
    );
    for (const r of numbering) expect([r.fiscal_year, r.min, r.max], 'gap-free numbers').toEqual([r.fiscal_year, 1, r.n]);
    for (const y of YEARS) expect(numbering.find((r) => r.fiscal_year === y)?.n ?? 0, `journals of ${y}`).toBe(m.journals.get(y) ?? 0);
    const state = await tx.one<{ closed_through: string | null }>('SELECT closed_through FROM ledger_state');
    expect(state?.closed_through ?? null, 'closed-through date').toBe(m.closedThrough);
    const tb = await computeTrialBalance(tx, { start: `${Y0}-01-01`, end: TODAY });
    expect(tb.balanced, 'trial balance balances').toBe(true);
    // Each balance sheet checks two dates (its own and the comparison column); the dates rotate over both years and today.
    const month = String((step % 12) + 1).padStart(2, '0');
    const periode = [`${Y0}-${month}`, `${Y0 + 1}-${month}`, TODAY][step % 3];
    const bs = await computeBalanceSheet(tx, t.ctx, { periode, comparePeriode: step % 2 ? `${Y0 + 1}-12` : undefined });
    expect([bs.balanced, bs.previous.balanced], `balance sheet equation at ${periode}`).toEqual([true, true]);
    // Account balances equal the model.
    const all = await balancesAsOf(tx, null);
    const want = new Map<string, Dec>();
    for (const e of m.entries) want.set(e.code, (want.get(e.code) ?? ZERO).plus(e.net));
    for (const c of new Set([...CODES, ...want.keys()])) {
      const mv = all.get(t.acc[c]);
      expect(mv ? mv.debit.minus(mv.credit).toFixed(2) : '0.00', `balance of ${c}`).toBe((want.get(c) ?? ZERO).toFixed(2));
    }
  });
}

describe('ledger properties', () => {
  it('random postings, reversals and closings keep every invariant after every step', async () => {
    let steps = 0;
    const runs = Number(process.env.LEDGER_PROPERTY_RUNS ?? 25);
    await fc.assert(
      fc.asyncProperty(fc.array(cmdArb, { minLength: 40, maxLength: 120 }), async (cmds) => {
        const t = await ledgerTenant();
        const m: Model = { closedThrough: null, closedYears: new Set(), journals: new Map(), posted: [], entries: [] };
        for (const [i, c] of cmds.entries()) {
          await run(t, m, c, i);
          await invariants(t, m, i);
          steps++;
        }
      }),
      { numRuns: runs, endOnFailure: true },
    );
    // 25 runs of 40 to 120 steps: about 2,000 steps, more than half of them postings and reversals.
    expect(steps).toBeGreaterThanOrEqual(runs * 40);
  }, 900_000);
});
