-- journal_check_balanced: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0105_ledger_numbers_after_commit.sql.
--
-- The balance check names an unnumbered journal by its id.
CREATE OR REPLACE FUNCTION journal_check_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO 'public'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  d numeric;
  c numeric;
  n integer;
BEGIN
  SELECT coalesce(sum(l.debit), 0), coalesce(sum(l.credit), 0), count(*)
    INTO d, c, n
    FROM journal_line l
   WHERE l.tenant_id = NEW.tenant_id AND l.journal_id = NEW.id;
  IF n < 2 OR d <> c OR d <> NEW.total_amount OR n <> NEW.line_count THEN
    RAISE EXCEPTION 'journal % is not balanced: debit %, credit %, % lines (header: total %, % lines)',
      coalesce(NEW.number, NEW.id::text), d, c, n, NEW.total_amount, NEW.line_count
      USING ERRCODE = 'KL002', CONSTRAINT = 'journal_balanced';
  END IF;
  RETURN NULL;
END
$function$;
