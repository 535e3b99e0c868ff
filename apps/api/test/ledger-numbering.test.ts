/**
 * Journal numbers assigned after COMMIT (posting.ts `numberAfterCommit`,
 * migration 0105) keep the auditor's guarantees: gap-free per cooperative and
 * fiscal year, assigned once and never changed, in posting order, nothing
 * lost when the process dies between posting and numbering. And the striped
 * monthly summary stays equal to the lines. Concurrency is real on
 * PostgreSQL (TEST_DATABASE_URL); on PGlite transactions take turns.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dec } from '@koperasi/finance';
import { describe, expect, it } from 'vitest';
import { todayJakarta } from '../src/modules/ledger/dates.ts';
import { findJournal } from '../src/modules/ledger/ledger.repo.ts';
import { accountBalance, numberJournals, numberPending, post, reverse } from '../src/modules/ledger/posting.ts';
import { body, testDb } from './helpers.ts';
import { data, type LedgerTenant, ledgerTenant } from './ledger-helpers.ts';

const Y = Number(todayJakarta().slice(0, 4)) - 1;
const here = path.dirname(fileURLToPath(import.meta.url));

function journal(t: LedgerTenant, date: string, amount: number, description = 'Setoran uji') {
  return {
    date,
    description,
    source: { module: 'MANUAL' },
    lines: [
      { accountId: t.acc['10101'], debit: amount },
      { accountId: t.acc['40302'], credit: amount },
    ],
  };
}

async function numbering(t: LedgerTenant) {
  return t.tx(async (tx) => ({
    journals: await tx.query<{ id: string; fiscal_year: number; seq: number | null; number: string | null; post_seq: number | null }>(
      'SELECT id, fiscal_year, seq, number, post_seq FROM journal ORDER BY fiscal_year, seq NULLS LAST, post_seq',
    ),
    counters: await tx.query<{ fiscal_year: number; last_seq: number }>('SELECT fiscal_year, last_seq FROM ledger_counter ORDER BY 1'),
  }));
}

/** Every journal numbered, 1..n per fiscal year, no duplicate, counters at n. */
function expectGapFree(n: Awaited<ReturnType<typeof numbering>>) {
  expect(n.journals.filter((j) => j.seq === null)).toEqual([]);
  const years = new Map<number, number[]>();
  for (const j of n.journals) years.set(j.fiscal_year, [...(years.get(j.fiscal_year) ?? []), j.seq!]);
  for (const [year, seqs] of years) {
    expect(seqs, `numbers of ${year}`).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(n.counters.find((c) => c.fiscal_year === year)?.last_seq).toBe(seqs.length);
  }
  for (const j of n.journals) expect(j.number).toBe(`JU/${j.fiscal_year}/${String(j.seq).padStart(6, '0')}`);
}

describe('numbers after commit', () => {
  it('a journal posted numberAfterCommit commits unnumbered and is numbered before anything shows it', async () => {
    const t = await ledgerTenant();
    const a = await t.tx((tx) => post(tx, t.ctx, journal(t, `${Y}-03-01`, 100), { numberAfterCommit: true }));
    expect(a.number).toBeNull();
    expect(a.seq).toBeNull();
    expect(a.lines.map((l) => l.accountCode)).toEqual(['10101', '40302']);
    const b = await t.tx((tx) => post(tx, t.ctx, journal(t, `${Y}-03-02`, 200), { numberAfterCommit: true }));
    expect((await t.tx((tx) => findJournal(tx, a.id)))?.number).toBeNull();
    // The balance is there at once (the summary is written by the posting, not by the numbering).
    expect((await t.tx((tx) => accountBalance(tx, t.acc['10101']))).toFixed(2)).toBe('300.00');

    // A list numbers the waiting journals first, in posting order.
    const list = data(await t.admin.get('/api/journal/v2/datatable', { sortBy: 'number', ascOrDesc: 'ASC' }));
    expect(list.content.map((j: { id: string; number: string }) => [j.id, j.number])).toEqual([
      [a.id, `JU/${Y}/000001`],
      [b.id, `JU/${Y}/000002`],
    ]);
    // A journal posted with its number at once comes after the ones numbered before it.
    const c = await t.tx((tx) => post(tx, t.ctx, journal(t, `${Y}-03-03`, 300)));
    expect(c.number).toBe(`JU/${Y}/000003`);
    // ...and numbers the journals still waiting before it first.
    const d = await t.tx((tx) => post(tx, t.ctx, journal(t, `${Y}-03-04`, 400), { numberAfterCommit: true }));
    const e = await t.tx((tx) => post(tx, t.ctx, journal(t, `${Y}-03-05`, 500)));
    expect(e.number).toBe(`JU/${Y}/000005`);
    expect((await t.tx((tx) => findJournal(tx, d.id)))?.number).toBe(`JU/${Y}/000004`);
    expectGapFree(await numbering(t));
  });

  it('numberJournals answers the numbers right after COMMIT; a rolled-back posting leaves no gap', async () => {
    const t = await ledgerTenant();
    const db = await testDb();
    const a = await t.tx((tx) => post(tx, t.ctx, journal(t, `${Y}-04-01`, 10), { numberAfterCommit: true }));
    await expect(
      t.tx(async (tx) => {
        await post(tx, t.ctx, journal(t, `${Y}-04-02`, 20), { numberAfterCommit: true });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const b = await t.tx((tx) => post(tx, t.ctx, journal(t, `${Y}-04-03`, 30), { numberAfterCommit: true }));
    const numbers = await numberJournals(db, t.tenantId, [b.id]);
    // b is numbered after a: the waiting journals go in posting order.
    expect(numbers.get(b.id)).toBe(`JU/${Y}/000002`);
    expect((await t.tx((tx) => findJournal(tx, a.id)))?.number).toBe(`JU/${Y}/000001`);
    // Already numbered: answered without numbering again.
    expect((await numberJournals(db, t.tenantId, [a.id, b.id])).get(a.id)).toBe(`JU/${Y}/000001`);
    expect(await numberPending(db, t.tenantId)).toBe(0);
    expectGapFree(await numbering(t));
  });

  it('a number is assigned once and never changed, even by the owner', async () => {
    const t = await ledgerTenant();
    const db = await testDb();
    const a = await t.tx((tx) => post(tx, t.ctx, journal(t, `${Y}-05-01`, 10), { numberAfterCommit: true }));
    // Unnumbered: the owner may not give it a number of another shape, nor change anything else while numbering it.
    await expect(db.owner((tx) => tx.exec(`UPDATE journal SET seq = 7, number = 'X-7' WHERE id = $1`, [a.id]))).rejects.toMatchObject({
      code: 'KL010',
    });
    await expect(
      db.owner((tx) => tx.exec(`UPDATE journal SET seq = 1, number = $2, description = 'lain' WHERE id = $1`, [a.id, `JU/${Y}/000001`])),
    ).rejects.toMatchObject({ code: 'KL010' });
    // The app role cannot number at all (only the numbering function can).
    await expect(t.tx((tx) => tx.exec(`UPDATE journal SET seq = 1, number = $2 WHERE id = $1`, [a.id, `JU/${Y}/000001`]))).rejects.toThrow(
      /permission denied/,
    );
    await numberPending(db, t.tenantId);
    const numbered = await t.tx((tx) => findJournal(tx, a.id));
    expect(numbered?.number).toBe(`JU/${Y}/000001`);
    // Numbered: never changed again.
    await expect(
      db.owner((tx) => tx.exec(`UPDATE journal SET seq = 2, number = $2 WHERE id = $1`, [a.id, `JU/${Y}/000002`])),
    ).rejects.toMatchObject({
      code: 'KL010',
    });
    await expect(db.owner((tx) => tx.exec(`UPDATE journal SET seq = NULL, number = NULL WHERE id = $1`, [a.id]))).rejects.toMatchObject({
      code: 'KL010',
    });
    // A reversal of a journal still waiting numbers it first (its number is in the reversal's text).
    const b = await t.tx((tx) => post(tx, t.ctx, journal(t, `${Y}-05-02`, 20), { numberAfterCommit: true }));
    const r = await t.tx((tx) => reverse(tx, t.ctx, b.id, 'salah input'));
    expect(r.description).toBe(`Pembatalan JU/${Y}/000002: salah input`);
    expect(r.number).toBe(`JU/${Y}/000003`);
    expectGapFree(await numbering(t));
  });

  it('parallel postings (numbered later and at once) and parallel numbering: no gap, no duplicate, every journal once', async () => {
    const t = await ledgerTenant();
    const db = await testDb();
    const N = 80;
    const posted: string[] = [];
    const numbered: Array<Map<string, string>> = [];
    await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const year = i % 4 === 0 ? Y - 1 : Y;
        const later = i % 5 !== 0;
        const j = await t.tx((tx) =>
          later
            ? post(tx, t.ctx, journal(t, `${year}-06-${String((i % 28) + 1).padStart(2, '0')}`, i + 1), { numberAfterCommit: true })
            : post(tx, t.ctx, journal(t, `${year}-06-${String((i % 28) + 1).padStart(2, '0')}`, i + 1)),
        );
        posted.push(j.id);
        // Half the postings ask for their number right away, as a teller's movement does; others leave it to the next run.
        if (later && i % 2 === 0) numbered.push(await numberJournals(db, t.tenantId, [j.id]));
        if (i % 7 === 0) await numberPending(db, t.tenantId);
      }),
    );
    await numberPending(db, t.tenantId);
    const n = await numbering(t);
    expect(n.journals).toHaveLength(N);
    expect(new Set(n.journals.map((j) => j.id))).toEqual(new Set(posted));
    expectGapFree(n);
    // What numberJournals answered is what the journals carry.
    const byId = new Map(n.journals.map((j) => [j.id, j.number]));
    for (const m of numbered) for (const [id, number] of m) expect(byId.get(id)).toBe(number);
    // The striped summary still equals the lines, account by account.
    await t.tx(async (tx) => {
      const drift = await tx.query(
        `SELECT a.account_id FROM (SELECT account_id, sum(debit) d, sum(credit) c, count(*) n FROM journal_line GROUP BY 1) a
         FULL JOIN (SELECT account_id, sum(debit) d, sum(credit) c, sum(line_count) n FROM ledger_balance GROUP BY 1) b USING (account_id)
         WHERE a.d IS DISTINCT FROM b.d OR a.c IS DISTINCT FROM b.c OR a.n IS DISTINCT FROM b.n`,
      );
      expect(drift).toEqual([]);
      expect((await accountBalance(tx, t.acc['10101'])).toFixed(2)).toBe(dec((N * (N + 1)) / 2).toFixed(2));
    });
  });

  it('a month close numbers the waiting journals and waits for postings in flight', async () => {
    const t = await ledgerTenant();
    for (let i = 0; i < 3; i++) await t.tx((tx) => post(tx, t.ctx, journal(t, `${Y}-07-0${i + 1}`, 5), { numberAfterCommit: true }));
    const res = await t.admin.post('/api/ledger/period/close', { periode: `${Y}-07` });
    expect(res.statusCode).toBe(200);
    const n = await numbering(t);
    expect(n.journals.map((j) => j.number)).toEqual([`JU/${Y}/000001`, `JU/${Y}/000002`, `JU/${Y}/000003`]);
    const late = await t.admin.post('/api/journal-manual', {
      date: `${Y}-07-20`,
      description: 'terlambat',
      lines: [
        { coaId: t.acc['10101'], debit: 1, credit: 0 },
        { coaId: t.acc['40302'], debit: 0, credit: 1 },
      ],
    });
    expect(body(late).errorCode).toBe('PERIOD_CLOSED');
  });
});

describe('a crash between posting and numbering', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a process killed while posting loses no committed journal; the next numbering numbers them all, gap-free',
    async () => {
      const t = await ledgerTenant();
      // node itself with tsx's loader (the tsx command would run the script in a grandchild the kill would miss).
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(here, 'ledger-numbering-child.ts'),
          process.env.TEST_DATABASE_URL!,
          t.tenantId,
          t.adminUserId,
          t.acc['10101'],
          t.acc['40302'],
          `${Y}-08-15`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'], cwd: path.join(here, '../../..') },
      );
      const committed = new Set<string>();
      const backends = new Set<number>();
      const closed = new Promise((r) => child.on('close', r));
      await new Promise<void>((resolve, reject) => {
        let buf = '';
        child.stdout.on('data', (chunk: Buffer) => {
          buf += chunk.toString();
          const lines = buf.split('\n');
          buf = lines.pop() ?? '';
          for (const l of lines) {
            if (l.startsWith('committed ')) committed.add(l.slice(10));
            if (l.startsWith('backend ')) backends.add(Number(l.slice(8)));
          }
          // Killed in the middle of its work: other postings are in flight at that moment.
          if (committed.size >= 40 && !child.killed) {
            child.kill('SIGKILL');
            resolve();
          }
        });
        child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited ${code}`))));
      });
      await closed;
      // PostgreSQL rolls back the killed process's open transactions once it sees the connections drop.
      const db = await testDb();
      for (let i = 0; i < 100; i++) {
        const open = await db.owner((tx) =>
          tx.one<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1::int[])', [
            `{${[...backends].join(',')}}`,
          ]),
        );
        if (!open?.n) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const before = await numbering(t);
      // Nothing was numbered by the child; every journal it reported committed is there (and maybe a few whose report was cut).
      expect(before.journals.every((j) => j.seq === null)).toBe(true);
      const ids = new Set(before.journals.map((j) => j.id));
      for (const id of committed) expect(ids.has(id)).toBe(true);
      expect(await numberPending(db, t.tenantId)).toBe(before.journals.length);
      const after = await numbering(t);
      expectGapFree(after);
      expect(after.journals.map((j) => j.id).sort()).toEqual([...ids].sort());
      // Each committed journal is whole (balanced, summary equal to the lines).
      await t.tx(async (tx) => {
        const total = await tx.one<{ d: string; c: string; s: string }>(
          `SELECT (SELECT sum(debit) FROM journal_line)::text AS d, (SELECT sum(credit) FROM journal_line)::text AS c,
                  (SELECT sum(debit) FROM ledger_balance)::text AS s`,
        );
        expect(total?.d).toBe(total?.c);
        expect(total?.s).toBe(total?.d);
      });
    },
  );

  it('on any engine: journals committed and never numbered (the process gone) are numbered by the next run, in posting order', async () => {
    const t = await ledgerTenant();
    const db = await testDb();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await t.tx((tx) => post(tx, t.ctx, journal(t, `${Y}-09-0${i + 1}`, 7), { numberAfterCommit: true }))).id);
    }
    // No numbering ran (as after a crash); a fresh start numbers them.
    expect(await numberPending(db, t.tenantId)).toBe(5);
    const n = await numbering(t);
    expect(n.journals.map((j) => j.id)).toEqual(ids);
    expectGapFree(n);
  });
});
