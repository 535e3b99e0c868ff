-- auth_find_login: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0001_platform.sql.
--
-- The user signing in with this e-mail (lower-cased) or E.164 phone.
CREATE OR REPLACE FUNCTION auth_find_login(p_login text)
 RETURNS TABLE(tenant_id uuid, user_id uuid, password_hash text, user_active boolean, tenant_active boolean, email text, phone text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
  SELECT u.tenant_id, u.id, u.password_hash, u.is_active, t.is_active, u.email, u.phone
  FROM app_user u JOIN tenant t ON t.tenant_id = u.tenant_id
  WHERE u.email = lower(p_login) OR u.phone = p_login
  LIMIT 1
$function$;
REVOKE ALL ON FUNCTION auth_find_login(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_find_login(text) TO koperasi_app;
