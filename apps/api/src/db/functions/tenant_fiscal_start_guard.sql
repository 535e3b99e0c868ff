-- tenant_fiscal_start_guard: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0100_ledger.sql.
--
-- The fiscal year start month may only change while the cooperative has no journals.
CREATE OR REPLACE FUNCTION tenant_fiscal_start_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
BEGIN
  IF NEW.fiscal_year_start_month IS DISTINCT FROM OLD.fiscal_year_start_month
     AND EXISTS (SELECT 1 FROM journal j WHERE j.tenant_id = NEW.tenant_id) THEN
    RAISE EXCEPTION 'the fiscal year start cannot change once journals exist' USING ERRCODE = 'KL011';
  END IF;
  RETURN NEW;
END
$function$;
