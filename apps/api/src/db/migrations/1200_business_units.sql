-- Business units (Unit Usaha): a cooperative's store or other venture with its own accounts.
-- The chart of accounts' business_unit_id (0001) now points at a real unit.

CREATE TABLE business_unit (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('SIMPAN PINJAM', 'TOKO', 'USAHA LAINNYA')),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE')),
  cash_account_id uuid NOT NULL,
  inventory_account_id uuid NOT NULL,
  payable_account_id uuid NOT NULL,
  receivable_account_id uuid NOT NULL,
  revenue_account_id uuid NOT NULL,
  expense_account_id uuid NOT NULL,
  admin_liability_account_id uuid NOT NULL,
  inventory_loss_account_id uuid NOT NULL,
  created_by uuid,
  updated_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, cash_account_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, inventory_account_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, payable_account_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, receivable_account_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, revenue_account_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, expense_account_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, admin_liability_account_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, inventory_loss_account_id) REFERENCES coa_account (tenant_id, id)
);
CREATE UNIQUE INDEX business_unit_name_uq ON business_unit (tenant_id, lower(name));
CREATE TRIGGER business_unit_touch BEFORE UPDATE ON business_unit FOR EACH ROW EXECUTE FUNCTION touch_updated_date();
ALTER TABLE business_unit ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON business_unit USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());

-- Accounts of no unit stay NULL (MATCH SIMPLE: not checked); any other value is a unit of the same cooperative.
UPDATE coa_account a SET business_unit_id = NULL
 WHERE business_unit_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM business_unit u WHERE u.tenant_id = a.tenant_id AND u.id = a.business_unit_id);
ALTER TABLE coa_account ADD CONSTRAINT coa_account_business_unit_fk
  FOREIGN KEY (tenant_id, business_unit_id) REFERENCES business_unit (tenant_id, id);
CREATE INDEX coa_account_business_unit_idx ON coa_account (tenant_id, business_unit_id) WHERE business_unit_id IS NOT NULL;
