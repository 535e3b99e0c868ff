-- auth_principal_check: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0004_auth_principal_digest.sql.
--
-- The first statement of such a transaction: raises KA001 when the principal
-- changed (the service then reads it again, checks the route's permission
-- and runs the transaction once more), so nothing is done for a session
-- signed out meanwhile or a role whose rights changed.
CREATE OR REPLACE FUNCTION auth_principal_check(p_tenant uuid, p_session uuid, p_user uuid, p_digest text)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
BEGIN
  IF auth_principal_digest(p_tenant, p_session, p_user) IS DISTINCT FROM p_digest THEN
    RAISE EXCEPTION 'the signed-in principal changed' USING ERRCODE = 'KA001';
  END IF;
END
$function$;
REVOKE ALL ON FUNCTION auth_principal_check(uuid,uuid,uuid,text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_principal_check(uuid,uuid,uuid,text) TO koperasi_app;
