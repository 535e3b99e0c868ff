/**
 * The batch scheduler of savings.batch.ts on its own: which movements a batch
 * takes and which queue a free slot serves. The database here is a stand-in
 * that records each batch and answers RETRY for every movement (each then runs
 * "alone": the `single` given to submit), so only the scheduling is under test;
 * the batches against the real database are in savings-batch.test.ts.
 */
import { dec } from '@koperasi/finance';
import { describe, expect, it } from 'vitest';
import type { Db, Tx } from '../src/db/db.ts';
import type { Ctx } from '../src/lib/context.ts';
import { type BatchMove, MoveBatcher, type Moved } from '../src/modules/savings/savings.batch.ts';

const T1 = '00000000-0000-4000-8000-000000000001';
const T2 = '00000000-0000-4000-8000-000000000002';

interface Fail {
  inQuery?: Error;
  atCommit?: Error;
  /** The batch posts its movements, and its journals are found afterwards (it committed). */
  committed?: boolean;
}

/** The row saving_move_many answers for a posted movement. */
const postedRow = (ord: number, saving: string) => ({
  ord,
  outcome: 'POSTED',
  transaction_id: `tx-${saving}`,
  code: `TRX-${saving}`,
  balance_after: dec(1000),
  created_at: new Date('2026-11-21T05:00:00Z'),
  member_id: 'm',
  cif_number: 'c',
  member_name: 'n',
  product_id: 'p',
  product_code: 'SS',
  product_name: 'Simpanan Sukarela',
  product_kind: 'SAVING',
  account_number: saving,
  saving_type: 'VOLUNTARY',
  principal_status: null,
  equity_amount: null,
  cash_id: 'k',
  cash_code: '10101',
  cash_name: 'Kas',
});

function fakeDb(fail?: Fail) {
  const batches: Array<{ tenant: string; accounts: string[] }> = [];
  const gates: Array<() => void> = [];
  const db = {
    kind: 'postgres',
    slots: 2,
    async tenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
      let batch = false;
      const tx = {
        tenantId,
        async query(sql: string) {
          // The check after a failed COMMIT round trip: are the batch's journals there?
          if (sql.includes('FROM journal')) return fail?.committed ? [{ '?column?': 1 }] : [];
          batch = true;
          const items = JSON.parse(/'(\[.*\])'::jsonb/s.exec(sql)![1].replace(/''/g, "'")) as Array<{ ord: number; saving: string }>;
          batches.push({ tenant: tenantId, accounts: items.map((i) => i.saving) });
          if (fail?.inQuery) throw fail.inQuery;
          await new Promise<void>((r) => gates.push(r));
          return items.map((i) => (fail?.committed ? postedRow(i.ord, i.saving) : { ord: i.ord, outcome: 'RETRY' }));
        },
        beforeCommit() {},
        afterCommit() {},
        beforeCommitQuery: async () => [],
        afterCommitQuery: async () => [],
      } as unknown as Tx;
      const result = await fn(tx);
      if (batch && fail?.atCommit) throw fail.atCommit;
      return result;
    },
  } as unknown as Db;
  const open = () => {
    for (const g of gates.splice(0)) g();
  };
  return { db, batches, open };
}

function ctx(tenantId: string): Ctx {
  return { tenantId, userId: null, principal: null, requestId: 'r', ip: null, userAgent: null, lang: 'id' } as unknown as Ctx;
}

const move = (savingId: string): BatchMove => ({ kind: 'TOPUP', savingId, amount: dec(1000), activity: 'DEPOSIT', message: 'm' });
const alone = (tag: string) => async () => ({ status: 'POSTED', transaction: { id: tag } }) as unknown as Moved;
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('batch scheduler', () => {
  it('takes one movement per account, serves the longest queue first, and runs what a batch leaves alone', async () => {
    const { db, batches, open } = fakeDb();
    const b = new MoveBatcher(db); // slots 2 → one batch at a time
    const done = [b.submit(ctx(T1), move('a1'), alone('first'))];
    await tick();
    expect(batches).toEqual([{ tenant: T1, accounts: ['a1'] }]);
    // While it runs: one movement of T2, then four of T1 (two on the same account).
    done.push(b.submit(ctx(T2), move('b1'), alone('b1')));
    for (const a of ['a2', 'a3', 'a2', 'a4']) done.push(b.submit(ctx(T1), move(a), alone(a)));
    open();
    await tick();
    expect(batches[1]).toEqual({ tenant: T1, accounts: ['a2', 'a3', 'a4'] });
    open();
    await tick();
    expect(batches[2]).toEqual({ tenant: T2, accounts: ['b1'] });
    open();
    await tick();
    expect(batches[3]).toEqual({ tenant: T1, accounts: ['a2'] });
    open();
    const answers = await Promise.all(done);
    expect(answers.map((a) => a.transaction.id)).toEqual(['first', 'b1', 'a2', 'a3', 'a2', 'a4']);
  });

  it('serves a queue whose movement has waited 25 ms before a longer one', async () => {
    const { db, batches, open } = fakeDb();
    const b = new MoveBatcher(db);
    const done = [b.submit(ctx(T1), move('a0'), alone('a0'))];
    await tick();
    done.push(b.submit(ctx(T2), move('b1'), alone('b1')));
    await new Promise((r) => setTimeout(r, 30));
    for (const a of ['a1', 'a2', 'a3']) done.push(b.submit(ctx(T1), move(a), alone(a)));
    open();
    await tick();
    expect(batches[1]).toEqual({ tenant: T2, accounts: ['b1'] });
    open();
    await tick();
    expect(batches[2]).toEqual({ tenant: T1, accounts: ['a1', 'a2', 'a3'] });
    open();
    await Promise.all(done);
  });

  it('runs every movement alone when the batch surely rolled back, and never when COMMIT went unanswered or it committed', async () => {
    const attempt = async (fail: Fail) => {
      const { db, open } = fakeDb(fail);
      const b = new MoveBatcher(db);
      let alone = 0;
      const single = async () => {
        alone++;
        return { status: 'POSTED', transaction: { id: 'alone' } } as unknown as Moved;
      };
      const done = ['a1', 'a2'].map((a) =>
        b.submit(ctx(T1), move(a), single).then(
          (r) => r.transaction.id,
          (e: Error) => `error: ${e.message}`,
        ),
      );
      await tick();
      open();
      await tick();
      open();
      return { answers: await Promise.all(done), alone };
    };
    const refused = Object.assign(new Error('journal refused'), { code: 'KS010' });
    expect(await attempt({ inQuery: refused })).toEqual({ answers: ['alone', 'alone'], alone: 2 });
    // PostgreSQL answered an error in COMMIT's round trip and the journals are not there: rolled back.
    const atCommit = Object.assign(new Error('deferred check'), { code: '23514' });
    expect(await attempt({ atCommit })).toEqual({ answers: ['alone', 'alone'], alone: 2 });
    // The error came after COMMIT (the numbering was cancelled) and the journals are there: the batch's answers
    // stand, and nothing is posted a second time.
    const afterCommit = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    expect(await attempt({ atCommit: afterCommit, committed: true })).toEqual({ answers: ['tx-a1', 'tx-a2'], alone: 0 });
    // No answer to COMMIT: it may have committed, so nothing runs again (the client's Idempotency-Key decides).
    const lost = new Error('Connection terminated unexpectedly');
    expect(await attempt({ atCommit: lost })).toEqual({
      answers: ['error: Connection terminated unexpectedly', 'error: Connection terminated unexpectedly'],
      alone: 0,
    });
  });
});
