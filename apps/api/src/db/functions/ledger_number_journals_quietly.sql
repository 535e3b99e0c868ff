-- ledger_number_journals_quietly: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0106_ledger_number_in_commit_round_trip.sql.
--
-- Numbering a posting's journal in its COMMIT's round trip (db.ts
-- afterCommitQuery): the statement after COMMIT runs in its own transaction
-- and must never fail, as the posting has committed by then. Should numbering
-- fail (a deadlock, a timeout), this answers nothing and the journals stay
-- unnumbered until the next numbering run (the job, within a second).
CREATE OR REPLACE FUNCTION ledger_number_journals_quietly(p_tenant uuid, p_ids uuid[])
 RETURNS TABLE(journal_id uuid, seq integer, number text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  RETURN QUERY SELECT n.journal_id, n.seq, n.number FROM ledger_number_journals(p_tenant, p_ids) n;
EXCEPTION WHEN OTHERS THEN
  RETURN;
END
$function$;
REVOKE ALL ON FUNCTION ledger_number_journals_quietly(uuid,uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_number_journals_quietly(uuid,uuid[]) TO koperasi_app;
