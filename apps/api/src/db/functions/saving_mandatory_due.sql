-- saving_mandatory_due: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0400_products_savings.sql.
--
-- The amount of mandatory saving due for periods first..through (both the
-- first day of a period: months for BULANAN, days for HARIAN), each period at
-- the product's equity_amount in force on its first day (the first version
-- also covers earlier periods). Mirrors mandatorySchedule in
-- packages/finance/src/mandatory.ts; a test keeps them equal.
CREATE OR REPLACE FUNCTION saving_mandatory_due(p_product uuid, p_first date, p_through date, p_period text)
 RETURNS TABLE(periods integer, amount numeric)
 LANGUAGE sql
 STABLE
AS $function$
  WITH v AS (
    SELECT t.effective_date, coalesce(t.equity_amount, 0) AS amt,
           lead(t.effective_date) OVER (ORDER BY t.effective_date, t.version) AS next_eff,
           row_number() OVER (ORDER BY t.effective_date, t.version) AS rn
    FROM product_terms t
    WHERE t.tenant_id = app_tenant() AND t.product_id = p_product
  ), c AS (
    SELECT v.amt,
           CASE WHEN v.rn = 1 THEN p_first
                WHEN p_period = 'HARIAN' OR extract(day FROM v.effective_date) = 1 THEN v.effective_date
                ELSE (date_trunc('month', v.effective_date) + interval '1 month')::date END AS lo,
           CASE WHEN v.next_eff IS NULL THEN p_through
                WHEN p_period = 'HARIAN' THEN v.next_eff - 1
                WHEN extract(day FROM v.next_eff) = 1 THEN (v.next_eff - interval '1 month')::date
                ELSE date_trunc('month', v.next_eff)::date END AS hi
    FROM v
  ), s AS (
    SELECT c.amt, greatest(c.lo, p_first) AS lo, least(c.hi, p_through) AS hi FROM c
  ), n AS (
    SELECT s.amt,
           CASE WHEN s.hi < s.lo THEN 0
                WHEN p_period = 'HARIAN' THEN (s.hi - s.lo) + 1
                ELSE ((extract(year FROM s.hi) - extract(year FROM s.lo)) * 12
                      + extract(month FROM s.hi) - extract(month FROM s.lo))::int + 1 END AS cnt
    FROM s
  )
  SELECT coalesce(sum(n.cnt), 0)::int, coalesce(sum(n.cnt * n.amt), 0)::numeric FROM n
$function$;
