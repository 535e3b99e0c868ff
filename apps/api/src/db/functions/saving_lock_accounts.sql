-- saving_lock_accounts: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0401_savings_hot_path.sql.
CREATE OR REPLACE FUNCTION saving_lock_accounts(p_ids uuid[], p_date date, p_agent uuid)
 RETURNS TABLE(id uuid, account_number text, member_id uuid, product_id uuid, kind text, saving_type text, status text, balance numeric, blocked_amount numeric, pledged_amount numeric, is_source_of_fund boolean, plan_monthly_amount numeric, plan_target_balance numeric, plan_target_date date, open_date date, cif_number text, member_name text, member_type text, member_status text, member_active boolean, member_branch_id uuid, member_join_date date, principal_status text, assigned boolean, product_code text, product_name text, product_active boolean, terms_version integer, min_balance numeric, block_amount numeric, closing_fee numeric, equity_amount numeric, equity_period text, control_id uuid, closing_fee_income_id uuid)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT s.id, s.account_number, s.member_id, s.product_id, s.kind, s.saving_type, s.status, s.balance, s.blocked_amount,
         s.pledged_amount, s.is_source_of_fund, s.plan_monthly_amount, s.plan_target_balance, s.plan_target_date, s.open_date,
         m.cif_number, m.full_name, m.member_type, m.status, m.is_active, m.branch_id, m.join_date, m.principal_status,
         (p_agent IS NULL OR m.agent_id = p_agent OR m.area_id IN (
            SELECT u.area_id FROM app_user u WHERE u.tenant_id = s.tenant_id AND u.id = p_agent AND u.area_id IS NOT NULL)),
         p.code, p.name, p.is_active,
         t.version, t.min_balance, t.block_amount, t.closing_fee, t.equity_amount, t.equity_period,
         (SELECT g.coa_id FROM product_gl_account g WHERE g.tenant_id = s.tenant_id AND g.product_id = s.product_id AND g.role = 'CONTROL'),
         (SELECT g.coa_id FROM product_gl_account g WHERE g.tenant_id = s.tenant_id AND g.product_id = s.product_id AND g.role = 'CLOSING_FEE_INCOME')
  FROM member_saving s
  JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id
  JOIN product p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
  JOIN LATERAL (
    SELECT t.* FROM product_terms t
    WHERE t.tenant_id = s.tenant_id AND t.product_id = s.product_id
    ORDER BY (t.effective_date <= p_date) DESC,
             CASE WHEN t.effective_date <= p_date THEN t.effective_date END DESC NULLS LAST,
             CASE WHEN t.effective_date <= p_date THEN t.version END DESC NULLS LAST, t.effective_date, t.version
    LIMIT 1
  ) t ON true
  WHERE s.tenant_id = app_tenant() AND s.id = ANY(p_ids)
  ORDER BY s.id
  FOR UPDATE OF s FOR SHARE OF m;
END
$function$;
