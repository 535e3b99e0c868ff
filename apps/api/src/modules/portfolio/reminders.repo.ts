/** SQL of the installment reminders. */
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';

export interface ReminderCandidate {
  installment_id: string;
  loan_id: string;
  loan_number: string;
  member_id: string;
  member_name: string;
  phone: string;
  number: number;
  due_date: string;
  amount: Dec;
  kind: 'DUE' | 'OVERDUE';
}

/**
 * Unpaid installments of running loans due within `days` days (DUE) or already past due (OVERDUE, when `overdue`),
 * of members whose notification status allows messages and who have a phone, not yet reminded today.
 */
export async function reminderCandidates(tx: Tx, date: string, days: number, overdue: boolean): Promise<ReminderCandidate[]> {
  return tx.query<ReminderCandidate>(
    `SELECT i.id AS installment_id, l.id AS loan_id, l.loan_number, m.id AS member_id, m.full_name AS member_name, m.phone, i.number,
            i.due_date::text AS due_date, i.principal + i.interest - i.principal_paid - i.interest_paid AS amount,
            CASE WHEN i.due_date < $1::date THEN 'OVERDUE' ELSE 'DUE' END AS kind
     FROM loan_installment i
     JOIN loan l ON l.tenant_id = i.tenant_id AND l.id = i.loan_id AND l.schedule_no = i.schedule_no
     JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id
     WHERE i.tenant_id = app_tenant() AND l.status = 'RUNNING' AND NOT i.superseded AND i.paid_date IS NULL
       AND m.is_send_notification AND m.is_active AND m.phone IS NOT NULL
       AND (i.due_date BETWEEN $1::date AND $1::date + $2::int OR ($3 AND i.due_date < $1::date))
       AND NOT EXISTS (SELECT 1 FROM loan_reminder r WHERE r.tenant_id = i.tenant_id AND r.installment_id = i.id AND r.sent_date = $1::date)
     ORDER BY i.due_date, l.loan_number`,
    [date, days, overdue],
  );
}

/** Records a reminder; false when this installment was already reminded of today (a concurrent run). */
export async function recordReminder(
  tx: Tx,
  date: string,
  c: ReminderCandidate,
  channel: 'SMS' | 'EMAIL',
  recipient: string,
): Promise<boolean> {
  const n = await tx.exec(
    `INSERT INTO loan_reminder (tenant_id, sent_date, installment_id, loan_id, member_id, kind, channel, recipient)
     VALUES (app_tenant(), $1, $2, $3, $4, $5, $6, $7) ON CONFLICT (tenant_id, installment_id, kind, sent_date) DO NOTHING`,
    [date, c.installment_id, c.loan_id, c.member_id, c.kind, channel, recipient],
  );
  return n > 0;
}

export async function cooperativeName(tx: Tx): Promise<string> {
  const r = await tx.one<{ name: string }>('SELECT name FROM tenant WHERE tenant_id = app_tenant()');
  return r?.name ?? '';
}
