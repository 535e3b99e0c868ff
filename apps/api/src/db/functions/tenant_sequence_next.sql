-- tenant_sequence_next: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; first written for migration 0050_tenant_sequences.sql.
--
-- Numbers per cooperative without a shared counter (issue 18: transaction
-- codes came from one platform-wide sequence, so each cooperative's codes
-- showed how busy the others were).
--
-- tenant_sequence_next(name) draws the next value of the sequence
-- `<name>_<tenant id without dashes>`, one sequence per cooperative and name,
-- created on first use. A sequence, not a counter row: drawing does not lock
-- anything until COMMIT, so concurrent movements of one cooperative never
-- wait for each other (values are unique and increase; a rolled-back
-- transaction leaves a gap, as the global sequence did).
--
-- A new sequence starts at 1; a migration that moves existing rows onto
-- such a sequence creates it first, starting after their highest value.
--
-- SECURITY DEFINER (owned by the migration owner): the application role may
-- neither create nor alter sequences. Only names made of lower-case letters
-- and underscores are accepted.
CREATE OR REPLACE FUNCTION tenant_sequence_next(p_name text) RETURNS bigint
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  v_seq text;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'tenant_sequence_next: no tenant' USING ERRCODE = '42501';
  END IF;
  IF p_name !~ '^[a-z][a-z_]{0,29}$' THEN
    RAISE EXCEPTION 'tenant_sequence_next: bad name %', p_name USING ERRCODE = '22023';
  END IF;
  v_seq := p_name || '_' || replace(v_tenant::text, '-', '');
  IF to_regclass(v_seq) IS NULL THEN
    BEGIN
      EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I', v_seq);
    EXCEPTION WHEN duplicate_table OR unique_violation THEN
      NULL; -- created at the same moment by another transaction of the cooperative
    END;
  END IF;
  RETURN nextval(v_seq::regclass);
END
$$;
REVOKE ALL ON FUNCTION tenant_sequence_next(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tenant_sequence_next(text) TO koperasi_app;
