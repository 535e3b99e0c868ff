-- ledger_number_tenant_job: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0105_ledger_numbers_after_commit.sql.
--
-- The job, one cooperative per call (per transaction).
CREATE OR REPLACE FUNCTION ledger_number_tenant_job(p_tenant uuid)
 RETURNS integer
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$ SELECT ledger_number_tenant(p_tenant) $function$;
REVOKE ALL ON FUNCTION ledger_number_tenant_job(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_number_tenant_job(uuid) TO koperasi_app;
