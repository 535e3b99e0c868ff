-- auth_principal: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0003_auth_principal_cached_plan.sql.
--
-- auth_principal runs on every authenticated request. As an SQL function
-- called from a query (SECURITY DEFINER functions are never inlined) its
-- statement was planned on every call, which cost more than running it; as
-- PL/pgSQL the plan is made once per connection. Same signature, same answer.
CREATE OR REPLACE FUNCTION auth_principal(p_tenant uuid, p_session uuid, p_user uuid)
 RETURNS TABLE(user_id uuid, tenant_id uuid, first_name text, last_name text, email text, phone text, user_position text, role_id uuid, role_name text, role_code text, permissions jsonb, saving_withdrawal_limit numeric, loan_request_limit numeric, loan_approval_limit numeric, can_release_loan boolean, can_cancel_transaction boolean, tenant_name text, tenant_active boolean, step_configuration integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT u.id, u.tenant_id, u.first_name, u.last_name, u.email, u.phone, u.position,
         r.id, r.name, r.code, r.permissions,
         r.saving_withdrawal_limit, r.loan_request_limit, r.loan_approval_limit,
         r.can_release_loan, r.can_cancel_transaction,
         t.name, t.is_active, t.step_configuration
  FROM auth_session s
  JOIN app_user u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
  JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
  JOIN tenant t ON t.tenant_id = u.tenant_id
  WHERE s.tenant_id = p_tenant AND s.id = p_session AND s.user_id = p_user
    AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active;
END
$function$;
REVOKE ALL ON FUNCTION auth_principal(uuid,uuid,uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_principal(uuid,uuid,uuid) TO koperasi_app;
