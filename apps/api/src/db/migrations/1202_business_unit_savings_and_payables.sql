-- Business units: debt payments from the member's savings (the savings movement is linked to the unit transaction,
-- and its reversal when the payment is cancelled) and purchases on credit (the unit's payable) with their payment.

ALTER TABLE business_unit_transaction DROP CONSTRAINT business_unit_transaction_kind_check;
ALTER TABLE business_unit_transaction ADD CONSTRAINT business_unit_transaction_kind_check
  CHECK (kind IN ('SALE_CREDIT', 'SALE_CASH', 'PURCHASE', 'PURCHASE_CREDIT', 'PAYABLE_PAYMENT', 'STOCK_LOSS', 'DEBT_PAYMENT'));

ALTER TABLE business_unit_transaction
  ADD COLUMN saving_id uuid,
  ADD COLUMN saving_transaction_id uuid,
  ADD COLUMN cancel_saving_transaction_id uuid;

ALTER TABLE business_unit_transaction
  ADD CONSTRAINT business_unit_transaction_savings_source CHECK (payment_source IS DISTINCT FROM 'SAVINGS' OR saving_id IS NOT NULL);
ALTER TABLE business_unit_transaction
  ADD CONSTRAINT business_unit_transaction_saving_fk FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id);
