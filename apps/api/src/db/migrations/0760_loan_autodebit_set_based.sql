-- Auto debit set-based (db/functions/loan_autodebit_chunk.sql, docs/loans.md "Auto debit"): a FAILED row keeps its
-- refusal's parameters (the message is given in the reader's language when the list is read; `message` stays for
-- rows written before). The day's run and its cursor are now runBatch's (job_run 'loan.autodebit', key = the day):
-- loan_auto_debit_run is kept for the days run before.
ALTER TABLE loan_auto_debit ADD COLUMN error_detail jsonb;
