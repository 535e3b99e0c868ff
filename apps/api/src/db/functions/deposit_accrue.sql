-- deposit_accrue: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- The daily accrual of term-deposit interest for the transaction's cooperative and day p_day (docs/deposits.md
-- "Daily accrual"), once per day (deposit_accrual_day; a second call answers the first one's figures):
--  1. every ACTIVE deposit whose running period (from f to the payment day `due`, f <= p_day < due) is not paid yet
--     (due > paid_through), of a product mapping INTEREST_EXPENSE and INTEREST_PAYABLE, locked FOR SHARE (a release
--     chunk paying it is waited for, and then the period is seen paid);
--  2. the period's interest (as deposit_pay_due: principal x rate / 12, or x days / 365, half-up to the sen) accrued
--     through p_day is round(interest x days elapsed / days of the period, 2): the whole interest on the day before
--     the payment day; the day's accrual is that less what the period accrued before (never negative);
--  3. one journal for the cooperative and day (Dr interest expense, Cr interest payable, per product account), posted
--     with ledger_post_arrays; the periods' rows raised.
-- Answers the day's amount, deposits accrued and journal (NULL when nothing accrued).
CREATE OR REPLACE FUNCTION deposit_accrue(p_day date, p_user uuid)
 RETURNS TABLE(amount numeric, deposits integer, journal_id uuid)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  v_total numeric;
  v_n integer;
  v_journal uuid;
  l_acc uuid[]; l_debit numeric[]; l_credit numeric[];
  m record;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'deposit_accrue: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  -- Once per day: the day's row is taken first (a concurrent call waits, then answers the first one's figures).
  INSERT INTO deposit_accrual_day (tenant_id, day, amount, deposits) VALUES (v_tenant, p_day, 0, 0) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT a.amount, a.deposits, a.journal_id FROM deposit_accrual_day a WHERE a.tenant_id = v_tenant AND a.day = p_day;
    RETURN;
  END IF;
  CREATE TEMP TABLE IF NOT EXISTS pg_temp.deposit_accrue_rows (deposit_id uuid, due date, delta numeric, target numeric, expense uuid, payable uuid)
    ON COMMIT DROP;
  TRUNCATE pg_temp.deposit_accrue_rows;
  INSERT INTO pg_temp.deposit_accrue_rows
  SELECT x.id, x.due, greatest(x.target - coalesce(ac.accrued, 0), 0), greatest(x.target, coalesce(ac.accrued, 0)), x.expense, x.payable
    FROM (
      SELECT d.id, k.due, gl.expense, gl.payable,
             round(CASE WHEN d.day_count = 'MONTHLY' THEN round(d.principal * d.rate / 1200, 2)
                        ELSE round(d.principal * d.rate * (k.due - k.f) / 36500, 2) END * (p_day - k.f + 1) / (k.due - k.f), 2) AS target
        FROM (SELECT d.* FROM deposit d
               WHERE d.tenant_id = v_tenant AND d.status = 'ACTIVE' AND d.start_date <= p_day AND d.maturity_date > p_day
               FOR SHARE OF d) d
        CROSS JOIN LATERAL (SELECT (d.start_date + make_interval(months => g - 1))::date AS f,
                                   (d.start_date + make_interval(months => g))::date AS due
                              FROM generate_series(1, d.tenor) g) k
        JOIN LATERAL (SELECT max(g.coa_id::text) FILTER (WHERE g.role = 'INTEREST_EXPENSE')::uuid AS expense,
                             max(g.coa_id::text) FILTER (WHERE g.role = 'INTEREST_PAYABLE')::uuid AS payable
                        FROM product_gl_account g WHERE g.tenant_id = v_tenant AND g.product_id = d.product_id) gl ON true
       WHERE k.f <= p_day AND p_day < k.due AND k.due > d.paid_through AND gl.expense IS NOT NULL AND gl.payable IS NOT NULL
    ) x
    LEFT JOIN deposit_accrual ac ON ac.tenant_id = v_tenant AND ac.deposit_id = x.id AND ac.due_date = x.due;
  SELECT coalesce(sum(r.delta), 0), count(*) FILTER (WHERE r.delta > 0) INTO v_total, v_n FROM pg_temp.deposit_accrue_rows r;
  IF v_total > 0 THEN
    SELECT array_agg(y.acc ORDER BY y.side, y.acc), array_agg(y.dr ORDER BY y.side, y.acc), array_agg(y.cr ORDER BY y.side, y.acc)
      INTO l_acc, l_debit, l_credit
      FROM (SELECT r.expense AS acc, 1 AS side, sum(r.delta) AS dr, 0::numeric AS cr FROM pg_temp.deposit_accrue_rows r GROUP BY r.expense
            UNION ALL
            SELECT r.payable, 2, 0::numeric, sum(r.delta) FROM pg_temp.deposit_accrue_rows r GROUP BY r.payable) y
     WHERE y.dr > 0 OR y.cr > 0;
    v_journal := gen_random_uuid();
    SELECT * INTO m FROM ledger_post_arrays(
      ARRAY[v_journal], ARRAY[p_day], ARRAY['Akrual bunga simpanan berjangka ' || p_day || ' (' || v_n || ' deposito)'],
      ARRAY['AKRUAL-' || p_day], ARRAY['DEPOSIT'], ARRAY['accrual:' || p_day], ARRAY[false], ARRAY[false], ARRAY[NULL::uuid], ARRAY[NULL::text],
      ARRAY[p_user], array_fill(1, ARRAY[cardinality(l_acc)]), (SELECT array_agg(g::int) FROM generate_series(1, cardinality(l_acc)) g),
      l_acc, l_debit, l_credit, array_fill(NULL::text, ARRAY[cardinality(l_acc)]), array_fill(NULL::uuid, ARRAY[cardinality(l_acc)]),
      array_fill(NULL::uuid, ARRAY[cardinality(l_acc)]), true, false) x;
    INSERT INTO deposit_accrual (tenant_id, deposit_id, due_date, accrued, through)
    SELECT v_tenant, r.deposit_id, r.due, r.target, p_day FROM pg_temp.deposit_accrue_rows r WHERE r.delta > 0
    ON CONFLICT (tenant_id, deposit_id, due_date) DO UPDATE SET accrued = EXCLUDED.accrued, through = EXCLUDED.through;
  END IF;
  UPDATE deposit_accrual_day a SET amount = v_total, deposits = v_n, journal_id = v_journal WHERE a.tenant_id = v_tenant AND a.day = p_day;
  RETURN QUERY SELECT v_total, v_n, v_journal;
END
$function$;
REVOKE ALL ON FUNCTION deposit_accrue(date, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION deposit_accrue(date, uuid) TO koperasi_app;
