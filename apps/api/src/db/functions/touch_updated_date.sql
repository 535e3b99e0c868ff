-- touch_updated_date: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0001_platform.sql.
--
-- Keeps updated_date current.
CREATE OR REPLACE FUNCTION touch_updated_date()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.updated_date := now();
  RETURN NEW;
END
$function$;
