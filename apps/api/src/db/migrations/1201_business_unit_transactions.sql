-- Business-unit transactions (credit and cash sales, purchases, stock loss, debt payments) and members' debts per unit.

CREATE TABLE business_unit_debt (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  business_unit_id uuid NOT NULL,
  member_id uuid NOT NULL,
  balance numeric(20,2) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, business_unit_id, member_id),
  FOREIGN KEY (tenant_id, business_unit_id) REFERENCES business_unit (tenant_id, id),
  FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id)
);
CREATE INDEX business_unit_debt_member_idx ON business_unit_debt (tenant_id, member_id);
CREATE TRIGGER business_unit_debt_touch BEFORE UPDATE ON business_unit_debt FOR EACH ROW EXECUTE FUNCTION touch_updated_date();
ALTER TABLE business_unit_debt ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON business_unit_debt USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());

CREATE TABLE business_unit_transaction (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  business_unit_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('SALE_CREDIT', 'SALE_CASH', 'PURCHASE', 'STOCK_LOSS', 'DEBT_PAYMENT')),
  member_id uuid,
  amount numeric(20,2) NOT NULL CHECK (amount > 0),
  date date NOT NULL,
  description text,
  payment_source text CHECK (payment_source IN ('CASH', 'SAVINGS')),
  journal_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'POSTED' CHECK (status IN ('POSTED', 'CANCELLED')),
  cancel_journal_id uuid,
  cancel_reason text,
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, business_unit_id) REFERENCES business_unit (tenant_id, id),
  FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id),
  FOREIGN KEY (tenant_id, cancel_journal_id) REFERENCES journal (tenant_id, id),
  CHECK (kind NOT IN ('SALE_CREDIT', 'DEBT_PAYMENT') OR member_id IS NOT NULL)
);
CREATE INDEX business_unit_transaction_unit_idx ON business_unit_transaction (tenant_id, business_unit_id, created_date);
CREATE INDEX business_unit_transaction_member_idx ON business_unit_transaction (tenant_id, member_id, created_date) WHERE member_id IS NOT NULL;
ALTER TABLE business_unit_transaction ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON business_unit_transaction USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
