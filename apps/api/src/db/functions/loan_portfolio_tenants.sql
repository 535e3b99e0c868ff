-- loan_portfolio_tenants: the live definition (docs/contributing.md "SQL functions").
--
-- The portfolio jobs (auto debit, reminders): the cooperatives with running loans.
CREATE OR REPLACE FUNCTION loan_portfolio_tenants()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
  SELECT DISTINCT l.tenant_id FROM loan l WHERE l.status = 'RUNNING'
$function$;
REVOKE ALL ON FUNCTION loan_portfolio_tenants() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION loan_portfolio_tenants() TO koperasi_app;
