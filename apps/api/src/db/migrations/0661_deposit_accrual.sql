-- Daily accrual of term-deposit interest (docs/deposits.md "Daily accrual"): the interest accrued so far of each
-- deposit's running period (one row per deposit and payment day), and one row per cooperative and accrued day (the
-- day's journal: Dr interest expense, Cr interest payable; each day accrued once). The monthly release settles a
-- period's accrued interest from interest payable (deposit_pay_due).
CREATE TABLE deposit_accrual (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  deposit_id uuid NOT NULL,
  due_date date NOT NULL,
  accrued numeric(18, 2) NOT NULL DEFAULT 0 CHECK (accrued >= 0),
  through date NOT NULL,
  PRIMARY KEY (tenant_id, deposit_id, due_date),
  FOREIGN KEY (tenant_id, deposit_id) REFERENCES deposit (tenant_id, id)
);

CREATE TABLE deposit_accrual_day (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  day date NOT NULL,
  amount numeric(18, 2) NOT NULL,
  deposits integer NOT NULL,
  journal_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, day),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id) DEFERRABLE INITIALLY DEFERRED
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['deposit_accrual', 'deposit_accrual_day']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;

REVOKE DELETE, TRUNCATE ON deposit_accrual, deposit_accrual_day FROM koperasi_app;
