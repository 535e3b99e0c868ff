-- loan_portfolio_day: the live definition (docs/contributing.md "SQL functions").
--
-- One chunk of the daily grading and fines (docs/loans.md "Daily grading and fines"), set-based: the next
-- p_limit running loans of the caller's cooperative after p_after (id order) are graded on p_date from their
-- current schedule (HARIAN: days since the oldest unpaid installment due before the day; BULANAN: installments
-- in arrears x 30; the ranges of collectability_setting, as loans.engine.ts gradeLoan).
-- Fines are stored, not only counted: every unpaid installment past its due date + grace days gets the fine from
-- max(due + grace days, fine_counted_to) to the day added to fine_accrued, and fine_counted_to moved to the day
-- (NOMINAL rupiah or PERCENT of the unpaid principal + interest per day, to the sen: the rule of packages/finance
-- fineFor, which the payment path applies from fine_counted_to on, so a payment takes the stored fine and adds
-- only what the days since add). The loans with a fine to store are locked first (FOR UPDATE, id order), as the
-- payment path locks its loan, and the fines are read after the lock. A day earlier than fine_counted_to adds
-- nothing. The fine due (stored, not paid or waived) and the grade go to loan_portfolio_daily, one row per loan
-- and day (a re-run of the chunk writes nothing twice and, its fines counted to the day, stores no fine twice).
-- Answers the chunk's last loan id (NULL when no loan was left) and its size.
CREATE OR REPLACE FUNCTION loan_portfolio_day(p_date date, p_after uuid, p_limit integer)
 RETURNS TABLE(last_id uuid, loans integer)
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_calc text;
  v_after uuid := coalesce(p_after, '00000000-0000-0000-0000-000000000000'::uuid);
  v_last uuid;
  v_n integer;
BEGIN
  SELECT s.calculation_type INTO v_calc FROM collectability_setting s WHERE s.tenant_id = app_tenant() ORDER BY s.level LIMIT 1;
  SELECT c.id, c.n::int INTO v_last, v_n
  FROM (SELECT l.id, row_number() OVER (ORDER BY l.id) AS n FROM loan l
        WHERE l.tenant_id = app_tenant() AND l.status = 'RUNNING' AND l.id > v_after ORDER BY l.id LIMIT p_limit) c
  ORDER BY c.id DESC LIMIT 1;
  IF v_last IS NULL THEN
    RETURN QUERY SELECT NULL::uuid, 0;
    RETURN;
  END IF;
  -- The loans with a fine to store on the day, locked in id order before their installments are read.
  PERFORM 1 FROM loan l
  WHERE l.tenant_id = app_tenant() AND l.status = 'RUNNING' AND l.id > v_after AND l.id <= v_last AND l.fine > 0
    AND EXISTS (SELECT 1 FROM loan_installment i
                WHERE i.tenant_id = app_tenant() AND i.loan_id = l.id AND i.schedule_no = l.schedule_no AND NOT i.superseded
                  AND i.paid_date IS NULL AND i.due_date + l.fine_grace_days < p_date
                  AND (i.fine_counted_to IS NULL OR i.fine_counted_to < p_date))
  ORDER BY l.id FOR UPDATE OF l;
  UPDATE loan_installment i
  SET fine_accrued = i.fine_accrued + round(
        CASE WHEN l.fine_method = 'PERCENT' THEN (i.principal + i.interest - i.principal_paid - i.interest_paid) * l.fine / 100 ELSE l.fine END
        * (p_date - greatest(i.due_date + l.fine_grace_days, coalesce(i.fine_counted_to, i.due_date + l.fine_grace_days))), 2),
      fine_counted_to = p_date
  FROM loan l
  WHERE l.tenant_id = app_tenant() AND l.status = 'RUNNING' AND l.id > v_after AND l.id <= v_last AND l.fine > 0
    AND i.tenant_id = app_tenant() AND i.loan_id = l.id AND i.schedule_no = l.schedule_no AND NOT i.superseded AND i.paid_date IS NULL
    AND i.principal + i.interest - i.principal_paid - i.interest_paid > 0
    AND p_date > greatest(i.due_date + l.fine_grace_days, coalesce(i.fine_counted_to, i.due_date + l.fine_grace_days));
  RETURN QUERY
  WITH pick AS (
    SELECT l.id, l.schedule_no, l.remaining_principal, l.fine AS rate, l.fine_method, l.fine_grace_days
    FROM loan l
    WHERE l.tenant_id = app_tenant() AND l.status = 'RUNNING' AND l.id > v_after AND l.id <= v_last
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
  SELECT v_last, v_n;
END
$function$;
REVOKE ALL ON FUNCTION loan_portfolio_day(date, uuid, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION loan_portfolio_day(date, uuid, integer) TO koperasi_app;
