-- A signed-in principal may be reused by the API process for a few seconds
-- (plugins/auth.ts), only on routes whose own transaction checks it again:
-- auth_principal_digest answers the digest of what auth_principal answers now
-- (NULL when the session is revoked or expired, or the user inactive), so a
-- transaction refuses to act for a principal that changed since it was read
-- (sign-out, password change, role or limits changed, user or cooperative
-- deactivated). The digest is md5 of the row's text, the same on both sides.
CREATE OR REPLACE FUNCTION auth_principal_digest(p_tenant uuid, p_session uuid, p_user uuid) RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_digest text;
BEGIN
  SELECT md5(p::text) INTO v_digest FROM auth_principal(p_tenant, p_session, p_user) p;
  RETURN v_digest;
END
$$;
REVOKE ALL ON FUNCTION auth_principal_digest(uuid, uuid, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_principal_digest(uuid, uuid, uuid) TO koperasi_app;

-- The first statement of such a transaction: raises KA001 when the principal
-- changed (the service then reads it again, checks the route's permission
-- and runs the transaction once more), so nothing is done for a session
-- signed out meanwhile or a role whose rights changed.
CREATE OR REPLACE FUNCTION auth_principal_check(p_tenant uuid, p_session uuid, p_user uuid, p_digest text) RETURNS void
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  IF auth_principal_digest(p_tenant, p_session, p_user) IS DISTINCT FROM p_digest THEN
    RAISE EXCEPTION 'the signed-in principal changed' USING ERRCODE = 'KA001';
  END IF;
END
$$;
REVOKE ALL ON FUNCTION auth_principal_check(uuid, uuid, uuid, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_principal_check(uuid, uuid, uuid, text) TO koperasi_app;
