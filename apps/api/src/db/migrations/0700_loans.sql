-- Loans (issue 12): loan products' extra terms, loans from application to paid
-- off, their installment schedules, payments with their allocation, the loan's
-- own history (mutation-loan), collateral and online requests from the member
-- app. docs/loans.md explains the model and the rules behind these columns.

-- ---------------------------------------------------------------- product terms

ALTER TABLE product_terms
  -- Installment total rounded to a multiple of (Fineract "installment in multiples of").
  ADD COLUMN loan_rounding_multiple numeric(9,2) CHECK (loan_rounding_multiple IN (0.01, 1, 100, 1000)),
  -- Days after the due date before a fine starts.
  ADD COLUMN loan_fine_grace_days integer CHECK (loan_fine_grace_days BETWEEN 0 AND 365),
  -- ONE_MONTH (a month after the release, same day) or DUE_DAY (the due day of the next month).
  ADD COLUMN loan_first_installment_rule text CHECK (loan_first_installment_rule IN ('ONE_MONTH', 'DUE_DAY'));

-- ---------------------------------------------------------------- loans

CREATE TABLE loan (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- <product code>.<seq> from product.last_account_seq (as saving account numbers).
  loan_number text NOT NULL,
  member_id uuid NOT NULL,
  product_id uuid NOT NULL,
  -- The product terms version in force on the application day: later changes never rewrite the loan.
  terms_version integer NOT NULL,
  status text NOT NULL CHECK (status IN ('WAITING_APPROVAL', 'APPROVED', 'REJECTED', 'RUNNING', 'PAID_OFF', 'RELEASE_REJECTED')),
  amount numeric(20,2) NOT NULL CHECK (amount > 0),
  tenor integer NOT NULL CHECK (tenor BETWEEN 1 AND 360),
  -- Percent per month (the product's unit).
  interest_rate numeric(9,4) NOT NULL CHECK (interest_rate BETWEEN 0 AND 100),
  interest_method text NOT NULL CHECK (interest_method IN ('FLAT', 'EFEKTIF', 'EFEKTIF_BULAN', 'ANUITAS')),
  installment_method text NOT NULL CHECK (installment_method IN ('POKOK & JASA', 'POKOK', 'JASA')),
  rounding_multiple numeric(9,2) NOT NULL DEFAULT 1,
  due_day integer CHECK (due_day BETWEEN 1 AND 28),
  first_installment_rule text NOT NULL DEFAULT 'ONE_MONTH',
  fine numeric(20,4) NOT NULL DEFAULT 0 CHECK (fine >= 0),
  fine_method text NOT NULL DEFAULT 'NOMINAL' CHECK (fine_method IN ('NOMINAL', 'PERCENT')),
  fine_grace_days integer NOT NULL DEFAULT 0,
  purpose text CHECK (length(purpose) <= 500),
  criteria text CHECK (length(criteria) <= 2000),
  guarantor jsonb,
  guarantor_verified boolean NOT NULL DEFAULT false,
  guarantor_notes text,
  collateral_verified boolean NOT NULL DEFAULT false,
  requires_collateral boolean NOT NULL DEFAULT false,
  interview_notes text,
  survey_notes text,
  tag text CHECK (length(tag) <= 100),
  is_auto_debit boolean NOT NULL DEFAULT false,
  -- Fees deducted at release (fixed at release from the loan's terms).
  admin_fee numeric(20,2) NOT NULL DEFAULT 0 CHECK (admin_fee >= 0),
  provision_fee numeric(20,2) NOT NULL DEFAULT 0 CHECK (provision_fee >= 0),
  other_costs numeric(20,2) NOT NULL DEFAULT 0 CHECK (other_costs >= 0),
  net_disbursed numeric(20,2) NOT NULL DEFAULT 0 CHECK (net_disbursed >= 0),
  -- The sub-ledger: what the member still owes of the principal = sum of the
  -- current schedule's principal - principal_paid (the control account's balance).
  remaining_principal numeric(20,2) NOT NULL DEFAULT 0 CHECK (remaining_principal >= 0),
  principal_paid numeric(20,2) NOT NULL DEFAULT 0,
  interest_paid numeric(20,2) NOT NULL DEFAULT 0,
  fine_paid numeric(20,2) NOT NULL DEFAULT 0,
  fine_waived numeric(20,2) NOT NULL DEFAULT 0,
  -- The loan receivable account the release posted to (the reconciliation groups by it).
  receivable_coa_id uuid,
  -- Current schedule (restructuring adds one; the old stays as history).
  schedule_no integer NOT NULL DEFAULT 1,
  installment_amount numeric(20,2) NOT NULL DEFAULT 0,
  application_date date NOT NULL,
  approved_date date,
  approved_by uuid,
  decision_reason text,
  release_date date,
  released_by uuid,
  release_journal_id uuid,
  release_saving_id uuid,
  release_coa_id uuid,
  first_installment_date date,
  maturity_date date,
  paid_off_date date,
  officer_id uuid,
  online_request_id uuid,
  description text CHECK (length(description) <= 500),
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
  FOREIGN KEY (tenant_id, product_id) REFERENCES product (tenant_id, id),
  FOREIGN KEY (tenant_id, receivable_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, release_journal_id) REFERENCES journal (tenant_id, id),
  FOREIGN KEY (tenant_id, release_saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, release_coa_id) REFERENCES coa_account (tenant_id, id)
);
CREATE UNIQUE INDEX loan_number_uq ON loan (tenant_id, loan_number);
CREATE INDEX loan_member_idx ON loan (tenant_id, member_id, status);
CREATE INDEX loan_status_idx ON loan (tenant_id, status, created_date DESC);
CREATE INDEX loan_created_idx ON loan (tenant_id, created_date DESC, id DESC);
CREATE TRIGGER loan_touch BEFORE UPDATE ON loan FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

CREATE TABLE loan_installment (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  loan_id uuid NOT NULL,
  schedule_no integer NOT NULL,
  number integer NOT NULL CHECK (number >= 1),
  due_date date NOT NULL,
  principal numeric(20,2) NOT NULL CHECK (principal >= 0),
  interest numeric(20,2) NOT NULL CHECK (interest >= 0),
  -- Scheduled remaining principal after this installment.
  remaining_principal numeric(20,2) NOT NULL CHECK (remaining_principal >= 0),
  principal_paid numeric(20,2) NOT NULL DEFAULT 0 CHECK (principal_paid >= 0 AND principal_paid <= principal),
  interest_paid numeric(20,2) NOT NULL DEFAULT 0 CHECK (interest_paid >= 0 AND interest_paid <= interest),
  -- Fine counted (materialised) up to fine_counted_to, paid, waived.
  fine_accrued numeric(20,2) NOT NULL DEFAULT 0 CHECK (fine_accrued >= 0),
  fine_counted_to date,
  fine_paid numeric(20,2) NOT NULL DEFAULT 0 CHECK (fine_paid >= 0),
  fine_waived numeric(20,2) NOT NULL DEFAULT 0 CHECK (fine_waived >= 0),
  paid_date date,
  -- Set on the rows a restructuring replaced (history).
  superseded boolean NOT NULL DEFAULT false,
  notes text,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, loan_id) REFERENCES loan (tenant_id, id),
  CONSTRAINT loan_installment_fine_ck CHECK (fine_paid + fine_waived <= fine_accrued)
);
CREATE UNIQUE INDEX loan_installment_uq ON loan_installment (tenant_id, loan_id, schedule_no, number);
CREATE INDEX loan_installment_due_idx ON loan_installment (tenant_id, due_date) WHERE NOT superseded AND paid_date IS NULL;

CREATE TABLE loan_collateral (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  loan_id uuid NOT NULL,
  type text CHECK (length(type) <= 50),
  number text NOT NULL CHECK (length(number) BETWEEN 1 AND 100),
  detail text CHECK (length(detail) <= 1000),
  value numeric(20,2) NOT NULL DEFAULT 0 CHECK (value >= 0),
  photos jsonb NOT NULL DEFAULT '[]',
  is_verified boolean NOT NULL DEFAULT false,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, loan_id) REFERENCES loan (tenant_id, id)
);
CREATE INDEX loan_collateral_loan_idx ON loan_collateral (tenant_id, loan_id);

-- One payment (or release) of a loan, with its allocation and what it changed
-- (before: the installments' and the loan's figures, to reinstate on cancel).
CREATE TABLE loan_payment (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  loan_id uuid NOT NULL,
  seq integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('INSTALLMENT', 'PARTIAL', 'OPEN_AMOUNT', 'PAYOFF')),
  payment_date date NOT NULL,
  amount numeric(20,2) NOT NULL CHECK (amount > 0),
  principal numeric(20,2) NOT NULL CHECK (principal >= 0),
  interest numeric(20,2) NOT NULL CHECK (interest >= 0),
  fine numeric(20,2) NOT NULL CHECK (fine >= 0),
  source text NOT NULL CHECK (source IN ('CASH', 'SAVING')),
  cash_coa_id uuid,
  saving_id uuid,
  saving_transaction_id uuid,
  journal_id uuid NOT NULL,
  before jsonb NOT NULL,
  status text NOT NULL DEFAULT 'POSTED' CHECK (status IN ('POSTED', 'CANCELLED')),
  cancelled_at timestamptz,
  cancelled_by uuid,
  cancel_reason text,
  reversal_journal_id uuid,
  description text CHECK (length(description) <= 500),
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, loan_id) REFERENCES loan (tenant_id, id),
  FOREIGN KEY (tenant_id, cash_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id),
  FOREIGN KEY (tenant_id, reversal_journal_id) REFERENCES journal (tenant_id, id),
  CONSTRAINT loan_payment_split_ck CHECK (principal + interest + fine = amount)
);
CREATE UNIQUE INDEX loan_payment_seq_uq ON loan_payment (tenant_id, loan_id, seq);
CREATE INDEX loan_payment_journal_idx ON loan_payment (tenant_id, journal_id);
CREATE INDEX loan_payment_date_idx ON loan_payment (tenant_id, payment_date);
REVOKE DELETE, TRUNCATE ON loan_payment FROM koperasi_app;

-- The loan's own history (mutation-loan): debit raises the principal owed, credit lowers it.
CREATE TABLE loan_event (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  loan_id uuid NOT NULL,
  event_date date NOT NULL,
  activity text NOT NULL CHECK (activity ~ '^[A-Z][A-Z_]{1,39}$'),
  debit numeric(20,2) NOT NULL DEFAULT 0,
  credit numeric(20,2) NOT NULL DEFAULT 0,
  balance numeric(20,2) NOT NULL,
  description text,
  ref_id uuid,
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, loan_id) REFERENCES loan (tenant_id, id)
);
CREATE INDEX loan_event_loan_idx ON loan_event (tenant_id, loan_id, created_date);
REVOKE UPDATE, DELETE, TRUNCATE ON loan_event FROM koperasi_app;

-- Loan requests sent from the member app (spec: online submissions), decided by staff.
CREATE TABLE loan_online_request (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL,
  product_id uuid NOT NULL,
  amount numeric(20,2) NOT NULL CHECK (amount > 0),
  tenor integer NOT NULL CHECK (tenor BETWEEN 1 AND 360),
  purpose text CHECK (length(purpose) <= 500),
  status text NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'APPROVED', 'REJECTED')),
  reason text,
  loan_id uuid,
  decided_by uuid,
  decided_at timestamptz,
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
  FOREIGN KEY (tenant_id, product_id) REFERENCES product (tenant_id, id),
  FOREIGN KEY (tenant_id, loan_id) REFERENCES loan (tenant_id, id)
);
CREATE INDEX loan_online_request_status_idx ON loan_online_request (tenant_id, status, created_date DESC);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['loan', 'loan_installment', 'loan_collateral', 'loan_payment', 'loan_event', 'loan_online_request']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;
REVOKE DELETE, TRUNCATE ON loan FROM koperasi_app;
