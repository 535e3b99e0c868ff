-- ledger_lock_years: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0105_ledger_numbers_after_commit.sql.
--
-- Month and year closing: the ledger lock exclusively (waits for the postings in
-- flight, keeps new ones out until COMMIT), the numbering lock, then the
-- tenant-year counters in ascending order.
CREATE OR REPLACE FUNCTION ledger_lock_years(p_years integer[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  v_tenant uuid := app_tenant();
  y integer;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'ledger_lock_years: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  PERFORM pg_advisory_xact_lock(1279607879, ledger_tenant_key(v_tenant));
  PERFORM pg_advisory_xact_lock(1314213186, ledger_tenant_key(v_tenant));
  FOR y IN SELECT DISTINCT u.y FROM unnest(p_years) AS u(y) ORDER BY 1 LOOP
    INSERT INTO ledger_counter AS c (tenant_id, fiscal_year, last_seq) VALUES (v_tenant, y, 0)
    ON CONFLICT ON CONSTRAINT ledger_counter_pkey DO UPDATE SET last_seq = c.last_seq;
  END LOOP;
END
$function$;
REVOKE ALL ON FUNCTION ledger_lock_years(integer[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_lock_years(integer[]) TO koperasi_app;
