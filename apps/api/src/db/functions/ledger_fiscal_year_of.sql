-- ledger_fiscal_year_of: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0100_ledger.sql.
CREATE OR REPLACE FUNCTION ledger_fiscal_year_of(p_date date, p_start_month integer)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT CASE WHEN extract(month FROM p_date)::int >= p_start_month
              THEN extract(year FROM p_date)::int ELSE extract(year FROM p_date)::int - 1 END
$function$;
