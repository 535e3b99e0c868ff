/**
 * Teller deposits and withdrawals in batches (migration 0404, docs/savings.md
 * "Performance").
 *
 * A movement request does not open a transaction of its own: it joins the
 * queue of its cooperative (and agent), and the next free slot takes what is
 * waiting there into one transaction, `saving_move_many`: one round trip with
 * BEGIN for every rule, lock, balance, row and audit entry of the batch, one
 * more for the stored answers, the journals (posted and numbered at once by
 * `saving_post_journals`, the cooperative's journal counter held only from
 * there through COMMIT) and COMMIT.
 * With nothing else running a batch is the one movement and starts at once;
 * under load the movements that arrive while the slots are busy go together,
 * so BEGIN, COMMIT and its WAL flush, the numbering, the round trips and the
 * statements' start-up are paid once per batch instead of once per movement.
 *
 * Nothing a client or an auditor sees changes: each movement has its own
 * rules, row, journal (numbered in posting order, in the answer),
 * audit entry and Idempotency-Key with its stored answer, as when it ran
 * alone; a refused movement writes nothing. What the batch cannot decide
 * (a refusal, whose exact message the TypeScript rules give; a replayed or
 * concurrent key; a principal that changed; a second movement of the same
 * account) runs alone after it, through the single path (`single`), and a
 * batch that fails as a whole (a journal the engine refuses) runs every
 * movement alone, so each answer is the one it would have had.
 */
import type { Dec } from '@koperasi/finance';
import type { Db } from '../../db/db.ts';
import type { Ctx } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { uuidv7 } from '../../lib/uuid7.ts';
import { markPrincipalPaid } from '../members/members.registry.ts';
import { Linger } from '../money/batch-linger.ts';
import { hasSqlState, RolledBack, rolledBackOnError } from '../money/batch-tx.ts';
import { activityLabel, type Channel, channelOf, isAgentCtx, type MovementView, tellerName, today } from './savings.core.ts';
import { anyJournalExists, callSavingMoveMany, postJournalsBeforeCommit, storeAnswersBeforeCommit } from './savings.moves.repo.ts';

export interface BatchMove {
  kind: 'TOPUP' | 'WITHDRAW';
  /** The account; or null with `cif` (and `productId`): the batch's transaction resolves it as `accountByCif` does. */
  savingId: string | null;
  /** By-CIF routes: the member's CIF; the account is the member's one active account of `productId` (none: voluntary). */
  cif?: string | null;
  productId?: string | null;
  amount: Dec;
  description?: string | null;
  coaId?: string | null;
  activity: string;
  requestId?: string | null;
  cashHolderOk?: string | null;
  /** The success message stored with the Idempotency-Key's answer. */
  message: string;
}

export interface Moved {
  status: 'POSTED';
  transaction: MovementView;
}

interface Item {
  /** When it joined the queue (ms, performance.now()). */
  at: number;
  ctx: Ctx;
  move: BatchMove;
  single: () => Promise<Moved>;
  resolve: (v: Moved) => void;
  reject: (err: unknown) => void;
}

/** The columns saving_move and saving_move_many answer for a written movement. */
export interface MovedRow {
  transaction_id: string;
  code: string;
  balance_after: Dec;
  created_at: Date;
  member_id: string;
  cif_number: string;
  member_name: string;
  product_id: string;
  product_code: string;
  product_name: string;
  product_kind: string;
  account_number: string;
  saving_type: string;
  principal_status: string | null;
  equity_amount: Dec | null;
  cash_id: string;
  cash_code: string;
  cash_name: string;
}

interface Row extends MovedRow {
  ord: number;
  outcome: 'POSTED' | 'REFUSED' | 'RETRY';
  /** The account moved (resolved in the transaction for by-CIF movements). */
  saving_id: string | null;
}

/** The account a movement names, or its CIF and product (one movement per account in a batch). */
function accountKey(m: BatchMove): string {
  return m.savingId ?? `cif:${(m.cif ?? '').toUpperCase()}|${m.productId ?? ''}`;
}

/** The most movements one transaction takes (its locks are held until COMMIT). */
const MAX_BATCH = 64;
/** A movement waiting this long is served next, whatever the other queues hold. */
const MAX_WAIT_MS = 25;
/**
 * While another batch is in flight, a queue shorter than LINGER_MIN waits up to LINGER_MS (from its oldest
 * movement's arrival) for company: the slot would otherwise start a batch of one or two, whose fixed cost
 * (BEGIN, COMMIT and its WAL flush, the numbering, the statements' start-up: ~2 ms of PostgreSQL CPU) is then
 * shared by few. With no batch in flight a movement starts at once. SAVINGS_BATCH_LINGER_MS=0 turns it off.
 */
const LINGER_MS = Number(process.env.SAVINGS_BATCH_LINGER_MS ?? 2);
const LINGER_MIN = Number(process.env.SAVINGS_BATCH_LINGER_MIN ?? 8);

export class MoveBatcher {
  private queues = new Map<string, Item[]>();
  /** Queues with movements waiting, oldest first (see `next`). */
  private turn: string[] = [];
  private running = 0;
  private readonly linger = new Linger(LINGER_MS, LINGER_MIN, () => this.pump());

  constructor(
    private db: Db,
    /**
     * Batch transactions at once: half the pool (the other half serves everything else). Fewer, larger batches
     * cost less per movement: measured with pool 4 (bench/savings.ts), 2 slots gave more movements per second and
     * a shorter p99 than 3, and 1 left the database idle between a batch's two round trips.
     */
    private slots = Math.max(1, Math.floor(db.slots / 2)),
  ) {}

  /** Runs the movement in the next batch; `single` is the same movement alone (see above). */
  submit(ctx: Ctx, move: BatchMove, single: () => Promise<Moved>): Promise<Moved> {
    return new Promise<Moved>((resolve, reject) => {
      const key = `${ctx.tenantId}|${isAgentCtx(ctx) ? ctx.userId : ''}`;
      let q = this.queues.get(key);
      if (!q) {
        q = [];
        this.queues.set(key, q);
        this.turn.push(key);
      }
      q.push({ at: performance.now(), ctx, move, single, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.slots && this.turn.length) {
      if (this.running > 0 && this.linger.holds(this.queues.values())) return;
      const key = this.next();
      const q = this.queues.get(key)!;
      // One movement per account and per key in a batch (the next batch takes the others, in arrival order).
      const batch: Item[] = [];
      const accounts = new Set<string>();
      const keys = new Set<string>();
      const rest: Item[] = [];
      for (const it of q) {
        const k = it.ctx.idem?.key;
        const account = accountKey(it.move);
        if (batch.length < MAX_BATCH && !accounts.has(account) && !(k && keys.has(k))) {
          batch.push(it);
          accounts.add(account);
          if (k) keys.add(k);
        } else rest.push(it);
      }
      if (rest.length) {
        this.queues.set(key, rest);
        this.turn.push(key);
      } else this.queues.delete(key);
      this.running++;
      this.run(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  /**
   * The queue a free slot serves: the longest (the larger the batch, the less each movement costs), unless a
   * movement has waited MAX_WAIT_MS, whose queue then goes first (no cooperative waits behind busier ones).
   */
  private next(): string {
    const now = performance.now();
    let pick = 0;
    for (let i = 0; i < this.turn.length; i++) {
      const q = this.queues.get(this.turn[i])!;
      if (now - q[0].at >= MAX_WAIT_MS) {
        pick = i;
        break;
      }
      if (q.length > this.queues.get(this.turn[pick])!.length) pick = i;
    }
    return this.turn.splice(pick, 1)[0];
  }

  private async run(items: Item[]): Promise<void> {
    const first = items[0].ctx;
    const tenantId = first.tenantId;
    const agent = isAgentCtx(first) ? first.userId : null;
    const date = today();
    const prepared = items.map((it, ord) => prepare(it, ord));
    const payload = JSON.stringify(prepared.map((p) => p.json));
    const byCif = items.some((it) => !it.move.savingId);
    let posted: Array<{ it: Item; result: Moved }> = [];
    let alone: Item[] = [];
    try {
      await this.db.tenant(tenantId, async (tx) =>
        rolledBackOnError(async () => {
          posted = [];
          alone = [];
          // By-CIF movements get their account in the same statement (saving_resolve_cifs, as accountByCif finds it).
          const rows = await callSavingMoveMany<Row>(tx, payload, byCif, date, agent);
          const stored: Array<{ key: string; response: string }> = [];
          for (const r of rows) {
            const it = items[r.ord];
            const p = prepared[r.ord];
            if (r.outcome !== 'POSTED') {
              alone.push(it);
              continue;
            }
            if (
              it.move.kind === 'TOPUP' &&
              r.saving_type === 'PRINCIPAL' &&
              r.equity_amount &&
              r.principal_status === 'OWED' &&
              r.balance_after.gte(r.equity_amount)
            ) {
              await markPrincipalPaid(tx, it.ctx, r.member_id, r.balance_after);
            }
            const facts = { ...it.move, ...p, savingId: r.saving_id ?? it.move.savingId!, journalNumber: null };
            const result: Moved = { status: 'POSTED', transaction: movedView(it.ctx, r, facts, date) };
            if (it.ctx.idem) stored.push({ key: it.ctx.idem.key, response: JSON.stringify(ok(result, it.move.message)) });
            posted.push({ it, result });
          }
          // The answers stored with their keys (journalNumber null, filled on replay), then the journals posted and
          // numbered, in COMMIT's round trip (the cooperative's journal counter is held only through COMMIT).
          storeAnswersBeforeCommit(tx, tenantId, stored);
          if (posted.length) {
            const numbered = postJournalsBeforeCommit(tx);
            tx.afterCommit(async () => {
              const byId = new Map((await numbered).map((n) => [n.journal_id, n.number]));
              for (const { result } of posted) result.transaction.journalNumber = byId.get(result.transaction.journalId!) ?? null;
            });
          }
        }),
      );
    } catch (err) {
      // RolledBack: the error came before COMMIT was sent, so nothing was written. Otherwise it came from COMMIT's
      // round trip (a statement before it, the journals' posting among them, or COMMIT itself): when PostgreSQL
      // answered (a SQLSTATE), the whole round trip is over and the batch's journals tell whether it committed.
      const committed = err instanceof RolledBack ? false : hasSqlState(err) ? await this.committed(tenantId, prepared) : null;
      if (committed === false) {
        // Nothing was written (a journal the engine refused, a refusal at COMMIT, anything before it):
        // each movement alone, so each gets the answer it would have had.
        for (const it of items) runAlone(it);
        return;
      }
      if (committed === null) {
        // COMMIT was sent and no answer came (the connection broke), or the check could not be made: the batch
        // may have committed. Running the movements again could post them twice, so each request gets the error;
        // a client retrying with its Idempotency-Key gets the stored answer if it did commit.
        for (const it of items) it.reject(err);
        return;
      }
      // Committed, and only what came after it failed: the answers stand.
      console.error('savings batch committed; what came after COMMIT failed', err);
    }
    for (const { it, result } of posted) {
      if (it.ctx.idem) {
        it.ctx.idem.claimed = true;
        it.ctx.idem.stored = true;
      }
      it.resolve(result);
    }
    for (const it of alone) runAlone(it);
  }

  /**
   * Whether a batch whose COMMIT round trip failed did commit: its journals exist (a batch commits whole).
   * null when the database cannot be asked.
   */
  private async committed(tenantId: string, prepared: Prepared[]): Promise<boolean | null> {
    try {
      return await this.db.tenant(tenantId, (tx) =>
        anyJournalExists(
          tx,
          prepared.map((p) => p.journalId),
        ),
      );
    } catch (err) {
      console.error('savings batch: could not tell whether it committed', err);
      return null;
    }
  }
}

function runAlone(it: Item): void {
  it.single().then(it.resolve, it.reject);
}

interface Prepared {
  json: Record<string, unknown>;
  groupId: string;
  journalId: string;
  channel: Channel;
  description: string | null;
}

function prepare(it: Item, ord: number): Prepared {
  const { ctx, move: m } = it;
  // Time-ordered, as the movement and journal ids: the group index is written at its end (migration 1660).
  const groupId = uuidv7();
  const journalId = uuidv7();
  const channel = channelOf(ctx);
  const description = m.description?.trim() || null;
  const idem = ctx.idem;
  const cached = ctx.principalCheck && ctx.principal?.digest ? ctx.principal : null;
  return {
    groupId,
    journalId,
    channel,
    description,
    json: {
      ord,
      op: m.kind,
      activity: m.activity,
      label: activityLabel(m.activity),
      saving: m.savingId,
      ...(m.savingId ? {} : { cif: (m.cif ?? '').toUpperCase(), product: m.productId ?? null }),
      amount: m.amount.toFixed(2),
      coa: m.coaId ?? null,
      usr: ctx.userId,
      holder_ok: m.cashHolderOk ?? null,
      channel,
      description,
      request: m.requestId ?? null,
      grp: groupId,
      journal: journalId,
      audit_action: m.kind === 'TOPUP' ? 'saving.deposit' : 'saving.withdraw',
      request_id: ctx.requestId,
      ip: ctx.ip,
      user_agent: ctx.userAgent,
      idem_key: idem?.key ?? null,
      idem_hash: idem?.hash ?? null,
      idem_method: idem?.method ?? null,
      idem_path: idem?.path ?? null,
      session: cached?.sessionId ?? null,
      digest: cached?.digest ?? null,
    },
  };
}

/** What the answer of a deposit or withdrawal needs besides the row the database answered. */
export interface MovedFacts {
  kind: 'TOPUP' | 'WITHDRAW';
  activity: string;
  savingId: string;
  amount: Dec;
  channel: Channel;
  groupId: string;
  journalId: string;
  journalNumber: string | null;
  description: string | null;
}

/** The answer of a deposit or withdrawal written by saving_move (alone) or saving_move_many (in a batch). */
export function movedView(ctx: Ctx, r: MovedRow, m: MovedFacts, date: string): MovementView {
  return {
    id: r.transaction_id,
    code: r.code,
    transactionDate: date,
    createdAt: r.created_at.toISOString(),
    memberId: r.member_id,
    cifNumber: r.cif_number,
    memberName: r.member_name,
    productId: r.product_id,
    productCode: r.product_code,
    productName: r.product_name,
    productKind: r.product_kind,
    memberSavingId: m.savingId,
    accountNumber: r.account_number,
    kind: m.kind,
    activity: m.activity,
    amount: m.amount,
    signedAmount: m.kind === 'TOPUP' ? m.amount : m.amount.negated(),
    balanceAfter: r.balance_after,
    channel: m.channel,
    cashCoa: { id: r.cash_id, code: r.cash_code, name: r.cash_name },
    groupId: m.groupId,
    journalId: m.journalId,
    journalNumber: m.journalNumber,
    status: 'POSTED',
    isReversal: false,
    reversalOfId: null,
    description: m.description,
    tellerId: ctx.userId,
    tellerName: tellerName(ctx),
  };
}

const batchers = new WeakMap<Db, MoveBatcher>();

/** The batcher of a database (one per app). */
export function batcherOf(db: Db): MoveBatcher {
  let b = batchers.get(db);
  if (!b) {
    b = new MoveBatcher(db);
    batchers.set(db, b);
  }
  return b;
}
