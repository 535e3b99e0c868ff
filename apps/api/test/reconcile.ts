/**
 * The shared reconciliation check of the money tests, and fixtures later
 * modules reuse.
 *
 *   await assertReconciled(t.tenantId);   // after every money test
 *
 * It proves, from the database of one tenant:
 *  1. the trial balance: total debits = total credits, in the journal lines
 *     and in the monthly summary (ledger_balance), every journal balanced,
 *     and the summary equal to the lines account by account;
 *  2. every sub-ledger equals its control accounts: for each GL account
 *     mapped as a product's CONTROL (or RECEIVABLE), the members' balances
 *     of the products mapped to it = the account's balance in the ledger
 *     (in its normal-balance sign);
 *  3. each sub-ledger is consistent inside: an account's balance is the sum
 *     of its movements and the balance after its last movement.
 *
 * Sub-ledgers register a query answering (coa_id, amount) rows: savings is
 * registered here; deposits, loans and bills add theirs with
 * `registerSubledger` (and an inner check with `registerInnerCheck`).
 */
import type { Dec } from '@koperasi/finance';
import { dec, ZERO } from '@koperasi/finance';
import { expect } from 'vitest';
import type { Tx } from '../src/db/db.ts';
import { testDb } from './helpers.ts';

export interface Subledger {
  /** Sum of member balances per control account: rows of (coa_id, amount). */
  balances: string;
  /** Control accounts the sub-ledger owns (even with no balance): rows of (coa_id). */
  controls: string;
}

const subledgers = new Map<string, Subledger>();
const innerChecks = new Map<string, string>();

export function registerSubledger(name: string, s: Subledger): void {
  subledgers.set(name, s);
}

/** A query returning one row per inconsistency (column `problem`); none = consistent. */
export function registerInnerCheck(name: string, sql: string): void {
  innerChecks.set(name, sql);
}

registerSubledger('savings', {
  balances: `SELECT g.coa_id, sum(s.balance) AS amount FROM member_saving s
             JOIN product_gl_account g ON g.tenant_id = s.tenant_id AND g.product_id = s.product_id AND g.role = 'CONTROL'
             WHERE s.tenant_id = app_tenant() GROUP BY g.coa_id`,
  controls: `SELECT DISTINCT g.coa_id FROM product_gl_account g JOIN product p ON p.tenant_id = g.tenant_id AND p.id = g.product_id
             WHERE g.tenant_id = app_tenant() AND g.role = 'CONTROL' AND p.kind IN ('SAVING', 'SAVING_EQUITY')`,
});

registerInnerCheck(
  'savings',
  `SELECT 'account ' || s.account_number || ': balance ' || s.balance || ' <> movements ' || coalesce(x.total, 0)
          || ' / last balance ' || coalesce(x.last_after::text, '-') AS problem
   FROM member_saving s
   LEFT JOIN LATERAL (
     SELECT sum(CASE WHEN t.kind IN ('TOPUP', 'TOPUP_INTEREST') THEN t.amount ELSE -t.amount END) AS total,
            (SELECT t2.balance_after FROM member_transaction t2 WHERE t2.tenant_id = s.tenant_id AND t2.saving_id = s.id ORDER BY t2.seq DESC LIMIT 1) AS last_after
     FROM member_transaction t WHERE t.tenant_id = s.tenant_id AND t.saving_id = s.id
   ) x ON true
   WHERE s.tenant_id = app_tenant()
     AND (s.balance <> coalesce(x.total, 0) OR (x.last_after IS NOT NULL AND x.last_after <> s.balance) OR s.balance < 0)`,
);

export interface ControlCheck {
  coaId: string;
  code: string;
  name: string;
  subledger: Dec;
  ledger: Dec;
}

export interface Reconciliation {
  ok: boolean;
  problems: string[];
  trial: { debit: Dec; credit: Dec; summaryDebit: Dec; summaryCredit: Dec };
  controls: ControlCheck[];
}

async function check(tx: Tx): Promise<Reconciliation> {
  const problems: string[] = [];
  const lines = await tx.one<{ d: Dec; c: Dec }>(
    'SELECT coalesce(sum(debit), 0) AS d, coalesce(sum(credit), 0) AS c FROM journal_line WHERE tenant_id = app_tenant()',
  );
  const summary = await tx.one<{ d: Dec; c: Dec }>(
    'SELECT coalesce(sum(debit), 0) AS d, coalesce(sum(credit), 0) AS c FROM ledger_balance WHERE tenant_id = app_tenant()',
  );
  const trial = { debit: lines!.d, credit: lines!.c, summaryDebit: summary!.d, summaryCredit: summary!.c };
  if (!trial.debit.eq(trial.credit)) problems.push(`trial balance: debit ${trial.debit} <> credit ${trial.credit}`);
  if (!trial.summaryDebit.eq(trial.debit) || !trial.summaryCredit.eq(trial.credit)) {
    problems.push(`ledger_balance totals ${trial.summaryDebit}/${trial.summaryCredit} <> journal lines ${trial.debit}/${trial.credit}`);
  }
  const unbalanced = await tx.query<{ number: string }>(
    `SELECT j.number FROM journal j JOIN journal_line l ON l.tenant_id = j.tenant_id AND l.journal_id = j.id
     WHERE j.tenant_id = app_tenant() GROUP BY j.id, j.number HAVING sum(l.debit) <> sum(l.credit)`,
  );
  for (const u of unbalanced) problems.push(`journal ${u.number} is not balanced`);
  const drift = await tx.query<{ account_id: string }>(
    `SELECT coalesce(a.account_id, b.account_id) AS account_id FROM
       (SELECT account_id, sum(debit) AS d, sum(credit) AS c FROM journal_line WHERE tenant_id = app_tenant() GROUP BY account_id) a
       FULL JOIN (SELECT account_id, sum(debit) AS d, sum(credit) AS c FROM ledger_balance WHERE tenant_id = app_tenant() GROUP BY account_id) b
       ON a.account_id = b.account_id
     WHERE coalesce(a.d, 0) <> coalesce(b.d, 0) OR coalesce(a.c, 0) <> coalesce(b.c, 0)`,
  );
  for (const d of drift) problems.push(`ledger_balance of account ${d.account_id} differs from its journal lines`);

  const sub = new Map<string, Dec>();
  const owned = new Set<string>();
  for (const [name, s] of subledgers) {
    for (const r of await tx.query<{ coa_id: string; amount: Dec }>(s.balances)) {
      sub.set(r.coa_id, (sub.get(r.coa_id) ?? ZERO).plus(r.amount));
    }
    for (const r of await tx.query<{ coa_id: string }>(s.controls)) owned.add(r.coa_id);
    void name;
  }
  for (const id of sub.keys()) owned.add(id);
  const controls: ControlCheck[] = [];
  if (owned.size) {
    const rows = await tx.query<{ id: string; code: string; name: string; normal_balance: string; d: Dec; c: Dec }>(
      `SELECT a.id, a.code, a.name, a.normal_balance, coalesce(sum(b.debit), 0) AS d, coalesce(sum(b.credit), 0) AS c
       FROM coa_account a LEFT JOIN ledger_balance b ON b.tenant_id = a.tenant_id AND b.account_id = a.id
       WHERE a.tenant_id = app_tenant() AND a.id = ANY($1::uuid[]) GROUP BY a.id, a.code, a.name, a.normal_balance`,
      [`{${[...owned].join(',')}}`],
    );
    for (const r of rows) {
      const ledger = r.normal_balance === 'DEBIT' ? r.d.minus(r.c) : r.c.minus(r.d);
      const subledger = sub.get(r.id) ?? ZERO;
      controls.push({ coaId: r.id, code: r.code, name: r.name, subledger, ledger });
      if (!ledger.eq(subledger)) problems.push(`control ${r.code} ${r.name}: members ${subledger} <> ledger ${ledger}`);
    }
  }
  for (const [name, sql] of innerChecks) {
    for (const r of await tx.query<{ problem: string }>(sql)) problems.push(`${name}: ${r.problem}`);
  }
  return { ok: problems.length === 0, problems, trial, controls };
}

/** Reconciles one tenant (read-only, in its own transaction). */
export async function reconcile(tenantId: string): Promise<Reconciliation> {
  const db = await testDb();
  return db.tenant(tenantId, check);
}

/** Fails the test with every problem found. */
export async function assertReconciled(tenantId: string): Promise<Reconciliation> {
  const r = await reconcile(tenantId);
  expect(r.problems).toEqual([]);
  return r;
}

/** The balance of a GL account by code, in its normal-balance sign. */
export async function ledgerBalance(tenantId: string, code: string): Promise<Dec> {
  const db = await testDb();
  return db.tenant(tenantId, async (tx) => {
    const r = await tx.one<{ nb: string; d: Dec; c: Dec }>(
      `SELECT a.normal_balance AS nb, coalesce(sum(b.debit), 0) AS d, coalesce(sum(b.credit), 0) AS c
       FROM coa_account a LEFT JOIN ledger_balance b ON b.tenant_id = a.tenant_id AND b.account_id = a.id
       WHERE a.tenant_id = app_tenant() AND a.code = $1 GROUP BY a.normal_balance`,
      [code],
    );
    if (!r) return ZERO;
    return r.nb === 'DEBIT' ? r.d.minus(r.c) : r.c.minus(r.d);
  });
}

export const money = (v: number | string) => dec(v);

// ---------------------------------------------------------------- fixtures (savings; later modules reuse them)

export interface SavingProducts {
  principal: string;
  mandatory: string;
  voluntary: string;
}

/** The default products every cooperative starts with (seeded by the products module). */
export async function defaultProducts(tenantId: string): Promise<SavingProducts> {
  const db = await testDb();
  const rows = await db.tenant(tenantId, (tx) =>
    tx.query<{ id: string; system_key: string }>(
      'SELECT id, system_key FROM product WHERE tenant_id = app_tenant() AND system_key IS NOT NULL',
    ),
  );
  const by = Object.fromEntries(rows.map((r) => [r.system_key, r.id]));
  return { principal: by.PRINCIPAL, mandatory: by.MANDATORY, voluntary: by.VOLUNTARY };
}

/** COA account ids by code. */
export async function coaIds(tenantId: string): Promise<Record<string, string>> {
  const db = await testDb();
  const rows = await db.tenant(tenantId, (tx) =>
    tx.query<{ id: string; code: string }>('SELECT id, code FROM coa_account WHERE tenant_id = app_tenant()'),
  );
  return Object.fromEntries(rows.map((r) => [r.code, r.id]));
}
