-- Loan portfolio (docs/loans.md "Portfolio"): the monthly loan loss provision
-- (PPAP) postings, the daily auto debit of installments (a run per day with its
-- cursor, one row per loan and day), the reminders sent, and the cooperative's
-- portfolio settings. The PPAP percentages per grade live in
-- collectability_setting.allowance_percent (0200).

CREATE TABLE portfolio_setting (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  -- Auto debit takes what the source-of-fund account can give when it is short (true) or nothing (false).
  auto_debit_partial boolean NOT NULL DEFAULT true,
  -- Reminders: installments due within this many days, and overdue ones.
  reminder_days integer NOT NULL DEFAULT 3 CHECK (reminder_days BETWEEN 0 AND 60),
  reminder_overdue boolean NOT NULL DEFAULT true,
  reminder_channel text NOT NULL DEFAULT 'SMS' CHECK (reminder_channel IN ('SMS', 'EMAIL')),
  updated_by uuid,
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id)
);

-- One PPAP posting per month: the allowance required at the month's last day
-- and the journal that moved the allowance account to it (top-up or release).
CREATE TABLE loan_provision (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  period text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  as_of date NOT NULL,
  required numeric(20,2) NOT NULL CHECK (required >= 0),
  balance_before numeric(20,2) NOT NULL,
  -- required - balance_before: > 0 tops up (Dr expense, Cr allowance), < 0 releases.
  amount numeric(20,2) NOT NULL,
  -- Per grade: outstanding, percent, provision (what the journal was computed from).
  detail jsonb NOT NULL,
  journal_id uuid,
  status text NOT NULL DEFAULT 'POSTED' CHECK (status IN ('POSTED', 'CANCELLED')),
  cancel_reason text CHECK (length(cancel_reason) <= 500),
  cancelled_by uuid,
  cancelled_at timestamptz,
  reversal_journal_id uuid,
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id),
  FOREIGN KEY (tenant_id, reversal_journal_id) REFERENCES journal (tenant_id, id)
);
-- Exactly once per month: a second posting of the month waits for the cancellation of the first.
CREATE UNIQUE INDEX loan_provision_period_uq ON loan_provision (tenant_id, period) WHERE status = 'POSTED';
REVOKE DELETE, TRUNCATE ON loan_provision FROM koperasi_app;

-- A day's auto debit run: committed chunks of loans in id order, the cursor is the last loan claimed.
CREATE TABLE loan_auto_debit_run (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  run_date date NOT NULL,
  cursor_loan_id uuid,
  status text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'DONE')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (tenant_id, run_date)
);

-- One row per loan and day (the idempotency of the auto debit): what was due, what was taken.
CREATE TABLE loan_auto_debit (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  run_date date NOT NULL,
  loan_id uuid NOT NULL,
  saving_id uuid,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PAID', 'PARTIAL', 'FAILED')),
  due numeric(20,2) NOT NULL DEFAULT 0,
  paid numeric(20,2) NOT NULL DEFAULT 0,
  payment_id uuid,
  error_code text,
  message text,
  attempts integer NOT NULL DEFAULT 0,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, loan_id) REFERENCES loan (tenant_id, id),
  FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, payment_id) REFERENCES loan_payment (tenant_id, id)
);
CREATE UNIQUE INDEX loan_auto_debit_day_uq ON loan_auto_debit (tenant_id, loan_id, run_date);
CREATE INDEX loan_auto_debit_date_idx ON loan_auto_debit (tenant_id, run_date, status);
CREATE INDEX loan_auto_debit_loans_idx ON loan (tenant_id, id) WHERE is_auto_debit AND status = 'RUNNING';

-- Reminders sent: at most one per installment, kind and day.
CREATE TABLE loan_reminder (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  sent_date date NOT NULL,
  installment_id uuid NOT NULL,
  loan_id uuid NOT NULL,
  member_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('DUE', 'OVERDUE')),
  channel text NOT NULL CHECK (channel IN ('SMS', 'EMAIL')),
  recipient text NOT NULL,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, loan_id) REFERENCES loan (tenant_id, id)
);
CREATE UNIQUE INDEX loan_reminder_uq ON loan_reminder (tenant_id, installment_id, kind, sent_date);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['portfolio_setting', 'loan_provision', 'loan_auto_debit_run', 'loan_auto_debit', 'loan_reminder']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;
