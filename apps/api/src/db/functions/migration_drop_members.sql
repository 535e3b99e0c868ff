-- migration_drop_members: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- Undo of a confirmed members step of the data migration wizard (POST
-- migration/MEMBERS/reset-confirm-step-{n}): deletes the given members of the
-- current cooperative that the migration registered, provided nothing refers
-- to them (the service refuses first when accounts exist), and takes them out
-- of member_count. SECURITY DEFINER because the application role may not
-- delete members (they are closed, never deleted, in every other case).
CREATE OR REPLACE FUNCTION migration_drop_members(p_ids uuid[]) RETURNS integer
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_tenant uuid := nullif(current_setting('app.tenant_id', true), '')::uuid;
  v_n integer;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'migration_drop_members: no tenant' USING ERRCODE = '42501';
  END IF;
  UPDATE member_count c SET n = c.n - x.n
  FROM (SELECT member_type, status, COALESCE(branch_id, '00000000-0000-0000-0000-000000000000'::uuid) AS branch_key, count(*) AS n
        FROM member WHERE tenant_id = v_tenant AND id = ANY (p_ids) AND registration_channel = 'MIGRATION'
        GROUP BY 1, 2, 3) x
  WHERE c.tenant_id = v_tenant AND c.member_type = x.member_type AND c.status = x.status AND c.branch_key = x.branch_key;
  DELETE FROM member WHERE tenant_id = v_tenant AND id = ANY (p_ids) AND registration_channel = 'MIGRATION';
  GET DIAGNOSTICS v_n = ROW_COUNT;
  RETURN v_n;
END
$$;
REVOKE ALL ON FUNCTION migration_drop_members(uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION migration_drop_members(uuid[]) TO koperasi_app;
