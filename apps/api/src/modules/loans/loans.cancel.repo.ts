/** SQL of cancelling a loan payment or release (loans.cancel.ts). */
import type { Tx } from '../../db/db.ts';
import type { PaymentSnapshot } from './loans.repo.ts';

/**
 * What a transaction id given to `POST /api/transaction/cancel` is on the loans side: a payment (its id, its
 * journal or its savings leg) or a release (the loan id, its journal or its savings leg); undefined otherwise.
 */
export async function findCancelTarget(
  tx: Tx,
  id: string,
): Promise<{ kind: 'PAYMENT'; id: string } | { kind: 'RELEASE'; id: string } | undefined> {
  return tx.one(
    `SELECT 'PAYMENT' AS kind, p.id FROM loan_payment p
     WHERE p.tenant_id = app_tenant() AND (p.id = $1 OR p.journal_id = $1 OR p.saving_transaction_id = $1)
     UNION ALL
     SELECT 'RELEASE', l.id FROM loan l
     WHERE l.tenant_id = app_tenant() AND (l.id = $1 OR l.release_journal_id = $1
        OR l.release_journal_id = (SELECT t.journal_id FROM member_transaction t
                                   WHERE t.tenant_id = app_tenant() AND t.id = $1 AND t.activity = 'LOAN_RELEASE'))
     LIMIT 1`,
    [id],
  );
}

/** A posted payment after `seq`, or a waiver, restructure or schedule change after `at`. */
export async function laterChange(tx: Tx, loanId: string, seq: number, at: Date): Promise<boolean> {
  return !!(await tx.one(
    `SELECT 1 FROM loan_payment WHERE tenant_id = app_tenant() AND loan_id = $1 AND status = 'POSTED' AND seq > $2
     UNION ALL
     SELECT 1 FROM loan_event WHERE tenant_id = app_tenant() AND loan_id = $1 AND created_date > $3
       AND activity IN ('FINE_WAIVED', 'RESTRUCTURE', 'INSTALLMENTS_UPDATED') LIMIT 1`,
    [loanId, seq, at],
  ));
}

/** The installments as they were before the payment (its snapshot). */
export async function restoreInstallments(tx: Tx, s: PaymentSnapshot): Promise<void> {
  await tx.exec(
    `UPDATE loan_installment i SET principal_paid = x.pp, interest_paid = x.ip, fine_accrued = x.fa, fine_counted_to = x.fc, fine_paid = x.fp,
            paid_date = x.pd, interest = x.it, notes = CASE WHEN x.it <> i.interest THEN NULL ELSE i.notes END
     FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, pp numeric, ip numeric, fa numeric, fc date, fp numeric, pd date, it numeric)
     WHERE i.tenant_id = app_tenant() AND i.id = x.id`,
    [
      JSON.stringify(
        s.installments.map((r) => ({
          id: r.id,
          pp: r.principal_paid,
          ip: r.interest_paid,
          fa: r.fine_accrued,
          fc: r.fine_counted_to,
          fp: r.fine_paid,
          pd: r.paid_date,
          it: r.interest,
        })),
      ),
    ],
  );
}

export async function markPaymentCancelled(tx: Tx, id: string, userId: string | null, reason: string, journalId: string): Promise<void> {
  await tx.exec(
    `UPDATE loan_payment SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3, reversal_journal_id = $4
     WHERE tenant_id = app_tenant() AND id = $1`,
    [id, userId, reason, journalId],
  );
}

export async function markSavingCancelled(tx: Tx, id: string, userId: string | null, reason: string): Promise<void> {
  await tx.exec(
    `UPDATE member_transaction SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
     WHERE tenant_id = app_tenant() AND id = $1`,
    [id, userId, reason],
  );
}

/** The savings credit of a release paid to the member's account. */
export async function releaseSavingLeg(
  tx: Tx,
  journalId: string,
): Promise<{ id: string; code: string; saving_id: string; status: string } | undefined> {
  return tx.one(
    `SELECT id, code, saving_id, status FROM member_transaction
     WHERE tenant_id = app_tenant() AND journal_id = $1 AND activity = 'LOAN_RELEASE' LIMIT 1`,
    [journalId],
  );
}

/** Posted (not cancelled) payments of the loan; restructures. */
export async function releaseBlockers(tx: Tx, loanId: string): Promise<{ payments: number; restructures: number }> {
  const r = await tx.one<{ payments: number; restructures: number }>(
    `SELECT (SELECT count(*)::int FROM loan_payment WHERE tenant_id = app_tenant() AND loan_id = $1 AND status = 'POSTED') AS payments,
            (SELECT count(*)::int FROM loan_event WHERE tenant_id = app_tenant() AND loan_id = $1 AND activity = 'RESTRUCTURE') AS restructures`,
    [loanId],
  );
  return r!;
}

/**
 * The loan back to APPROVED: its schedule kept as history (superseded), the next release starts schedule_no + 1,
 * the release's figures cleared.
 */
export async function undoRelease(tx: Tx, loanId: string, scheduleNo: number): Promise<void> {
  await tx.exec('UPDATE loan_installment SET superseded = true WHERE tenant_id = app_tenant() AND loan_id = $1 AND schedule_no = $2', [
    loanId,
    scheduleNo,
  ]);
  await tx.exec(
    `UPDATE loan SET status = 'APPROVED', schedule_no = $2 + 1, release_date = NULL, released_by = NULL, remaining_principal = 0,
            installment_amount = 0, first_installment_date = NULL, maturity_date = NULL, net_disbursed = 0, release_journal_id = NULL,
            release_coa_id = NULL, release_saving_id = NULL, fine_waived = 0
     WHERE tenant_id = app_tenant() AND id = $1`,
    [loanId, scheduleNo],
  );
}
