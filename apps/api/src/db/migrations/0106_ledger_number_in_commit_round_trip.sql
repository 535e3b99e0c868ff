-- Numbering a posting's journal in its COMMIT's round trip (db.ts
-- afterCommitQuery): the statement after COMMIT runs in its own transaction
-- and must never fail, as the posting has committed by then. Should numbering
-- fail (a deadlock, a timeout), this answers nothing and the journals stay
-- unnumbered until the next numbering run (the job, within a second).
CREATE OR REPLACE FUNCTION ledger_number_journals_quietly(p_tenant uuid, p_ids uuid[])
RETURNS TABLE (journal_id uuid, seq integer, number text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY SELECT n.journal_id, n.seq, n.number FROM ledger_number_journals(p_tenant, p_ids) n;
EXCEPTION WHEN OTHERS THEN
  RETURN;
END
$$;
REVOKE ALL ON FUNCTION ledger_number_journals_quietly(uuid, uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_number_journals_quietly(uuid, uuid[]) TO koperasi_app;

-- Numbering with a plan that does not depend on fresh statistics (servers
-- without autovacuum keep the counts of an empty table): the waiting
-- journals are read into an array in posting order, then updated by primary
-- key; the counter row is locked once and written once.
CREATE OR REPLACE FUNCTION ledger_number_year(p_tenant uuid, p_year integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_last integer;
  v_ids uuid[];
  v_n integer;
  v_max integer;
BEGIN
  SELECT c.last_seq INTO v_last FROM ledger_counter c WHERE c.tenant_id = p_tenant AND c.fiscal_year = p_year FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO ledger_counter AS c (tenant_id, fiscal_year, last_seq) VALUES (p_tenant, p_year, 0)
    ON CONFLICT ON CONSTRAINT ledger_counter_pkey DO UPDATE SET last_seq = c.last_seq
    RETURNING c.last_seq INTO v_last;
  END IF;
  -- A new statement, so a new snapshot: everything committed before the lock was granted.
  SELECT array_agg(j.id ORDER BY j.post_seq, j.id) INTO v_ids
    FROM journal j
   WHERE j.tenant_id = p_tenant AND j.fiscal_year = p_year AND j.seq IS NULL;
  IF v_ids IS NULL THEN
    RETURN 0;
  END IF;
  WITH u AS (
    UPDATE journal j SET seq = v_last + p.rn::int, number = ledger_journal_number(p_year, v_last + p.rn::int)
      FROM unnest(v_ids) WITH ORDINALITY AS p(id, rn)
     WHERE j.tenant_id = p_tenant AND j.id = p.id AND j.seq IS NULL
    RETURNING j.seq
  )
  SELECT count(*)::int, coalesce(max(u.seq), v_last) INTO v_n, v_max FROM u;
  IF v_n <> cardinality(v_ids) OR v_max <> v_last + v_n THEN
    RAISE EXCEPTION 'numbering of % / % would leave a gap', p_tenant, p_year USING ERRCODE = 'KL012';
  END IF;
  UPDATE ledger_counter SET last_seq = v_max WHERE tenant_id = p_tenant AND fiscal_year = p_year;
  RETURN v_n;
END
$$;
REVOKE ALL ON FUNCTION ledger_number_year(uuid, integer) FROM PUBLIC;

-- Fewer statements per numbering run (one per teller movement): the years
-- waiting, then both locks in one statement.
CREATE OR REPLACE FUNCTION ledger_number_tenant(p_tenant uuid) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_years integer[];
  v_n integer := 0;
  y integer;
BEGIN
  SELECT array_agg(DISTINCT j.fiscal_year ORDER BY j.fiscal_year) INTO v_years
    FROM journal j WHERE j.tenant_id = p_tenant AND j.seq IS NULL;
  IF v_years IS NULL THEN
    RETURN 0;
  END IF;
  -- The one lock order: ledger lock (shared), numbering lock, counters (ascending year).
  PERFORM pg_advisory_xact_lock_shared(1279607879, hashtext(p_tenant::text)), pg_advisory_xact_lock(1314213186, hashtext(p_tenant::text));
  FOREACH y IN ARRAY v_years LOOP
    v_n := v_n + ledger_number_year(p_tenant, y);
  END LOOP;
  RETURN v_n;
END
$$;
REVOKE ALL ON FUNCTION ledger_number_tenant(uuid) FROM PUBLIC;
