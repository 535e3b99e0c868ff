-- journal_ref_pending_check: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- At COMMIT (deferred constraint trigger journal_ref_pending_at_commit, migration 1640): the journals a statement's
-- rows named before they were posted (member_transaction_references, journal_line_references) must exist by now,
-- as the deferred foreign keys required before; the row, which lives only inside its transaction, is deleted.
-- Refused with the old key's error (23503, its constraint name in p.source).
CREATE OR REPLACE FUNCTION journal_ref_pending_check()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
DECLARE
  v_missing uuid;
BEGIN
  SELECT u.id INTO v_missing
    FROM unnest(NEW.journal_ids) AS u(id)
   WHERE (SELECT 1 FROM journal j WHERE j.tenant_id = NEW.tenant_id AND j.id = u.id) IS NULL
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', split_part(NEW.source, '.', 1), split_part(NEW.source, '.', 2)
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = split_part(NEW.source, '.', 2), TABLE = split_part(NEW.source, '.', 1),
            DETAIL = format('Key (tenant_id, journal_id)=(%s, %s) is not present in table "journal".', NEW.tenant_id, v_missing);
  END IF;
  DELETE FROM journal_ref_pending p WHERE p.tenant_id = NEW.tenant_id AND p.id = NEW.id;
  RETURN NULL;
END
$function$;
