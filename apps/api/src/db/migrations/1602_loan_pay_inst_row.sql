-- loan_pay_plan answers, with each installment it read, where the row is and which version it read (docs/loans.md
-- "Performance", 27 Nov 2026, loanpay): loan_pay_write updates the installment at that place (a TID scan, no descent
-- of the primary key's index per row) and only if it is still that version; a row changed since by anyone else makes
-- the count fall short and the batch fail as a serialization failure (retried).
ALTER TYPE loan_pay_inst ADD ATTRIBUTE row_ctid tid, ADD ATTRIBUTE row_xmin xid;
