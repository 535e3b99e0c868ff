-- member_transaction_link_journal: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0402_savings_journal_link.sql.
CREATE OR REPLACE FUNCTION member_transaction_link_journal()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;
