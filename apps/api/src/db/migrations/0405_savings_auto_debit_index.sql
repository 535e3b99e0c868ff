-- The auto-debit list (transaction/saving/datatable?isAutoDebit=true, the
-- Auto Debit screen) pages a cooperative's auto-debit accounts newest first.
-- They are a small share of its accounts, so a partial index in the list's
-- order serves that page without reading every account of the cooperative.
-- (Sources of fund already have member_saving_source_uq, one per member.)

CREATE INDEX member_saving_auto_debit_idx ON member_saving (tenant_id, created_date DESC, id DESC) WHERE is_auto_debit;
