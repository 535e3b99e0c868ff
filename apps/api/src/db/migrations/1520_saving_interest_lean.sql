-- The savings interest release writes one saving_interest row per account (1,000,000 at month end for the largest
-- cooperative: docs/interest.md "Third pass"). Each row paid for one index and four foreign-key checks that hold by
-- construction in its only writer, saving_interest_write (measured: ~60 of ~90 us per row on the shared machine):
--  * tenant: the row's tenant is the account's (the writer updates member_saving WHERE tenant_id = app_tenant()),
--    and the app role cannot delete a tenant;
--  * (tenant, saving_id): the writer inserts a row only for an account its UPDATE of member_saving found (and
--    refuses the chunk otherwise); the app role cannot delete member_saving rows;
--  * (tenant, release_id): the writer checks the release once per call (FOR KEY SHARE); the app role cannot delete
--    releases;
--  * (tenant, journal_id): the journal is posted in the same transaction (saving_interest_chunk posts it after the
--    rows; saving_interest_post checks it before); journals are immutable (no UPDATE, DELETE, TRUNCATE).
-- saving_interest_saving_idx (tenant, saving_id, end_date) served no query the unique index does not: every read by
-- account (the paid check, paidAccounts) asks for POSTED rows, which saving_interest_once_uq (tenant, saving_id,
-- start_date, end_date) WHERE status = 'POSTED' answers.
ALTER TABLE saving_interest DROP CONSTRAINT saving_interest_tenant_id_fkey;
ALTER TABLE saving_interest DROP CONSTRAINT saving_interest_tenant_id_saving_id_fkey;
ALTER TABLE saving_interest DROP CONSTRAINT saving_interest_tenant_id_release_id_fkey;
ALTER TABLE saving_interest DROP CONSTRAINT saving_interest_tenant_id_journal_id_fkey;
DROP INDEX saving_interest_saving_idx;
