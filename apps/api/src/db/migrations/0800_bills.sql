-- Bills (issue 14): a member's bill of a BILL product (FIXED_BILL, NOT_FIXED_BILL,
-- WITH_TOTAL_DEBT), its installments, its payments and its history.
-- docs/bills.md explains the model and the journals behind these columns.

CREATE TABLE bill (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- <product code>.<seq> from product.last_account_seq (as loan numbers).
  bill_number text NOT NULL,
  member_id uuid NOT NULL,
  product_id uuid NOT NULL,
  terms_version integer NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  bill_type text NOT NULL CHECK (bill_type IN ('FIXED_BILL', 'NOT_FIXED_BILL', 'WITH_TOTAL_DEBT')),
  status text NOT NULL CHECK (status IN ('WAITING_APPROVAL', 'REJECTED', 'RUNNING', 'PAID_OFF', 'STOPPED')),
  -- The bill date: the first installment falls due on it, then monthly.
  bill_date date NOT NULL,
  -- Sum of the live installments' amounts (without the admin fee).
  amount numeric(20,2) NOT NULL CHECK (amount >= 0),
  per_bill_amount numeric(20,2) NOT NULL DEFAULT 0 CHECK (per_bill_amount >= 0),
  admin_fee numeric(20,2) NOT NULL DEFAULT 0 CHECK (admin_fee >= 0),
  installments integer NOT NULL CHECK (installments BETWEEN 0 AND 360),
  -- Paid in cash or bank / deducted from the member's savings / written off (stop, deleted installments).
  paid numeric(20,2) NOT NULL DEFAULT 0 CHECK (paid >= 0),
  deducted numeric(20,2) NOT NULL DEFAULT 0 CHECK (deducted >= 0),
  written_off numeric(20,2) NOT NULL DEFAULT 0 CHECK (written_off >= 0),
  -- The sub-ledger: what the member still owes (the receivable control's balance while RUNNING).
  debt numeric(20,2) NOT NULL DEFAULT 0 CHECK (debt >= 0),
  receivable_coa_id uuid,
  approved_date date,
  approved_by uuid,
  approve_journal_id uuid,
  decision_reason text,
  stopped_date date,
  stopped_by uuid,
  stop_reason text,
  paid_off_date date,
  -- The last change of the schedule (update/delete installment, stop): a payment before it can no longer be cancelled.
  schedule_changed_at timestamptz,
  description text CHECK (length(description) <= 500),
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
  FOREIGN KEY (tenant_id, product_id) REFERENCES product (tenant_id, id),
  FOREIGN KEY (tenant_id, receivable_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, approve_journal_id) REFERENCES journal (tenant_id, id)
);
CREATE UNIQUE INDEX bill_number_uq ON bill (tenant_id, bill_number);
CREATE INDEX bill_member_idx ON bill (tenant_id, member_id, status);
CREATE INDEX bill_status_idx ON bill (tenant_id, status, created_date DESC);
CREATE INDEX bill_approved_idx ON bill (tenant_id, approved_date) WHERE approved_date IS NOT NULL;
CREATE TRIGGER bill_touch BEFORE UPDATE ON bill FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

CREATE TABLE bill_installment (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  bill_id uuid NOT NULL,
  number integer NOT NULL CHECK (number >= 1),
  due_date date NOT NULL,
  amount numeric(20,2) NOT NULL CHECK (amount >= 0),
  admin_fee numeric(20,2) NOT NULL DEFAULT 0 CHECK (admin_fee >= 0),
  amount_paid numeric(20,2) NOT NULL DEFAULT 0 CHECK (amount_paid >= 0 AND amount_paid <= amount),
  admin_fee_paid numeric(20,2) NOT NULL DEFAULT 0 CHECK (admin_fee_paid >= 0 AND admin_fee_paid <= admin_fee),
  paid_date date,
  -- OPEN, PAID, DELETED (delete-installment), STOPPED (stop-bill wrote off what was left).
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'PAID', 'DELETED', 'STOPPED')),
  notes text,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, bill_id) REFERENCES bill (tenant_id, id)
);
CREATE UNIQUE INDEX bill_installment_uq ON bill_installment (tenant_id, bill_id, number);
CREATE INDEX bill_installment_due_idx ON bill_installment (tenant_id, due_date) WHERE status = 'OPEN';

-- One payment of a bill, with its allocation and the installments before it (to reinstate on cancel).
CREATE TABLE bill_payment (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  bill_id uuid NOT NULL,
  seq integer NOT NULL,
  payment_date date NOT NULL,
  amount numeric(20,2) NOT NULL CHECK (amount > 0),
  bill_amount numeric(20,2) NOT NULL CHECK (bill_amount >= 0),
  admin_fee numeric(20,2) NOT NULL CHECK (admin_fee >= 0),
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
  FOREIGN KEY (tenant_id, bill_id) REFERENCES bill (tenant_id, id),
  FOREIGN KEY (tenant_id, cash_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id),
  FOREIGN KEY (tenant_id, reversal_journal_id) REFERENCES journal (tenant_id, id),
  CONSTRAINT bill_payment_split_ck CHECK (bill_amount + admin_fee = amount)
);
CREATE UNIQUE INDEX bill_payment_seq_uq ON bill_payment (tenant_id, bill_id, seq);
CREATE INDEX bill_payment_date_idx ON bill_payment (tenant_id, payment_date);
REVOKE DELETE, TRUNCATE ON bill_payment FROM koperasi_app;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bill', 'bill_installment', 'bill_payment']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;
REVOKE DELETE, TRUNCATE ON bill FROM koperasi_app;
