-- loan_portfolio_day: the live definition (docs/contributing.md "SQL functions").
--
-- One chunk of the daily grading and fines (docs/loans.md "Daily grading and fines"), set-based: the next
-- p_limit running loans of the caller's cooperative after p_after (id order) are graded on p_date from their
-- current schedule (HARIAN: days since the oldest unpaid installment due before the day; BULANAN: installments
-- in arrears x 30; the ranges of collectability_setting, as loans.engine.ts gradeLoan), and their fines due
-- counted (stored fines not paid or waived, plus per unpaid installment from max(due + grace days, counted to)
-- to the day: NOMINAL rupiah or PERCENT of the unpaid principal + interest per day, to the sen, as
-- packages/finance fineFor). One row per loan and day in loan_portfolio_daily (a re-run of the chunk writes
-- nothing twice). Answers the chunk's last loan id (NULL when no loan was left) and its size.
CREATE OR REPLACE FUNCTION loan_portfolio_day(p_date date, p_after uuid, p_limit integer)
 RETURNS TABLE(last_id uuid, loans integer)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_calc text;
BEGIN
  SELECT s.calculation_type INTO v_calc FROM collectability_setting s WHERE s.tenant_id = app_tenant() ORDER BY s.level LIMIT 1;
  RETURN QUERY
  WITH pick AS (
    SELECT l.id, l.schedule_no, l.remaining_principal, l.fine AS rate, l.fine_method, l.fine_grace_days
    FROM loan l
    WHERE l.tenant_id = app_tenant() AND l.status = 'RUNNING' AND l.id > coalesce(p_after, '00000000-0000-0000-0000-000000000000'::uuid)
    ORDER BY l.id LIMIT p_limit
  ), inst AS (
    SELECT i.loan_id, i.due_date, i.principal + i.interest - i.principal_paid - i.interest_paid AS unpaid,
           i.fine_accrued - i.fine_paid - i.fine_waived AS fine_before,
           greatest(i.due_date + p.fine_grace_days, coalesce(i.fine_counted_to, i.due_date + p.fine_grace_days)) AS fine_from,
           p.rate, p.fine_method
    FROM pick p
    JOIN loan_installment i ON i.tenant_id = app_tenant() AND i.loan_id = p.id AND i.schedule_no = p.schedule_no
    WHERE NOT i.superseded AND i.paid_date IS NULL AND i.due_date < p_date
  ), agg AS (
    SELECT x.loan_id, min(x.due_date) FILTER (WHERE x.unpaid > 0) AS oldest, (count(*) FILTER (WHERE x.unpaid > 0))::int AS overdue,
           sum(x.fine_before + CASE WHEN x.unpaid > 0 AND x.rate > 0 AND p_date > x.fine_from
             THEN round(CASE WHEN x.fine_method = 'PERCENT' THEN x.unpaid * x.rate / 100 ELSE x.rate END * (p_date - x.fine_from), 2)
             ELSE 0 END) AS fine_due
    FROM inst x GROUP BY x.loan_id
  ), graded AS (
    SELECT p.id, coalesce(a.overdue, 0) AS overdue, coalesce(p_date - a.oldest, 0) AS days, p.remaining_principal, coalesce(a.fine_due, 0) AS fine_due
    FROM pick p LEFT JOIN agg a ON a.loan_id = p.id
  ), ins AS (
    INSERT INTO loan_portfolio_daily (tenant_id, day, loan_id, days_late, overdue_count, grade, outstanding, fine_due)
    SELECT app_tenant(), p_date, g.id, g.days, g.overdue,
           coalesce((SELECT s.grade FROM collectability_setting s
                     WHERE s.tenant_id = app_tenant()
                       AND (CASE WHEN v_calc = 'BULANAN' THEN g.overdue * 30 ELSE g.days END) >= s.days_late_from
                       AND (s.days_late_until IS NULL OR (CASE WHEN v_calc = 'BULANAN' THEN g.overdue * 30 ELSE g.days END) <= s.days_late_until)
                     ORDER BY s.level LIMIT 1), 'MACET'),
           g.remaining_principal, g.fine_due
    FROM graded g
    ON CONFLICT (tenant_id, day, loan_id) DO NOTHING
  )
  SELECT (SELECT p.id FROM pick p ORDER BY p.id DESC LIMIT 1), (SELECT count(*)::int FROM pick);
END
$function$;
REVOKE ALL ON FUNCTION loan_portfolio_day(date, uuid, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION loan_portfolio_day(date, uuid, integer) TO koperasi_app;
