/** SQL of opening, reading and closing teller sessions (teller.service.ts) and of the module's tenant seed. */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import { likePattern, orderBy } from '../../lib/http.ts';
import type { DatedPageQuery } from '../../lib/page-query.ts';
import { HANDOVER_SELECT, type HandoverRow, SESSION_SELECT, type SessionRow, userName } from './teller.repo.ts';

/** The cash over/short account (Selisih Kas 50402 under 504) unless the cooperative has one. */
export async function seedCashOverShort(tx: Tx, tenantId: string) {
  await tx.exec(
    `INSERT INTO coa_account (tenant_id, code, name, parent_id, type, normal_balance, is_postable, system_key, description)
     SELECT p.tenant_id, '50402', 'Selisih Kas', p.id, 'EXPENSE', 'DEBIT', true, 'CASH_OVER_SHORT', 'Selisih lebih/kurang kas teller saat tutup kas'
     FROM coa_account p
     WHERE p.tenant_id = $1 AND p.code = '504'
       AND NOT EXISTS (SELECT 1 FROM coa_account k WHERE k.tenant_id = p.tenant_id AND (k.system_key = 'CASH_OVER_SHORT' OR k.code = '50402'))`,
    [tenantId],
  );
}

/** The user's cash account (app_user.coa_id) with its code, name and whether it is active. */
export async function userCashAccount(tx: Tx, userId: string) {
  return tx.one<{ coa_id: string | null; code: string | null; name: string | null; is_active: boolean | null }>(
    `SELECT u.coa_id, c.code, c.name, c.is_active FROM app_user u
     LEFT JOIN coa_account c ON c.tenant_id = u.tenant_id AND c.id = u.coa_id
     WHERE u.tenant_id = app_tenant() AND u.id = $1`,
    [userId],
  );
}

export async function userCoaId(tx: Tx, userId: string): Promise<string | null> {
  const r = await tx.one<{ coa_id: string | null }>('SELECT coa_id FROM app_user WHERE tenant_id = app_tenant() AND id = $1', [userId]);
  return r?.coa_id ?? null;
}

/** A new OPEN session; undefined when the user already has one that day (the unique key). */
export async function insertOpenSession(tx: Tx, userId: string, coaId: string, date: string, opening: Dec): Promise<string | undefined> {
  const row = await tx.one<{ id: string }>(
    `INSERT INTO teller_session (tenant_id, user_id, coa_id, business_date, opening_balance)
     VALUES (app_tenant(), $1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`,
    [userId, coaId, date, opening.toFixed(2)],
  );
  return row?.id;
}

/** The session's handovers: sent from it, or received by its teller while it was open. */
export async function sessionWindowHandovers(tx: Tx, s: Pick<SessionRow, 'id' | 'user_id' | 'opened_at' | 'closed_at'>) {
  return tx.query<HandoverRow>(
    `${HANDOVER_SELECT} WHERE h.tenant_id = app_tenant() AND (h.session_id = $1 OR (h.to_user_id = $2 AND h.decided_at >= $3 AND ($4::timestamptz IS NULL OR h.decided_at <= $4)))
       ORDER BY h.created_date`,
    [s.id, s.user_id, s.opened_at, s.closed_at],
  );
}

export async function cooperativeName(tx: Tx): Promise<string> {
  const coop = await tx.one<{ name: string }>('SELECT name FROM tenant WHERE tenant_id = app_tenant()');
  return coop?.name ?? '';
}

export async function differenceJournalId(tx: Tx, sessionId: string): Promise<string | null> {
  const r = await tx.one<{ difference_journal_id: string | null }>(
    'SELECT difference_journal_id FROM teller_session WHERE tenant_id = app_tenant() AND id = $1',
    [sessionId],
  );
  return r?.difference_journal_id ?? null;
}

const SESSION_SORT = {
  created_date: 's.opened_at',
  date: 's.business_date',
  business_date: 's.business_date',
  teller_name: `lower(${userName('u')})`,
  status: 's.status',
  opening_balance: 's.opening_balance',
};

export interface SessionPageQuery extends DatedPageQuery {
  status?: string;
  /** Only this user's sessions. */
  userId?: string;
}

export async function sessionsPage(tx: Tx, q: SessionPageQuery): Promise<{ rows: SessionRow[]; total: number }> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['s.tenant_id = app_tenant()'];
  if (q.userId) where.push(`s.user_id = ${p(q.userId)}`);
  if (q.start) where.push(`s.business_date >= ${p(q.start)}`);
  if (q.end) where.push(`s.business_date <= ${p(q.end)}`);
  if (q.status) where.push(`s.status = ${p(q.status)}`);
  if (q.search) {
    const s = p(likePattern(q.search));
    where.push(`(lower(${userName('u')}) LIKE ${s} OR lower(c.name) LIKE ${s} OR c.code LIKE ${s})`);
  }
  const w = where.join(' AND ');
  const total = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM teller_session s JOIN app_user u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
       JOIN coa_account c ON c.tenant_id = s.tenant_id AND c.id = s.coa_id WHERE ${w}`,
    params,
  );
  const rows = await tx.query<SessionRow>(
    `${SESSION_SELECT} WHERE ${w} ${orderBy(q.sortBy, q.ascOrDesc, SESSION_SORT, 'created_date', 's.id')}
       LIMIT ${p(q.limit)} OFFSET ${p(q.page * q.limit)}`,
    params,
  );
  return { rows, total: total!.n };
}

export interface SessionClose {
  closedBy: string | null;
  expected: Dec;
  counted: Dec;
  difference: Dec;
  denominations: Array<{ denomination: number; count: number }>;
  reason: string | null;
  journalId: string | null;
}

export async function closeSessionRow(tx: Tx, id: string, c: SessionClose) {
  await tx.exec(
    `UPDATE teller_session SET status = 'CLOSED', closed_at = clock_timestamp(), closed_by = $2, expected_cash = $3, counted_cash = $4,
            difference = $5, denominations = $6::jsonb, close_reason = $7, difference_journal_id = $8
     WHERE tenant_id = app_tenant() AND id = $1`,
    [
      id,
      c.closedBy,
      c.expected.toFixed(2),
      c.counted.toFixed(2),
      c.difference.toFixed(2),
      JSON.stringify(c.denominations),
      c.reason,
      c.journalId,
    ],
  );
}
