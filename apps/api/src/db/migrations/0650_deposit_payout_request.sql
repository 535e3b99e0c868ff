-- Term deposits (issue 13): a payout of the holding accounts that includes interest waits for a second user when the
-- product says "interest withdrawal needs approval" (product_terms.deposit_interest_withdrawal_needs_approval).
-- The request records what the maker asked (method, cash account or savings account, kinds); nothing is posted until
-- another user approves it (the payout is then posted once, under the deposit's lock) or rejects it (with a reason).
-- At most one request waits per deposit. docs/deposits.md "Holding accounts".

CREATE TABLE deposit_payout_request (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  deposit_id uuid NOT NULL,
  method text NOT NULL CHECK (method IN ('CASH', 'SAVING')),
  cash_coa_id uuid,
  saving_id uuid,
  kinds text[] NOT NULL,
  -- What was open when it was asked (the approval pays what is open then).
  principal numeric(20,2) NOT NULL CHECK (principal >= 0),
  interest numeric(20,2) NOT NULL CHECK (interest > 0),
  description text CHECK (length(description) <= 500),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  requested_by uuid,
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by uuid,
  decided_at timestamptz,
  reason text CHECK (length(reason) <= 500),
  payout_id uuid,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, deposit_id) REFERENCES deposit (tenant_id, id),
  FOREIGN KEY (tenant_id, cash_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, payout_id) REFERENCES deposit_payout (tenant_id, id),
  CONSTRAINT deposit_payout_request_approved_ck CHECK ((status = 'APPROVED') = (payout_id IS NOT NULL))
);
CREATE UNIQUE INDEX deposit_payout_request_pending_uq ON deposit_payout_request (tenant_id, deposit_id) WHERE status = 'PENDING';
CREATE INDEX deposit_payout_request_deposit_idx ON deposit_payout_request (tenant_id, deposit_id, requested_at);

ALTER TABLE deposit_payout_request ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON deposit_payout_request USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
REVOKE DELETE, TRUNCATE ON deposit_payout_request FROM koperasi_app;
