-- loan_pay_plan: the live definition (docs/contributing.md "SQL functions").
--
-- THE allocation rule of a loan payment (docs/loans.md "Payments"), for every payment of a batch at once
-- (p_items: [{ord, loan, kind INSTALLMENT | PARTIAL | OPEN_AMOUNT | PAYOFF, cnt, amount}]), on the loan's
-- current schedule as it is now (loan_pay_many locks the loans first). Writes nothing.
--  - Fines counted to p_date on every unpaid installment (fine_new): from max(due + grace days, counted to)
--    to the day, NOMINAL rupiah or PERCENT of the unpaid principal + interest per day, to the sen
--    (packages/finance fineFor; loan_portfolio_day counts the same).
--  - Targets: every open installment (unpaid principal + interest + fine > 0); INSTALLMENT the first `cnt`
--    of them; PAYOFF every installment with its interest to the day: due ones as scheduled, the current
--    period's pro rata to the day (days since the previous due date, or the release, over the period's days),
--    later ones none (loans.engine.ts payoffTargets, which the outstanding views use).
--  - The amount: INSTALLMENT and PAYOFF the targets' sum; otherwise the one asked. It is spread over the
--    targets oldest first, each fine → interest → principal: a running sum of the targets before decides
--    what is left for each bucket (the same as paying them one by one).
--  - After: fines materialised, paid figures, a payoff's unearned interest dropped ("Pelunasan dipercepat"),
--    paid_date when principal, interest and fines are settled.
-- Only the unpaid installments are read (a paid one takes nothing and stays paid); `due_only` items read only those
-- due by the day (the auto debit's due amount: the range before the first one not yet due). A payment that cannot reach the end of the schedule reads only the
-- installments up to the first one not yet due at which the open ones so far cover it (hd: one range of the
-- schedule's index; a payment on a 120-month loan reads two or three rows instead of 120 three times); the later
-- ones take nothing and are left as they are. Answers the rows the payment changes and each payment's first row;
-- the payment's figures repeat on each of its rows (totals allocated, paid off, in arrears after it, and): open
-- installments and owed (open principal, interest and fines) of the rows read, plus one installment for the later
-- ones when they were not read (then the rows read already hold `cnt` open installments and owe at least the
-- amount, so neither INSTALLMENTS_LEFT nor PAY_ABOVE_OWED can apply; every refusal's figures are whole), due (open
-- and due by the day; the first open one when none is due), the amount; and each row's place and version (row_ctid,
-- row_xmin: loan_pay_write updates that version there). loan_pay_plan_check.test.ts proves this
-- function and loans.engine.ts allocate the same on random loans.
CREATE OR REPLACE FUNCTION loan_pay_plan(p_date date, p_items jsonb)
 RETURNS SETOF loan_pay_inst
 LANGUAGE plpgsql
 STABLE
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH x AS (
    SELECT x.ord, x.loan, x.kind, coalesce(x.cnt, 1) AS cnt, x.amount, coalesce(x.due_only, false) AS due_only
      FROM jsonb_to_recordset(p_items) AS x(ord integer, loan uuid, kind text, cnt integer, amount numeric, due_only boolean)
  ), lx AS (
    SELECT x.*, l.schedule_no, l.fine AS rate, l.fine_method, l.fine_grace_days, coalesce(l.release_date, l.application_date) AS start_date
      FROM x JOIN loan l ON l.tenant_id = app_tenant() AND l.id = x.loan AND l.id = ANY (ARRAY(SELECT x.loan FROM x))
  ), cur AS (
    -- A payoff's current period: the first installment due after the day (paid or not) and the due date before it.
    SELECT lx.ord, c.number AS cur_no,
           coalesce((SELECT q.due_date FROM loan_installment q WHERE q.tenant_id = app_tenant() AND q.loan_id = lx.loan
                       AND q.schedule_no = lx.schedule_no AND NOT q.superseded AND q.number = c.number - 1), lx.start_date) AS cur_prev
      FROM lx CROSS JOIN LATERAL (SELECT min(q.number) AS number FROM loan_installment q
                                   WHERE q.tenant_id = app_tenant() AND q.loan_id = lx.loan AND q.schedule_no = lx.schedule_no
                                     AND NOT q.superseded AND q.due_date > p_date) c
     WHERE lx.kind = 'PAYOFF'
  ), hd AS MATERIALIZED (
    -- How far the allocation must look (docs/loans.md "Payments"): the first open installment (by its stored figures)
    -- not yet due at which the open ones so far reach the amount asked (INSTALLMENT: the cnt-th open one). Due dates
    -- ascend with the number (schedules are made so; update-installment keeps them in order), so every installment
    -- due by the day (the only ones whose fine grows) comes before it. Only the installments up to it are read (one
    -- range of the schedule's index): the later ones take nothing (the open ones before already cover the amount;
    -- fines only add to that). NULL (every unpaid installment read): a payoff, the auto debit's due amount, an amount
    -- above what the stored figures cover, or no open installment after it (the payment may settle the loan).
    -- bound: the last installment read (head_to; for the auto debit's due amount the one before the first not yet due;
    -- else all).
    SELECT lx.*,
           coalesce(CASE WHEN lx.due_only
                         THEN (SELECT t.number - 1 FROM loan_installment t
                                WHERE t.tenant_id = app_tenant() AND t.loan_id = lx.loan AND t.schedule_no = lx.schedule_no
                                  AND NOT t.superseded AND t.paid_date IS NULL AND t.due_date > p_date
                                ORDER BY t.number LIMIT 1)
                         WHEN EXISTS (SELECT 1 FROM loan_installment t
                                       WHERE t.tenant_id = app_tenant() AND t.loan_id = lx.loan AND t.schedule_no = lx.schedule_no
                                         AND NOT t.superseded AND t.paid_date IS NULL AND t.number > h.number
                                         AND t.principal - t.principal_paid + t.interest - t.interest_paid
                                             + t.fine_accrued - t.fine_paid - t.fine_waived > 0)
                         THEN h.number END, 2147483647) AS bound
      FROM lx LEFT JOIN LATERAL (
        SELECT q.number FROM (
          SELECT i.number, i.due_date,
                 count(*) FILTER (WHERE i.principal - i.principal_paid + i.interest - i.interest_paid
                                        + i.fine_accrued - i.fine_paid - i.fine_waived > 0) OVER w AS rk,
                 coalesce(sum(i.principal - i.principal_paid + i.interest - i.interest_paid + i.fine_accrued - i.fine_paid - i.fine_waived)
                            FILTER (WHERE i.principal - i.principal_paid + i.interest - i.interest_paid
                                          + i.fine_accrued - i.fine_paid - i.fine_waived > 0) OVER w, 0) AS cs
            FROM loan_installment i
           WHERE i.tenant_id = app_tenant() AND i.loan_id = lx.loan AND i.schedule_no = lx.schedule_no AND NOT i.superseded
             AND i.paid_date IS NULL
          WINDOW w AS (ORDER BY i.number ROWS UNBOUNDED PRECEDING)) q
         WHERE q.rk >= CASE WHEN lx.kind = 'INSTALLMENT' THEN lx.cnt ELSE 1 END
           AND q.cs >= CASE WHEN lx.kind IN ('PARTIAL', 'OPEN_AMOUNT') THEN coalesce(lx.amount, 0) ELSE 0 END
           AND q.due_date > p_date
         ORDER BY q.number LIMIT 1) h ON lx.kind <> 'PAYOFF' AND NOT lx.due_only
  ), r AS (
    -- Only the unpaid installments: a paid one takes nothing and stays paid.
    SELECT lx.ord, lx.kind, lx.cnt, lx.amount AS asked, i.id, i.loan_id, i.number, i.due_date, i.principal, i.interest, i.principal_paid,
           i.interest_paid, i.fine_accrued, i.fine_counted_to, i.fine_paid, i.fine_waived, i.paid_date, i.notes,
           lx.rate, lx.fine_method,
           i.ctid AS row_ctid, i.xmin AS row_xmin, i.principal - i.principal_paid AS up, i.interest - i.interest_paid AS ui,
           greatest(i.due_date + lx.fine_grace_days, coalesce(i.fine_counted_to, i.due_date + lx.fine_grace_days)) AS fine_from,
           cur.cur_prev AS prev_due,
           CASE WHEN i.number = cur.cur_no THEN 1 ELSE 0 END AS future_no,
           CASE WHEN lx.bound < 2147483647 AND NOT lx.due_only THEN 1 ELSE 0 END AS tail_n
      FROM hd lx
      JOIN loan_installment i ON i.tenant_id = app_tenant() AND i.loan_id = lx.loan AND i.schedule_no = lx.schedule_no AND NOT i.superseded
                             AND i.paid_date IS NULL AND (NOT lx.due_only OR i.due_date <= p_date)
                             AND i.number <= lx.bound
      LEFT JOIN cur ON cur.ord = lx.ord
  ), f AS (
    SELECT r.*,
           CASE WHEN r.paid_date IS NULL AND r.up + r.ui > 0 AND r.rate > 0 AND p_date > r.fine_from
                THEN round(CASE WHEN r.fine_method = 'PERCENT' THEN (r.up + r.ui) * r.rate / 100 ELSE r.rate END * (p_date - r.fine_from), 2)
                ELSE 0 END AS fine_new,
           greatest(1, r.due_date - coalesce(r.prev_due, r.due_date)) AS period
      FROM r
  ), t AS (
    SELECT f.*, f.fine_accrued - f.fine_paid - f.fine_waived + f.fine_new AS tf,
           CASE WHEN f.kind <> 'PAYOFF' OR f.due_date <= p_date THEN f.ui
                WHEN f.future_no = 1
                  THEN greatest(round(f.interest * greatest(0, least(f.period, p_date - f.prev_due)) / f.period, 2) - f.interest_paid, 0)
                ELSE 0 END AS ti
      FROM f
  ), o AS (
    SELECT t.*, t.up + t.ui + t.tf > 0 AS is_open FROM t
  ), k AS (
    SELECT o.*, count(*) FILTER (WHERE o.is_open) OVER (PARTITION BY o.ord ORDER BY o.number ROWS UNBOUNDED PRECEDING) AS open_rank
      FROM o
  ), g AS (
    SELECT k.*,
           CASE k.kind WHEN 'INSTALLMENT' THEN k.is_open AND k.open_rank <= k.cnt
                       WHEN 'PAYOFF' THEN k.up + k.ti + k.tf > 0
                       ELSE k.is_open END AS is_target
      FROM k
  ), s AS (
    SELECT g.*,
           (count(*) FILTER (WHERE g.is_open) OVER p)::integer + g.tail_n AS open_count,
           coalesce(sum(g.up + g.ui + g.tf) FILTER (WHERE g.is_open) OVER p, 0) AS owed,
           coalesce(sum(g.up + g.ui + g.tf) FILTER (WHERE g.is_open AND g.due_date <= p_date) OVER p, 0) AS due_sum,
           coalesce(sum(g.up + g.ui + g.tf) FILTER (WHERE g.is_open AND g.open_rank = 1) OVER p, 0) AS first_open,
           coalesce(sum(g.up + g.ti + g.tf) FILTER (WHERE g.is_target) OVER p, 0) AS target_sum,
           coalesce(sum(g.up + g.ti + g.tf) FILTER (WHERE g.is_target) OVER (PARTITION BY g.ord ORDER BY g.number
                                                                           ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
      FROM g
    WINDOW p AS (PARTITION BY g.ord)
  ), a AS (
    SELECT s.*, CASE WHEN s.kind IN ('INSTALLMENT', 'PAYOFF') THEN s.target_sum ELSE s.asked END AS amount
      FROM s
  ), al AS (
    SELECT a.*,
           CASE WHEN a.is_target THEN least(greatest(a.amount - a.before, 0), a.tf) ELSE 0 END AS pay_fine,
           CASE WHEN a.is_target THEN least(greatest(a.amount - a.before - a.tf, 0), a.ti) ELSE 0 END AS pay_interest,
           CASE WHEN a.is_target THEN least(greatest(a.amount - a.before - a.tf - a.ti, 0), a.up) ELSE 0 END AS pay_principal
      FROM a
  ), n AS (
    SELECT al.*,
           CASE WHEN al.kind = 'PAYOFF' AND al.due_date > p_date AND al.interest <> al.interest_paid + al.pay_interest
                THEN al.interest_paid + al.pay_interest ELSE al.interest END AS new_interest
      FROM al
  ), d AS (
    SELECT n.*,
           n.paid_date IS NULL AND n.principal_paid + n.pay_principal = n.principal AND n.interest_paid + n.pay_interest = n.new_interest
             AND n.fine_accrued + n.fine_new - n.fine_paid - n.pay_fine - n.fine_waived <= 0 AS settles,
           n.due_date < p_date AND n.principal - n.principal_paid - n.pay_principal + n.new_interest - n.interest_paid - n.pay_interest > 0 AS late
      FROM n
  ), z AS (
    SELECT d.*,
           bool_and(d.paid_date IS NOT NULL OR d.settles) OVER p AND d.tail_n = 0 AS all_paid,
           (count(*) FILTER (WHERE d.late) OVER p)::integer AS overdue,
           min(d.due_date) FILTER (WHERE d.late) OVER p AS oldest,
           sum(d.pay_fine) OVER p AS sum_fine, sum(d.pay_interest) OVER p AS sum_interest, sum(d.pay_principal) OVER p AS sum_principal,
           row_number() OVER (PARTITION BY d.ord ORDER BY d.number) AS rn
      FROM d
    WINDOW p AS (PARTITION BY d.ord)
  )
  -- The rows the payment changes, and each payment's first row (its figures even when it changes nothing).
  SELECT z.ord, z.id, z.loan_id, z.number, z.due_date, z.principal, z.interest, z.principal_paid, z.interest_paid, z.fine_accrued,
         z.fine_counted_to, z.fine_paid, z.fine_waived, z.paid_date, z.notes,
         z.fine_new, z.is_open, z.is_target,
         z.open_count, z.owed, CASE WHEN z.due_sum = 0 AND z.open_count > 0 THEN z.first_open ELSE z.due_sum END, z.amount,
         z.pay_fine, z.pay_interest, z.pay_principal,
         z.new_interest, CASE WHEN z.new_interest <> z.interest THEN 'Pelunasan dipercepat' ELSE z.notes END,
         CASE WHEN z.settles THEN p_date ELSE z.paid_date END,
         z.fine_new > 0 OR z.pay_fine > 0 OR z.pay_interest > 0 OR z.pay_principal > 0 OR z.new_interest <> z.interest OR z.settles,
         z.all_paid, z.overdue, z.oldest, z.sum_fine, z.sum_interest, z.sum_principal, z.row_ctid, z.row_xmin
    FROM z
   WHERE z.rn = 1 OR z.fine_new > 0 OR z.pay_fine > 0 OR z.pay_interest > 0 OR z.pay_principal > 0 OR z.new_interest <> z.interest OR z.settles
   ORDER BY z.ord, z.number;
END
$function$;
REVOKE ALL ON FUNCTION loan_pay_plan(date, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION loan_pay_plan(date, jsonb) TO koperasi_app;
