-- Data migration wizard (issue 17): rows staged from a cooperative's old books,
-- the opening balance sheet, and the confirmed steps (docs/migration.md).

-- One staged spreadsheet row. type: MEMBERS, SAVINGS, DEPOSITS, LOANS. status: VALID (waiting for confirm),
-- FAILED (errors: [{row, column, message}]), POSTED (confirmed; entity_id is the record it became).
CREATE TABLE migration_row (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('MEMBERS', 'SAVINGS', 'DEPOSITS', 'LOANS')),
  row_number integer NOT NULL CHECK (row_number >= 1),
  status text NOT NULL CHECK (status IN ('VALID', 'FAILED', 'POSTED')),
  -- The cells as uploaded (text), for the screen and the correction file.
  data jsonb NOT NULL,
  -- The row read and checked (ids resolved, amounts as text): what confirm posts.
  value jsonb,
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- CIF of the member the row is about (members: its own; accounts: its holder).
  cif_number text,
  amount numeric(20,2),
  entity_id uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, type, row_number)
);
CREATE INDEX migration_row_status_idx ON migration_row (tenant_id, type, status);
CREATE INDEX migration_row_cif_idx ON migration_row (tenant_id, type, cif_number);

-- The uploaded opening balance sheet (neraca awal): one balance per account, in its normal-balance sign.
CREATE TABLE migration_opening (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  coa_id uuid NOT NULL,
  debit numeric(20,2) NOT NULL DEFAULT 0 CHECK (debit >= 0),
  credit numeric(20,2) NOT NULL DEFAULT 0 CHECK (credit >= 0),
  row_number integer NOT NULL,
  PRIMARY KEY (tenant_id, coa_id),
  FOREIGN KEY (tenant_id, coa_id) REFERENCES coa_account (tenant_id, id)
);

-- A confirmed step (type MEMBERS, SAVINGS, DEPOSITS, LOANS or NERACA): at most one live per type.
CREATE TABLE migration_step (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('MEMBERS', 'SAVINGS', 'DEPOSITS', 'LOANS', 'NERACA')),
  journal_id uuid,
  migration_date date NOT NULL,
  row_count integer NOT NULL DEFAULT 0,
  total numeric(20,2) NOT NULL DEFAULT 0,
  confirmed_by uuid,
  confirmed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, type),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['migration_row', 'migration_opening', 'migration_step']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;
