-- Loan payments, fewer checks per row (docs/loans.md "Performance", 27 Nov 2026, loanpay).
--
-- A payment row and its history row each carried a foreign key to the cooperative (tenant) besides the one to their
-- loan, (tenant_id, loan_id) -> loan (tenant_id, id): the loan's own key to tenant already makes the cooperative exist,
-- so the second check proved nothing more. Each was a query per inserted row at the end of the statement (a lookup and
-- a FOR KEY SHARE lock on the cooperative's one tenant row, which every concurrent payment also locks). As for
-- member_transaction (migration 1510), the row's own key to its loan stays and is the check.
ALTER TABLE loan_payment DROP CONSTRAINT loan_payment_tenant_id_fkey;
ALTER TABLE loan_event DROP CONSTRAINT loan_event_tenant_id_fkey;
