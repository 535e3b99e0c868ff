-- Term deposits (issue 13): what sits in the holding accounts (penampung pokok / bunga) for each deposit, and its
-- payout. Every credit to a holding account is an entry: the principal of a withdrawal or a break (PRINCIPAL), the
-- net interest credited there by a release, a withdrawal or a break (INTEREST). Staff pay the open entries of a
-- deposit out in cash or to a savings account of the member (POST transaction/deposit/{id}/payout): one journal
-- Dr holding accounts, Cr cash or savings control; each entry is paid once (payout_id set under the deposit's lock).
-- Entries of a cancelled release are cancelled with it (refused when already paid). docs/deposits.md.

CREATE TABLE deposit_payout (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  deposit_id uuid NOT NULL,
  -- CASH (cash or bank account cash_coa_id) or SAVING (credited to saving_id, a savings account of the member).
  method text NOT NULL CHECK (method IN ('CASH', 'SAVING')),
  cash_coa_id uuid,
  saving_id uuid,
  principal numeric(20,2) NOT NULL CHECK (principal >= 0),
  interest numeric(20,2) NOT NULL CHECK (interest >= 0),
  amount numeric(20,2) NOT NULL CHECK (amount > 0 AND amount = principal + interest),
  payout_date date NOT NULL,
  journal_id uuid NOT NULL,
  transaction_id uuid,
  description text CHECK (length(description) <= 500),
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, deposit_id) REFERENCES deposit (tenant_id, id),
  FOREIGN KEY (tenant_id, cash_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id) DEFERRABLE INITIALLY DEFERRED,
  CONSTRAINT deposit_payout_method_ck CHECK ((method = 'CASH') = (cash_coa_id IS NOT NULL) AND (method = 'SAVING') = (saving_id IS NOT NULL))
);
CREATE INDEX deposit_payout_deposit_idx ON deposit_payout (tenant_id, deposit_id, created_date);

CREATE TABLE deposit_holding (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  deposit_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('PRINCIPAL', 'INTEREST')),
  -- The holding account credited (the product's, or the one given at withdrawal or break).
  coa_id uuid NOT NULL,
  amount numeric(20,2) NOT NULL CHECK (amount > 0),
  -- WITHDRAWAL, BREAK or INTEREST; interest_id: the release's interest row (NULL otherwise).
  source text NOT NULL CHECK (source IN ('WITHDRAWAL', 'BREAK', 'INTEREST')),
  interest_id uuid,
  entry_date date NOT NULL,
  journal_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'PAID', 'CANCELLED')),
  payout_id uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, deposit_id) REFERENCES deposit (tenant_id, id),
  FOREIGN KEY (tenant_id, coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, interest_id) REFERENCES deposit_interest (tenant_id, id),
  FOREIGN KEY (tenant_id, payout_id) REFERENCES deposit_payout (tenant_id, id),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id) DEFERRABLE INITIALLY DEFERRED,
  CONSTRAINT deposit_holding_paid_ck CHECK ((status = 'PAID') = (payout_id IS NOT NULL))
);
CREATE INDEX deposit_holding_open_idx ON deposit_holding (tenant_id, deposit_id) WHERE status = 'OPEN';
CREATE INDEX deposit_holding_interest_idx ON deposit_holding (tenant_id, interest_id) WHERE interest_id IS NOT NULL;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['deposit_payout', 'deposit_holding']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;


REVOKE DELETE, TRUNCATE ON deposit_payout, deposit_holding FROM koperasi_app;

-- Interest already credited to a holding account before this migration (the product's interest holding account).
INSERT INTO deposit_holding (tenant_id, deposit_id, kind, coa_id, amount, source, interest_id, entry_date, journal_id)
SELECT i.tenant_id, i.deposit_id, 'INTEREST', g.coa_id, i.net, 'INTEREST', i.id, i.due_date, i.journal_id
FROM deposit_interest i
JOIN deposit d ON d.tenant_id = i.tenant_id AND d.id = i.deposit_id
JOIN product_gl_account g ON g.tenant_id = d.tenant_id AND g.product_id = d.product_id AND g.role = 'HOLDING_INTEREST'
WHERE i.status = 'POSTED' AND i.destination = 'HOLDING' AND i.net > 0;
