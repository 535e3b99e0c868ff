-- interest_tax_withhold: the live definition (docs/contributing.md "SQL functions").
--
-- THE rule of the tax on cooperative interest (PP 15/2009, docs/deposits.md "Tax on interest") for every posting:
-- the deposit release (deposit_release_chunk), the withdrawal and break of a deposit, and the savings interest
-- release call it. `monthlyInterestTax` in packages/finance/src/deposit.ts is the same rule for simulations and
-- projections only; `deposits-tax-rule.test.ts` proves both agree (exactly the tax-free amount, one sen above, the
-- second posting of a month withholding the difference).
--
-- Postings in array order (1-based): subject (member, or account with basis ACCOUNT), month (1st of the month),
-- gross, tax-free amount, rate in percent. The month's gross so far plus this posting's gross is the month total;
-- up to the tax-free amount it is not taxed, above it the WHOLE total is taxed at the rate (half-up to the sen).
-- This posting withholds that tax less what the month withheld before, never below 0 and never above its own gross
-- (what it cannot carry falls to the month's next posting). The month rows (interest_tax_month) are created when
-- missing, locked FOR UPDATE in (subject, month) order, raised, and the tax of each posting is answered in order.
CREATE OR REPLACE FUNCTION interest_tax_withhold(p_subject uuid[], p_month date[], p_gross numeric[], p_free numeric[], p_rate numeric[])
 RETURNS numeric[]
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  v_n integer := coalesce(cardinality(p_subject), 0);
  v_key jsonb := '{}'::jsonb;
  k_subject uuid[];
  k_month date[];
  k_gross numeric[];
  k_tax numeric[];
  k_og numeric[];
  k_ot numeric[];
  v_out numeric[] := '{}';
  v_k integer;
  v_total numeric;
  v_due numeric;
  i integer;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'interest_tax_withhold: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  IF v_n = 0 THEN
    RETURN v_out;
  END IF;
  INSERT INTO interest_tax_month (tenant_id, subject_id, month)
  SELECT DISTINCT v_tenant, u.s, u.m FROM unnest(p_subject, p_month) AS u(s, m) ORDER BY 2, 3
  ON CONFLICT DO NOTHING;
  -- Each (subject, month) row read and locked by its primary key: a lateral subquery with FOR UPDATE is never
  -- flattened into a join, so the lookup stays one index probe per key whatever the table's statistics say (a
  -- set-wise join was planned as a scan of all the cooperative's month rows: a chunk's cost grew with the table).
  SELECT array_agg(k.s ORDER BY k.s, k.m), array_agg(k.m ORDER BY k.s, k.m), array_agg(t.gross ORDER BY k.s, k.m),
         array_agg(t.tax ORDER BY k.s, k.m)
    INTO k_subject, k_month, k_gross, k_tax
    FROM (SELECT DISTINCT u.s, u.m FROM unnest(p_subject, p_month) AS u(s, m) ORDER BY 1, 2) k
    CROSS JOIN LATERAL (SELECT t.gross, t.tax FROM interest_tax_month t
                         WHERE t.tenant_id = v_tenant AND t.subject_id = k.s AND t.month = k.m FOR UPDATE OF t) t;
  k_og := k_gross;
  k_ot := k_tax;
  SELECT jsonb_object_agg(u.s::text || '|' || u.m::text, u.i) INTO v_key
    FROM unnest(k_subject, k_month) WITH ORDINALITY AS u(s, m, i);
  FOR i IN 1..v_n LOOP
    v_k := (v_key ->> (p_subject[i]::text || '|' || p_month[i]::text))::integer;
    v_total := k_gross[v_k] + p_gross[i];
    v_due := CASE WHEN v_total <= p_free[i] THEN 0 ELSE round(v_total * p_rate[i] / 100, 2) END - k_tax[v_k];
    v_due := least(greatest(v_due, 0), p_gross[i]);
    k_gross[v_k] := v_total;
    k_tax[v_k] := k_tax[v_k] + v_due;
    v_out[i] := v_due;
  END LOOP;
  -- Written back through the primary key (the rows exist and are locked above): an upsert finds each row by its
  -- unique index, never by a planned join.
  INSERT INTO interest_tax_month AS t (tenant_id, subject_id, month, gross, tax)
  SELECT v_tenant, u.s, u.m, u.g, u.x FROM unnest(k_subject, k_month, k_gross, k_tax, k_og, k_ot) AS u(s, m, g, x, og, ot)
   WHERE (u.g, u.x) IS DISTINCT FROM (u.og, u.ot)
  ON CONFLICT (tenant_id, subject_id, month) DO UPDATE SET gross = excluded.gross, tax = excluded.tax, updated_date = now();
  RETURN v_out;
END
$function$;
