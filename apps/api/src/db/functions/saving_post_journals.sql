-- saving_post_journals: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- The journals of a saving_move_many batch, posted at the end of its transaction and numbered at once
-- (savings.batch.ts sends it in COMMIT's round trip, right before COMMIT): one journal per posted movement, in
-- movement order, as saving_move_many left them in the transaction-local setting koperasi.saving_journals.
-- Numbered at once, the engine takes the cooperative's tenant-year counter, first numbers the committed journals
-- waiting before these, then these, and holds the counter until COMMIT (docs/ledger.md "Numbering"); since this
-- is the last statement before COMMIT, the counter is held only through COMMIT. Answers each journal's number;
-- a journal the engine refuses (a month closed, a GL account deactivated meanwhile) raises KS010, which rolls
-- the batch back (its movements then run alone). Nothing pending: no rows.
CREATE OR REPLACE FUNCTION saving_post_journals()
 RETURNS TABLE(journal_id uuid, number text)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
DECLARE
  v jsonb := nullif(current_setting('koperasi.saving_journals', true), '')::jsonb;
  v_date date;
  v_n integer;
  m record;
  j_id uuid[];
  j_desc text[];
  j_ref text[];
  j_src text[];
  j_by uuid[];
  l_ord integer[];
  l_no integer[];
  l_acc uuid[];
  l_debit numeric[];
  l_credit numeric[];
BEGIN
  IF v IS NULL THEN
    RETURN;
  END IF;
  -- Posted once: the setting is emptied at once (and with the transaction in any case).
  PERFORM set_config('koperasi.saving_journals', '', true);
  v_date := (v ->> 'date')::date;
  SELECT array_agg(u.journal ORDER BY u.o) FILTER (WHERE l.n = 1), array_agg(u.jdesc ORDER BY u.o) FILTER (WHERE l.n = 1),
         array_agg(u.code ORDER BY u.o) FILTER (WHERE l.n = 1), array_agg(u.grp::text ORDER BY u.o) FILTER (WHERE l.n = 1),
         array_agg(u.usr ORDER BY u.o) FILTER (WHERE l.n = 1),
         array_agg(l.o ORDER BY u.o, l.n), array_agg(l.n ORDER BY u.o, l.n), array_agg(l.acc ORDER BY u.o, l.n),
         array_agg(l.d ORDER BY u.o, l.n), array_agg(l.c ORDER BY u.o, l.n)
    INTO j_id, j_desc, j_ref, j_src, j_by, l_ord, l_no, l_acc, l_debit, l_credit
    FROM ROWS FROM (jsonb_to_recordset(v -> 'moves') AS (journal uuid, jdesc text, code text, grp uuid, usr uuid, op text, amount numeric,
                                                         cash uuid, control uuid))
         WITH ORDINALITY AS u(journal, jdesc, code, grp, usr, op, amount, cash, control, o)
    -- A deposit debits the cash or bank account and credits the product's control account; a withdrawal the reverse.
    CROSS JOIN LATERAL (VALUES (u.o::integer, 1, CASE WHEN u.op = 'TOPUP' THEN u.cash ELSE u.control END, u.amount, 0::numeric),
                               (u.o::integer, 2, CASE WHEN u.op = 'TOPUP' THEN u.control ELSE u.cash END, 0::numeric, u.amount))
         AS l(o, n, acc, d, c);
  v_n := cardinality(j_id);
  FOR m IN
    SELECT * FROM ledger_post_arrays(
      j_id, array_fill(v_date, ARRAY[v_n]), j_desc, j_ref, array_fill('SAVING'::text, ARRAY[v_n]), j_src,
      array_fill(false, ARRAY[v_n]), array_fill(false, ARRAY[v_n]), array_fill(NULL::uuid, ARRAY[v_n]), array_fill(NULL::text, ARRAY[v_n]), j_by,
      l_ord, l_no, l_acc, l_debit, l_credit,
      array_fill(NULL::text, ARRAY[2 * v_n]), array_fill(NULL::uuid, ARRAY[2 * v_n]), array_fill(NULL::uuid, ARRAY[2 * v_n]), true, true)
  LOOP
    IF m.refusal IS NOT NULL THEN
      RAISE EXCEPTION 'saving_post_journals: journal refused (%)', m.refusal USING ERRCODE = 'KS010';
    END IF;
    journal_id := m.journal_id;
    number := m.number;
    RETURN NEXT;
  END LOOP;
END
$function$;
