-- loan_pay_many answers the routes' payments itself (docs/loans.md "Performance", 27 Nov 2026, loans12): a fifth
-- argument p_answer and the payment, the loan after it and the cooperative's collectability grades in its rows, so
-- a batch of payments is BEGIN, one call, COMMIT. A new argument is a new overload and the answer a new return
-- type: the old function goes here, src/db/functions/loan_pay_many.sql creates the new one.
DROP FUNCTION IF EXISTS loan_pay_many(date, uuid, boolean, jsonb);
