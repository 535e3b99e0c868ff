-- interest_tax_withhold: the live definition (docs/contributing.md "SQL functions").
--
-- THE rule of the tax on cooperative interest (PP 15/2009, docs/deposits.md "Tax on interest") for every posting:
-- the deposit release (deposit_release_chunk), the withdrawal and break of a deposit, and the savings interest
-- release call it. `monthlyInterestTax` in packages/finance/src/deposit.ts is the same rule for simulations and
-- projections only; `deposits-tax-rule.test.ts` proves both agree (exactly the tax-free amount, one sen above, the
-- second posting of a month withholding the difference).
--
-- Postings (1-based): subject (member, or account with basis ACCOUNT), month (1st of the month), gross, tax-free
-- amount, rate in percent. The postings of one call are one moment (one release, one payment): a subject's postings
-- of a month are withheld smallest gross first (ties in array order), so the largest carries what the month owes. In
-- array order, a member whose small account came last after a large one crossed the tax-free amount owed more than
-- that small posting could carry, and the rest was never withheld (the release of 100,000 bench accounts under-withheld
-- Rp 4.4 million from 1,013 of 50,000 members); in this order the last posting holds at least the subject's share of
-- the month (total / postings), which carries the tax unless a subject has more postings than 100 / rate or the month
-- owes tax from earlier calls. The month's gross so far plus this posting's gross is the month total;
-- up to the tax-free amount it is not taxed, above it the WHOLE total is taxed at the rate (half-up to the sen).
-- This posting withholds that tax less what the month withheld before, never below 0 and never above its own gross
-- (what it cannot carry falls to the month's next posting). The month rows (interest_tax_month) that exist are
-- locked FOR UPDATE in (subject, month) order and raised; the missing ones are inserted once with their final totals
-- (one write per new row: a month-end release creates most of them). A row another transaction created meanwhile (the
-- insert waits for it, then skips it) is locked, read, and its postings computed again. The tax of each posting is
-- answered in array order.
--
-- enable_seqscan off: the month rows are only ever read by their key. A generic plan is made at a backend's first call
-- and kept; at a month's first release the month's rows do not exist yet, the table is (nearly) empty, and the
-- planner chose a sequential scan for the per-key lookup, which that backend then ran for every key of every later
-- chunk while the table grew by a row per member: a release of 1,000,000 accounts slowed from ~16,000 to ~7,000
-- accounts/s and took 132.6 s instead of 68.7 s (docs/interest.md "Fifth pass").
CREATE OR REPLACE FUNCTION interest_tax_withhold(p_subject uuid[], p_month date[], p_gross numeric[], p_free numeric[], p_rate numeric[])
 RETURNS numeric[]
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
 SET enable_seqscan TO 'off'
AS $function$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  v_n integer := coalesce(cardinality(p_subject), 0);
  v_key jsonb := '{}'::jsonb;
  k_subject uuid[];
  k_month date[];
  k_new boolean[];
  k_done boolean[];
  k_og numeric[];
  k_ot numeric[];
  k_gross numeric[];
  k_tax numeric[];
  v_out numeric[];
  v_k integer;
  v_total numeric;
  v_due numeric;
  v_missing integer;
  v_raced integer[];
  v_ord integer[];
  i integer;
  j integer;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'interest_tax_withhold: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  IF v_n = 0 THEN
    RETURN '{}'::numeric[];
  END IF;
  -- Each (subject, month) row that exists read and locked by its primary key: a lateral subquery with FOR UPDATE is
  -- never flattened into a join, so the lookup stays one index probe per key whatever the table's statistics say (a
  -- set-wise join was planned as a scan of all the cooperative's month rows: a chunk's cost grew with the table).
  SELECT array_agg(k.s ORDER BY k.s, k.m), array_agg(k.m ORDER BY k.s, k.m), array_agg(t.gross IS NULL ORDER BY k.s, k.m),
         array_agg(coalesce(t.gross, 0) ORDER BY k.s, k.m), array_agg(coalesce(t.tax, 0) ORDER BY k.s, k.m)
    INTO k_subject, k_month, k_new, k_og, k_ot
    FROM (SELECT DISTINCT u.s, u.m FROM unnest(p_subject, p_month) AS u(s, m) ORDER BY 1, 2) k
    LEFT JOIN LATERAL (SELECT t.gross, t.tax FROM interest_tax_month t
                        WHERE t.tenant_id = v_tenant AND t.subject_id = k.s AND t.month = k.m FOR UPDATE OF t) t ON true;
  SELECT jsonb_object_agg(u.s::text || '|' || u.m::text, u.i) INTO v_key
    FROM unnest(k_subject, k_month) WITH ORDINALITY AS u(s, m, i);
  k_done := array_fill(false, ARRAY[cardinality(k_subject)]);
  -- The order of withholding: per subject and month, smallest gross first, ties in array order.
  SELECT array_agg(u.i ORDER BY u.s, u.m, u.g, u.i) INTO v_ord FROM unnest(p_subject, p_month, p_gross) WITH ORDINALITY AS u(s, m, g, i);
  LOOP
    -- The postings in that order on the month totals before them (k_og, k_ot); answered in array order.
    k_gross := k_og;
    k_tax := k_ot;
    v_out := array_fill(NULL::numeric, ARRAY[v_n]);
    FOR j IN 1..v_n LOOP
      i := v_ord[j];
      v_k := (v_key ->> (p_subject[i]::text || '|' || p_month[i]::text))::integer;
      v_total := k_gross[v_k] + p_gross[i];
      v_due := CASE WHEN v_total <= p_free[i] THEN 0 ELSE round(v_total * p_rate[i] / 100, 2) END - k_tax[v_k];
      v_due := least(greatest(v_due, 0), p_gross[i]);
      k_gross[v_k] := v_total;
      k_tax[v_k] := k_tax[v_k] + v_due;
      v_out[i] := v_due;
    END LOOP;
    -- The missing rows written once with their totals (in key order); a key another transaction inserted meanwhile
    -- is skipped here (after waiting for it) and taken again below.
    SELECT count(*) FILTER (WHERE n) INTO v_missing FROM unnest(k_new) AS x(n);
    EXIT WHEN v_missing = 0;
    WITH ins AS (
      INSERT INTO interest_tax_month (tenant_id, subject_id, month, gross, tax)
      SELECT v_tenant, u.s, u.m, u.g, u.x FROM unnest(k_subject, k_month, k_gross, k_tax, k_new) WITH ORDINALITY AS u(s, m, g, x, n, i)
       WHERE u.n ORDER BY u.i
      ON CONFLICT DO NOTHING
      RETURNING subject_id, month
    )
    SELECT array_agg(u.i ORDER BY u.i) FILTER (WHERE u.n AND ins.subject_id IS NULL),
           array_agg(u.n AND ins.subject_id IS NOT NULL ORDER BY u.i)
      INTO v_raced, k_done
      FROM unnest(k_subject, k_month, k_new) WITH ORDINALITY AS u(s, m, n, i)
      LEFT JOIN ins ON u.n AND ins.subject_id = u.s AND ins.month = u.m;
    -- Inserted (k_done): their totals are final, the write-back below leaves them alone.
    k_new := array_fill(false, ARRAY[cardinality(k_subject)]);
    EXIT WHEN v_raced IS NULL;
    -- Raced: lock and read them now; the postings are computed again on the totals found (the keys inserted above
    -- keep base 0, so they compute the same totals again).
    SELECT array_agg(t.i), array_agg(t.gross), array_agg(t.tax) INTO v_raced, k_gross, k_tax
      FROM (SELECT r.i, t.gross, t.tax FROM unnest(v_raced) AS r(i)
              CROSS JOIN LATERAL (SELECT t.gross, t.tax FROM interest_tax_month t
                                   WHERE t.tenant_id = v_tenant AND t.subject_id = k_subject[r.i] AND t.month = k_month[r.i] FOR UPDATE OF t) t
             ORDER BY r.i) t;
    FOR i IN 1..cardinality(v_raced) LOOP
      k_og[v_raced[i]] := k_gross[i];
      k_ot[v_raced[i]] := k_tax[i];
    END LOOP;
  END LOOP;
  -- The rows that existed (or raced) written back through the primary key (locked above): an upsert finds each row by
  -- its unique index, never by a planned join.
  INSERT INTO interest_tax_month AS t (tenant_id, subject_id, month, gross, tax)
  SELECT v_tenant, u.s, u.m, u.g, u.x FROM unnest(k_subject, k_month, k_gross, k_tax, k_og, k_ot, k_done) AS u(s, m, g, x, og, ot, d)
   WHERE NOT u.d AND (u.g, u.x) IS DISTINCT FROM (u.og, u.ot)
  ON CONFLICT (tenant_id, subject_id, month) DO UPDATE SET gross = excluded.gross, tax = excluded.tax, updated_date = now();
  RETURN v_out;
END
$function$;
