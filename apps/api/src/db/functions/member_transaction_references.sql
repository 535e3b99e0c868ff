-- member_transaction_references: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- AFTER INSERT ON member_transaction FOR EACH STATEMENT (migration 1640; docs/ledger.md "References checked per
-- statement"): the references the foreign keys checked row by row, checked once for the statement's rows (mt_new):
--  1. each savings account with the movement's member and product (was member_transaction_saving_owner_fk),
--  2. each cash account (was member_transaction_tenant_id_cash_coa_id_fkey),
--     both locked FOR KEY SHARE as the keys locked them (no delete or key change before COMMIT), each looked up by
--     its key one at a time (a lateral with a locking clause stays a parameterised index probe whatever the size);
--  3. each journal (was member_transaction_tenant_id_journal_id_fkey, deferred): the ones not posted yet (the teller's
--     batches and the interest release post theirs after the movements) go to journal_ref_pending, one row per
--     statement and cooperative, checked at COMMIT. Journals are not locked: none can be deleted or re-keyed
--     (ledger_immutable; only a whole cooperative's purge deletes them, with its movements).
-- A column left NULL is not checked (MATCH SIMPLE, as the keys).
CREATE OR REPLACE FUNCTION member_transaction_references()
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
    FROM (SELECT DISTINCT n.tenant_id, n.saving_id, n.member_id, n.product_id FROM mt_new n
           WHERE n.saving_id IS NOT NULL AND n.member_id IS NOT NULL AND n.product_id IS NOT NULL) k
    LEFT JOIN LATERAL (SELECT 1 AS ok FROM member_saving s
                        WHERE s.tenant_id = k.tenant_id AND s.id = k.saving_id AND s.member_id = k.member_id AND s.product_id = k.product_id
                        FOR KEY SHARE) l ON true;
  IF v_have < v_want THEN
    RAISE EXCEPTION 'insert or update on table "member_transaction" violates foreign key constraint "member_transaction_saving_owner_fk"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'member_transaction_saving_owner_fk', TABLE = 'member_transaction';
  END IF;
  SELECT count(*), count(l.ok) INTO v_want, v_have
    FROM (SELECT DISTINCT n.tenant_id, n.cash_coa_id FROM mt_new n WHERE n.cash_coa_id IS NOT NULL) k
    LEFT JOIN LATERAL (SELECT 1 AS ok FROM coa_account a WHERE a.tenant_id = k.tenant_id AND a.id = k.cash_coa_id FOR KEY SHARE) l ON true;
  IF v_have < v_want THEN
    RAISE EXCEPTION 'insert or update on table "member_transaction" violates foreign key constraint "member_transaction_tenant_id_cash_coa_id_fkey"'
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'member_transaction_tenant_id_cash_coa_id_fkey', TABLE = 'member_transaction';
  END IF;
  INSERT INTO journal_ref_pending (tenant_id, source, journal_ids)
  SELECT k.tenant_id, 'member_transaction.member_transaction_tenant_id_journal_id_fkey', array_agg(k.journal_id)
    FROM (SELECT DISTINCT n.tenant_id, n.journal_id FROM mt_new n WHERE n.journal_id IS NOT NULL) k
   WHERE (SELECT 1 FROM journal j WHERE j.tenant_id = k.tenant_id AND j.id = k.journal_id) IS NULL
   GROUP BY k.tenant_id;
  RETURN NULL;
END
$function$;
