-- member_transaction_references_row: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- BEFORE UPDATE ON member_transaction FOR EACH ROW, only when a reference changes (the trigger's WHEN, migration
-- 1640): a journal linked to movements after they were written (setGroupJournal, member_transaction_link_journal),
-- rarely anything else. The same rules as member_transaction_references for the one row: the account with its member
-- and product and the cash account exist (locked FOR KEY SHARE), the journal exists now or by COMMIT
-- (journal_ref_pending).
CREATE OR REPLACE FUNCTION member_transaction_references_row()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
BEGIN
  IF NEW.saving_id IS NOT NULL AND NEW.member_id IS NOT NULL AND NEW.product_id IS NOT NULL
     AND (NEW.tenant_id, NEW.saving_id, NEW.member_id, NEW.product_id) IS DISTINCT FROM (OLD.tenant_id, OLD.saving_id, OLD.member_id, OLD.product_id) THEN
    PERFORM 1 FROM member_saving s
      WHERE s.tenant_id = NEW.tenant_id AND s.id = NEW.saving_id AND s.member_id = NEW.member_id AND s.product_id = NEW.product_id
      FOR KEY SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insert or update on table "member_transaction" violates foreign key constraint "member_transaction_saving_owner_fk"'
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'member_transaction_saving_owner_fk', TABLE = 'member_transaction';
    END IF;
  END IF;
  IF NEW.cash_coa_id IS NOT NULL AND (NEW.tenant_id, NEW.cash_coa_id) IS DISTINCT FROM (OLD.tenant_id, OLD.cash_coa_id) THEN
    PERFORM 1 FROM coa_account a WHERE a.tenant_id = NEW.tenant_id AND a.id = NEW.cash_coa_id FOR KEY SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'insert or update on table "member_transaction" violates foreign key constraint "member_transaction_tenant_id_cash_coa_id_fkey"'
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'member_transaction_tenant_id_cash_coa_id_fkey', TABLE = 'member_transaction';
    END IF;
  END IF;
  IF NEW.journal_id IS NOT NULL AND (NEW.tenant_id, NEW.journal_id) IS DISTINCT FROM (OLD.tenant_id, OLD.journal_id)
     AND NOT EXISTS (SELECT 1 FROM journal j WHERE j.tenant_id = NEW.tenant_id AND j.id = NEW.journal_id) THEN
    INSERT INTO journal_ref_pending (tenant_id, source, journal_ids)
    VALUES (NEW.tenant_id, 'member_transaction.member_transaction_tenant_id_journal_id_fkey', ARRAY[NEW.journal_id]);
  END IF;
  RETURN NEW;
END
$function$;
