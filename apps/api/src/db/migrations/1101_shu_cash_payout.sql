-- SHU cash payout (docs/shu.md "Cash payout"): a member's share left payable
-- (payout CASH, or no voluntary savings to credit) is paid at the teller once:
-- journal Dr SHU payable, Cr the cash account; the member row becomes PAID.
ALTER TABLE shu_member DROP CONSTRAINT shu_member_status_check;
ALTER TABLE shu_member ADD CONSTRAINT shu_member_status_check
  CHECK (status IN ('CALCULATED', 'PENDING', 'CREDITED', 'PAYABLE', 'PAID', 'REVERSED'));
ALTER TABLE shu_member
  ADD COLUMN paid_journal_id uuid,
  ADD COLUMN paid_date date,
  ADD COLUMN paid_cash_coa_id uuid,
  ADD COLUMN paid_by uuid,
  ADD COLUMN paid_at timestamptz,
  ADD CONSTRAINT shu_member_paid_journal_fk FOREIGN KEY (tenant_id, paid_journal_id) REFERENCES journal (tenant_id, id),
  ADD CONSTRAINT shu_member_paid_cash_fk FOREIGN KEY (tenant_id, paid_cash_coa_id) REFERENCES coa_account (tenant_id, id),
  ADD CONSTRAINT shu_member_paid_check CHECK (status <> 'PAID' OR (paid_journal_id IS NOT NULL AND paid_date IS NOT NULL));
