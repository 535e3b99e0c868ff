-- saving_resolve_cash: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0401_savings_hot_path.sql.
CREATE OR REPLACE FUNCTION saving_resolve_cash(p_coa uuid, p_user uuid)
 RETURNS TABLE(id uuid, code text, name text, is_postable boolean, is_active boolean, is_cash_bank boolean, holder_id uuid, holder_name text)
 LANGUAGE plpgsql
 STABLE
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH RECURSIVE pick AS (
    SELECT coalesce(p_coa,
                    (SELECT u.coa_id FROM app_user u WHERE u.tenant_id = app_tenant() AND u.id = p_user),
                    (SELECT c.id FROM coa_account c WHERE c.tenant_id = app_tenant() AND c.system_key = 'CASH_MAIN')) AS id
  ), up AS (
    SELECT c.id, c.parent_id, c.code, c.system_key, 0 AS depth FROM coa_account c JOIN pick ON c.id = pick.id WHERE c.tenant_id = app_tenant()
    UNION ALL
    SELECT p.id, p.parent_id, p.code, p.system_key, up.depth + 1 FROM coa_account p JOIN up ON p.tenant_id = app_tenant() AND p.id = up.parent_id
    WHERE up.depth < 20
  )
  SELECT c.id, c.code, c.name, c.is_postable, c.is_active,
         EXISTS (SELECT 1 FROM up WHERE up.depth > 0 AND (up.system_key = 'CASH_BANK' OR up.code = '101')),
         h.id, nullif(concat_ws(' ', h.first_name, h.last_name), '')
  FROM pick JOIN coa_account c ON c.tenant_id = app_tenant() AND c.id = pick.id
  LEFT JOIN app_user h ON h.tenant_id = c.tenant_id AND h.coa_id = c.id;
END
$function$;
