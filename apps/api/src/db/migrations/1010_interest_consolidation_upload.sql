-- Consolidated interest release (/api/consolidation/*) and the interest upload (/api/upload/interest*).
-- docs/interest.md "Consolidation" and "Interest upload".
--
-- A consolidation gathers a period's computed savings interest of every voluntary product and branch into one
-- batch of lines (one per account), which staff review per member, adjust line by line with a reason, and release:
-- the release writes through the savings interest posting (saving_interest_release / saving_interest, so the
-- unique index saving_interest_once_uq keeps "exactly once per account and period" across the ordinary release,
-- the consolidation and the upload), in committed chunks with a cursor (resumable).
CREATE TABLE interest_consolidation (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  start_date date NOT NULL,
  end_date date NOT NULL CHECK (end_date >= start_date),
  product_id uuid,
  branch_id uuid,
  status text NOT NULL CHECK (status IN ('PROCESSED', 'RELEASING', 'RELEASED', 'CANCELLED')),
  -- The savings interest release that posts it (created by the first release call).
  release_id uuid,
  cursor uuid,
  lines integer NOT NULL DEFAULT 0,
  members integer NOT NULL DEFAULT 0,
  total_gross numeric(20,2) NOT NULL DEFAULT 0,
  total_admin numeric(20,2) NOT NULL DEFAULT 0,
  posted integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz,
  released_by uuid,
  cancelled_at timestamptz,
  cancelled_by uuid,
  cancel_reason text CHECK (length(cancel_reason) <= 500),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, product_id) REFERENCES product (tenant_id, id),
  FOREIGN KEY (tenant_id, branch_id) REFERENCES branch (tenant_id, id),
  FOREIGN KEY (tenant_id, release_id) REFERENCES saving_interest_release (tenant_id, id)
);
-- One live batch per period (consolidating twice is refused; overlapping periods are refused by the service).
CREATE UNIQUE INDEX interest_consolidation_live_uq ON interest_consolidation (tenant_id, start_date, end_date)
  WHERE status <> 'CANCELLED';
CREATE INDEX interest_consolidation_created_idx ON interest_consolidation (tenant_id, created_date DESC);

CREATE TABLE interest_consolidation_line (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  consolidation_id uuid NOT NULL,
  saving_id uuid NOT NULL,
  member_id uuid NOT NULL,
  product_id uuid NOT NULL,
  branch_id uuid,
  basis text NOT NULL CHECK (basis IN ('HARIAN', 'RATA_RATA', 'TERENDAH')),
  basis_balance numeric(20,2) NOT NULL,
  rate numeric(9,4) NOT NULL,
  computed_gross numeric(20,2) NOT NULL CHECK (computed_gross >= 0),
  computed_admin numeric(20,2) NOT NULL CHECK (computed_admin >= 0),
  gross numeric(20,2) NOT NULL CHECK (gross >= 0),
  admin_fee numeric(20,2) NOT NULL CHECK (admin_fee >= 0),
  adjusted boolean NOT NULL DEFAULT false,
  reason text CHECK (length(reason) <= 500),
  adjusted_by uuid,
  adjusted_at timestamptz,
  -- PENDING until released; POSTED (its saving_interest row written) or SKIPPED (already paid for the period).
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'POSTED', 'SKIPPED')),
  tax numeric(20,2),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, consolidation_id, saving_id),
  FOREIGN KEY (tenant_id, consolidation_id) REFERENCES interest_consolidation (tenant_id, id),
  FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id)
);
CREATE INDEX interest_consolidation_line_member_idx ON interest_consolidation_line (tenant_id, consolidation_id, member_id);

-- Interest upload: figures computed elsewhere, one file per release date. Rows are checked one by one (errors by
-- row and column); an upload replaces the unconfirmed rows of its date; confirm-by-date posts the date's valid rows
-- once (through a savings interest release of that date, so cancel-release takes it back).
CREATE TABLE interest_upload (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  release_date date NOT NULL,
  file_name text CHECK (length(file_name) <= 255),
  rows integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  total_gross numeric(20,2) NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'UPLOADED' CHECK (status IN ('UPLOADED', 'SUPERSEDED', 'CONFIRMED')),
  release_id uuid,
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  confirmed_by uuid,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, release_id) REFERENCES saving_interest_release (tenant_id, id)
);
CREATE INDEX interest_upload_date_idx ON interest_upload (tenant_id, release_date, created_date DESC);

CREATE TABLE interest_upload_row (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  upload_id uuid NOT NULL,
  row_no integer NOT NULL,
  account_number text CHECK (length(account_number) <= 100),
  saving_id uuid,
  member_id uuid,
  gross numeric(20,2) CHECK (gross >= 0),
  admin_fee numeric(20,2) CHECK (admin_fee >= 0),
  description text CHECK (length(description) <= 500),
  -- The cells as read (the failed-rows file writes them back) and the errors [{row, column, message}].
  raw jsonb NOT NULL DEFAULT '{}'::jsonb,
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL CHECK (status IN ('VALID', 'FAILED', 'POSTED', 'SKIPPED')),
  tax numeric(20,2),
  PRIMARY KEY (tenant_id, upload_id, row_no),
  FOREIGN KEY (tenant_id, upload_id) REFERENCES interest_upload (tenant_id, id),
  FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['interest_consolidation', 'interest_consolidation_line', 'interest_upload', 'interest_upload_row']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;

REVOKE DELETE, TRUNCATE ON interest_consolidation, interest_consolidation_line, interest_upload FROM koperasi_app;
