/**
 * SQL of the holding accounts (penampung pokok / bunga) of term deposits:
 * the open entries of each deposit (deposit_holding, migration 0602), the
 * payouts (deposit_payout) and the list of deposits with money waiting there.
 */
import { type Dec, dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { agentMemberCondition } from '../users/agent-scope.ts';

export interface HoldingEntry {
  id: string;
  deposit_id: string;
  kind: 'PRINCIPAL' | 'INTEREST';
  coa_id: string;
  coa_code: string;
  coa_name: string;
  amount: Dec;
  source: 'WITHDRAWAL' | 'BREAK' | 'INTEREST';
  entry_date: string;
  status: 'OPEN' | 'PAID' | 'CANCELLED';
  payout_id: string | null;
}

/** A credit to a holding account: an open entry of the deposit. */
export async function addHolding(
  tx: Tx,
  e: {
    depositId: string;
    kind: 'PRINCIPAL' | 'INTEREST';
    coaId: string;
    amount: Dec;
    source: 'WITHDRAWAL' | 'BREAK';
    date: string;
    journalId: string;
  },
): Promise<void> {
  if (!e.amount.gt(0)) return;
  await tx.exec(
    `INSERT INTO deposit_holding (tenant_id, deposit_id, kind, coa_id, amount, source, entry_date, journal_id)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, $7)`,
    [e.depositId, e.kind, e.coaId, e.amount.toFixed(2), e.source, e.date, e.journalId],
  );
}

const ENTRY_SELECT = `
  h.id, h.deposit_id, h.kind, h.coa_id, a.code AS coa_code, a.name AS coa_name, h.amount, h.source,
  to_char(h.entry_date, 'YYYY-MM-DD') AS entry_date, h.status, h.payout_id
  FROM deposit_holding h JOIN coa_account a ON a.tenant_id = h.tenant_id AND a.id = h.coa_id`;

/** The entries of a deposit (open first, then by date); `lock`: the open ones of the kinds, FOR UPDATE. */
export async function holdingEntries(tx: Tx, depositId: string, lock?: { kinds: string[] }): Promise<HoldingEntry[]> {
  if (lock)
    return tx.query<HoldingEntry>(
      `SELECT ${ENTRY_SELECT} WHERE h.tenant_id = app_tenant() AND h.deposit_id = $1 AND h.status = 'OPEN' AND h.kind = ANY($2::text[])
       ORDER BY h.id FOR UPDATE OF h`,
      [depositId, `{${lock.kinds.join(',')}}`],
    );
  return tx.query<HoldingEntry>(
    `SELECT ${ENTRY_SELECT} WHERE h.tenant_id = app_tenant() AND h.deposit_id = $1 AND h.status <> 'CANCELLED'
     ORDER BY h.status = 'OPEN' DESC, h.entry_date, h.created_date`,
    [depositId],
  );
}

export interface PayoutRow {
  id: string;
  method: 'CASH' | 'SAVING';
  cash_coa_id: string | null;
  saving_id: string | null;
  saving_number: string | null;
  principal: Dec;
  interest: Dec;
  amount: Dec;
  payout_date: string;
  journal_id: string;
  journal_number: string | null;
  description: string | null;
  created_date: Date;
}

export async function payoutsOf(tx: Tx, depositId: string): Promise<PayoutRow[]> {
  return tx.query<PayoutRow>(
    `SELECT p.id, p.method, p.cash_coa_id, p.saving_id, s.account_number AS saving_number, p.principal, p.interest, p.amount,
            to_char(p.payout_date, 'YYYY-MM-DD') AS payout_date, p.journal_id, j.number AS journal_number, p.description, p.created_date
     FROM deposit_payout p LEFT JOIN member_saving s ON s.tenant_id = p.tenant_id AND s.id = p.saving_id
     LEFT JOIN journal j ON j.tenant_id = p.tenant_id AND j.id = p.journal_id
     WHERE p.tenant_id = app_tenant() AND p.deposit_id = $1 ORDER BY p.created_date DESC`,
    [depositId],
  );
}

export async function insertPayout(
  tx: Tx,
  p: {
    depositId: string;
    method: 'CASH' | 'SAVING';
    cashCoaId: string | null;
    savingId: string | null;
    principal: Dec;
    interest: Dec;
    date: string;
    journalId: string;
    transactionId: string | null;
    description: string | null;
    userId: string | null;
    entryIds: string[];
  },
): Promise<string> {
  const r = await tx.one<{ id: string }>(
    `INSERT INTO deposit_payout (tenant_id, deposit_id, method, cash_coa_id, saving_id, principal, interest, amount, payout_date, journal_id,
                                 transaction_id, description, created_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, $5::numeric + $6::numeric, $7, $8, $9, $10, $11) RETURNING id`,
    [
      p.depositId,
      p.method,
      p.cashCoaId,
      p.savingId,
      p.principal.toFixed(2),
      p.interest.toFixed(2),
      p.date,
      p.journalId,
      p.transactionId,
      p.description,
      p.userId,
    ],
  );
  await tx.exec(
    `UPDATE deposit_holding SET status = 'PAID', payout_id = $2 WHERE tenant_id = app_tenant() AND id = ANY($1::uuid[]) AND status = 'OPEN'`,
    [`{${p.entryIds.join(',')}}`, r!.id],
  );
  return r!.id;
}

/** Deposits with money waiting in a holding account (the payout screen's list), largest first. */
export async function listWaiting(tx: Tx, q: { page: number; limit: number; search?: string }, agentUserId?: string | null) {
  const agent = agentUserId !== undefined;
  const p: unknown[] = agent ? [agentUserId] : [];
  let where = `h.tenant_id = app_tenant() AND h.status = 'OPEN' ${agent ? `AND ${agentMemberCondition('m', '$1')}` : ''}`;
  if (q.search?.trim()) {
    p.push(`%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where += ` AND (d.account_number ILIKE $${p.length} OR m.full_name ILIKE $${p.length} OR m.cif_number ILIKE $${p.length} OR d.certificate_number ILIKE $${p.length})`;
  }
  const rows = await tx.query<{
    id: string;
    account_number: string;
    certificate_number: string;
    member_id: string;
    member_name: string;
    cif_number: string;
    product_name: string;
    status: string;
    principal: Dec;
    interest: Dec;
    since: string;
    pending_request: boolean;
    total: number;
  }>(
    `SELECT d.id, d.account_number, d.certificate_number, d.member_id, m.full_name AS member_name, m.cif_number, pr.name AS product_name, d.status,
            coalesce(sum(h.amount) FILTER (WHERE h.kind = 'PRINCIPAL'), 0) AS principal,
            coalesce(sum(h.amount) FILTER (WHERE h.kind = 'INTEREST'), 0) AS interest,
            to_char(min(h.entry_date), 'YYYY-MM-DD') AS since,
            EXISTS (SELECT 1 FROM deposit_payout_request r WHERE r.tenant_id = d.tenant_id AND r.deposit_id = d.id AND r.status = 'PENDING')
              AS pending_request,
            count(*) OVER ()::int AS total
     FROM deposit_holding h JOIN deposit d ON d.tenant_id = h.tenant_id AND d.id = h.deposit_id
     JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id
     JOIN product pr ON pr.tenant_id = d.tenant_id AND pr.id = d.product_id
     WHERE ${where}
     GROUP BY d.tenant_id, d.id, m.full_name, m.cif_number, pr.name
     ORDER BY sum(h.amount) DESC, d.account_number LIMIT ${q.limit} OFFSET ${q.page * q.limit}`,
    p,
  );
  const totals = await tx.one<{ principal: Dec; interest: Dec }>(
    `SELECT coalesce(sum(h.amount) FILTER (WHERE h.kind = 'PRINCIPAL'), 0) AS principal,
            coalesce(sum(h.amount) FILTER (WHERE h.kind = 'INTEREST'), 0) AS interest
     FROM deposit_holding h JOIN deposit d ON d.tenant_id = h.tenant_id AND d.id = h.deposit_id
     JOIN member m ON m.tenant_id = d.tenant_id AND m.id = d.member_id WHERE ${where}`,
    p,
  );
  return { rows, total: rows[0]?.total ?? 0, principal: dec(totals?.principal ?? 0), interest: dec(totals?.interest ?? 0) };
}
