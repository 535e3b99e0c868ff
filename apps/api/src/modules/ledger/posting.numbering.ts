/**
 * Journal numbers after COMMIT: the numbering step, the route option numbersFirst and the job's step (posting.ts
 * says when a journal is numbered after commit).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/db.ts';
import { isUuid } from '../../db/db.ts';
import { pgArray } from './balances.ts';
import * as repo from './posting.repo.ts';

// ---------------------------------------------------------------- numbering after commit

/**
 * Numbers the cooperative's committed, unnumbered journals, in posting order
 * (one statement in its own transaction; nothing to do costs one read).
 * Anything that shows or exports journal numbers calls it first (the route
 * option `numbersFirst` does). Answers how many journals it numbered.
 */
export async function numberPending(db: Db, tenantId: string): Promise<number> {
  if (!isUuid(tenantId)) throw new Error('numberPending: invalid tenant id');
  return repo.numberTenantJob(db, tenantId);
}

/**
 * The numbers of these journals, after COMMIT: when one is still unnumbered
 * the cooperative's waiting journals are numbered first (one statement;
 * concurrent callers batch on the numbering lock, and one whose journals a
 * batch already numbered writes nothing).
 */
export async function numberJournals(db: Db, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const rows = await repo.numberJournalsRows(db, tenantId, pgArray(ids));
  for (const r of rows) if (r.number) out.set(r.journal_id, r.number);
  return out;
}

/**
 * Fills `journalNumber: null` in an answer (any depth) from its `journalId`,
 * numbering first: for answers built before COMMIT with journals posted
 * `numberAfterCommit`, and for such answers stored for an Idempotency-Key and
 * replayed later.
 */
export async function fillJournalNumbers(db: Db, tenantId: string, answer: unknown): Promise<void> {
  const holders: Array<{ journalId: string; journalNumber: string | null }> = [];
  const walk = (v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 6) return;
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.journalId === 'string' && o.journalNumber === null && isUuid(o.journalId)) {
      holders.push(o as { journalId: string; journalNumber: string | null });
    }
    for (const k of Object.keys(o)) {
      const x = o[k];
      if (x && typeof x === 'object' && !(x instanceof Date) && typeof (x as { toFixed?: unknown }).toFixed !== 'function')
        walk(x, depth + 1);
    }
  };
  walk(answer, 0);
  if (!holders.length) return;
  const numbers = await numberJournals(db, tenantId, [...new Set(holders.map((h) => h.journalId))]);
  for (const h of holders) h.journalNumber = numbers.get(h.journalId) ?? null;
}

/** Route option for reads that show or export journal numbers: `{ ...numbersFirst, config: ..., schema: ... }`. */
export const numbersFirst = {
  preHandler: async (req: FastifyRequest) => {
    if (req.principal) await numberPending(req.server.db, req.principal.tenantId);
  },
};

/**
 * The numbering job's step: numbers the waiting journals of every cooperative (one transaction per cooperative).
 * The job runner runs it every second (ledger.module.ts: `runner.every('ledger.number', 1, ...)`), on one server
 * at a time. Answers how many journals it numbered.
 */
export async function numberAllPending(db: Db): Promise<number> {
  let n = 0;
  const tenants = await repo.unnumberedTenants(db);
  for (const t of tenants) n += await numberPending(db, t);
  return n;
}
