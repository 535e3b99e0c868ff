-- Live SQL functions now sit in src/db/functions/<name>.sql, one file each,
-- applied after the migrations whenever a file's content changes (db/functions.ts,
-- docs/contributing.md "SQL functions"). This table records what was applied.
CREATE TABLE IF NOT EXISTS schema_functions (
  name text PRIMARY KEY,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);

-- Dead entry points: the 20-argument saving_insert_movement (0401; every caller
-- passes the journal id since 0403) and ledger_post(jsonb) (the engine calls
-- ledger_post_json / ledger_post_arrays since 0105).
DROP FUNCTION IF EXISTS saving_insert_movement(uuid, numeric, date, uuid, uuid, text, text, text, numeric, text, uuid, uuid, text, text, uuid, integer, uuid, uuid, uuid, uuid);
DROP FUNCTION IF EXISTS ledger_post(jsonb);
