-- ledger_number_year: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0106_ledger_number_in_commit_round_trip.sql.
--
-- Numbering with a plan that does not depend on fresh statistics (servers
-- without autovacuum keep the counts of an empty table): the waiting
-- journals are read into an array in posting order, then updated by primary
-- key; the counter row is locked once and written once.
CREATE OR REPLACE FUNCTION ledger_number_year(p_tenant uuid, p_year integer)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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
$function$;
REVOKE ALL ON FUNCTION ledger_number_year(uuid,integer) FROM PUBLIC;
