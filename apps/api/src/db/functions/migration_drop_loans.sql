-- migration_drop_loans: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- Undo of a confirmed loans step of the data migration wizard (POST
-- migration/loans/reset-confirm-step-{n}): deletes the given loans of the
-- current cooperative with their schedules, provided they are still as the
-- migration posted them (the service refuses first when anything moved:
-- MIGRATION_MOVED): RUNNING, first schedule, no payment, no event, no
-- collateral, principal paid only before the migration. The step's journal is
-- reversed by the caller. SECURITY DEFINER because the application role may not
-- delete loans (they are cancelled, never deleted, in every other case).
CREATE OR REPLACE FUNCTION migration_drop_loans(p_ids uuid[]) RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  v_ids uuid[];
  v_n integer;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'migration_drop_loans: no tenant' USING ERRCODE = '42501';
  END IF;
  SELECT coalesce(array_agg(l.id), '{}') INTO v_ids
  FROM loan l
  WHERE l.tenant_id = v_tenant AND l.id = ANY (p_ids) AND l.status = 'RUNNING' AND l.schedule_no = 1
    AND l.principal_paid = l.principal_paid_before_migration AND l.interest_paid = 0
    AND NOT EXISTS (SELECT 1 FROM loan_payment p WHERE p.tenant_id = l.tenant_id AND p.loan_id = l.id)
    AND NOT EXISTS (SELECT 1 FROM loan_event e WHERE e.tenant_id = l.tenant_id AND e.loan_id = l.id)
    AND NOT EXISTS (SELECT 1 FROM loan_collateral c WHERE c.tenant_id = l.tenant_id AND c.loan_id = l.id);
  IF cardinality(v_ids) <> cardinality(p_ids) THEN
    RAISE EXCEPTION 'migration_drop_loans: % of % loans moved since the migration', cardinality(p_ids) - cardinality(v_ids), cardinality(p_ids)
      USING ERRCODE = '55000';
  END IF;
  DELETE FROM loan_installment WHERE tenant_id = v_tenant AND loan_id = ANY (v_ids);
  DELETE FROM loan WHERE tenant_id = v_tenant AND id = ANY (v_ids);
  GET DIAGNOSTICS v_n = ROW_COUNT;
  RETURN v_n;
END
$$;
REVOKE ALL ON FUNCTION migration_drop_loans(uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION migration_drop_loans(uuid[]) TO koperasi_app;
