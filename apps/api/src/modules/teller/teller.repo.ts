/**
 * SQL of teller sessions and handovers. Expected cash is read from the ledger:
 * the net of journal lines on the session's cash account posted since the
 * session opened (and until it closed), so every module that moves the
 * teller's cash (savings today; loans, deposits, bills later) counts without
 * the teller module knowing it.
 */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export const userName = (alias: string) => `NULLIF(btrim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`;

export interface SessionRow {
  id: string;
  user_id: string;
  teller_name: string | null;
  coa_id: string;
  coa_code: string;
  coa_name: string;
  business_date: string;
  status: 'OPEN' | 'CLOSED';
  opening_balance: Dec;
  opened_at: Date;
  closed_at: Date | null;
  closed_by_name: string | null;
  expected_cash: Dec | null;
  counted_cash: Dec | null;
  difference: Dec | null;
  denominations: Array<{ denomination: number; count: number }> | null;
  close_reason: string | null;
  difference_journal_number: string | null;
}

export const SESSION_SELECT = `
  SELECT s.id, s.user_id, ${userName('u')} AS teller_name, s.coa_id, c.code AS coa_code, c.name AS coa_name,
         s.business_date, s.status, s.opening_balance, s.opened_at, s.closed_at, ${userName('cb')} AS closed_by_name,
         s.expected_cash, s.counted_cash, s.difference, s.denominations, s.close_reason, dj.number AS difference_journal_number
  FROM teller_session s
  JOIN app_user u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
  JOIN coa_account c ON c.tenant_id = s.tenant_id AND c.id = s.coa_id
  LEFT JOIN app_user cb ON cb.tenant_id = s.tenant_id AND cb.id = s.closed_by
  LEFT JOIN journal dj ON dj.tenant_id = s.tenant_id AND dj.id = s.difference_journal_id`;

export async function findSession(tx: Tx, id: string, opts: { forUpdate?: boolean } = {}): Promise<SessionRow | undefined> {
  if (opts.forUpdate) {
    const locked = await tx.one('SELECT id FROM teller_session WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE', [id]);
    if (!locked) return undefined;
  }
  return tx.one<SessionRow>(`${SESSION_SELECT} WHERE s.tenant_id = app_tenant() AND s.id = $1`, [id]);
}

export async function openSessionOf(tx: Tx, userId: string): Promise<SessionRow | undefined> {
  return tx.one<SessionRow>(`${SESSION_SELECT} WHERE s.tenant_id = app_tenant() AND s.user_id = $1 AND s.status = 'OPEN'`, [userId]);
}

export async function sessionOfDay(tx: Tx, userId: string, date: string): Promise<SessionRow | undefined> {
  return tx.one<SessionRow>(`${SESSION_SELECT} WHERE s.tenant_id = app_tenant() AND s.user_id = $1 AND s.business_date = $2`, [
    userId,
    date,
  ]);
}

/**
 * The lines of the cash account in journals posted while the session was open,
 * whatever their date (a backdated journal posted today moves today's drawer).
 * Found from journal_posted_idx: the journals posted since the opening, then
 * their lines on the account.
 */
const WINDOW = `
  FROM journal j JOIN journal_line l ON l.tenant_id = j.tenant_id AND l.journal_id = j.id AND l.account_id = $1
  WHERE j.tenant_id = app_tenant() AND j.posted_at >= $2 AND ($3::timestamptz IS NULL OR j.posted_at <= $3)
    AND ($4::uuid IS NULL OR j.id <> $4)`;

function windowParams(s: Pick<SessionRow, 'coa_id' | 'business_date' | 'opened_at' | 'closed_at'>, exclude: string | null = null) {
  return [s.coa_id, s.opened_at, s.closed_at, exclude];
}

/** Net cash (debits minus credits) of the session's cash account since it opened. */
export async function sessionNet(
  tx: Tx,
  s: Pick<SessionRow, 'coa_id' | 'business_date' | 'opened_at' | 'closed_at'>,
  excludeJournal: string | null = null,
): Promise<Dec> {
  const r = await tx.one<{ net: Dec }>(`SELECT coalesce(sum(l.debit - l.credit), 0) AS net ${WINDOW}`, windowParams(s, excludeJournal));
  return r!.net;
}

/** The session's movements by the module that posted them. */
export async function sessionMovements(
  tx: Tx,
  s: Pick<SessionRow, 'coa_id' | 'business_date' | 'opened_at' | 'closed_at'>,
  excludeJournal: string | null,
) {
  return tx.query<{ module: string; cash_in: Dec; cash_out: Dec; n: number }>(
    `SELECT j.source_module AS module, coalesce(sum(l.debit), 0) AS cash_in, coalesce(sum(l.credit), 0) AS cash_out, count(DISTINCT j.id)::int AS n
     ${WINDOW} GROUP BY j.source_module ORDER BY j.source_module`,
    windowParams(s, excludeJournal),
  );
}

/** The session's journals on the cash account, newest first (the session page's list). */
export async function sessionJournals(tx: Tx, s: Pick<SessionRow, 'coa_id' | 'business_date' | 'opened_at' | 'closed_at'>, limit: number) {
  return tx.query<{ id: string; number: string; description: string; module: string; posted_at: Date; debit: Dec; credit: Dec }>(
    `SELECT j.id, j.number, j.description, j.source_module AS module, j.posted_at, sum(l.debit) AS debit, sum(l.credit) AS credit
     ${WINDOW} GROUP BY j.id, j.number, j.description, j.source_module, j.posted_at ORDER BY j.posted_at DESC, j.id DESC LIMIT ${Number(limit)}`,
    windowParams(s),
  );
}

/** Withdrawals (and other requests) the teller entered during the session, still waiting for a decision. */
export async function pendingRequests(tx: Tx, userId: string, since: Date): Promise<number> {
  const r = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM saving_request
     WHERE tenant_id = app_tenant() AND status = 'WAITING' AND requested_by = $1 AND requested_at >= $2`,
    [userId, since],
  );
  return r!.n;
}

export async function pendingHandovers(tx: Tx, sessionId: string): Promise<{ n: number; amount: Dec }> {
  const r = await tx.one<{ n: number; amount: Dec }>(
    `SELECT count(*)::int AS n, coalesce(sum(amount), 0) AS amount FROM teller_handover
     WHERE tenant_id = app_tenant() AND session_id = $1 AND status = 'PENDING'`,
    [sessionId],
  );
  return r!;
}

export interface HandoverRow {
  id: string;
  session_id: string;
  from_user_id: string;
  from_name: string | null;
  from_coa_id: string;
  from_coa_code: string;
  from_coa_name: string;
  target: 'MAIN_CASH' | 'TELLER';
  to_user_id: string | null;
  to_name: string | null;
  to_coa_id: string;
  to_coa_code: string;
  to_coa_name: string;
  amount: Dec;
  description: string | null;
  status: 'PENDING' | 'CONFIRMED' | 'REJECTED';
  decided_by_name: string | null;
  decided_at: Date | null;
  reason: string | null;
  journal_number: string | null;
  created_date: Date;
}

export const HANDOVER_SELECT = `
  SELECT h.id, h.session_id, h.from_user_id, ${userName('fu')} AS from_name, h.from_coa_id, fc.code AS from_coa_code, fc.name AS from_coa_name,
         h.target, h.to_user_id, ${userName('tu')} AS to_name, h.to_coa_id, tc.code AS to_coa_code, tc.name AS to_coa_name,
         h.amount, h.description, h.status, ${userName('du')} AS decided_by_name, h.decided_at, h.reason, j.number AS journal_number, h.created_date
  FROM teller_handover h
  JOIN app_user fu ON fu.tenant_id = h.tenant_id AND fu.id = h.from_user_id
  LEFT JOIN app_user tu ON tu.tenant_id = h.tenant_id AND tu.id = h.to_user_id
  LEFT JOIN app_user du ON du.tenant_id = h.tenant_id AND du.id = h.decided_by
  JOIN coa_account fc ON fc.tenant_id = h.tenant_id AND fc.id = h.from_coa_id
  JOIN coa_account tc ON tc.tenant_id = h.tenant_id AND tc.id = h.to_coa_id
  LEFT JOIN journal j ON j.tenant_id = h.tenant_id AND j.id = h.journal_id`;

export async function findHandover(tx: Tx, id: string, opts: { forUpdate?: boolean } = {}): Promise<HandoverRow | undefined> {
  if (opts.forUpdate) {
    const locked = await tx.one('SELECT id FROM teller_handover WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE', [id]);
    if (!locked) return undefined;
  }
  return tx.one<HandoverRow>(`${HANDOVER_SELECT} WHERE h.tenant_id = app_tenant() AND h.id = $1`, [id]);
}

// ---------------------------------------------------------------- the session rule (teller.guard.ts)

/** The user's open session of the day and its drawer (cash account); `lock` takes it FOR SHARE (a close waits). */
export async function openSessionToday(
  tx: Tx,
  userId: string,
  date: string,
  lock = false,
): Promise<{ id: string; coa_id: string; code: string; name: string } | undefined> {
  if (lock) {
    await tx.exec(
      `SELECT 1 FROM teller_session WHERE tenant_id = app_tenant() AND user_id = $1 AND status = 'OPEN' AND business_date = $2 FOR SHARE`,
      [userId, date],
    );
  }
  return tx.one(
    `SELECT s.id, s.coa_id, c.code, c.name FROM teller_session s JOIN coa_account c ON c.tenant_id = s.tenant_id AND c.id = s.coa_id
     WHERE s.tenant_id = app_tenant() AND s.user_id = $1 AND s.status = 'OPEN' AND s.business_date = $2`,
    [userId, date],
  );
}

/** The first of these accounts that holds notes and coins (cash_kind CASH), if any. */
export async function firstCashAccount(tx: Tx, ids: string[]): Promise<{ code: string; name: string } | undefined> {
  return tx.one(
    `SELECT code, name FROM coa_account WHERE tenant_id = app_tenant() AND id = ANY($1::uuid[]) AND cash_kind = 'CASH' ORDER BY code LIMIT 1`,
    [`{${ids.join(',')}}`],
  );
}

/**
 * Postable accounts below Kas dan Bank without a cash kind get one from their name (bank, giro, rekening: BANK;
 * else CASH): migration 0910's rule, for accounts seeded after the chart (the demo's agent cash account).
 */
export async function classifyCashAccounts(tx: Tx): Promise<void> {
  await tx.exec(
    `WITH RECURSIVE below AS (
       SELECT c.id FROM coa_account c WHERE c.tenant_id = app_tenant() AND (c.system_key = 'CASH_BANK' OR (c.code = '101' AND NOT c.is_postable))
       UNION
       SELECT c.id FROM coa_account c JOIN below b ON c.tenant_id = app_tenant() AND c.parent_id = b.id
     )
     UPDATE coa_account a SET cash_kind = CASE WHEN a.name ~* '(bank|giro|rekening)' THEN 'BANK' ELSE 'CASH' END
     FROM below b WHERE a.tenant_id = app_tenant() AND a.id = b.id AND a.is_postable AND a.cash_kind IS NULL`,
  );
}

/** Active TELLER users holding a cash account (the demo seed opens their day). */
export async function cashHoldingTellers(tx: Tx): Promise<Array<{ id: string; coa_id: string }>> {
  return tx.query(
    `SELECT u.id, u.coa_id FROM app_user u JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
     WHERE u.tenant_id = app_tenant() AND r.code = 'TELLER' AND u.coa_id IS NOT NULL AND u.is_active ORDER BY u.created_date`,
  );
}

/** Opens a session as the teller herself would (no audit: seeding). */
export async function insertSession(tx: Tx, userId: string, coaId: string, date: string, opening: Dec): Promise<void> {
  await tx.exec(
    `INSERT INTO teller_session (tenant_id, user_id, coa_id, business_date, opening_balance)
     VALUES (app_tenant(), $1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [userId, coaId, date, opening.toFixed(2)],
  );
}

// ---------------------------------------------------------------- handovers (teller.handover.ts)

/** The handovers of a session, oldest first. */
export async function sessionHandoverRows(tx: Tx, sessionId: string) {
  return tx.query<HandoverRow>(`${HANDOVER_SELECT} WHERE h.tenant_id = app_tenant() AND h.session_id = $1 ORDER BY h.created_date`, [
    sessionId,
  ]);
}

/** One page of the handovers a user sent or may confirm (seesAll: may confirm handovers to the main cash), and how many. */
export async function handoverRowsPage(
  tx: Tx,
  userId: string,
  seesAll: boolean,
  q: { page: number; limit: number; status?: string; direction?: 'INCOMING' | 'OUTGOING' },
) {
  const params: unknown[] = [userId];
  const incoming = `(h.to_user_id = $1 OR (h.target = 'MAIN_CASH' AND h.from_user_id <> $1 AND ${seesAll ? 'true' : 'false'}))`;
  const where = ['h.tenant_id = app_tenant()'];
  if (q.direction === 'INCOMING') where.push(incoming);
  else if (q.direction === 'OUTGOING') where.push('h.from_user_id = $1');
  else where.push(`(h.from_user_id = $1 OR ${incoming})`);
  if (q.status) {
    params.push(q.status);
    where.push(`h.status = $${params.length}`);
  }
  const w = where.join(' AND ');
  const total = await tx.one<{ n: number }>(`SELECT count(*)::int AS n FROM teller_handover h WHERE ${w}`, params);
  params.push(q.limit, q.page * q.limit);
  const rows = await tx.query<HandoverRow>(
    `${HANDOVER_SELECT} WHERE ${w} ORDER BY h.created_date DESC, h.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { total: total!.n, rows };
}

/** A receiving user's cash account and whether the user is active. */
export async function receiverAccount(tx: Tx, userId: string) {
  return tx.one<{ coa_id: string | null; is_active: boolean }>(
    'SELECT coa_id, is_active FROM app_user WHERE tenant_id = app_tenant() AND id = $1',
    [userId],
  );
}

export async function insertHandover(
  tx: Tx,
  h: {
    sessionId: string;
    fromUserId: string;
    fromCoaId: string;
    target: string;
    toUserId: string | null;
    toCoaId: string;
    amount: string;
    description: string | null;
  },
) {
  return tx.one<{ id: string }>(
    `INSERT INTO teller_handover (tenant_id, session_id, from_user_id, from_coa_id, target, to_user_id, to_coa_id, amount, description, created_by)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, $7, $8, $2) RETURNING id`,
    [h.sessionId, h.fromUserId, h.fromCoaId, h.target, h.toUserId, h.toCoaId, h.amount, h.description],
  );
}

/** Locks a teller session (its row) until COMMIT. */
export async function lockSession(tx: Tx, sessionId: string): Promise<void> {
  await tx.exec(`SELECT id FROM teller_session WHERE tenant_id = app_tenant() AND id = $1 FOR UPDATE`, [sessionId]);
}

export async function markHandoverConfirmed(tx: Tx, id: string, userId: string, journalId: string): Promise<void> {
  await tx.exec(
    `UPDATE teller_handover SET status = 'CONFIRMED', decided_by = $2, decided_at = clock_timestamp(), journal_id = $3
     WHERE tenant_id = app_tenant() AND id = $1`,
    [id, userId, journalId],
  );
}

export async function markHandoverRejected(tx: Tx, id: string, userId: string, reason: string): Promise<void> {
  await tx.exec(
    `UPDATE teller_handover SET status = 'REJECTED', decided_by = $2, decided_at = clock_timestamp(), reason = $3
     WHERE tenant_id = app_tenant() AND id = $1`,
    [id, userId, reason],
  );
}

/** Other active users holding a cash account, by name. */
export async function receiverRows(tx: Tx, userId: string) {
  return tx.query<{ id: string; name: string | null; coa_code: string; coa_name: string; role: string | null }>(
    `SELECT u.id, ${userName('u')} AS name, c.code AS coa_code, c.name AS coa_name, r.code AS role
     FROM app_user u JOIN coa_account c ON c.tenant_id = u.tenant_id AND c.id = u.coa_id
     LEFT JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
     WHERE u.tenant_id = app_tenant() AND u.is_active AND u.id <> $1 ORDER BY lower(${userName('u')})`,
    [userId],
  );
}
