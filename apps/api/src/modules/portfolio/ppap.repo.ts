/** SQL of the loan loss provision (PPAP) postings. */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface ProvisionRow {
  id: string;
  period: string;
  as_of: string;
  required: Dec;
  balance_before: Dec;
  amount: Dec;
  detail: unknown;
  journal_id: string | null;
  journal_number: string | null;
  status: 'POSTED' | 'CANCELLED';
  cancel_reason: string | null;
  cancelled_at: Date | null;
  reversal_journal_id: string | null;
  reversal_number: string | null;
  created_date: Date;
}

const SELECT = `SELECT p.id, p.period, p.as_of::text AS as_of, p.required, p.balance_before, p.amount, p.detail, p.journal_id,
  j.number AS journal_number, p.status, p.cancel_reason, p.cancelled_at, p.reversal_journal_id, r.number AS reversal_number, p.created_date
  FROM loan_provision p
  LEFT JOIN journal j ON j.tenant_id = p.tenant_id AND j.id = p.journal_id
  LEFT JOIN journal r ON r.tenant_id = p.tenant_id AND r.id = p.reversal_journal_id`;

export async function listProvisions(tx: Tx, year?: number): Promise<ProvisionRow[]> {
  return tx.query<ProvisionRow>(
    `${SELECT} WHERE p.tenant_id = app_tenant() ${year ? 'AND p.period LIKE $1' : ''} ORDER BY p.period DESC, p.created_date DESC`,
    year ? [`${year}-%`] : [],
  );
}

export async function findProvision(tx: Tx, id: string, lock = false): Promise<ProvisionRow | undefined> {
  return tx.one<ProvisionRow>(`${SELECT} WHERE p.tenant_id = app_tenant() AND p.id = $1${lock ? ' FOR UPDATE OF p' : ''}`, [id]);
}

/** The posted provision of a period, or the latest posted one (any period) when `period` is null. */
export async function postedProvision(tx: Tx, period: string | null): Promise<ProvisionRow | undefined> {
  return tx.one<ProvisionRow>(
    `${SELECT} WHERE p.tenant_id = app_tenant() AND p.status = 'POSTED' ${period ? 'AND p.period = $1' : ''} ORDER BY p.period DESC LIMIT 1`,
    period ? [period] : [],
  );
}

/** Serialises postings of one cooperative (the unique index decides; this makes the loser wait and read the winner). */
export async function lockProvisions(tx: Tx): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('loan_provision:' || app_tenant()::text))`);
}

export async function insertProvision(
  tx: Tx,
  p: {
    id: string;
    period: string;
    asOf: string;
    required: Dec;
    before: Dec;
    amount: Dec;
    detail: unknown;
    journalId: string | null;
    userId: string | null;
  },
): Promise<void> {
  await tx.exec(
    `INSERT INTO loan_provision (tenant_id, id, period, as_of, required, balance_before, amount, detail, journal_id, created_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)`,
    [p.id, p.period, p.asOf, p.required, p.before, p.amount, JSON.stringify(p.detail), p.journalId, p.userId],
  );
}

export async function markCancelled(tx: Tx, id: string, reason: string, userId: string | null, reversalId: string | null): Promise<void> {
  await tx.exec(
    `UPDATE loan_provision SET status = 'CANCELLED', cancel_reason = $2, cancelled_by = $3, cancelled_at = now(), reversal_journal_id = $4
     WHERE tenant_id = app_tenant() AND id = $1`,
    [id, reason, userId, reversalId],
  );
}
