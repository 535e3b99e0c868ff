-- ledger_unnumbered_tenants: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0105_ledger_numbers_after_commit.sql.
--
-- The job: the cooperatives with journals waiting for a number.
CREATE OR REPLACE FUNCTION ledger_unnumbered_tenants()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
  SELECT DISTINCT j.tenant_id FROM journal j WHERE j.seq IS NULL
$function$;
REVOKE ALL ON FUNCTION ledger_unnumbered_tenants() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_unnumbered_tenants() TO koperasi_app;
