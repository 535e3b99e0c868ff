-- ledger_number_tenant: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0106_ledger_number_in_commit_round_trip.sql.
--
-- Fewer statements per numbering run (one per teller movement): the years
-- waiting, then both locks in one statement.
CREATE OR REPLACE FUNCTION ledger_number_tenant(p_tenant uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  v_years integer[];
  v_n integer := 0;
  y integer;
BEGIN
  SELECT array_agg(DISTINCT j.fiscal_year ORDER BY j.fiscal_year) INTO v_years
    FROM journal j WHERE j.tenant_id = p_tenant AND j.seq IS NULL;
  IF v_years IS NULL THEN
    RETURN 0;
  END IF;
  -- The one lock order: ledger lock (shared), numbering lock, counters (ascending year).
  PERFORM pg_advisory_xact_lock_shared(1279607879, hashtext(p_tenant::text)), pg_advisory_xact_lock(1314213186, hashtext(p_tenant::text));
  FOREACH y IN ARRAY v_years LOOP
    v_n := v_n + ledger_number_year(p_tenant, y);
  END LOOP;
  RETURN v_n;
END
$function$;
REVOKE ALL ON FUNCTION ledger_number_tenant(uuid) FROM PUBLIC;
