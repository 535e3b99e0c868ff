-- ledger_post_json: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0105_ledger_numbers_after_commit.sql.
--
-- The engine's entry point: the batch as JSON ([{id, date, description, referenceCode, sourceModule,
-- sourceId, isAdjustment, isClosing, reversalOfId, reversalReason, createdBy, lines: [{accountId, debit,
-- credit, description, branchId, businessUnitId}]}]), parsed once into arrays.
CREATE OR REPLACE FUNCTION ledger_post_json(p_journals jsonb, p_number_now boolean, p_soft boolean)
 RETURNS TABLE(journal_id uuid, fiscal_year integer, seq integer, number text, posted_at timestamp with time zone, refusal text, refusal_journal integer, refusal_line integer, refusal_detail text, accounts jsonb)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  j_id uuid[];
  j_date date[];
  j_desc text[];
  j_ref text[];
  j_mod text[];
  j_src text[];
  j_adj boolean[];
  j_close boolean[];
  j_rev uuid[];
  j_reason text[];
  j_by uuid[];
  l_ord integer[];
  l_no integer[];
  l_acc uuid[];
  l_debit numeric[];
  l_credit numeric[];
  l_desc text[];
  l_branch uuid[];
  l_bu uuid[];
BEGIN
  SELECT array_agg((x.j->>'id')::uuid ORDER BY x.ord), array_agg((x.j->>'date')::date ORDER BY x.ord),
         array_agg(x.j->>'description' ORDER BY x.ord), array_agg(nullif(x.j->>'referenceCode', '') ORDER BY x.ord),
         array_agg(x.j->>'sourceModule' ORDER BY x.ord), array_agg(nullif(x.j->>'sourceId', '') ORDER BY x.ord),
         array_agg(coalesce((x.j->>'isAdjustment')::boolean, false) ORDER BY x.ord),
         array_agg(coalesce((x.j->>'isClosing')::boolean, false) ORDER BY x.ord), array_agg((x.j->>'reversalOfId')::uuid ORDER BY x.ord),
         array_agg(x.j->>'reversalReason' ORDER BY x.ord), array_agg((x.j->>'createdBy')::uuid ORDER BY x.ord)
    INTO j_id, j_date, j_desc, j_ref, j_mod, j_src, j_adj, j_close, j_rev, j_reason, j_by
    FROM jsonb_array_elements(p_journals) WITH ORDINALITY AS x(j, ord);
  IF j_id IS NULL THEN
    RETURN;
  END IF;
  SELECT array_agg(x.ord::int ORDER BY x.ord, y.n), array_agg(y.n::int ORDER BY x.ord, y.n),
         array_agg((y.l->>'accountId')::uuid ORDER BY x.ord, y.n),
         array_agg(coalesce((y.l->>'debit')::numeric, 0) ORDER BY x.ord, y.n), array_agg(coalesce((y.l->>'credit')::numeric, 0) ORDER BY x.ord, y.n),
         array_agg(nullif(y.l->>'description', '') ORDER BY x.ord, y.n), array_agg((y.l->>'branchId')::uuid ORDER BY x.ord, y.n),
         array_agg((y.l->>'businessUnitId')::uuid ORDER BY x.ord, y.n)
    INTO l_ord, l_no, l_acc, l_debit, l_credit, l_desc, l_branch, l_bu
    FROM jsonb_array_elements(p_journals) WITH ORDINALITY AS x(j, ord),
         jsonb_array_elements(x.j->'lines') WITH ORDINALITY AS y(l, n);
  RETURN QUERY SELECT * FROM ledger_post_arrays(j_id, j_date, j_desc, j_ref, j_mod, j_src, j_adj, j_close, j_rev, j_reason, j_by,
                                                l_ord, l_no, l_acc, l_debit, l_credit, l_desc, l_branch, l_bu, p_number_now, p_soft);
END
$function$;
REVOKE ALL ON FUNCTION ledger_post_json(jsonb,boolean,boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_post_json(jsonb,boolean,boolean) TO koperasi_app;
