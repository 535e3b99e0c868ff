-- ledger_post, faster: the batch is parsed once into arrays and every
-- statement works from them (the first version parsed the JSON in each
-- statement and read its own lines back for the summary). Same signature,
-- same checks, same lock order, same error codes (see 0100_ledger.sql).

CREATE OR REPLACE FUNCTION ledger_post(p_journals jsonb)
RETURNS TABLE (journal_id uuid, fiscal_year integer, seq integer, number text, posted_at timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  v_start integer;
  v_now timestamptz := now();
  v_base jsonb := '{}'::jsonb;
  v_last integer;
  v_txt text;
  v_uuid uuid;
  r record;
  -- journals, by position in the batch
  j_id uuid[];
  j_date date[];
  j_fy integer[];
  j_desc text[];
  j_ref text[];
  j_mod text[];
  j_src text[];
  j_adj boolean[];
  j_close boolean[];
  j_rev uuid[];
  j_reason text[];
  j_by uuid[];
  j_seq integer[];
  j_total numeric[];
  j_lines integer[];
  -- lines, with the position of their journal
  l_ord integer[];
  l_no integer[];
  l_acc uuid[];
  l_debit numeric[];
  l_credit numeric[];
  l_desc text[];
  l_branch uuid[];
  l_bu uuid[];
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'ledger_post: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  SELECT t.fiscal_year_start_month INTO v_start FROM tenant t WHERE t.tenant_id = v_tenant;
  IF v_start IS NULL THEN
    RAISE EXCEPTION 'ledger_post: unknown tenant' USING ERRCODE = 'KL000';
  END IF;

  -- Parse once: journal arrays are indexed by position in the batch (ord), lines carry their journal's ord.
  SELECT array_agg((x.j->>'id')::uuid ORDER BY x.ord), array_agg((x.j->>'date')::date ORDER BY x.ord),
         array_agg(ledger_fiscal_year_of((x.j->>'date')::date, v_start) ORDER BY x.ord),
         array_agg(x.j->>'description' ORDER BY x.ord), array_agg(nullif(x.j->>'referenceCode', '') ORDER BY x.ord), array_agg(x.j->>'sourceModule' ORDER BY x.ord),
         array_agg(nullif(x.j->>'sourceId', '') ORDER BY x.ord), array_agg(coalesce((x.j->>'isAdjustment')::boolean, false) ORDER BY x.ord),
         array_agg(coalesce((x.j->>'isClosing')::boolean, false) ORDER BY x.ord), array_agg((x.j->>'reversalOfId')::uuid ORDER BY x.ord),
         array_agg(x.j->>'reversalReason' ORDER BY x.ord), array_agg((x.j->>'createdBy')::uuid ORDER BY x.ord)
    INTO j_id, j_date, j_fy, j_desc, j_ref, j_mod, j_src, j_adj, j_close, j_rev, j_reason, j_by
    FROM jsonb_array_elements(p_journals) WITH ORDINALITY AS x(j, ord);
  IF j_id IS NULL THEN
    RETURN;
  END IF;
  SELECT array_agg(x.ord::int), array_agg(y.n::int), array_agg((y.l->>'accountId')::uuid),
         array_agg(coalesce((y.l->>'debit')::numeric, 0)), array_agg(coalesce((y.l->>'credit')::numeric, 0)),
         array_agg(nullif(y.l->>'description', '')), array_agg((y.l->>'branchId')::uuid), array_agg((y.l->>'businessUnitId')::uuid)
    INTO l_ord, l_no, l_acc, l_debit, l_credit, l_desc, l_branch, l_bu
    FROM jsonb_array_elements(p_journals) WITH ORDINALITY AS x(j, ord),
         jsonb_array_elements(x.j->'lines') WITH ORDINALITY AS y(l, n);

  -- Shape: one side per line, strictly positive, two decimals at most.
  SELECT u.o || '#' || u.n INTO v_txt
    FROM unnest(l_ord, l_no, l_acc, l_debit, l_credit) AS u(o, n, a, d, c)
   WHERE u.a IS NULL OR u.d < 0 OR u.c < 0 OR (u.d > 0) = (u.c > 0) OR u.d <> round(u.d, 2) OR u.c <> round(u.c, 2)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'JOURNAL_LINE_INVALID' USING ERRCODE = 'KL001', DETAIL = v_txt;
  END IF;
  -- Per journal: line count and totals; at least two lines, debits = credits.
  SELECT array_agg(coalesce(s.n, 0) ORDER BY g.o), array_agg(coalesce(s.d, 0) ORDER BY g.o)
    INTO j_lines, j_total
    FROM generate_series(1, cardinality(j_id)) AS g(o)
    LEFT JOIN (SELECT u.o, count(*)::int AS n, sum(u.d) AS d, sum(u.c) AS c
                 FROM unnest(l_ord, l_debit, l_credit) AS u(o, d, c) GROUP BY u.o) s ON s.o = g.o;
  SELECT g.o::text INTO v_txt
    FROM generate_series(1, cardinality(j_id)) AS g(o)
    LEFT JOIN (SELECT u.o, sum(u.d) AS d, sum(u.c) AS c FROM unnest(l_ord, l_debit, l_credit) AS u(o, d, c) GROUP BY u.o) s ON s.o = g.o
   WHERE j_lines[g.o] < 2 OR s.d <> s.c OR j_id[g.o] IS NULL OR j_date[g.o] IS NULL
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'JOURNAL_UNBALANCED' USING ERRCODE = 'KL002', DETAIL = v_txt;
  END IF;

  -- The tenant-year lock and the numbers.
  FOR r IN SELECT f AS fy, count(*)::int AS n FROM unnest(j_fy) AS f GROUP BY f ORDER BY f LOOP
    INSERT INTO ledger_counter AS c (tenant_id, fiscal_year, last_seq) VALUES (v_tenant, r.fy, r.n)
    ON CONFLICT ON CONSTRAINT ledger_counter_pkey DO UPDATE SET last_seq = c.last_seq + EXCLUDED.last_seq
    RETURNING c.last_seq - r.n INTO v_last;
    v_base := v_base || jsonb_build_object(r.fy::text, v_last);
  END LOOP;
  j_seq := ARRAY(SELECT (v_base->>u.f::text)::int + row_number() OVER (PARTITION BY u.f ORDER BY u.o)::int
                   FROM unnest(j_fy) WITH ORDINALITY AS u(f, o) ORDER BY u.o);

  -- Closed months, read after the lock so a month closed meanwhile is seen.
  SELECT to_char(u.d, 'YYYY-MM') INTO v_txt
    FROM unnest(j_date, j_close) AS u(d, c)
    JOIN ledger_state s ON s.tenant_id = v_tenant AND u.d <= s.closed_through
   WHERE NOT u.c
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'PERIOD_CLOSED' USING ERRCODE = 'KL003', DETAIL = v_txt;
  END IF;
  -- Closing entries may land in a closed month, never in a closed fiscal year.
  SELECT y.fiscal_year::text INTO v_txt
    FROM unnest(j_fy, j_close) AS u(f, c)
    JOIN ledger_fiscal_year y ON y.tenant_id = v_tenant AND y.fiscal_year = u.f AND y.status = 'CLOSED'
   WHERE u.c
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'FISCAL_YEAR_CLOSED' USING ERRCODE = 'KL004', DETAIL = v_txt;
  END IF;
  -- A reversal names an existing journal that is not itself a reversal
  -- (a second reversal of the same journal fails on journal_reversal_uq).
  SELECT u.rv INTO v_uuid
    FROM unnest(j_rev, j_reason) AS u(rv, why)
    LEFT JOIN journal o ON o.tenant_id = v_tenant AND o.id = u.rv
   WHERE u.rv IS NOT NULL AND (o.id IS NULL OR o.reversal_of_id IS NOT NULL OR u.why IS NULL)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'REVERSAL_INVALID' USING ERRCODE = 'KL008', DETAIL = v_uuid::text;
  END IF;

  INSERT INTO journal (tenant_id, id, fiscal_year, seq, number, date, period, description, reference_code, source_module,
                       source_id, is_adjustment, is_closing, reversal_of_id, reversal_reason, total_amount, line_count, created_by, posted_at)
  SELECT v_tenant, u.id, u.fy, u.sq,
         'JU/' || u.fy || '/' || CASE WHEN u.sq < 1000000 THEN lpad(u.sq::text, 6, '0') ELSE u.sq::text END,
         u.d, date_trunc('month', u.d)::date, u.descr, u.ref, u.md, u.src, u.adj, u.cl, u.rv, u.why, u.total, u.nl, u.by, v_now
    FROM unnest(j_id, j_fy, j_seq, j_date, j_desc, j_ref, j_mod, j_src, j_adj, j_close, j_rev, j_reason, j_total, j_lines, j_by)
         AS u(id, fy, sq, d, descr, ref, md, src, adj, cl, rv, why, total, nl, by);

  -- Lines; a line without a business unit takes its account's.
  INSERT INTO journal_line (tenant_id, journal_id, line_no, account_id, debit, credit, description, branch_id, business_unit_id, date)
  SELECT v_tenant, j_id[u.o], u.n, u.a, u.d, u.c, u.descr, u.br, coalesce(u.bu, a.business_unit_id), j_date[u.o]
    FROM unnest(l_ord, l_no, l_acc, l_debit, l_credit, l_desc, l_branch, l_bu) AS u(o, n, a, d, c, descr, br, bu)
    LEFT JOIN coa_account a ON a.tenant_id = v_tenant AND a.id = u.a;

  -- Accounts, read after the foreign-key locks so a concurrent change is seen.
  SELECT CASE WHEN a.id IS NULL THEN 'ACCOUNT_NOT_FOUND' WHEN NOT a.is_active THEN 'ACCOUNT_INACTIVE' ELSE 'ACCOUNT_NOT_POSTABLE' END,
         x.acc
    INTO v_txt, v_uuid
    FROM (SELECT DISTINCT u.acc FROM unnest(l_acc) AS u(acc)) x
    LEFT JOIN coa_account a ON a.tenant_id = v_tenant AND a.id = x.acc
   WHERE a.id IS NULL OR NOT a.is_active OR NOT a.is_postable
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '%', v_txt USING ERRCODE = CASE v_txt WHEN 'ACCOUNT_NOT_FOUND' THEN 'KL005'
                                                          WHEN 'ACCOUNT_INACTIVE' THEN 'KL006' ELSE 'KL007' END,
                                     DETAIL = v_uuid::text;
  END IF;

  -- The monthly summary, in a fixed row order.
  INSERT INTO ledger_balance AS b (tenant_id, account_id, period, business_unit_id, debit, credit,
                                   adj_debit, adj_credit, close_debit, close_credit, line_count)
  SELECT v_tenant, x.a, x.p, x.bu, sum(x.d), sum(x.c),
         coalesce(sum(x.d) FILTER (WHERE x.adj), 0), coalesce(sum(x.c) FILTER (WHERE x.adj), 0),
         coalesce(sum(x.d) FILTER (WHERE x.cl), 0), coalesce(sum(x.c) FILTER (WHERE x.cl), 0), count(*)
    FROM (SELECT u.a, date_trunc('month', j_date[u.o])::date AS p,
                 coalesce(u.bu, a.business_unit_id, '00000000-0000-0000-0000-000000000000'::uuid) AS bu,
                 u.d, u.c, j_adj[u.o] AS adj, j_close[u.o] AS cl
            FROM unnest(l_ord, l_acc, l_debit, l_credit, l_bu) AS u(o, a, d, c, bu)
            LEFT JOIN coa_account a ON a.tenant_id = v_tenant AND a.id = u.a) x
   GROUP BY x.a, x.p, x.bu
   ORDER BY x.a, x.p, x.bu
  ON CONFLICT ON CONSTRAINT ledger_balance_pkey DO UPDATE
     SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit,
         adj_debit = b.adj_debit + EXCLUDED.adj_debit, adj_credit = b.adj_credit + EXCLUDED.adj_credit,
         close_debit = b.close_debit + EXCLUDED.close_debit, close_credit = b.close_credit + EXCLUDED.close_credit,
         line_count = b.line_count + EXCLUDED.line_count;

  RETURN QUERY
    SELECT u.id, u.fy, u.sq, 'JU/' || u.fy || '/' || CASE WHEN u.sq < 1000000 THEN lpad(u.sq::text, 6, '0') ELSE u.sq::text END, v_now
      FROM unnest(j_id, j_fy, j_seq) AS u(id, fy, sq);
END
$$;
REVOKE ALL ON FUNCTION ledger_post(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_post(jsonb) TO koperasi_app;

-- The parsing helpers of the first version are no longer used.
DROP FUNCTION IF EXISTS ledger_batch_journals(jsonb, integer);
DROP FUNCTION IF EXISTS ledger_batch_lines(jsonb);
