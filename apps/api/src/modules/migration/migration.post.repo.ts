/**
 * Posting staged rows (POST migration/confirm): set-based inserts of members,
 * savings accounts, deposits and loans with their schedules, each account's
 * opening movement, and the undo of a confirmed step. The journals go through
 * the ledger engine (migration.service.ts); these statements take its id.
 */
import type { Tx } from '../../db/db.ts';

/** Members with their own CIF numbers and join dates, ACTIVE (or the staged type's status), channel MIGRATION. */
export async function postMembers(tx: Tx, userId: string | null): Promise<number> {
  return tx.exec(
    `WITH src AS (
       -- Time-ordered ids in the file's order (uuid_v7_series, migration 1660).
       SELECT r.row_number, uuid_v7_series((SELECT uuid_v7()), r.row_number) AS id, v.*
       FROM migration_row r,
            jsonb_to_record(r.value) AS v(cif_number text, full_name text, gender text, birth_place text, birth_date date, phone text,
              identity_type text, identity_number text, family_card_number text, address text, occupation text, member_type text,
              join_date date, loan_limit numeric, group_name text, closest_family_name text, closest_family_relationship text,
              closest_family_phone text, branch_id uuid, area_id uuid)
       WHERE r.tenant_id = app_tenant() AND r.type = 'MEMBERS' AND r.status = 'VALID'
     ), ins AS (
       INSERT INTO member (tenant_id, id, cif_number, full_name, gender, birth_place, birth_date, phone, identity_type, identity_number,
                           family_card_number, address, occupation, member_type, status, join_date, loan_limit, group_name,
                           closest_family_name, closest_family_relationship, closest_family_phone, branch_id, area_id,
                           registration_channel, principal_status, registered_by, updated_by)
       SELECT app_tenant(), id, cif_number, full_name, gender, birth_place, birth_date, phone, identity_type, identity_number,
              family_card_number, address, occupation, member_type, 'ACTIVE', join_date, loan_limit, group_name,
              closest_family_name, closest_family_relationship, closest_family_phone, branch_id, area_id,
              'MIGRATION', 'NOT_REQUIRED', $1::uuid, $1::uuid
       FROM src ORDER BY row_number
     )
     UPDATE migration_row r SET status = 'POSTED', entity_id = src.id
     FROM src WHERE r.tenant_id = app_tenant() AND r.type = 'MEMBERS' AND r.row_number = src.row_number`,
    [userId],
  );
}

/** Rows of a type whose holder CIF is not a member (yet): they block the confirm. */
export async function missingHolders(tx: Tx, type: string) {
  return tx.query<{ row_number: number; cif_number: string }>(
    `SELECT r.row_number, r.cif_number FROM migration_row r
     WHERE r.tenant_id = app_tenant() AND r.type = $1 AND r.status = 'VALID'
       AND NOT EXISTS (SELECT 1 FROM member m WHERE m.tenant_id = r.tenant_id AND m.cif_number = r.cif_number)
     ORDER BY r.row_number LIMIT 20`,
    [type],
  );
}

/**
 * The rows of a type with the member they belong to and their account number
 * (<product code>.<sequence>, the product's sequence advanced once per product).
 */
export const NUMBERED = `
  src0 AS (
    -- Time-ordered ids in the members' order (uuid_v7_series, migration 1660): a member's accounts follow the member,
    -- as the month-end jobs read them.
    SELECT r.row_number, r.value, r.amount, uuid_v7_series((SELECT uuid_v7()), row_number() OVER (ORDER BY m.id, r.row_number)) AS id,
           m.id AS member_id, (r.value->>'product_id')::uuid AS product_id,
           row_number() OVER (PARTITION BY r.value->>'product_id' ORDER BY r.row_number) AS k
    FROM migration_row r JOIN member m ON m.tenant_id = r.tenant_id AND m.cif_number = r.cif_number
    WHERE r.tenant_id = app_tenant() AND r.type = $1 AND r.status = 'VALID'
  ), cnt AS (SELECT product_id, count(*) AS n FROM src0 GROUP BY product_id),
  seqs AS (
    UPDATE product p SET last_account_seq = p.last_account_seq + cnt.n FROM cnt
    WHERE p.tenant_id = app_tenant() AND p.id = cnt.product_id
    RETURNING p.id, p.code, p.kind, p.saving_type, p.last_account_seq - cnt.n AS base
  ), src AS (
    SELECT s.*, q.code || '.' || lpad((q.base + s.k)::text, 6, '0') AS number, q.kind, q.saving_type,
           tenant_sequence_next('member_transaction_seq') AS seq
    FROM src0 s JOIN seqs q ON q.id = s.product_id
  )`;

export const MARK_POSTED = `UPDATE migration_row r SET status = 'POSTED', entity_id = src.id
  FROM src WHERE r.tenant_id = app_tenant() AND r.type = $1 AND r.row_number = src.row_number`;

/** Savings accounts with their opening balances, and one opening movement per account with a balance. */
export async function postSavings(tx: Tx, date: string, journalId: string | null, userId: string | null): Promise<number> {
  return tx.exec(
    `WITH ${NUMBERED},
     acc AS (
       INSERT INTO member_saving (tenant_id, id, account_number, member_id, product_id, kind, saving_type, status, balance, total_credit,
                                  total_debit, tag, open_date, last_transaction_date, opened_by, created_by, updated_by)
       SELECT app_tenant(), id, number, member_id, product_id, kind, saving_type, 'ACTIVE', amount, amount, 0,
              left(value->>'old_number', 100), coalesce((value->>'open_date')::date, $2::date), CASE WHEN amount > 0 THEN $2::date END, $4, $4, $4
       FROM src ORDER BY row_number
       RETURNING id
     ), mv AS (
       INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                       amount, balance_after, channel, group_id, journal_id, description, created_by, approved_by)
       SELECT app_tenant(), seq, 'TRX' || to_char($2::date, 'YYMMDD') || lpad(seq::text, 8, '0'), $2::date, member_id, product_id, kind, id,
              'TOPUP', 'MIGRATION', amount, amount, 'SYSTEM', $3::uuid, $3::uuid, 'Saldo awal migrasi', $4, $4
       FROM src WHERE amount > 0 AND (SELECT count(*) FROM acc) >= 0 ORDER BY row_number
     )
     ${MARK_POSTED}`,
    ['SAVINGS', date, journalId, userId],
  );
}

/** Deposits with their remaining tenor (start, maturity) and next interest date (paid through the month before it). */
export async function postDeposits(tx: Tx, date: string, journalId: string, userId: string | null): Promise<number> {
  return tx.exec(
    `WITH ${NUMBERED},
     cert AS (
       INSERT INTO deposit_certificate_counter AS c (tenant_id, year, last_seq)
       SELECT app_tenant(), extract(year FROM $2::date)::int, count(*) FROM src HAVING count(*) > 0
       ON CONFLICT (tenant_id, year) DO UPDATE SET last_seq = c.last_seq + EXCLUDED.last_seq
       RETURNING last_seq
     ), numbered AS (
       SELECT s.*, 'BLY/' || extract(year FROM $2::date)::int || '/' ||
                   lpad(((SELECT last_seq FROM cert) - (SELECT count(*) FROM src) + row_number() OVER (ORDER BY s.row_number))::text, 6, '0') AS cert_no
       FROM src s
     ), dep AS (
       INSERT INTO deposit (tenant_id, id, account_number, certificate_number, member_id, product_id, status, principal, placed_amount, tenor,
                            rate, day_count, terms_version, term_no, start_date, maturity_date, placed_date, paid_through,
                            interest_destination, rollover, funding, description, created_by, updated_by)
       SELECT app_tenant(), id, number, cert_no, member_id, product_id, 'ACTIVE', amount, amount, (value->>'tenor')::int,
              (value->>'rate')::numeric, 'MONTHLY', coalesce((value->>'terms_version')::int, 1), 1, (value->>'start_date')::date,
              (value->>'maturity_date')::date, (value->>'start_date')::date,
              greatest((value->>'start_date')::date, ((value->>'next_interest_date')::date - interval '1 month')::date),
              'HOLDING', value->>'rollover', 'CASH', left('Migrasi ' || coalesce(value->>'old_number', ''), 500), $4, $4
       FROM numbered ORDER BY row_number
       RETURNING id
     ), mv AS (
       INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, deposit_id, kind, activity,
                                       amount, balance_after, channel, group_id, journal_id, description, created_by, approved_by)
       SELECT app_tenant(), seq, 'TRX' || to_char($2::date, 'YYMMDD') || lpad(seq::text, 8, '0'), $2::date, member_id, product_id,
              'SAVING_DEPOSIT', id, 'TOPUP', 'MIGRATION', amount, amount, 'SYSTEM', $3::uuid, $3::uuid, 'Saldo awal migrasi', $4, $4
       FROM src WHERE (SELECT count(*) FROM dep) >= 0 ORDER BY row_number
     )
     ${MARK_POSTED}`,
    ['DEPOSITS', date, journalId, userId],
  );
}

/** Why a confirmed step cannot be undone: something moved on its records since (rows of (what)). */
export async function movedSince(tx: Tx, type: string) {
  const sql: Record<string, string> = {
    SAVINGS: `SELECT s.account_number AS what FROM migration_row r JOIN member_saving s ON s.tenant_id = r.tenant_id AND s.id = r.entity_id
              WHERE r.tenant_id = app_tenant() AND r.type = 'SAVINGS' AND r.status = 'POSTED'
                AND (s.balance <> r.amount OR s.status <> 'ACTIVE' OR EXISTS (SELECT 1 FROM member_transaction t
                     WHERE t.tenant_id = s.tenant_id AND t.saving_id = s.id AND t.activity <> 'MIGRATION'))`,
    DEPOSITS: `SELECT d.account_number FROM migration_row r JOIN deposit d ON d.tenant_id = r.tenant_id AND d.id = r.entity_id
               WHERE r.tenant_id = app_tenant() AND r.type = 'DEPOSITS' AND r.status = 'POSTED'
                 AND (d.principal <> r.amount OR d.status <> 'ACTIVE' OR d.interest_paid > 0 OR EXISTS (SELECT 1 FROM member_transaction t
                      WHERE t.tenant_id = d.tenant_id AND t.deposit_id = d.id AND t.activity <> 'MIGRATION'))`,
    LOANS: `SELECT l.loan_number FROM migration_row r JOIN loan l ON l.tenant_id = r.tenant_id AND l.id = r.entity_id
            WHERE r.tenant_id = app_tenant() AND r.type = 'LOANS' AND r.status = 'POSTED'
              AND (l.remaining_principal <> r.amount OR l.status <> 'RUNNING' OR l.interest_paid > 0 OR l.schedule_no <> 1
                   OR EXISTS (SELECT 1 FROM loan_payment p WHERE p.tenant_id = l.tenant_id AND p.loan_id = l.id)
                   OR EXISTS (SELECT 1 FROM loan_event e WHERE e.tenant_id = l.tenant_id AND e.loan_id = l.id)
                   OR EXISTS (SELECT 1 FROM loan_collateral c WHERE c.tenant_id = l.tenant_id AND c.loan_id = l.id))`,
    MEMBERS: `SELECT m.cif_number FROM migration_row r JOIN member m ON m.tenant_id = r.tenant_id AND m.id = r.entity_id
              WHERE r.tenant_id = app_tenant() AND r.type = 'MEMBERS' AND r.status = 'POSTED'
                AND (m.status <> 'ACTIVE' OR EXISTS (SELECT 1 FROM member_saving s WHERE s.tenant_id = m.tenant_id AND s.member_id = m.id)
                     OR EXISTS (SELECT 1 FROM deposit d WHERE d.tenant_id = m.tenant_id AND d.member_id = m.id)
                     OR EXISTS (SELECT 1 FROM loan l WHERE l.tenant_id = m.tenant_id AND l.member_id = m.id))`,
  };
  if (!sql[type]) return [];
  return tx.query<{ what: string }>(`SELECT what FROM (${sql[type]}) x(what) LIMIT 10`);
}

/**
 * Undoes a confirmed step's records (the caller reversed its journal):
 * savings and deposits get a reversing movement and close at zero (their
 * movements are never deleted); loans and their schedules go; members go
 * (migration_drop_members). The rows are staged again.
 */
export async function undoRecords(tx: Tx, type: string, date: string, reversalId: string | null, userId: string | null): Promise<void> {
  if (type === 'SAVINGS' || type === 'DEPOSITS') {
    const isSaving = type === 'SAVINGS';
    const col = isSaving ? 'saving_id' : 'deposit_id';
    await tx.exec(
      `INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, ${col}, kind, activity,
                                       amount, balance_after, channel, group_id, journal_id, reversal_of_id, description, created_by, approved_by)
       SELECT app_tenant(), x.seq, 'TRX' || to_char($2::date, 'YYMMDD') || lpad(x.seq::text, 8, '0'), $2::date, t.member_id, t.product_id,
              t.product_kind, t.${col}, 'WITHDRAW', 'REVERSAL', t.amount, 0, 'SYSTEM', $3::uuid, $3::uuid, t.id, 'Pembatalan migrasi', $4, $4
       FROM migration_row r JOIN member_transaction t ON t.tenant_id = r.tenant_id AND t.${col} = r.entity_id AND t.activity = 'MIGRATION'
       CROSS JOIN LATERAL (SELECT tenant_sequence_next('member_transaction_seq') AS seq) x
       WHERE r.tenant_id = app_tenant() AND r.type = $1 AND r.status = 'POSTED'`,
      [type, date, reversalId, userId],
    );
    if (isSaving)
      await tx.exec(
        `UPDATE member_saving s SET balance = 0, total_debit = s.total_credit, status = 'CLOSED', close_date = $1::date, closed_by = $2,
                close_reason = 'Pembatalan migrasi'
         FROM migration_row r WHERE r.tenant_id = app_tenant() AND r.type = 'SAVINGS' AND r.status = 'POSTED' AND s.tenant_id = r.tenant_id AND s.id = r.entity_id`,
        [date, userId],
      );
    else
      await tx.exec(
        `UPDATE deposit d SET principal = 0, status = 'WITHDRAWN', closed_date = $1::date, closed_by = $2
         FROM migration_row r WHERE r.tenant_id = app_tenant() AND r.type = 'DEPOSITS' AND r.status = 'POSTED' AND d.tenant_id = r.tenant_id AND d.id = r.entity_id`,
        [date, userId],
      );
  } else if (type === 'LOANS') {
    // The application role may not delete loans: migration_drop_loans (SECURITY DEFINER) removes only untouched migrated loans.
    await tx.exec(
      `SELECT migration_drop_loans(array(SELECT entity_id FROM migration_row WHERE tenant_id = app_tenant() AND type = 'LOANS' AND status = 'POSTED'))`,
    );
  } else if (type === 'MEMBERS') {
    await tx.exec(
      `SELECT migration_drop_members(array(SELECT entity_id FROM migration_row WHERE tenant_id = app_tenant() AND type = 'MEMBERS' AND status = 'POSTED'))`,
    );
  }
  await tx.exec(
    `UPDATE migration_row SET status = 'VALID', entity_id = NULL WHERE tenant_id = app_tenant() AND type = $1 AND status = 'POSTED'`,
    [type],
  );
}
