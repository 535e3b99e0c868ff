-- Business units: the unit's expense account is used by operating expenses (EXPENSE: expense / cash), its admin
-- liability account by the admin fee a member pays with a debt payment (cash or savings / receivable + admin
-- liability); a cash leg records the cash account it went through (the teller's drawer when the payer works in
-- a teller session, else the unit's cash account). docs/business-units.md.

ALTER TABLE business_unit_transaction DROP CONSTRAINT business_unit_transaction_kind_check;
ALTER TABLE business_unit_transaction ADD CONSTRAINT business_unit_transaction_kind_check
  CHECK (kind IN ('SALE_CREDIT', 'SALE_CASH', 'PURCHASE', 'PURCHASE_CREDIT', 'PAYABLE_PAYMENT', 'STOCK_LOSS', 'EXPENSE', 'DEBT_PAYMENT'));

ALTER TABLE business_unit_transaction
  ADD COLUMN admin_fee numeric(20,2) NOT NULL DEFAULT 0 CHECK (admin_fee >= 0),
  ADD COLUMN cash_coa_id uuid;
ALTER TABLE business_unit_transaction
  ADD CONSTRAINT business_unit_transaction_admin_fee_kind CHECK (admin_fee = 0 OR kind = 'DEBT_PAYMENT');
ALTER TABLE business_unit_transaction
  ADD CONSTRAINT business_unit_transaction_cash_coa_fk FOREIGN KEY (tenant_id, cash_coa_id) REFERENCES coa_account (tenant_id, id);
