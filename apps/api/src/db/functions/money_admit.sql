-- money_admit: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- Which movements of a batch may go (docs/architecture.md "How money moves"), the one place for the batched paths
-- (saving_move_many, loan_pay_many): a movement goes when
--  - it is the first of the batch (lowest ord) for each resource it names in the fields p_once lists: 'saving' (the
--    savings account moved or paid from), 'loan'; uuids, compared as uuids, so two spellings of one id are one account.
--    A later movement of the same account waits for the next transaction (the caller runs it alone). A field the item
--    leaves empty names nothing. Another resource is a column more here (an unknown name raises);
--  - it is the first of the batch with its Idempotency-Key;
--  - its signed-in principal (session, user, digest) is unchanged: each distinct principal checked once
--    (auth_principal_ok; MATERIALIZED, since a CTE read only inside a correlated EXISTS is inlined and the check then
--    runs again for every movement);
--  - its Idempotency-Key is claimed now, in ascending key order (a concurrent duplicate waits here for the first and
--    is then not admitted: the caller runs it alone, which replays the first answer).
-- p_items: [{ord, usr, session, digest, idem_key, idem_hash, idem_method, idem_path, <the p_once fields>}].
-- Answers the admitted ords (NULL when none). The caller gives the keys of movements it then refuses back
-- (DELETE) so that the movement alone can claim its key again.
CREATE OR REPLACE FUNCTION money_admit(p_items jsonb, p_once text[])
 RETURNS integer[]
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  v_ok integer[];
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'money_admit: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  IF NOT p_once <@ ARRAY['saving', 'loan'] THEN
    RAISE EXCEPTION 'money_admit: unknown resource in %', p_once USING ERRCODE = 'KL000';
  END IF;
  WITH x AS (
    -- One walk of the items; each resource's first movement by a window over its (uuid) column.
    SELECT x.*, row_number() OVER (PARTITION BY x.idem_key ORDER BY x.ord) AS by_key,
           row_number() OVER (PARTITION BY x.saving ORDER BY x.ord) AS by_saving,
           row_number() OVER (PARTITION BY x.loan ORDER BY x.ord) AS by_loan
      FROM jsonb_to_recordset(p_items) AS x(ord integer, saving uuid, loan uuid, usr uuid, session uuid, digest text,
                                            idem_key text, idem_hash text, idem_method text, idem_path text)
  ), pr AS MATERIALIZED (
    SELECT d.session, d.usr, d.digest, auth_principal_ok(v_tenant, d.session, d.usr, d.digest) AS good
      FROM (SELECT DISTINCT x.session, x.usr, x.digest FROM x WHERE x.digest IS NOT NULL) d
  ), go AS (
    SELECT x.* FROM x
     WHERE (x.idem_key IS NULL OR x.by_key = 1)
       AND (x.saving IS NULL OR x.by_saving = 1 OR NOT 'saving' = ANY(p_once))
       AND (x.loan IS NULL OR x.by_loan = 1 OR NOT 'loan' = ANY(p_once))
       AND (x.digest IS NULL OR EXISTS (SELECT 1 FROM pr WHERE pr.session = x.session AND pr.usr = x.usr AND pr.digest = x.digest AND pr.good))
  ), claimed AS (
    INSERT INTO idempotency_key AS k (tenant_id, key, request_hash, method, path)
    SELECT v_tenant, go.idem_key, go.idem_hash, go.idem_method, go.idem_path FROM go WHERE go.idem_key IS NOT NULL ORDER BY go.idem_key
    ON CONFLICT (tenant_id, key) DO NOTHING
    RETURNING k.key
  )
  SELECT array_agg(go.ord ORDER BY go.ord) INTO v_ok FROM go WHERE go.idem_key IS NULL OR go.idem_key IN (SELECT claimed.key FROM claimed);
  RETURN v_ok;
END
$function$;
