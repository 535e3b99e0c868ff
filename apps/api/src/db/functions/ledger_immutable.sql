-- ledger_immutable: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0105_ledger_numbers_after_commit.sql.
--
-- Immutable, except that an unnumbered journal receives its number once.
CREATE OR REPLACE FUNCTION ledger_immutable()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  o journal;
  n journal;
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('koperasi.ledger_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'journal' THEN
    o := OLD;
    n := NEW;
    IF o.seq IS NULL AND n.seq IS NOT NULL AND n.seq > 0 AND n.number = ledger_journal_number(n.fiscal_year, n.seq) THEN
      n.seq := NULL;
      n.number := NULL;
      IF o IS NOT DISTINCT FROM n THEN
        RETURN NEW;
      END IF;
    END IF;
  END IF;
  RAISE EXCEPTION 'posted journals are immutable (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'KL010';
END
$function$;
