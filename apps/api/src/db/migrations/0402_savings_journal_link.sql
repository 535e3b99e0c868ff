-- The journal link of a saving movement at COMMIT (0401) rewrites the row it
-- just inserted, while the cooperative's journal counter is held: make it a
-- cheap heap-only update (room left on each page, so the new version stays on
-- the page and no index is touched: journal_id is in no index), and link in
-- one statement, checking only when nothing was linked.
ALTER TABLE member_transaction SET (fillfactor = 75);

CREATE OR REPLACE FUNCTION member_transaction_link_journal() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.product_kind NOT IN ('SAVING', 'SAVING_EQUITY') THEN
    RETURN NULL;
  END IF;
  UPDATE member_transaction t SET journal_id = j.id
    FROM journal j
   WHERE t.tenant_id = NEW.tenant_id AND t.id = NEW.id AND t.journal_id IS NULL
     AND j.tenant_id = NEW.tenant_id AND j.source_module = 'SAVING' AND j.source_id = NEW.group_id::text AND j.reversal_of_id IS NULL;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  -- Linked already (reversals, bulk writers), or no journal at all: refused.
  PERFORM 1 FROM member_transaction t WHERE t.tenant_id = NEW.tenant_id AND t.id = NEW.id AND t.journal_id IS NOT NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'saving movement % has no journal', NEW.code USING ERRCODE = 'KS001', CONSTRAINT = 'member_transaction_journal';
  END IF;
  RETURN NULL;
END
$$;
