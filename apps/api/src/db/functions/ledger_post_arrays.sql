-- ledger_post_arrays: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0105_ledger_numbers_after_commit.sql.
--
-- Posts a batch of journals for the transaction's tenant, from arrays (the
-- JSON entry points below parse into them; database functions of other
-- modules may call this one directly). Journals by position (ord, 1-based),
-- lines with their journal's ord and line number.
--   p_number_now: number the journals inside this transaction (taking the
--     tenant-year counters until COMMIT, numbering the committed journals
--     waiting before them first); otherwise they stay unnumbered until the
--     numbering step.
--   p_soft: check accounts, branches and closed months before writing and
--     answer a refusal as one row (refusal = ACCOUNT_NOT_FOUND,
--     ACCOUNT_INACTIVE, ACCOUNT_NOT_POSTABLE, BRANCH_NOT_FOUND or
--     PERIOD_CLOSED; refusal_journal = ord, refusal_line = 0-based line of the
--     journal, refusal_detail = YYYY-MM) without writing anything, so the
--     caller's transaction stays usable. Without it (and for anything changed
--     concurrently after those checks) errors are raised as before:
--     KL001 line invalid, KL002 unbalanced, KL003 period closed, KL004 fiscal
--     year closed, KL005-KL007 account not found / inactive / not postable,
--     KL008 reversal invalid.
-- Answers one row per journal (number and seq NULL when numbered later) and,
-- on the first row, the batch's accounts as {id: [code, name, business unit]}.
CREATE OR REPLACE FUNCTION ledger_post_arrays(j_id uuid[], j_date date[], j_desc text[], j_ref text[], j_mod text[], j_src text[], j_adj boolean[], j_close boolean[], j_rev uuid[], j_reason text[], j_by uuid[], l_ord integer[], l_no integer[], l_acc uuid[], l_debit numeric[], l_credit numeric[], l_desc text[], l_branch uuid[], l_bu uuid[], p_number_now boolean, p_soft boolean)
 RETURNS TABLE(journal_id uuid, fiscal_year integer, seq integer, number text, posted_at timestamp with time zone, refusal text, refusal_journal integer, refusal_line integer, refusal_detail text, accounts jsonb)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
-- Checks and sums run as PL/pgSQL over the arrays (a teller's journal has two
-- lines: a dozen small SQL statements cost more than the work); the SQL
-- statements left are the reads, the writes and the summary rows.
DECLARE
  v_tenant uuid := app_tenant();
  v_start integer;
  v_closed date;
  v_now timestamptz := now();
  v_nj integer;
  v_nl integer;
  v_last integer;
  v_txt text;
  v_uuid uuid;
  v_accounts jsonb;
  v_any_close boolean := false;
  v_any_rev boolean := false;
  v_any_branch boolean := false;
  v_ok integer;
  v_k integer;
  v_n integer;
  r record;
  i integer;
  k integer;
  o integer;
  -- the batch's accounts
  a_id uuid[];
  a_code text[];
  a_name text[];
  a_active boolean[];
  a_postable boolean[];
  a_bu uuid[];
  -- per journal
  j_fy integer[];
  j_seq integer[];
  j_total numeric[];
  j_lines integer[];
  j_credit numeric[];
  -- per line
  l_ubu uuid[];
  -- summary keys (account, month, unit) and their sums
  k_acc uuid[] := '{}';
  k_per date[] := '{}';
  k_bu uuid[] := '{}';
  k_d numeric[] := '{}';
  k_c numeric[] := '{}';
  k_ad numeric[] := '{}';
  k_ac numeric[] := '{}';
  k_cd numeric[] := '{}';
  k_cc numeric[] := '{}';
  k_n integer[] := '{}';
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'ledger_post: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  v_nj := coalesce(cardinality(j_id), 0);
  IF v_nj = 0 THEN
    RETURN;
  END IF;
  v_nl := coalesce(cardinality(l_ord), 0);
  -- The cooperative's ledger lock, shared: a month or year being closed waits for this transaction.
  PERFORM pg_advisory_xact_lock_shared(1279607879, hashtext(v_tenant::text));
  -- Read under the lock: a month closed before it is seen, none closes after it until COMMIT.
  SELECT t.fiscal_year_start_month, s.closed_through INTO v_start, v_closed
    FROM tenant t LEFT JOIN ledger_state s ON s.tenant_id = t.tenant_id
   WHERE t.tenant_id = v_tenant;
  IF v_start IS NULL THEN
    RAISE EXCEPTION 'ledger_post: unknown tenant' USING ERRCODE = 'KL000';
  END IF;
  SELECT array_agg(a.id), array_agg(a.code), array_agg(a.name), array_agg(a.is_active), array_agg(a.is_postable),
         array_agg(a.business_unit_id), jsonb_object_agg(a.id::text, jsonb_build_array(a.code, a.name, a.business_unit_id))
    INTO a_id, a_code, a_name, a_active, a_postable, a_bu, v_accounts
    FROM coa_account a WHERE a.tenant_id = v_tenant AND a.id = ANY(l_acc);

  j_fy := array_fill(0, ARRAY[v_nj]);
  j_total := array_fill(0::numeric, ARRAY[v_nj]);
  j_credit := array_fill(0::numeric, ARRAY[v_nj]);
  j_lines := array_fill(0, ARRAY[v_nj]);
  FOR o IN 1..v_nj LOOP
    j_adj[o] := coalesce(j_adj[o], false);
    j_close[o] := coalesce(j_close[o], false);
    v_any_close := v_any_close OR j_close[o];
    v_any_rev := v_any_rev OR j_rev[o] IS NOT NULL;
    IF j_id[o] IS NULL OR j_date[o] IS NULL THEN
      RAISE EXCEPTION 'JOURNAL_UNBALANCED' USING ERRCODE = 'KL002', DETAIL = o::text;
    END IF;
    j_fy[o] := CASE WHEN extract(month FROM j_date[o])::int >= v_start THEN extract(year FROM j_date[o])::int
                    ELSE extract(year FROM j_date[o])::int - 1 END;
  END LOOP;

  -- Per line, in the engine's order: the account, the branch; after a journal's lines, its month.
  l_ubu := array_fill(NULL::uuid, ARRAY[greatest(v_nl, 1)]);
  FOR i IN 1..v_nl LOOP
    o := l_ord[i];
    IF o IS NULL OR o < 1 OR o > v_nj OR l_acc[i] IS NULL OR l_debit[i] < 0 OR l_credit[i] < 0 OR (l_debit[i] > 0) = (l_credit[i] > 0)
       OR l_debit[i] <> round(l_debit[i], 2) OR l_credit[i] <> round(l_credit[i], 2) THEN
      RAISE EXCEPTION 'JOURNAL_LINE_INVALID' USING ERRCODE = 'KL001', DETAIL = o || '#' || l_no[i];
    END IF;
    k := array_position(a_id, l_acc[i]);
    IF p_soft THEN
      v_txt := CASE WHEN k IS NULL THEN 'ACCOUNT_NOT_FOUND' WHEN NOT a_active[k] THEN 'ACCOUNT_INACTIVE'
                    WHEN NOT a_postable[k] THEN 'ACCOUNT_NOT_POSTABLE' END;
      IF v_txt IS NULL AND l_branch[i] IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM branch b WHERE b.tenant_id = v_tenant AND b.id = l_branch[i]) THEN
        v_txt := 'BRANCH_NOT_FOUND';
      END IF;
      IF v_txt IS NOT NULL THEN
        RETURN QUERY SELECT NULL::uuid, NULL::integer, NULL::integer, NULL::text, NULL::timestamptz, v_txt, o, l_no[i] - 1, NULL::text, v_accounts;
        RETURN;
      END IF;
      IF (i = v_nl OR l_ord[i + 1] <> o) AND NOT j_close[o] AND j_date[o] <= v_closed THEN
        RETURN QUERY SELECT NULL::uuid, NULL::integer, NULL::integer, NULL::text, NULL::timestamptz, 'PERIOD_CLOSED', o, NULL::integer,
                            to_char(j_date[o], 'YYYY-MM'), v_accounts;
        RETURN;
      END IF;
    END IF;
    v_any_branch := v_any_branch OR l_branch[i] IS NOT NULL;
    l_ubu[i] := coalesce(l_bu[i], a_bu[k]);
    j_lines[o] := j_lines[o] + 1;
    j_total[o] := j_total[o] + l_debit[i];
    j_credit[o] := j_credit[o] + l_credit[i];
  END LOOP;
  -- At least two lines, debits = credits; the months of journals without lines.
  FOR o IN 1..v_nj LOOP
    IF p_soft AND j_lines[o] = 0 AND NOT j_close[o] AND j_date[o] <= v_closed THEN
      RETURN QUERY SELECT NULL::uuid, NULL::integer, NULL::integer, NULL::text, NULL::timestamptz, 'PERIOD_CLOSED', o, NULL::integer,
                          to_char(j_date[o], 'YYYY-MM'), v_accounts;
      RETURN;
    END IF;
    IF j_lines[o] < 2 OR j_total[o] <> j_credit[o] THEN
      RAISE EXCEPTION 'JOURNAL_UNBALANCED' USING ERRCODE = 'KL002', DETAIL = o::text;
    END IF;
  END LOOP;

  j_seq := array_fill(NULL::integer, ARRAY[v_nj]);
  IF p_number_now THEN
    -- The tenant-year counters (ascending year), the journals waiting before these, then these.
    FOR r IN SELECT f AS fy, count(*)::int AS n FROM unnest(j_fy) AS f GROUP BY f ORDER BY f LOOP
      PERFORM ledger_number_year(v_tenant, r.fy);
      UPDATE ledger_counter AS c SET last_seq = c.last_seq + r.n
       WHERE c.tenant_id = v_tenant AND c.fiscal_year = r.fy
      RETURNING c.last_seq - r.n INTO v_last;
      FOR o IN 1..v_nj LOOP
        IF j_fy[o] = r.fy THEN
          v_last := v_last + 1;
          j_seq[o] := v_last;
        END IF;
      END LOOP;
    END LOOP;
  END IF;

  -- Closed months (raising callers; the soft checks above already refused them under the lock).
  IF NOT p_soft THEN
    FOR o IN 1..v_nj LOOP
      IF NOT j_close[o] AND j_date[o] <= v_closed THEN
        RAISE EXCEPTION 'PERIOD_CLOSED' USING ERRCODE = 'KL003', DETAIL = to_char(j_date[o], 'YYYY-MM');
      END IF;
    END LOOP;
  END IF;
  -- Closing entries may land in a closed month, never in a closed fiscal year.
  IF v_any_close THEN
    SELECT y.fiscal_year::text INTO v_txt
      FROM unnest(j_fy, j_close) AS u(f, c)
      JOIN ledger_fiscal_year y ON y.tenant_id = v_tenant AND y.fiscal_year = u.f AND y.status = 'CLOSED'
     WHERE u.c
     LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'FISCAL_YEAR_CLOSED' USING ERRCODE = 'KL004', DETAIL = v_txt;
    END IF;
  END IF;
  -- A reversal names an existing journal that is not itself a reversal
  -- (a second reversal of the same journal fails on journal_reversal_uq).
  IF v_any_rev THEN
    SELECT u.rv INTO v_uuid
      FROM unnest(j_rev, j_reason) AS u(rv, why)
      LEFT JOIN journal o ON o.tenant_id = v_tenant AND o.id = u.rv
     WHERE u.rv IS NOT NULL AND (o.id IS NULL OR o.reversal_of_id IS NOT NULL OR u.why IS NULL)
     LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'REVERSAL_INVALID' USING ERRCODE = 'KL008', DETAIL = v_uuid::text;
    END IF;
  END IF;

  INSERT INTO journal (tenant_id, id, fiscal_year, seq, number, date, period, description, reference_code, source_module,
                       source_id, is_adjustment, is_closing, reversal_of_id, reversal_reason, total_amount, line_count, created_by, posted_at)
  SELECT v_tenant, u.id, u.fy, u.sq, CASE WHEN u.sq IS NOT NULL THEN ledger_journal_number(u.fy, u.sq) END,
         u.d, date_trunc('month', u.d)::date, u.descr, u.ref, u.md, u.src, u.adj, u.cl, u.rv, u.why, u.total, u.nl, u.by, v_now
    FROM unnest(j_id, j_fy, j_seq, j_date, j_desc, j_ref, j_mod, j_src, j_adj, j_close, j_rev, j_reason, j_total, j_lines, j_by)
         WITH ORDINALITY AS u(id, fy, sq, d, descr, ref, md, src, adj, cl, rv, why, total, nl, by, o)
   ORDER BY u.o;

  -- The lines after their headers (journal_line_references, migration 1640, checks each statement's lines at once:
  -- their journals exist, their accounts and branches exist and are locked FOR KEY SHARE).
  INSERT INTO journal_line (tenant_id, journal_id, line_no, account_id, debit, credit, description, branch_id, business_unit_id, date)
  SELECT v_tenant, j_id[u.o], u.n, u.a, u.d, u.c, u.descr, u.br, u.bu, j_date[u.o]
    FROM unnest(l_ord, l_no, l_acc, l_debit, l_credit, l_desc, l_branch, l_ubu) AS u(o, n, a, d, c, descr, br, bu);

  -- Accounts, read again after the lines' locks so a concurrent change is seen (every line's account exists by now:
  -- journal_line_references).
  SELECT count(*)::int INTO v_ok FROM coa_account a
   WHERE a.tenant_id = v_tenant AND a.id = ANY(a_id) AND a.is_active AND a.is_postable;
  IF v_ok IS DISTINCT FROM coalesce(cardinality(a_id), 0) OR coalesce(cardinality(a_id), 0) = 0 THEN
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
  END IF;

  -- The monthly summary: sums per account, month and unit...
  FOR i IN 1..v_nl LOOP
    o := l_ord[i];
    v_k := NULL;
    FOR k IN 1..coalesce(cardinality(k_acc), 0) LOOP
      IF k_acc[k] = l_acc[i] AND k_per[k] = date_trunc('month', j_date[o])::date
         AND k_bu[k] = coalesce(l_ubu[i], '00000000-0000-0000-0000-000000000000'::uuid) THEN
        v_k := k;
        EXIT;
      END IF;
    END LOOP;
    IF v_k IS NULL THEN
      v_k := coalesce(cardinality(k_acc), 0) + 1;
      k_acc[v_k] := l_acc[i];
      k_per[v_k] := date_trunc('month', j_date[o])::date;
      k_bu[v_k] := coalesce(l_ubu[i], '00000000-0000-0000-0000-000000000000'::uuid);
      k_d[v_k] := 0; k_c[v_k] := 0; k_ad[v_k] := 0; k_ac[v_k] := 0; k_cd[v_k] := 0; k_cc[v_k] := 0; k_n[v_k] := 0;
    END IF;
    k_d[v_k] := k_d[v_k] + l_debit[i];
    k_c[v_k] := k_c[v_k] + l_credit[i];
    IF j_adj[o] THEN
      k_ad[v_k] := k_ad[v_k] + l_debit[i];
      k_ac[v_k] := k_ac[v_k] + l_credit[i];
    END IF;
    IF j_close[o] THEN
      k_cd[v_k] := k_cd[v_k] + l_debit[i];
      k_cc[v_k] := k_cc[v_k] + l_credit[i];
    END IF;
    k_n[v_k] := k_n[v_k] + 1;
  END LOOP;
  -- ...one key at a time in a fixed order, on a stripe no other transaction holds.
  FOR r IN
    SELECT u.a, u.p, u.bu, u.d, u.c, u.ad, u.ac, u.cd, u.cc, u.n
      FROM unnest(k_acc, k_per, k_bu, k_d, k_c, k_ad, k_ac, k_cd, k_cc, k_n) AS u(a, p, bu, d, c, ad, ac, cd, cc, n)
     ORDER BY u.a, u.p, u.bu
  LOOP
    UPDATE ledger_balance b
       SET debit = b.debit + r.d, credit = b.credit + r.c, adj_debit = b.adj_debit + r.ad, adj_credit = b.adj_credit + r.ac,
           close_debit = b.close_debit + r.cd, close_credit = b.close_credit + r.cc, line_count = b.line_count + r.n
     WHERE b.tenant_id = v_tenant AND b.account_id = r.a AND b.period = r.p AND b.business_unit_id = r.bu
       AND b.stripe = (SELECT s.stripe FROM ledger_balance s
                        WHERE s.tenant_id = v_tenant AND s.account_id = r.a AND s.period = r.p AND s.business_unit_id = r.bu
                        ORDER BY s.stripe LIMIT 1 FOR UPDATE SKIP LOCKED);
    IF NOT FOUND THEN
      -- No row yet (stripe 0), or every stripe held by another transaction: the next stripe.
      INSERT INTO ledger_balance AS b (tenant_id, account_id, period, business_unit_id, stripe, debit, credit,
                                       adj_debit, adj_credit, close_debit, close_credit, line_count)
      SELECT v_tenant, r.a, r.p, r.bu,
             CASE WHEN m.s IS NULL THEN 0 WHEN m.s < 63 THEN m.s + 1 ELSE pg_backend_pid() % 64 END,
             r.d, r.c, r.ad, r.ac, r.cd, r.cc, r.n
        FROM (SELECT max(s.stripe) AS s FROM ledger_balance s
               WHERE s.tenant_id = v_tenant AND s.account_id = r.a AND s.period = r.p AND s.business_unit_id = r.bu) m
      ON CONFLICT ON CONSTRAINT ledger_balance_pkey DO UPDATE
         SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit,
             adj_debit = b.adj_debit + EXCLUDED.adj_debit, adj_credit = b.adj_credit + EXCLUDED.adj_credit,
             close_debit = b.close_debit + EXCLUDED.close_debit, close_credit = b.close_credit + EXCLUDED.close_credit,
             line_count = b.line_count + EXCLUDED.line_count;
    END IF;
  END LOOP;

  FOR o IN 1..v_nj LOOP
    journal_id := j_id[o];
    fiscal_year := j_fy[o];
    seq := j_seq[o];
    number := CASE WHEN j_seq[o] IS NOT NULL THEN 'JU/' || j_fy[o] || '/' || CASE WHEN j_seq[o] < 1000000 THEN lpad(j_seq[o]::text, 6, '0')
                                                                                  ELSE j_seq[o]::text END END;
    posted_at := v_now;
    refusal := NULL;
    refusal_journal := NULL;
    refusal_line := NULL;
    refusal_detail := NULL;
    accounts := CASE WHEN o = 1 THEN v_accounts END;
    RETURN NEXT;
  END LOOP;
END
$function$;
REVOKE ALL ON FUNCTION ledger_post_arrays(uuid[],date[],text[],text[],text[],text[],boolean[],boolean[],uuid[],text[],uuid[],integer[],integer[],uuid[],numeric[],numeric[],text[],uuid[],uuid[],boolean,boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_post_arrays(uuid[],date[],text[],text[],text[],text[],boolean[],boolean[],uuid[],text[],uuid[],integer[],integer[],uuid[],numeric[],numeric[],text[],uuid[],uuid[],boolean,boolean) TO koperasi_app;
