-- functions: journal_ref_pending_check, member_transaction_references, member_transaction_references_row, journal_line_references, reference_parent_guard
--
-- The references of the two busiest tables, checked once per statement instead of once per row (docs/ledger.md
-- "References checked per statement").
--
-- A foreign key checks each inserted row with a query of its own (and a deferred one queues each row and checks it
-- at COMMIT). A movement row had two such checks (its account with member and product, its journal at COMMIT) and
-- a third for a cash account; a journal line three (its journal at COMMIT, its account, its branch). Measured on
-- this machine: the savings interest release's SQL spends ~26 % less backend CPU per account without the movements'
-- two (bench/interest-chunk-cpu.sql, 100,000 accounts, 350/341 -> 258/252 us), the teller's deposits ~12 % less
-- PostgreSQL CPU per request without the five (bench -- savings, 1.20 -> 1.04-1.08 ms).
--
-- The same rules now hold through triggers that see a statement's rows together (transition tables):
--  - member_transaction, AFTER INSERT FOR EACH STATEMENT (member_transaction_references): every savings account
--    named with its member and product exists, every cash account exists (both locked FOR KEY SHARE, as the keys
--    locked them, so neither can be deleted before COMMIT), and every journal exists now or by COMMIT: journals not
--    posted yet (the teller's batches and the interest release post theirs after the movements) are written to
--    journal_ref_pending, one row per statement, whose deferred trigger checks them at COMMIT
--    (journal_ref_pending_check) and deletes the row;
--  - member_transaction, BEFORE UPDATE of a reference, per row (member_transaction_references_row): the same checks
--    for the one row (the journal linked after its movement, a rare path);
--  - journal_line, AFTER INSERT FOR EACH STATEMENT (journal_line_references): every journal exists (ledger_post_arrays
--    writes the header before its lines since this migration; a missing one waits in journal_ref_pending), every
--    account and branch exists, locked FOR KEY SHARE;
--  - the parents, BEFORE DELETE or a change of their key (reference_parent_guard): coa_account (lines, cash
--    movements), branch (lines), member_saving (movements) refuse while referenced, with the foreign key's error
--    (23503, the old constraint's name, so every caller's mapping is unchanged). journal rows cannot be deleted or
--    re-keyed (ledger_immutable).
-- Errors keep the foreign keys' SQLSTATE 23503 and constraint names.
ALTER TABLE member_transaction
  DROP CONSTRAINT member_transaction_saving_owner_fk,
  DROP CONSTRAINT member_transaction_tenant_id_journal_id_fkey,
  DROP CONSTRAINT member_transaction_tenant_id_cash_coa_id_fkey;
ALTER TABLE journal_line
  DROP CONSTRAINT journal_line_tenant_id_journal_id_fkey,
  DROP CONSTRAINT journal_line_tenant_id_account_id_fkey,
  DROP CONSTRAINT journal_line_tenant_id_branch_id_fkey;

-- Journals named by rows of a statement that were not posted yet when it ended; checked and deleted at COMMIT.
-- UNLOGGED: a row lives only inside its own transaction (nothing to recover after a crash, no WAL for it).
CREATE UNLOGGED TABLE journal_ref_pending (
  tenant_id uuid NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  source text NOT NULL,
  journal_ids uuid[] NOT NULL,
  PRIMARY KEY (tenant_id, id)
);
ALTER TABLE journal_ref_pending ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON journal_ref_pending USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON journal_ref_pending FROM koperasi_app;
CREATE CONSTRAINT TRIGGER journal_ref_pending_at_commit AFTER INSERT ON journal_ref_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_ref_pending_check();

CREATE TRIGGER member_transaction_references AFTER INSERT ON member_transaction
  REFERENCING NEW TABLE AS mt_new FOR EACH STATEMENT EXECUTE FUNCTION member_transaction_references();
CREATE TRIGGER member_transaction_references_row BEFORE UPDATE ON member_transaction FOR EACH ROW
  WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id OR OLD.saving_id IS DISTINCT FROM NEW.saving_id
        OR OLD.member_id IS DISTINCT FROM NEW.member_id OR OLD.product_id IS DISTINCT FROM NEW.product_id
        OR OLD.cash_coa_id IS DISTINCT FROM NEW.cash_coa_id OR OLD.journal_id IS DISTINCT FROM NEW.journal_id)
  EXECUTE FUNCTION member_transaction_references_row();
CREATE TRIGGER journal_line_references AFTER INSERT ON journal_line
  REFERENCING NEW TABLE AS jl_new FOR EACH STATEMENT EXECUTE FUNCTION journal_line_references();

CREATE TRIGGER coa_account_referenced BEFORE DELETE OR UPDATE OF tenant_id, id ON coa_account
  FOR EACH ROW EXECUTE FUNCTION reference_parent_guard();
CREATE TRIGGER branch_referenced BEFORE DELETE OR UPDATE OF tenant_id, id ON branch
  FOR EACH ROW EXECUTE FUNCTION reference_parent_guard();
CREATE TRIGGER member_saving_referenced BEFORE DELETE OR UPDATE OF tenant_id, id, member_id, product_id ON member_saving
  FOR EACH ROW EXECUTE FUNCTION reference_parent_guard();
