-- Sisa hasil usaha (SHU): settings per fiscal year, the year's calculation with each member's share,
-- and the distribution's chunks (each its own committed transaction with its own journal).

CREATE TABLE shu_setting (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  fiscal_year integer NOT NULL,
  source_members boolean NOT NULL DEFAULT true,
  source_non_members boolean NOT NULL DEFAULT false,
  escrow_coa_id uuid,
  share_reserve numeric(9,4) NOT NULL,
  share_member_equity numeric(9,4) NOT NULL,
  share_member_transaction numeric(9,4) NOT NULL,
  share_management numeric(9,4) NOT NULL,
  share_employee numeric(9,4) NOT NULL,
  share_education numeric(9,4) NOT NULL,
  share_social numeric(9,4) NOT NULL,
  share_other numeric(9,4) NOT NULL,
  equity_basis text NOT NULL CHECK (equity_basis IN ('YEAR_END_BALANCE', 'AVERAGE_DAILY_BALANCE')),
  equity_include_other boolean NOT NULL DEFAULT false,
  transaction_basis text NOT NULL
    CHECK (transaction_basis IN ('SAVING_AVERAGE_BALANCE', 'LOAN_INTEREST_PAID', 'LOAN_DISBURSED', 'BUSINESS_UNIT_PURCHASES')),
  tax_percent numeric(9,4) NOT NULL DEFAULT 10 CHECK (tax_percent BETWEEN 0 AND 100),
  reserve_coa_id uuid,
  management_coa_id uuid,
  employee_coa_id uuid,
  education_coa_id uuid,
  social_coa_id uuid,
  other_coa_id uuid,
  member_payable_coa_id uuid,
  tax_payable_coa_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  PRIMARY KEY (tenant_id, fiscal_year),
  CONSTRAINT shu_setting_shares_ck CHECK (
    least(share_reserve, share_member_equity, share_member_transaction, share_management, share_employee, share_education,
          share_social, share_other) >= 0
    AND share_reserve + share_member_equity + share_member_transaction + share_management + share_employee + share_education
        + share_social + share_other = 100),
  FOREIGN KEY (tenant_id, escrow_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, reserve_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, management_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, employee_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, education_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, social_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, other_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, member_payable_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, tax_payable_coa_id) REFERENCES coa_account (tenant_id, id)
);

-- One calculation per cooperative and fiscal year: its distribution happens at most once while it stands.
CREATE TABLE shu_calculation (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  fiscal_year integer NOT NULL,
  status text NOT NULL CHECK (status IN ('CALCULATED', 'DISTRIBUTING', 'DISTRIBUTED', 'CANCELLING', 'CANCELLED')),
  surplus numeric(20,2) NOT NULL,
  settings jsonb NOT NULL,
  planned jsonb NOT NULL,
  allocations jsonb NOT NULL,
  remainder_to_reserve numeric(20,2) NOT NULL,
  member_count integer NOT NULL,
  total_equity_basis numeric(20,2) NOT NULL,
  total_transaction_basis numeric(20,2) NOT NULL,
  total_gross numeric(20,2) NOT NULL,
  total_tax numeric(20,2) NOT NULL,
  total_net numeric(20,2) NOT NULL,
  calculated_at timestamptz NOT NULL DEFAULT now(),
  calculated_by uuid,
  payout text CHECK (payout IN ('SAVINGS', 'CASH')),
  distribution_date date,
  surplus_coa_id uuid,
  journal_id uuid,
  distributed_at timestamptz,
  distributed_by uuid,
  cancel_reason text,
  cancelled_at timestamptz,
  cancelled_by uuid,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, fiscal_year)
);

CREATE TABLE shu_member (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  calculation_id uuid NOT NULL,
  member_id uuid NOT NULL,
  equity_basis numeric(20,2) NOT NULL,
  transaction_basis numeric(20,2) NOT NULL,
  equity_share numeric(20,2) NOT NULL CHECK (equity_share >= 0),
  transaction_share numeric(20,2) NOT NULL CHECK (transaction_share >= 0),
  gross numeric(20,2) NOT NULL CHECK (gross >= 0),
  tax numeric(20,2) NOT NULL CHECK (tax >= 0),
  net numeric(20,2) NOT NULL CHECK (net >= 0),
  -- CALCULATED; PENDING (to be credited), CREDITED (to saving_id), PAYABLE (left payable: cash payout); REVERSED.
  status text NOT NULL DEFAULT 'CALCULATED' CHECK (status IN ('CALCULATED', 'PENDING', 'CREDITED', 'PAYABLE', 'REVERSED')),
  saving_id uuid,
  chunk_no integer,
  transaction_id uuid,
  PRIMARY KEY (tenant_id, calculation_id, member_id),
  FOREIGN KEY (tenant_id, calculation_id) REFERENCES shu_calculation (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
  FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, transaction_id) REFERENCES member_transaction (tenant_id, id)
);
CREATE INDEX shu_member_status_idx ON shu_member (tenant_id, calculation_id, status, member_id);

-- A committed step of a distribution: the members it credited and its journal (reversed by a cancellation).
CREATE TABLE shu_chunk (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  calculation_id uuid NOT NULL,
  chunk_no integer NOT NULL,
  group_id uuid NOT NULL,
  journal_id uuid NOT NULL,
  member_count integer NOT NULL,
  amount numeric(20,2) NOT NULL,
  reversal_journal_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, calculation_id, chunk_no),
  FOREIGN KEY (tenant_id, calculation_id) REFERENCES shu_calculation (tenant_id, id) ON DELETE CASCADE
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['shu_setting', 'shu_calculation', 'shu_member', 'shu_chunk']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO koperasi_app', t);
  END LOOP;
END
$$;
