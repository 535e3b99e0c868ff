-- tenant_sequence_block: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- p_n values of the cooperative's sequence `<name>_<tenant id without dashes>` in ONE call (tenant_sequence_next
-- draws one per call): for set-based writers of many rows (the interest releases), which number their rows
-- from the answered array in their own order. Ascending; unique; no lock held (a rolled-back transaction leaves a gap,
-- as with tenant_sequence_next, whose rules it shares: names of lower-case letters and underscores, the sequence
-- created on first use; SECURITY DEFINER).
CREATE OR REPLACE FUNCTION tenant_sequence_block(p_name text, p_n integer) RETURNS bigint[]
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  v_seq text;
  v_out bigint[];
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'tenant_sequence_block: no tenant' USING ERRCODE = '42501';
  END IF;
  IF p_name !~ '^[a-z][a-z_]{0,29}$' THEN
    RAISE EXCEPTION 'tenant_sequence_block: bad name %', p_name USING ERRCODE = '22023';
  END IF;
  IF coalesce(p_n, 0) <= 0 THEN
    RETURN '{}';
  END IF;
  v_seq := p_name || '_' || replace(v_tenant::text, '-', '');
  IF to_regclass(v_seq) IS NULL THEN
    PERFORM tenant_sequence_next(p_name);
  END IF;
  SELECT array_agg(x.v ORDER BY x.v) INTO v_out FROM (SELECT nextval(v_seq::regclass) AS v FROM generate_series(1, p_n)) x;
  RETURN v_out;
END
$$;
REVOKE ALL ON FUNCTION tenant_sequence_block(text, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tenant_sequence_block(text, integer) TO koperasi_app;
