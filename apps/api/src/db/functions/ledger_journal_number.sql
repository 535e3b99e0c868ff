-- ledger_journal_number: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0105_ledger_numbers_after_commit.sql.
--
-- JU/<fiscal year>/<seq, 6 digits or more>
CREATE OR REPLACE FUNCTION ledger_journal_number(p_year integer, p_seq integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT 'JU/' || p_year || '/' || CASE WHEN p_seq < 1000000 THEN lpad(p_seq::text, 6, '0') ELSE p_seq::text END
$function$;
