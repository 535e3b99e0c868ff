/**
 * Loan payments from the routes in batches (docs/loans.md "Performance"), as
 * savings.batch.ts does for teller movements: a payment request joins the
 * queue of its cooperative (and agent); a free slot takes what waits there
 * (at most one payment per loan, per savings account and per key) into one
 * transaction and one call of loan_pay_many, which claims each payment's
 * Idempotency-Key, locks, decides, posts every journal in one ledger call and
 * writes the rows and answers each written payment (the payment, the loan
 * after it, the grades); the answers are stored with their keys in COMMIT's
 * round trip: BEGIN, one call, COMMIT.
 *
 * Per request nothing changes: its own rules, journal, rows, audit entry and
 * stored answer. A refused payment is answered with its refusal (nothing was
 * written, its key was given back, as when it ran alone); what a batch cannot
 * decide (a replayed or concurrent key, a changed principal, a second payment
 * of the same loan or account, a journal the ledger refuses) runs alone
 * through `pay`, and so does every payment of a batch that failed as a whole.
 */
import type { Db } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { envelopeText, ok, withJsonText } from '../../lib/http.ts';
import { numberAfterCommit } from '../ledger/posting.repo.ts';
import { Linger } from '../money/batch-linger.ts';
import { batchCommitted, rolledBackOnError } from '../money/batch-tx.ts';
import { today } from '../savings/savings.core.ts';
import { agentOf, type PayAnswer, type PayInput, pay, payAnswers, payItem, payMessage, payRefusal } from './loans.pay.ts';
import { anyJournalOf, type PayRow, payMany, storeAnswersAtCommit } from './loans.repo.ts';

interface Item {
  /** When it joined the queue (performance.now()). */
  at: number;
  ctx: Ctx;
  input: PayInput;
  resolve: (v: PayAnswer) => void;
  reject: (err: unknown) => void;
}

/** The most payments one transaction takes (their locks are held until COMMIT). */
const MAX_BATCH = 64;
/**
 * While another batch is in flight, a queue shorter than LINGER_MIN waits up to LINGER_MS (from its oldest
 * payment's arrival) for company, as the savings batcher does: a batch costs about 8 ms of PostgreSQL CPU whatever
 * its size (BEGIN, COMMIT and its WAL flush, the numbering, the start-up of the large statements) and each payment
 * about 1.3 ms more (docs/loans.md "Performance"), so a batch of 4 costs twice as much per payment as one of 16.
 * With no batch in flight a payment starts at once. LOANS_BATCH_LINGER_MS=0 turns it off.
 */
const LINGER_MS = Number(process.env.LOANS_BATCH_LINGER_MS ?? 3);
const LINGER_MIN = Number(process.env.LOANS_BATCH_LINGER_MIN ?? 16);

export class PayBatcher {
  private queues = new Map<string, Item[]>();
  private running = 0;
  private readonly linger = new Linger(LINGER_MS, LINGER_MIN, () => this.pump());
  /** Batches run and payments they took (the bench prints the mean batch). */
  readonly stats = { batches: 0, payments: 0 };

  constructor(
    private db: Db,
    /**
     * Batch transactions at once (LOANS_BATCH_SLOTS, default 2, at most the pool less one). With C clients waiting
     * for their answers a batch holds about C / (slots + 1) payments. Since a payment costs ~1 ms of PostgreSQL
     * CPU (a batch's fixed part is small now), one slot left the second core idle: on the quiet 2-core machine,
     * 32 connections, back to back twice, one slot gave 777-817 payments/s (p99 55-72 ms, batches of 16) and two
     * 945-955/s (p99 54-57 ms, batches of ~10.7) at 1.2 instead of 1.0 ms of PostgreSQL CPU per payment
     * (docs/loans.md "Quiet-machine figures, fourth session"). Three slots: 758/s.
     */
    private slots = Math.min(Number(process.env.LOANS_BATCH_SLOTS) || 2, Math.max(1, db.slots - 1)),
  ) {}

  submit(ctx: Ctx, input: PayInput): Promise<PayAnswer> {
    return new Promise<PayAnswer>((resolve, reject) => {
      const key = `${ctx.tenantId}|${agentOf(ctx) ?? ''}`;
      const q = this.queues.get(key) ?? [];
      q.push({ at: performance.now(), ctx, input, resolve, reject });
      this.queues.set(key, q);
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.slots && this.queues.size) {
      if (this.running > 0 && this.linger.holds(this.queues.values())) return;
      // The longest queue first (the larger the batch, the less each payment costs).
      let pick = '';
      for (const [k, q] of this.queues) if (!pick || q.length > this.queues.get(pick)!.length) pick = k;
      const q = this.queues.get(pick)!;
      const batch: Item[] = [];
      const rest: Item[] = [];
      const seen = new Set<string>();
      for (const it of q) {
        const marks = [
          `l:${it.input.loanId}`,
          it.input.memberSavingId ? `s:${it.input.memberSavingId}` : '',
          it.ctx.idem ? `k:${it.ctx.idem.key}` : '',
        ];
        if (batch.length < MAX_BATCH && !marks.some((m) => m && seen.has(m))) {
          batch.push(it);
          for (const m of marks) if (m) seen.add(m);
        } else rest.push(it);
      }
      if (rest.length) this.queues.set(pick, rest);
      else this.queues.delete(pick);
      this.running++;
      this.stats.batches++;
      this.stats.payments += batch.length;
      this.run(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async run(items: Item[]): Promise<void> {
    const first = items[0].ctx;
    const tenantId = first.tenantId;
    const date = today();
    const prepared = items.map((it, ord) => payItem(it.ctx, it.input, ord, true));
    let posted: Array<{ it: Item; answer: PayAnswer }> = [];
    let refused: Array<{ it: Item; row: PayRow }> = [];
    let alone: Item[] = [];
    try {
      await this.db.tenant(tenantId, async (tx) =>
        rolledBackOnError(async () => {
          posted = [];
          refused = [];
          alone = [];
          const rows = await payMany(tx, date, agentOf(first), prepared, false);
          const written = rows.filter((r) => r.outcome === 'POSTED');
          const answers = payAnswers(date, written);
          const stored: Array<[key: string, response: string]> = [];
          for (const r of rows) {
            const it = items[r.ord];
            if (r.outcome === 'POSTED') {
              const answer = answers.get(r.ord)!;
              if (it.ctx.idem) stored.push([it.ctx.idem.key, envelopeText(ok(answer, payMessage(it.input.kind)))]);
              posted.push({ it, answer });
            } else if (r.outcome === 'REFUSED') refused.push({ it, row: r });
            else alone.push(it);
          }
          // The answers stored with their keys (journalNumber null, filled on replay: loans.pay.ts pay) and the
          // journals numbered, in COMMIT's round trip.
          if (stored.length) storeAnswersAtCommit(tx, tenantId, stored);
          if (posted.length) {
            const numbered = numberAfterCommit(
              tx,
              tenantId,
              posted.map(({ answer }) => answer.payment.transactionId),
            );
            tx.afterCommit(async () => {
              const byId = new Map((await numbered).map((n) => [n.journal_id, n.number]));
              for (const { answer } of posted) {
                answer.payment.journalNumber = byId.get(answer.payment.transactionId) ?? null;
                withJsonText(answer); // the response's text with the number (the stored one keeps null)
              }
            });
          }
        }),
      );
    } catch (err) {
      const committed = await batchCommitted(
        err,
        () =>
          this.db.tenant(tenantId, (tx) =>
            anyJournalOf(
              tx,
              prepared.map((p) => p.journal),
            ),
          ),
        'loan payment batch',
      );
      if (committed === false) {
        for (const it of items) runAlone(it);
        return;
      }
      if (committed === null) {
        // COMMIT may have happened: running again could pay twice; a client retrying with its key gets the stored answer.
        for (const it of items) it.reject(err);
        return;
      }
      console.error('loan payment batch committed; the statement after COMMIT failed', err);
    }
    for (const { it, answer } of posted) {
      if (it.ctx.idem) {
        it.ctx.idem.claimed = true;
        it.ctx.idem.stored = true;
      }
      it.resolve(answer);
    }
    for (const { it, row } of refused) it.reject(payRefusal(it.ctx, row, date));
    for (const it of alone) runAlone(it);
  }
}

function runAlone(it: Item): void {
  pay(it.ctx, it.input).then(it.resolve, it.reject);
}

const batchers = new WeakMap<Db, PayBatcher>();

function batcherOf(db: Db): PayBatcher {
  let b = batchers.get(db);
  if (!b) {
    b = new PayBatcher(db);
    batchers.set(db, b);
  }
  return b;
}

/** A payment from a route: into the next batch of its cooperative. */
export function submitPayment(ctx: Ctx, input: PayInput): Promise<PayAnswer> {
  return batcherOf(ctx.db).submit(ctx, input);
}

/** Batches run so far on a database and the payments they took. */
export function payBatchStats(db: Db): { batches: number; payments: number } {
  return { ...batcherOf(db).stats };
}
