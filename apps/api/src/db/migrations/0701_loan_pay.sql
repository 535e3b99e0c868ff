-- Loan payments in SQL (docs/loans.md "Payments" and "Performance"): the row types the functions
-- loan_pay_plan (the allocation rule: fines counted to the day, then fine → interest → principal,
-- oldest installment first) and loan_pay_many (one call for a batch of payments: locks, rules,
-- journals, installments, totals, savings legs, payment, history and audit rows) pass between
-- their statements. The functions live in src/db/functions/.

-- One installment of one payment of a batch: as it was, what the payment puts on it, and as it is after; the payment's
-- own figures (open installments, owed, due, amount, totals, paid off, in arrears after it) repeat on each of its rows.
CREATE TYPE loan_pay_inst AS (
  ord integer, id uuid, loan_id uuid, number integer, due_date date,
  principal numeric, interest numeric, principal_paid numeric, interest_paid numeric, fine_accrued numeric,
  fine_counted_to date, fine_paid numeric, fine_waived numeric, paid_date date, notes text,
  fine_new numeric, is_open boolean, is_target boolean,
  open_count integer, owed numeric, due numeric, amount numeric,
  pay_fine numeric, pay_interest numeric, pay_principal numeric,
  new_interest numeric, new_notes text, new_paid_date date, changed boolean,
  all_paid boolean, overdue integer, oldest date, sum_fine numeric, sum_interest numeric, sum_principal numeric
);

-- One payment of a batch as loan_pay_many decides and writes it.
CREATE TYPE loan_pay_item AS (
  ord integer, outcome text, refusal text, detail jsonb, loan_id uuid, kind text, amount numeric,
  principal numeric, interest numeric, fine numeric, source text, cash_id uuid, saving_id uuid, debit_acc uuid,
  receivable_id uuid, interest_acc uuid, fine_acc uuid, usr uuid, journal uuid, grp uuid, description text, jdesc text, txt text,
  loan_number text, before jsonb, status text, paid_off_date date, remaining numeric, principal_paid numeric,
  interest_paid numeric, fine_paid numeric, days_late integer, overdue integer, channel text, request_id text, ip text,
  user_agent text, idem_key text, member_id uuid, product_id uuid, product_kind text, terms_version integer, branch_id uuid
);
