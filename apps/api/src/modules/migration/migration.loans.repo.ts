/** SQL of posting staged loans' schedules (migration.loans.ts). */
import { MIGRATION_PAID_NOTE } from '@koperasi/contracts';
import type { Dec } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { NewInstallment } from '../loans/loans.repo.ts';

export interface StagedLoan {
  amount: string;
  principal_paid: string;
  outstanding: string;
  arrears_principal: string;
  arrears_interest: string;
  tenor: number;
  remaining_tenor: number;
  first_number: number;
  rate: string | number;
  next_due_date: string;
}

export interface LoanTermsOfRow {
  interest_method: 'FLAT' | 'EFEKTIF' | 'EFEKTIF_BULAN' | 'ANUITAS';
  installment_method: 'POKOK & JASA' | 'POKOK' | 'JASA';
  rounding_multiple: Dec | string;
}

/** The posted staged loans that have no installment yet, with their staged row and terms. */
export async function postedLoansWithoutSchedule(tx: Tx) {
  return tx.query<{ id: string; value: StagedLoan } & LoanTermsOfRow>(
    `SELECT l.id, r.value, l.interest_method, l.installment_method, l.rounding_multiple::text AS rounding_multiple
     FROM migration_row r JOIN loan l ON l.tenant_id = r.tenant_id AND l.id = r.entity_id
     WHERE r.tenant_id = app_tenant() AND r.type = 'LOANS' AND r.status = 'POSTED'
       AND NOT EXISTS (SELECT 1 FROM loan_installment i WHERE i.tenant_id = r.tenant_id AND i.loan_id = r.entity_id)`,
  );
}

/** Every schedule of a chunk in one statement, paid-before-migration rows marked paid; then the loans' installment amount and maturity. */
export async function insertSchedules(
  tx: Tx,
  part: Array<{ id: string; rows: NewInstallment[]; installmentAmount: Dec; maturity: string }>,
) {
  const all = part.flatMap((p) => p.rows.map((r) => ({ ...r, loanId: p.id })));
  await tx.exec(
    `INSERT INTO loan_installment (tenant_id, loan_id, schedule_no, number, due_date, principal, interest, remaining_principal,
                                   principal_paid, paid_date, notes)
     SELECT app_tenant(), x.l, 1, x.n, x.d, x.p, x.i, x.r, CASE WHEN x.notes = $8 THEN x.p ELSE 0 END,
            CASE WHEN x.notes = $8 THEN x.d END, x.notes
     FROM unnest($1::uuid[], $2::int[], $3::date[], $4::numeric[], $5::numeric[], $6::numeric[], $7::text[]) AS x(l, n, d, p, i, r, notes)`,
    [
      all.map((r) => r.loanId),
      all.map((r) => r.number),
      all.map((r) => r.dueDate),
      all.map((r) => r.principal.toFixed(2)),
      all.map((r) => r.interest.toFixed(2)),
      all.map((r) => r.remainingPrincipal.toFixed(2)),
      all.map((r) => r.notes ?? null),
      MIGRATION_PAID_NOTE,
    ],
  );
  await tx.exec(
    `UPDATE loan l SET installment_amount = x.a, maturity_date = x.m
     FROM unnest($1::uuid[], $2::numeric[], $3::date[]) AS x(id, a, m) WHERE l.tenant_id = app_tenant() AND l.id = x.id`,
    [part.map((p) => p.id), part.map((p) => p.installmentAmount.toFixed(2)), part.map((p) => p.maturity)],
  );
}
