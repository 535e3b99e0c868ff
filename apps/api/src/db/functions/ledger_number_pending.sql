-- ledger_number_pending: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0105_ledger_numbers_after_commit.sql.
--
-- Readers (lists, details, reports, receipts, exports) and the job: number the
-- transaction's cooperative's waiting journals (app.tenant_id); answers how many.
CREATE OR REPLACE FUNCTION ledger_number_pending()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  v_tenant uuid := app_tenant();
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'ledger_number_pending: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  RETURN ledger_number_tenant(v_tenant);
END
$function$;
REVOKE ALL ON FUNCTION ledger_number_pending() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_number_pending() TO koperasi_app;
