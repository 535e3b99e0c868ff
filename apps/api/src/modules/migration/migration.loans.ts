/**
 * Posting staged loans (POST migration/confirm?type=loans): RUNNING loans with
 * their product's interest method, payment component and installment rounding
 * (the terms version staged), and their schedule:
 *
 *  1. installments paid before the migration (numbers 1 .. first − 1, only
 *     when principal was paid in the old books): the principal paid split
 *     evenly (the last takes the rounding), interest 0 (interest paid in the
 *     old books is in their profit, not a receivable), marked paid on their
 *     due date with the note `MIGRATION_PAID_NOTE`; no payment row, no
 *     journal (they predate the books);
 *  2. the arrears, if any, as one overdue installment due the month before
 *     the next due date (its principal and interest as staged);
 *  3. the remaining installments: exactly what `schedule()` of
 *     packages/finance computes for the outstanding principal not in arrears
 *     over the remaining tenor from the next due date (the release's engine:
 *     loans.money.ts); FLAT keeps its interest on the amount lent.
 *
 * No release journal (release_journal_id NULL: the step's one journal is not
 * the loan's, so cancel-release and transaction/cancel refuse a migrated
 * loan; undo the step instead); net_disbursed is the amount lent.
 * The loan's principal_paid and principal_paid_before_migration are the
 * principal paid before the migration, so amount − principal_paid =
 * remaining_principal = the outstanding principal, and the schedule's
 * principal adds up to the amount lent.
 */
import { MIGRATION_PAID_NOTE } from '@koperasi/contracts';
import { Dec, dec, monthDay, schedule, ZERO } from '@koperasi/finance';
import type { Tx } from '../../db/db.ts';
import type { NewInstallment } from '../loans/loans.repo.ts';
import { insertSchedules, type LoanTermsOfRow, postedLoansWithoutSchedule, type StagedLoan } from './migration.loans.repo.ts';
import { MARK_POSTED, NUMBERED } from './migration.post.repo.ts';

export const MIGRATION_ARREARS_NOTE = 'Tunggakan saat migrasi';

/** The whole schedule of a migrated loan (paid before the migration, arrears, remaining) and its installment amount. */
export function migratedSchedule(v: StagedLoan, t: LoanTermsOfRow): { rows: NewInstallment[]; installmentAmount: Dec; maturity: string } {
  const amount = dec(v.amount);
  const paid = dec(v.principal_paid);
  const outstanding = dec(v.outstanding);
  const ap = dec(v.arrears_principal);
  const ai = dec(v.arrears_interest);
  const next = v.next_due_date;
  const day = Number(next.slice(8, 10));
  const hasArrears = ap.gt(0) || ai.gt(0);
  const first = v.first_number;
  const rows: NewInstallment[] = [];
  // 1. Paid before the migration.
  const before = first - 1;
  if (paid.gt(0) && before > 0) {
    const each = paid.div(before).toDecimalPlaces(2, Dec.ROUND_DOWN);
    let left = amount;
    for (let k = 1; k <= before; k++) {
      const p = k === before ? paid.minus(each.times(before - 1)) : each;
      left = left.minus(p);
      rows.push({
        number: k,
        dueDate: monthDay(next, -(first + (hasArrears ? 1 : 0) - k), day),
        principal: p,
        interest: ZERO,
        remainingPrincipal: left,
        notes: MIGRATION_PAID_NOTE,
      });
    }
  }
  // 2. Arrears: one overdue installment.
  const rest = outstanding.minus(ap);
  if (hasArrears)
    rows.push({
      number: first,
      dueDate: monthDay(next, -1, day),
      principal: ap,
      interest: ai,
      remainingPrincipal: rest,
      notes: MIGRATION_ARREARS_NOTE,
    });
  let installmentAmount = hasArrears ? ap.plus(ai) : ZERO;
  // 3. The remaining schedule, as the finance package computes it.
  if (rest.gt(0) && v.remaining_tenor > 0) {
    const s = schedule({
      amount: rest,
      tenor: v.remaining_tenor,
      annualRate: dec(v.rate).times(12),
      method: t.interest_method,
      roundingMultiple: t.rounding_multiple,
      component: t.installment_method,
      startDate: monthDay(next, -1, day),
      firstDueDate: next,
      dueDay: day,
      flatInterestBase: t.interest_method === 'FLAT' ? amount : undefined,
    });
    const offset = first + (hasArrears ? 1 : 0) - 1;
    for (const r of s.installments)
      rows.push({
        number: offset + r.number,
        dueDate: r.dueDate,
        principal: r.principal,
        interest: r.interest,
        remainingPrincipal: r.remainingPrincipal,
      });
    installmentAmount = s.installmentAmount;
  }
  return { rows, installmentAmount, maturity: rows.at(-1)!.dueDate };
}

const CHUNK = 2_000;

/** Loans of the staged rows (set-based), then their schedules (computed here, written in chunks). */
export async function postLoans(tx: Tx, userId: string | null): Promise<number> {
  const n = await tx.exec(
    `WITH ${NUMBERED},
     ins AS (
       INSERT INTO loan (tenant_id, id, loan_number, member_id, product_id, terms_version, status, amount, tenor, interest_rate, interest_method,
                         installment_method, rounding_multiple, due_day, first_installment_rule, fine, fine_method, fine_grace_days,
                         remaining_principal, principal_paid, principal_paid_before_migration, net_disbursed, receivable_coa_id,
                         application_date, approved_date, release_date, first_installment_date, description, created_by)
       SELECT app_tenant(), s.id, s.number, s.member_id, s.product_id, coalesce((s.value->>'terms_version')::int, 1), 'RUNNING',
              (s.value->>'amount')::numeric, (s.value->>'tenor')::int, (s.value->>'rate')::numeric,
              coalesce(t.loan_interest_method, 'FLAT'), coalesce(t.loan_installment_method, 'POKOK & JASA'),
              coalesce(t.loan_rounding_multiple, 1), t.loan_due_day, coalesce(t.loan_first_installment_rule, 'ONE_MONTH'),
              coalesce(t.loan_fine, 0), coalesce(t.loan_fine_method, 'NOMINAL'), coalesce(t.loan_fine_grace_days, 0),
              s.amount, (s.value->>'principal_paid')::numeric, (s.value->>'principal_paid')::numeric, (s.value->>'amount')::numeric,
              (s.value->>'receivable_coa_id')::uuid, (s.value->>'release_date')::date, (s.value->>'release_date')::date,
              (s.value->>'release_date')::date,
              (s.value->>'next_due_date')::date, left('Migrasi ' || coalesce(s.value->>'old_number', ''), 500), $2
       FROM src s
       LEFT JOIN product_terms t ON t.tenant_id = app_tenant() AND t.product_id = s.product_id
                                 AND t.version = coalesce((s.value->>'terms_version')::int, 1)
       ORDER BY s.row_number
       RETURNING id
     )
     ${MARK_POSTED} AND (SELECT count(*) FROM ins) >= 0`,
    ['LOANS', userId],
  );
  const loans = await postedLoansWithoutSchedule(tx);
  for (let i = 0; i < loans.length; i += CHUNK) {
    const part = loans.slice(i, i + CHUNK).map((l) => ({ id: l.id, ...migratedSchedule(l.value, l) }));
    await insertSchedules(tx, part);
  }
  return n;
}
