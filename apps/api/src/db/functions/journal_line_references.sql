-- journal_line_references: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- AFTER INSERT ON journal_line FOR EACH STATEMENT (migration 1640; docs/ledger.md "References checked per
-- statement"): the lines' references, checked once for the statement's lines (jl_new) instead of three foreign-key
-- queries per line: each account and each branch exists, locked FOR KEY SHARE as the keys locked them (a lateral with
-- a locking clause: one index probe per distinct key); each journal exists (ledger_post_arrays writes the header
-- first; a header still missing waits in journal_ref_pending and is checked at COMMIT, as the deferred key was).
-- Errors keep the keys' names: ledger/posting.ts maps 23503 on a "branch" or "account" constraint to its message.
CREATE OR REPLACE FUNCTION journal_line_references()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
DECLARE
  v_want integer;
  v_have integer;
BEGIN
  SELECT count(*), count(l.ok) INTO v_want, v_have
    FROM (SELECT DISTINCT n.tenant_id, n.account_id FROM jl_new n) k
    LEFT JOIN LATERAL (SELECT 1 AS ok FROM coa_account a WHERE a.tenant_id = k.tenant_id AND a.id = k.account_id FOR KEY SHARE) l ON true;
  IF v_have < v_want THEN
    RAISE EXCEPTION 'insert or update on table "journal_line" violates foreign key constraint "journal_line_tenant_id_account_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'journal_line_tenant_id_account_id_fkey', TABLE = 'journal_line';
  END IF;
  SELECT count(*), count(l.ok) INTO v_want, v_have
    FROM (SELECT DISTINCT n.tenant_id, n.branch_id FROM jl_new n WHERE n.branch_id IS NOT NULL) k
    LEFT JOIN LATERAL (SELECT 1 AS ok FROM branch b WHERE b.tenant_id = k.tenant_id AND b.id = k.branch_id FOR KEY SHARE) l ON true;
  IF v_have < v_want THEN
    RAISE EXCEPTION 'insert or update on table "journal_line" violates foreign key constraint "journal_line_tenant_id_branch_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'journal_line_tenant_id_branch_id_fkey', TABLE = 'journal_line';
  END IF;
  INSERT INTO journal_ref_pending (tenant_id, source, journal_ids)
  SELECT k.tenant_id, 'journal_line.journal_line_tenant_id_journal_id_fkey', array_agg(k.journal_id)
    FROM (SELECT DISTINCT n.tenant_id, n.journal_id FROM jl_new n) k
   WHERE (SELECT 1 FROM journal j WHERE j.tenant_id = k.tenant_id AND j.id = k.journal_id) IS NULL
   GROUP BY k.tenant_id;
  RETURN NULL;
END
$function$;
