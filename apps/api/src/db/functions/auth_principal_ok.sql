-- auth_principal_ok: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0404_savings_batched_moves.sql.
--
-- A principal still what the API read (auth_principal_check without raising).
CREATE OR REPLACE FUNCTION auth_principal_ok(p_tenant uuid, p_session uuid, p_user uuid, p_digest text)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  RETURN auth_principal_digest(p_tenant, p_session, p_user) IS NOT DISTINCT FROM p_digest;
END
$function$;
REVOKE ALL ON FUNCTION auth_principal_ok(uuid,uuid,uuid,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_principal_ok(uuid,uuid,uuid,text) TO koperasi_app;
