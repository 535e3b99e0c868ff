-- Savings interest (jasa simpanan sukarela) release: POST interest-simulation/saving/release.
-- One run processes the product's (or every) voluntary savings account in id order in committed
-- chunks; `cursor` is the last account id done, so a run stopped half-way resumes. docs/interest.md.
CREATE TABLE saving_interest_release (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  start_date date NOT NULL,
  end_date date NOT NULL CHECK (end_date >= start_date),
  -- NULL: every voluntary savings product.
  product_id uuid,
  status text NOT NULL CHECK (status IN ('RUNNING', 'RELEASED', 'CANCELLED')),
  cursor uuid,
  accounts integer NOT NULL DEFAULT 0,
  chunks integer NOT NULL DEFAULT 0,
  total_gross numeric(20,2) NOT NULL DEFAULT 0,
  total_tax numeric(20,2) NOT NULL DEFAULT 0,
  total_admin numeric(20,2) NOT NULL DEFAULT 0,
  total_net numeric(20,2) NOT NULL DEFAULT 0,
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  cancelled_at timestamptz,
  cancelled_by uuid,
  cancel_reason text CHECK (length(cancel_reason) <= 500),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, product_id) REFERENCES product (tenant_id, id)
);
CREATE INDEX saving_interest_release_created_idx ON saving_interest_release (tenant_id, created_date DESC);
CREATE UNIQUE INDEX saving_interest_release_running_uq ON saving_interest_release
  (tenant_id, start_date, end_date, coalesce(product_id, '00000000-0000-0000-0000-000000000000'::uuid)) WHERE status = 'RUNNING';

-- Interest of one account and one period: at most one live row (the release's "exactly once").
CREATE TABLE saving_interest (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  release_id uuid NOT NULL,
  saving_id uuid NOT NULL,
  member_id uuid NOT NULL,
  product_id uuid NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  basis text NOT NULL CHECK (basis IN ('HARIAN', 'RATA_RATA', 'TERENDAH')),
  basis_balance numeric(20,2) NOT NULL,
  rate numeric(9,4) NOT NULL,
  gross numeric(20,2) NOT NULL CHECK (gross >= 0),
  tax numeric(20,2) NOT NULL CHECK (tax >= 0 AND tax <= gross),
  admin_fee numeric(20,2) NOT NULL CHECK (admin_fee >= 0),
  net numeric(20,2) NOT NULL CHECK (net = gross - tax - admin_fee),
  tax_subject uuid NOT NULL,
  tax_month date NOT NULL,
  journal_id uuid NOT NULL,
  group_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'POSTED' CHECK (status IN ('POSTED', 'CANCELLED')),
  cancelled_at timestamptz,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, release_id) REFERENCES saving_interest_release (tenant_id, id),
  FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id) DEFERRABLE INITIALLY DEFERRED
);
CREATE UNIQUE INDEX saving_interest_once_uq ON saving_interest (tenant_id, saving_id, start_date, end_date) WHERE status = 'POSTED';
CREATE INDEX saving_interest_release_idx ON saving_interest (tenant_id, release_id);
CREATE INDEX saving_interest_saving_idx ON saving_interest (tenant_id, saving_id, end_date);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['saving_interest_release', 'saving_interest']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;

REVOKE DELETE, TRUNCATE ON saving_interest_release, saving_interest FROM koperasi_app;
