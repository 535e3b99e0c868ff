-- reference_parent_guard: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- BEFORE DELETE, or UPDATE of the key, ON coa_account, branch and member_saving FOR EACH ROW (migration 1640): the
-- parent side of the references member_transaction_references and journal_line_references check, as the foreign keys
-- did (NO ACTION): a row still referenced is neither deleted nor re-keyed, refused with the key's error (23503 and
-- its constraint name: coa.service maps it to COA_IN_USE, the branches' and areas' removal to their in-use message).
-- A row locked FOR KEY SHARE by a transaction writing a reference makes this wait for it (the delete's row lock),
-- and the lookup here then sees what it committed (READ COMMITTED: a new snapshot per statement).
-- Lookups: journal_line by account (journal_line_account_idx); member_transaction by account (saving_idx); lines by
-- branch and cash movements by cash account have no index of their own, as under the keys (rare: a removal).
CREATE OR REPLACE FUNCTION reference_parent_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
DECLARE
  v_table text;
  v_constraint text;
BEGIN
  IF TG_TABLE_NAME = 'member_saving' THEN
    IF TG_OP = 'UPDATE' AND (NEW.tenant_id, NEW.id, NEW.member_id, NEW.product_id) IS NOT DISTINCT FROM (OLD.tenant_id, OLD.id, OLD.member_id, OLD.product_id) THEN
      RETURN NEW;
    END IF;
    IF EXISTS (SELECT 1 FROM member_transaction t
                WHERE t.tenant_id = OLD.tenant_id AND t.saving_id = OLD.id AND t.member_id = OLD.member_id AND t.product_id = OLD.product_id) THEN
      v_table := 'member_transaction';
      v_constraint := 'member_transaction_saving_owner_fk';
    END IF;
  ELSIF TG_TABLE_NAME = 'coa_account' THEN
    IF TG_OP = 'UPDATE' AND (NEW.tenant_id, NEW.id) IS NOT DISTINCT FROM (OLD.tenant_id, OLD.id) THEN
      RETURN NEW;
    END IF;
    IF EXISTS (SELECT 1 FROM journal_line l WHERE l.tenant_id = OLD.tenant_id AND l.account_id = OLD.id) THEN
      v_table := 'journal_line';
      v_constraint := 'journal_line_tenant_id_account_id_fkey';
    ELSIF EXISTS (SELECT 1 FROM member_transaction t WHERE t.tenant_id = OLD.tenant_id AND t.cash_coa_id = OLD.id) THEN
      v_table := 'member_transaction';
      v_constraint := 'member_transaction_tenant_id_cash_coa_id_fkey';
    END IF;
  ELSIF TG_TABLE_NAME = 'branch' THEN
    IF TG_OP = 'UPDATE' AND (NEW.tenant_id, NEW.id) IS NOT DISTINCT FROM (OLD.tenant_id, OLD.id) THEN
      RETURN NEW;
    END IF;
    IF EXISTS (SELECT 1 FROM journal_line l WHERE l.tenant_id = OLD.tenant_id AND l.branch_id = OLD.id) THEN
      v_table := 'journal_line';
      v_constraint := 'journal_line_tenant_id_branch_id_fkey';
    END IF;
  END IF;
  IF v_constraint IS NOT NULL THEN
    RAISE EXCEPTION 'update or delete on table "%" violates foreign key constraint "%" on table "%"', TG_TABLE_NAME, v_constraint, v_table
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = v_constraint, TABLE = v_table;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$function$;
