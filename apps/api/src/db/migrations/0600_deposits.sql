-- Term deposits (simpanan berjangka, deposito; issue 13): product terms the
-- deposits module adds, the holding accounts (penampung pokok / bunga), the
-- deposit accounts with their certificate (bilyet) numbers, the interest
-- paid per deposit and period, monthly releases that run in committed chunks,
-- break requests waiting for approval, and the month's interest and tax per
-- member or account (PP 15/2009, shared with the savings interest release).
-- docs/deposits.md explains the model.

-- ---------------------------------------------------------------- product terms

ALTER TABLE product_terms
  -- Early-break penalty basis: percent of the PRINCIPAL, or of the INTEREST paid so far (a claw-back).
  ADD COLUMN deposit_penalty_basis text CHECK (deposit_penalty_basis IN ('PRINCIPAL', 'INTEREST')),
  -- MONTHLY: principal x rate / 12 per month; ACTUAL_365: principal x rate x days / 365.
  ADD COLUMN deposit_day_count text CHECK (deposit_day_count IN ('MONTHLY', 'ACTUAL_365')),
  -- What an automatic rollover renews: the PRINCIPAL, or PRINCIPAL_INTEREST (the last period's net interest joins it).
  ADD COLUMN deposit_rollover_type text CHECK (deposit_rollover_type IN ('PRINCIPAL', 'PRINCIPAL_INTEREST'));

-- The holding accounts every cooperative's chart gets (new cooperatives: deposits.module seedTenant).
INSERT INTO coa_account (tenant_id, code, name, type, normal_balance, is_postable, system_key, parent_id)
SELECT p.tenant_id, x.code, x.name, 'LIABILITY', 'CREDIT', true, x.key, p.id
FROM coa_account p
CROSS JOIN (VALUES ('20213', 'Penampung Pokok Simpanan Berjangka', 'DEPOSIT_HOLDING_PRINCIPAL'),
                   ('20214', 'Penampung Bunga Simpanan Berjangka', 'DEPOSIT_HOLDING_INTEREST')) AS x(code, name, key)
WHERE p.code = '202'
  AND NOT EXISTS (SELECT 1 FROM coa_account c WHERE c.tenant_id = p.tenant_id AND (c.code = x.code OR c.system_key = x.key));

-- ---------------------------------------------------------------- deposits

CREATE TABLE deposit (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- <product code>.<6-digit sequence>, from the product's account sequence.
  account_number text NOT NULL,
  -- Bilyet: BLY/<year>/<6-digit sequence per cooperative and year>.
  certificate_number text NOT NULL,
  member_id uuid NOT NULL,
  product_id uuid NOT NULL,
  -- ACTIVE (running), MATURED (waiting to be withdrawn), WITHDRAWN, BROKEN.
  status text NOT NULL CHECK (status IN ('ACTIVE', 'MATURED', 'WITHDRAWN', 'BROKEN')),
  -- The principal held in the product's control account (0 once withdrawn or broken).
  principal numeric(20,2) NOT NULL CHECK (principal >= 0),
  -- The amount first placed.
  placed_amount numeric(20,2) NOT NULL CHECK (placed_amount > 0),
  tenor integer NOT NULL CHECK (tenor IN (1, 3, 6, 12, 24)),
  -- Yearly percent of the current term (fixed at placement or rollover).
  rate numeric(9,4) NOT NULL CHECK (rate BETWEEN 0 AND 100),
  day_count text NOT NULL CHECK (day_count IN ('MONTHLY', 'ACTUAL_365')),
  terms_version integer NOT NULL,
  -- The current term: start (placement or last rollover) and maturity. term_no counts rollovers (1 = first term).
  term_no integer NOT NULL DEFAULT 1 CHECK (term_no >= 1),
  start_date date NOT NULL,
  maturity_date date NOT NULL CHECK (maturity_date > start_date),
  placed_date date NOT NULL,
  -- Interest paid through this date (the last payment day released; start_date when none).
  paid_through date NOT NULL,
  -- SAVING: credited to interest_saving_id; HOLDING: to the product's interest holding account.
  interest_destination text NOT NULL CHECK (interest_destination IN ('SAVING', 'HOLDING')),
  interest_saving_id uuid,
  -- NONE: matures and waits for withdrawal; PRINCIPAL / PRINCIPAL_INTEREST: renewed at maturity.
  rollover text NOT NULL CHECK (rollover IN ('NONE', 'PRINCIPAL', 'PRINCIPAL_INTEREST')),
  -- Funding of the placement: CASH (cash or bank account) or SAVING (a savings account of the member).
  funding text NOT NULL CHECK (funding IN ('CASH', 'SAVING')),
  funding_saving_id uuid,
  cash_coa_id uuid,
  -- Lifetime sums of interest released (gross) and tax withheld, and the penalty of a break.
  interest_paid numeric(20,2) NOT NULL DEFAULT 0 CHECK (interest_paid >= 0),
  tax_paid numeric(20,2) NOT NULL DEFAULT 0 CHECK (tax_paid >= 0),
  penalty numeric(20,2) NOT NULL DEFAULT 0 CHECK (penalty >= 0),
  -- A break waiting for approval (product: break needs approval).
  break_requested_at timestamptz,
  break_requested_by uuid,
  break_penalty numeric(20,2),
  break_holding_coa_id uuid,
  break_reason text CHECK (length(break_reason) <= 500),
  closed_date date,
  closed_by uuid,
  description text CHECK (length(description) <= 500),
  created_by uuid,
  updated_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
  FOREIGN KEY (tenant_id, product_id) REFERENCES product (tenant_id, id),
  FOREIGN KEY (tenant_id, interest_saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, funding_saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, cash_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, break_holding_coa_id) REFERENCES coa_account (tenant_id, id),
  CONSTRAINT deposit_destination_ck CHECK ((interest_destination = 'SAVING') = (interest_saving_id IS NOT NULL)),
  CONSTRAINT deposit_closed_empty_ck CHECK (status IN ('ACTIVE', 'MATURED') OR principal = 0),
  CONSTRAINT deposit_open_full_ck CHECK (status NOT IN ('ACTIVE', 'MATURED') OR principal > 0)
);
CREATE UNIQUE INDEX deposit_number_uq ON deposit (tenant_id, account_number);
CREATE UNIQUE INDEX deposit_certificate_uq ON deposit (tenant_id, certificate_number);
CREATE INDEX deposit_member_idx ON deposit (tenant_id, member_id);
CREATE INDEX deposit_product_idx ON deposit (tenant_id, product_id, status);
CREATE INDEX deposit_created_idx ON deposit (tenant_id, created_date DESC, id DESC);
-- The release walks the running deposits in id order.
CREATE INDEX deposit_active_idx ON deposit (tenant_id, id) WHERE status = 'ACTIVE';
CREATE TRIGGER deposit_touch BEFORE UPDATE ON deposit FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

-- Certificate numbers: one counter per cooperative and year, taken under its row lock.
CREATE TABLE deposit_certificate_counter (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  year integer NOT NULL,
  last_seq integer NOT NULL CHECK (last_seq >= 0),
  PRIMARY KEY (tenant_id, year)
);

-- Deposit movements are member transactions too (GET transaction/datatable lists them).
ALTER TABLE member_transaction ADD COLUMN deposit_id uuid;
ALTER TABLE member_transaction ADD CONSTRAINT member_transaction_deposit_fk
  FOREIGN KEY (tenant_id, deposit_id) REFERENCES deposit (tenant_id, id);
CREATE INDEX member_transaction_deposit_idx ON member_transaction (tenant_id, deposit_id, seq) WHERE deposit_id IS NOT NULL;

-- ---------------------------------------------------------------- releases and interest

-- One run of POST interest-simulation/deposit/release: processes the running
-- deposits in id order in committed chunks; `cursor` is the last deposit id
-- done, so a run stopped half-way resumes where it stopped.
CREATE TABLE deposit_release (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  from_date date NOT NULL,
  to_date date NOT NULL CHECK (to_date >= from_date),
  status text NOT NULL CHECK (status IN ('RUNNING', 'RELEASED', 'CANCELLED')),
  cursor uuid,
  deposits integer NOT NULL DEFAULT 0,
  payments integer NOT NULL DEFAULT 0,
  chunks integer NOT NULL DEFAULT 0,
  total_gross numeric(20,2) NOT NULL DEFAULT 0,
  total_tax numeric(20,2) NOT NULL DEFAULT 0,
  total_net numeric(20,2) NOT NULL DEFAULT 0,
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  cancelled_at timestamptz,
  cancelled_by uuid,
  cancel_reason text CHECK (length(cancel_reason) <= 500),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX deposit_release_created_idx ON deposit_release (tenant_id, created_date DESC);
-- One run at a time per window: a second call resumes the running one.
CREATE UNIQUE INDEX deposit_release_running_uq ON deposit_release (tenant_id, from_date, to_date) WHERE status = 'RUNNING';

-- Interest of one deposit and one payment day: at most one live row (the release's "exactly once").
CREATE TABLE deposit_interest (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  deposit_id uuid NOT NULL,
  -- NULL when paid outside a release (withdrawal at maturity).
  release_id uuid,
  term_no integer NOT NULL,
  period_from date NOT NULL,
  due_date date NOT NULL,
  days integer NOT NULL,
  principal numeric(20,2) NOT NULL,
  rate numeric(9,4) NOT NULL,
  gross numeric(20,2) NOT NULL CHECK (gross >= 0),
  tax numeric(20,2) NOT NULL CHECK (tax >= 0 AND tax <= gross),
  net numeric(20,2) NOT NULL CHECK (net = gross - tax),
  -- SAVING (interest_saving_id), HOLDING (holding account), PRINCIPAL (rolled into the principal).
  destination text NOT NULL CHECK (destination IN ('SAVING', 'HOLDING', 'PRINCIPAL')),
  saving_id uuid,
  -- The subject the month's tax was counted on (member or account) and the month.
  tax_subject uuid NOT NULL,
  tax_month date NOT NULL,
  journal_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'POSTED' CHECK (status IN ('POSTED', 'CANCELLED')),
  cancelled_at timestamptz,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, deposit_id) REFERENCES deposit (tenant_id, id),
  FOREIGN KEY (tenant_id, release_id) REFERENCES deposit_release (tenant_id, id),
  FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id) DEFERRABLE INITIALLY DEFERRED
);
CREATE UNIQUE INDEX deposit_interest_once_uq ON deposit_interest (tenant_id, deposit_id, due_date) WHERE status = 'POSTED';
CREATE INDEX deposit_interest_release_idx ON deposit_interest (tenant_id, release_id) WHERE release_id IS NOT NULL;
CREATE INDEX deposit_interest_deposit_idx ON deposit_interest (tenant_id, deposit_id, due_date);

-- Interest received and tax withheld per subject (member, or account when the
-- cooperative's basis is ACCOUNT) and month: the cumulative base of the
-- PP 15/2009 withholding. Deposits now; the savings interest release adds to
-- the same rows.
CREATE TABLE interest_tax_month (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  subject_id uuid NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  gross numeric(20,2) NOT NULL DEFAULT 0,
  tax numeric(20,2) NOT NULL DEFAULT 0,
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, subject_id, month)
);

-- ---------------------------------------------------------------- security

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['deposit', 'deposit_certificate_counter', 'deposit_release', 'deposit_interest', 'interest_tax_month']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;

REVOKE DELETE, TRUNCATE ON deposit, deposit_release, deposit_interest FROM koperasi_app;
