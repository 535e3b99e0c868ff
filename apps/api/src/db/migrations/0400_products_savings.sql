-- Products and savings (issue 7): products with versioned terms and their GL
-- mapping, member saving accounts, the member transaction table every product
-- module records its movements in, and requests waiting for a decision
-- (withdrawals above a role's limit, online cash-out requests).
-- docs/savings.md explains the model and the rules behind these columns.

-- ---------------------------------------------------------------- products

CREATE TABLE product (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9][A-Z0-9./-]{0,19}$'),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 150),
  kind text NOT NULL CHECK (kind IN ('SAVING', 'SAVING_EQUITY', 'SAVING_DEPOSIT', 'LOAN', 'BILL')),
  -- SAVING: VOLUNTARY (sukarela) or PLAN (berencana); SAVING_EQUITY: PRINCIPAL (pokok),
  -- MANDATORY (wajib) or PARTICIPATION (modal penyertaan); other kinds: NULL.
  saving_type text,
  description text CHECK (length(description) <= 1000),
  -- Who may hold it: MEMBER (members only), NON_MEMBER, ALL.
  audience text NOT NULL DEFAULT 'ALL' CHECK (audience IN ('MEMBER', 'NON_MEMBER', 'ALL')),
  -- Opening an account waits for an approval (request-open-product-member).
  requires_approval boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  -- The defaults every cooperative starts with (PRINCIPAL, MANDATORY, VOLUNTARY, LOAN): found by the
  -- onboarding wizard and the approval hook whatever the cooperative renames them to.
  system_key text,
  -- Account numbers <code>.<seq>: the last sequence given, incremented under this row's lock.
  last_account_seq integer NOT NULL DEFAULT 0 CHECK (last_account_seq >= 0),
  created_by uuid,
  updated_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CONSTRAINT product_saving_type_ck CHECK (
    (kind = 'SAVING' AND saving_type IN ('VOLUNTARY', 'PLAN'))
    OR (kind = 'SAVING_EQUITY' AND saving_type IN ('PRINCIPAL', 'MANDATORY', 'PARTICIPATION'))
    OR (kind NOT IN ('SAVING', 'SAVING_EQUITY') AND saving_type IS NULL)
  ),
  CONSTRAINT product_equity_audience_ck CHECK (kind <> 'SAVING_EQUITY' OR audience = 'MEMBER')
);
CREATE UNIQUE INDEX product_code_uq ON product (tenant_id, code);
CREATE UNIQUE INDEX product_name_uq ON product (tenant_id, kind, lower(name));
CREATE UNIQUE INDEX product_system_key_uq ON product (tenant_id, system_key) WHERE system_key IS NOT NULL;
-- One active principal and one active mandatory saving product: membership approval opens them.
CREATE UNIQUE INDEX product_equity_single_uq ON product (tenant_id, saving_type)
  WHERE is_active AND saving_type IN ('PRINCIPAL', 'MANDATORY');
CREATE INDEX product_created_idx ON product (tenant_id, created_date DESC, id DESC);
CREATE TRIGGER product_touch BEFORE UPDATE ON product FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

-- The terms of a product, versioned: a change adds a version effective from a
-- date (today or later), so movements keep the terms in force on their date.
-- The version in force on day D is the one with the latest effective_date <= D
-- (the highest version among those of the same day); the first version also
-- covers days before its date. Versions are never updated or deleted.
-- Fields of spec section 3, grouped by product kind; later issues add columns
-- for the behaviour they bring (deposits 0600, loans 0700, bills 0800).
CREATE TABLE product_terms (
  tenant_id uuid NOT NULL,
  product_id uuid NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  effective_date date NOT NULL,
  -- Savings (SAVING and, where they apply, SAVING_EQUITY).
  min_balance numeric(20,2) NOT NULL DEFAULT 0 CHECK (min_balance >= 0),
  -- Jasa simpanan, percent per year.
  base_rate numeric(9,4) NOT NULL DEFAULT 0 CHECK (base_rate BETWEEN 0 AND 100),
  -- Balance the interest is computed on: HARIAN (daily), RATA_RATA (average), TERENDAH (lowest).
  balance_basis text NOT NULL DEFAULT 'HARIAN' CHECK (balance_basis IN ('HARIAN', 'RATA_RATA', 'TERENDAH')),
  closing_fee numeric(20,2) NOT NULL DEFAULT 0 CHECK (closing_fee >= 0),
  monthly_admin_fee numeric(20,2) NOT NULL DEFAULT 0 CHECK (monthly_admin_fee >= 0),
  -- Tax on interest, percent.
  interest_tax numeric(9,4) NOT NULL DEFAULT 0 CHECK (interest_tax BETWEEN 0 AND 100),
  -- Only balances within [min, max] earn interest (max NULL = no cap).
  interest_min_balance numeric(20,2) NOT NULL DEFAULT 0 CHECK (interest_min_balance >= 0),
  interest_max_balance numeric(20,2) CHECK (interest_max_balance >= 0),
  -- Percent of the yearly rate credited per day (daily interest products).
  daily_interest_percent numeric(9,4) NOT NULL DEFAULT 0 CHECK (daily_interest_percent BETWEEN 0 AND 100),
  -- Held on every account of the product: never withdrawable while the account is open.
  block_amount numeric(20,2) NOT NULL DEFAULT 0 CHECK (block_amount >= 0),
  -- Plan (target) savings: the monthly amount, target balance and target time in months.
  plan_monthly_amount numeric(20,2) CHECK (plan_monthly_amount > 0),
  plan_target_balance numeric(20,2) CHECK (plan_target_balance > 0),
  plan_target_months integer CHECK (plan_target_months BETWEEN 1 AND 600),
  -- Equity: principal amount (once), mandatory amount per period, participation minimum.
  equity_amount numeric(20,2) CHECK (equity_amount >= 0),
  equity_period text CHECK (equity_period IN ('BULANAN', 'HARIAN')),
  -- Term deposits (simpanan berjangka): yearly rates per tenor, in percent.
  deposit_rate_1 numeric(9,4) CHECK (deposit_rate_1 BETWEEN 0 AND 100),
  deposit_rate_3 numeric(9,4) CHECK (deposit_rate_3 BETWEEN 0 AND 100),
  deposit_rate_6 numeric(9,4) CHECK (deposit_rate_6 BETWEEN 0 AND 100),
  deposit_rate_12 numeric(9,4) CHECK (deposit_rate_12 BETWEEN 0 AND 100),
  deposit_rate_24 numeric(9,4) CHECK (deposit_rate_24 BETWEEN 0 AND 100),
  deposit_profit_sharing numeric(9,4) CHECK (deposit_profit_sharing BETWEEN 0 AND 100),
  deposit_min_amount numeric(20,2) CHECK (deposit_min_amount >= 0),
  deposit_max_amount numeric(20,2) CHECK (deposit_max_amount >= 0),
  -- Early-withdrawal (break) penalty, percent of the principal.
  deposit_penalty numeric(9,4) CHECK (deposit_penalty BETWEEN 0 AND 100),
  deposit_tax_free_amount numeric(20,2) CHECK (deposit_tax_free_amount >= 0),
  deposit_break_needs_approval boolean,
  deposit_interest_withdrawal_needs_approval boolean,
  deposit_auto_rollover boolean,
  -- Loans.
  loan_interest_method text CHECK (loan_interest_method IN ('FLAT', 'EFEKTIF', 'EFEKTIF_BULAN', 'ANUITAS')),
  -- Percent per month.
  loan_interest_rate numeric(9,4) CHECK (loan_interest_rate BETWEEN 0 AND 100),
  -- Installment pay method (payment component): POKOK & JASA, POKOK, JASA.
  loan_installment_method text CHECK (loan_installment_method IN ('POKOK & JASA', 'POKOK', 'JASA')),
  loan_min_amount numeric(20,2) CHECK (loan_min_amount >= 0),
  loan_max_amount numeric(20,2) CHECK (loan_max_amount >= 0),
  loan_min_tenor integer CHECK (loan_min_tenor BETWEEN 1 AND 360),
  loan_max_tenor integer CHECK (loan_max_tenor BETWEEN 1 AND 360),
  -- NOMINAL (rupiah) or PERCENT (of the loan amount).
  loan_admin_fee numeric(20,4) CHECK (loan_admin_fee >= 0),
  loan_admin_fee_type text CHECK (loan_admin_fee_type IN ('NOMINAL', 'PERCENT')),
  loan_provision_fee numeric(20,4) CHECK (loan_provision_fee >= 0),
  loan_provision_fee_type text CHECK (loan_provision_fee_type IN ('NOMINAL', 'PERCENT')),
  -- Late fine per day late: NOMINAL rupiah, or PERCENT of the installment.
  loan_fine numeric(20,4) CHECK (loan_fine >= 0),
  loan_fine_method text CHECK (loan_fine_method IN ('NOMINAL', 'PERCENT')),
  loan_due_day integer CHECK (loan_due_day BETWEEN 1 AND 28),
  loan_needs_approval boolean,
  loan_requires_collateral boolean,
  loan_other_costs numeric(20,2) CHECK (loan_other_costs >= 0),
  -- Bills (tagihan).
  bill_type text CHECK (bill_type IN ('FIXED_BILL', 'NOT_FIXED_BILL', 'WITH_TOTAL_DEBT')),
  bill_admin_fee numeric(20,2) CHECK (bill_admin_fee >= 0),
  bill_installments integer CHECK (bill_installments BETWEEN 1 AND 360),
  bill_amount numeric(20,2) CHECK (bill_amount >= 0),
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, product_id, version),
  FOREIGN KEY (tenant_id, product_id) REFERENCES product (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX product_terms_effective_idx ON product_terms (tenant_id, product_id, effective_date DESC, version DESC);

-- The GL accounts of a product, one per role of its kind (CONTROL, INTEREST_EXPENSE,
-- ADMIN_FEE_INCOME, CLOSING_FEE_INCOME, TAX_PAYABLE, RECEIVABLE, ...; see contracts/products.ts).
-- The CONTROL (or RECEIVABLE) account holds the members' balances and cannot change once
-- the product has accounts; the others apply to movements posted after a change.
CREATE TABLE product_gl_account (
  tenant_id uuid NOT NULL,
  product_id uuid NOT NULL,
  role text NOT NULL CHECK (role ~ '^[A-Z][A-Z_]{1,39}$'),
  coa_id uuid NOT NULL,
  updated_by uuid,
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, product_id, role),
  FOREIGN KEY (tenant_id, product_id) REFERENCES product (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, coa_id) REFERENCES coa_account (tenant_id, id)
);
CREATE INDEX product_gl_account_coa_idx ON product_gl_account (tenant_id, coa_id);

-- ---------------------------------------------------------------- member saving accounts

CREATE TABLE member_saving (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- <product code>.<6-digit sequence>
  account_number text NOT NULL,
  member_id uuid NOT NULL,
  product_id uuid NOT NULL,
  -- Copies of the product's, fixed for the account's life (lists filter on them).
  kind text NOT NULL CHECK (kind IN ('SAVING', 'SAVING_EQUITY')),
  saving_type text NOT NULL,
  -- PENDING: opening waits for approval; REJECTED: opening refused; ACTIVE; CLOSED.
  status text NOT NULL CHECK (status IN ('PENDING', 'ACTIVE', 'CLOSED', 'REJECTED')),
  balance numeric(20,2) NOT NULL DEFAULT 0 CHECK (balance >= 0),
  -- Blocked by staff (with a reason): cannot be withdrawn.
  blocked_amount numeric(20,2) NOT NULL DEFAULT 0 CHECK (blocked_amount >= 0),
  block_reason text,
  blocked_by uuid,
  blocked_at timestamptz,
  -- Pledged as loan collateral (set by the loans module): cannot be withdrawn.
  pledged_amount numeric(20,2) NOT NULL DEFAULT 0 CHECK (pledged_amount >= 0),
  tag text CHECK (length(tag) <= 100),
  -- Collected automatically (mandatory or plan amount) from the member's source-of-fund account.
  is_auto_debit boolean NOT NULL DEFAULT false,
  -- The account the member's auto debits draw from (at most one per member).
  is_source_of_fund boolean NOT NULL DEFAULT false,
  -- Excluded from interest release.
  is_not_get_interest boolean NOT NULL DEFAULT false,
  -- Plan savings: the member's own plan within the product's.
  plan_monthly_amount numeric(20,2) CHECK (plan_monthly_amount > 0),
  plan_target_balance numeric(20,2) CHECK (plan_target_balance > 0),
  plan_target_date date,
  -- Lifetime sums of money in and out (mandatory allocation, reports).
  total_credit numeric(20,2) NOT NULL DEFAULT 0,
  total_debit numeric(20,2) NOT NULL DEFAULT 0,
  open_date date,
  opened_by uuid,
  decided_by uuid,
  decided_at timestamptz,
  decision_reason text,
  close_date date,
  closed_by uuid,
  close_reason text,
  last_transaction_date date,
  created_by uuid,
  updated_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
  FOREIGN KEY (tenant_id, product_id) REFERENCES product (tenant_id, id),
  CONSTRAINT member_saving_closed_empty_ck CHECK (status <> 'CLOSED' OR balance = 0),
  CONSTRAINT member_saving_balance_ck CHECK (balance = total_credit - total_debit)
);
CREATE UNIQUE INDEX member_saving_number_uq ON member_saving (tenant_id, account_number);
CREATE INDEX member_saving_member_idx ON member_saving (tenant_id, member_id);
CREATE INDEX member_saving_product_idx ON member_saving (tenant_id, product_id, status);
CREATE INDEX member_saving_created_idx ON member_saving (tenant_id, created_date DESC, id DESC);
CREATE UNIQUE INDEX member_saving_source_uq ON member_saving (tenant_id, member_id) WHERE is_source_of_fund;
-- One live equity account per member and product.
CREATE UNIQUE INDEX member_saving_equity_uq ON member_saving (tenant_id, member_id, product_id)
  WHERE kind = 'SAVING_EQUITY' AND status IN ('PENDING', 'ACTIVE');
CREATE TRIGGER member_saving_touch BEFORE UPDATE ON member_saving FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

-- ---------------------------------------------------------------- member transactions

-- Every movement of a member's account: savings now; deposits, loans and bills
-- add their account column (deposit_id, loan_id, bill_id) and record theirs here
-- too, so GET transaction/datatable lists them all. A row is never deleted:
-- a cancelled movement keeps its row (status CANCELLED) and gains a reversal row
-- (reversal_of_id) that restores the balance, so running balances stay true.
CREATE SEQUENCE member_transaction_seq;
CREATE TABLE member_transaction (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- Order of entry (global, from member_transaction_seq); code = TRX<yyMMdd><seq>.
  seq bigint NOT NULL,
  code text NOT NULL,
  -- Business day (WIB) of the movement and of its journal.
  transaction_date date NOT NULL,
  member_id uuid NOT NULL,
  product_id uuid NOT NULL,
  product_kind text NOT NULL CHECK (product_kind IN ('SAVING', 'SAVING_EQUITY', 'SAVING_DEPOSIT', 'LOAN', 'BILL')),
  saving_id uuid,
  -- Direction on the account (spec: TOPUP, TOPUP_INTEREST, WITHDRAW, WITHDRAW_TAX).
  kind text NOT NULL CHECK (kind IN ('TOPUP', 'TOPUP_INTEREST', 'WITHDRAW', 'WITHDRAW_TAX')),
  -- What happened: DEPOSIT, WITHDRAWAL, TRANSFER_IN, TRANSFER_OUT, OPENING, CLOSING, CLOSING_FEE,
  -- ADMIN_FEE, INTEREST, TAX, EXIT, CASH_OUT_ONLINE, AUTO_DEBIT, OPENING_BALANCE, REVERSAL, ...
  activity text NOT NULL CHECK (activity ~ '^[A-Z][A-Z_]{1,39}$'),
  amount numeric(20,2) NOT NULL CHECK (amount > 0),
  balance_after numeric(20,2) NOT NULL,
  -- TELLER (back office), AGENT, MOBILE (member app), SYSTEM (jobs, exit, seeds).
  channel text NOT NULL CHECK (channel IN ('TELLER', 'AGENT', 'MOBILE', 'SYSTEM')),
  -- The cash or bank account on the other side (NULL for transfers, fees, interest).
  cash_coa_id uuid,
  -- One business operation: both legs of a transfer, a closing's fee and payout.
  group_id uuid NOT NULL,
  journal_id uuid,
  status text NOT NULL DEFAULT 'POSTED' CHECK (status IN ('POSTED', 'CANCELLED')),
  reversal_of_id uuid,
  cancelled_at timestamptz,
  cancelled_by uuid,
  cancel_reason text,
  description text CHECK (length(description) <= 500),
  -- Transfer de-duplication key sent by the client.
  time_of_request text CHECK (length(time_of_request) <= 64),
  -- The approval request it settles (withdrawal above a limit, online cash-out).
  request_id uuid,
  terms_version integer,
  branch_id uuid,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  approved_by uuid,
  approved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
  FOREIGN KEY (tenant_id, product_id) REFERENCES product (tenant_id, id),
  FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, cash_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id),
  FOREIGN KEY (tenant_id, reversal_of_id) REFERENCES member_transaction (tenant_id, id),
  CONSTRAINT member_transaction_cancel_ck CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
);
CREATE UNIQUE INDEX member_transaction_code_uq ON member_transaction (tenant_id, code);
CREATE INDEX member_transaction_saving_idx ON member_transaction (tenant_id, saving_id, seq) WHERE saving_id IS NOT NULL;
CREATE INDEX member_transaction_created_idx ON member_transaction (tenant_id, created_at DESC, seq DESC);
CREATE INDEX member_transaction_user_idx ON member_transaction (tenant_id, created_by, created_at DESC);
CREATE INDEX member_transaction_member_idx ON member_transaction (tenant_id, member_id, created_at DESC);
CREATE INDEX member_transaction_date_idx ON member_transaction (tenant_id, transaction_date, product_id);
CREATE INDEX member_transaction_product_idx ON member_transaction (tenant_id, product_id, transaction_date);
CREATE INDEX member_transaction_group_idx ON member_transaction (tenant_id, group_id);
CREATE UNIQUE INDEX member_transaction_reversal_uq ON member_transaction (tenant_id, reversal_of_id) WHERE reversal_of_id IS NOT NULL;
-- A client's timeOfRequest names one transfer of an account.
CREATE UNIQUE INDEX member_transaction_transfer_uq ON member_transaction (tenant_id, saving_id, time_of_request)
  WHERE time_of_request IS NOT NULL AND activity = 'TRANSFER_OUT' AND reversal_of_id IS NULL;
-- Rows are corrected by reversal, never deleted.
REVOKE DELETE, TRUNCATE ON member_transaction FROM koperasi_app;

-- ---------------------------------------------------------------- requests waiting for a decision

-- WITHDRAWAL: a teller's withdrawal above the role's limit (configuration
-- transactionPolicy.withdrawalAboveLimit = REQUEST_APPROVAL); CASH_OUT_ONLINE:
-- a withdrawal asked for in the member app, paid out by transfer when approved.
CREATE TABLE saving_request (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN ('WITHDRAWAL', 'CASH_OUT_ONLINE')),
  saving_id uuid NOT NULL,
  member_id uuid NOT NULL,
  amount numeric(20,2) NOT NULL CHECK (amount > 0),
  description text CHECK (length(description) <= 500),
  -- Where an online cash-out is sent.
  bank_name text,
  bank_account_number text,
  bank_account_name text,
  -- The cash or bank account it is paid from (chosen with the request or at approval).
  cash_coa_id uuid,
  channel text NOT NULL CHECK (channel IN ('TELLER', 'AGENT', 'MOBILE', 'SYSTEM')),
  status text NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'APPROVED', 'REJECTED', 'CANCELLED')),
  reason text CHECK (length(reason) <= 500),
  requested_by uuid,
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by uuid,
  decided_at timestamptz,
  transaction_id uuid,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, saving_id) REFERENCES member_saving (tenant_id, id),
  FOREIGN KEY (tenant_id, member_id) REFERENCES member (tenant_id, id),
  FOREIGN KEY (tenant_id, cash_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, transaction_id) REFERENCES member_transaction (tenant_id, id)
);
CREATE INDEX saving_request_status_idx ON saving_request (tenant_id, type, status, requested_at DESC);
CREATE INDEX saving_request_saving_idx ON saving_request (tenant_id, saving_id) WHERE status = 'WAITING';
CREATE INDEX saving_request_member_idx ON saving_request (tenant_id, member_id, requested_at DESC);
REVOKE DELETE, TRUNCATE ON saving_request FROM koperasi_app;

-- ---------------------------------------------------------------- mandatory savings due

-- The amount of mandatory saving due for periods first..through (both the
-- first day of a period: months for BULANAN, days for HARIAN), each period at
-- the product's equity_amount in force on its first day (the first version
-- also covers earlier periods). Mirrors mandatorySchedule in
-- packages/finance/src/mandatory.ts; a test keeps them equal.
CREATE OR REPLACE FUNCTION saving_mandatory_due(p_product uuid, p_first date, p_through date, p_period text)
RETURNS TABLE (periods integer, amount numeric)
LANGUAGE sql STABLE AS $$
  WITH v AS (
    SELECT t.effective_date, coalesce(t.equity_amount, 0) AS amt,
           lead(t.effective_date) OVER (ORDER BY t.effective_date, t.version) AS next_eff,
           row_number() OVER (ORDER BY t.effective_date, t.version) AS rn
    FROM product_terms t
    WHERE t.tenant_id = app_tenant() AND t.product_id = p_product
  ), c AS (
    SELECT v.amt,
           CASE WHEN v.rn = 1 THEN p_first
                WHEN p_period = 'HARIAN' OR extract(day FROM v.effective_date) = 1 THEN v.effective_date
                ELSE (date_trunc('month', v.effective_date) + interval '1 month')::date END AS lo,
           CASE WHEN v.next_eff IS NULL THEN p_through
                WHEN p_period = 'HARIAN' THEN v.next_eff - 1
                WHEN extract(day FROM v.next_eff) = 1 THEN (v.next_eff - interval '1 month')::date
                ELSE date_trunc('month', v.next_eff)::date END AS hi
    FROM v
  ), s AS (
    SELECT c.amt, greatest(c.lo, p_first) AS lo, least(c.hi, p_through) AS hi FROM c
  ), n AS (
    SELECT s.amt,
           CASE WHEN s.hi < s.lo THEN 0
                WHEN p_period = 'HARIAN' THEN (s.hi - s.lo) + 1
                ELSE ((extract(year FROM s.hi) - extract(year FROM s.lo)) * 12
                      + extract(month FROM s.hi) - extract(month FROM s.lo))::int + 1 END AS cnt
    FROM s
  )
  SELECT coalesce(sum(n.cnt), 0)::int, coalesce(sum(n.cnt * n.amt), 0)::numeric FROM n
$$;

-- ---------------------------------------------------------------- security

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['product', 'product_terms', 'product_gl_account', 'member_saving', 'member_transaction', 'saving_request']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;

-- Terms are history: versions are added, never changed or removed.
REVOKE UPDATE, DELETE, TRUNCATE ON product_terms FROM koperasi_app;
-- Products and accounts are deactivated or closed, never deleted.
REVOKE DELETE, TRUNCATE ON product, member_saving FROM koperasi_app;
GRANT USAGE, SELECT ON SEQUENCE member_transaction_seq TO koperasi_app;
