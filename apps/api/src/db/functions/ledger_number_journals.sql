-- ledger_number_journals: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0105_ledger_numbers_after_commit.sql.
--
-- One statement outside any transaction (autocommit): the numbers of these
-- journals of a cooperative, numbering its waiting journals first when one
-- of them is not numbered yet. Used right after a posting committed, to
-- answer the journal number; concurrent callers form batches on the
-- numbering lock, and a caller whose journals a batch already numbered
-- writes nothing.
CREATE OR REPLACE FUNCTION ledger_number_journals(p_tenant uuid, p_ids uuid[])
 RETURNS TABLE(journal_id uuid, seq integer, number text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
BEGIN
  IF EXISTS (SELECT 1 FROM journal j WHERE j.tenant_id = p_tenant AND j.id = ANY(p_ids) AND j.seq IS NULL) THEN
    PERFORM ledger_number_tenant(p_tenant);
  END IF;
  RETURN QUERY SELECT j.id, j.seq, j.number FROM journal j WHERE j.tenant_id = p_tenant AND j.id = ANY(p_ids);
END
$function$;
REVOKE ALL ON FUNCTION ledger_number_journals(uuid,uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_number_journals(uuid,uuid[]) TO koperasi_app;
