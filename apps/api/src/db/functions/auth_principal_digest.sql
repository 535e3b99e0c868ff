-- auth_principal_digest: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0004_auth_principal_digest.sql.
--
-- A signed-in principal may be reused by the API process for a few seconds
-- (plugins/auth.ts), only on routes whose own transaction checks it again:
-- auth_principal_digest answers the digest of what auth_principal answers now
-- (NULL when the session is revoked or expired, or the user inactive), so a
-- transaction refuses to act for a principal that changed since it was read
-- (sign-out, password change, role or limits changed, user or cooperative
-- deactivated). The digest is md5 of the row's text, the same on both sides.
CREATE OR REPLACE FUNCTION auth_principal_digest(p_tenant uuid, p_session uuid, p_user uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  v_digest text;
BEGIN
  SELECT md5(p::text) INTO v_digest FROM auth_principal(p_tenant, p_session, p_user) p;
  RETURN v_digest;
END
$function$;
REVOKE ALL ON FUNCTION auth_principal_digest(uuid,uuid,uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_principal_digest(uuid,uuid,uuid) TO koperasi_app;
