-- The portfolio's daily snapshot (docs/loans.md "Daily grading and fines"):
-- every running loan's grade, days late, installments in arrears, outstanding
-- principal and fines due on the day, written set-based by the SQL function
-- loan_portfolio_day in committed chunks of loan ids (loan_portfolio_run holds
-- the cursor); one row per loan and day, so a run resumed after a crash writes
-- nothing twice. A read model: it changes no balance and posts nothing.

CREATE TABLE loan_portfolio_run (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  day date NOT NULL,
  cursor_loan_id uuid,
  loans integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'DONE')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (tenant_id, day)
);

CREATE TABLE loan_portfolio_daily (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  day date NOT NULL,
  loan_id uuid NOT NULL,
  days_late integer NOT NULL,
  overdue_count integer NOT NULL,
  grade text NOT NULL CHECK (grade IN ('LANCAR', 'KURANG LANCAR', 'DIRAGUKAN', 'MACET')),
  outstanding numeric(20,2) NOT NULL,
  fine_due numeric(20,2) NOT NULL,
  PRIMARY KEY (tenant_id, day, loan_id)
);
CREATE INDEX loan_portfolio_daily_loan_idx ON loan_portfolio_daily (tenant_id, loan_id, day);
CREATE INDEX loan_running_id_idx ON loan (tenant_id, id) WHERE status = 'RUNNING';

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['loan_portfolio_run', 'loan_portfolio_daily']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;
