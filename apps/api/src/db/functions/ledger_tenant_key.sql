-- ledger_tenant_key: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0105_ledger_numbers_after_commit.sql.
--
-- Advisory lock keys (two-integer form; the migration lock uses the one-bigint form):
-- 1279607879 the cooperative's ledger lock, 1314213186 its numbering lock.
CREATE OR REPLACE FUNCTION ledger_tenant_key(p_tenant uuid)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ SELECT hashtext(p_tenant::text) $function$;
