-- app_tenant: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0001_platform.sql.
--
-- The tenant of the current transaction, or NULL (no rows visible) when unset.
CREATE OR REPLACE FUNCTION app_tenant()
 RETURNS uuid
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $function$;
