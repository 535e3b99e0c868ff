-- General ledger: journals and their lines, the per-account per-month summary,
-- gap-free journal numbers, month and fiscal-year closing.
--
-- Guarantees enforced here, whatever the application code does:
--  * The application role (koperasi_app) cannot INSERT, UPDATE or DELETE
--    journals, journal lines, summaries or counters. The only way in is the
--    SECURITY DEFINER function ledger_post(jsonb), which writes a whole batch of
--    journals (headers, lines, summary rows, numbers) in one call and refuses an
--    invalid one.
--  * A deferred constraint trigger refuses, at COMMIT, any journal whose lines
--    do not balance or do not match its header (also for the table owner).
--  * Journals and lines are immutable: UPDATE, DELETE and TRUNCATE raise
--    (a maintenance purge of a whole tenant may set koperasi.ledger_purge = on).
--  * Journal numbers are gap-free per tenant and fiscal year: ledger_counter
--    holds one row per tenant-year, locked by the posting transaction until it
--    commits. That row is also the tenant-year's ledger lock: month closing
--    takes it too (ledger_lock_years), so no posting slips into a month being
--    closed.
--  * ledger_balance keeps, per account, month and business unit, the sums of
--    debits and credits (and the parts from adjustment and closing journals),
--    maintained in the posting transaction, so statements never scan lines.

-- ---------------------------------------------------------------- periods

-- Months are closed in order: everything dated on or before closed_through is
-- closed (NULL: nothing closed). Closing a month closes every earlier month;
-- reopening a month reopens every later one.
CREATE TABLE ledger_state (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  closed_through date CHECK (closed_through IS NULL OR closed_through = (date_trunc('month', closed_through) + interval '1 month - 1 day')::date),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  PRIMARY KEY (tenant_id)
);

-- History of each month's closing and reopening (who, when, why), for the
-- period status screen; the status itself follows ledger_state.
CREATE TABLE ledger_period (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  period date NOT NULL CHECK (extract(day FROM period) = 1),
  status text NOT NULL CHECK (status IN ('OPEN', 'CLOSED')),
  closed_at timestamptz,
  closed_by uuid,
  reopened_at timestamptz,
  reopened_by uuid,
  reopen_reason text,
  PRIMARY KEY (tenant_id, period)
);

-- One row per fiscal year that was ever closed (no row = open).
CREATE TABLE ledger_fiscal_year (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  fiscal_year integer NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  status text NOT NULL CHECK (status IN ('OPEN', 'CLOSED')),
  closing_journal_id uuid,
  surplus numeric(20,2),
  closed_at timestamptz,
  closed_by uuid,
  reopened_at timestamptz,
  reopened_by uuid,
  reopen_reason text,
  PRIMARY KEY (tenant_id, fiscal_year)
);

-- Gap-free numbering: the last journal number per tenant and fiscal year.
CREATE TABLE ledger_counter (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  fiscal_year integer NOT NULL,
  last_seq integer NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
  PRIMARY KEY (tenant_id, fiscal_year)
);

-- ---------------------------------------------------------------- journals

CREATE TABLE journal (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL,
  fiscal_year integer NOT NULL,
  seq integer NOT NULL CHECK (seq > 0),
  -- JU/<fiscal year>/<seq, 6 digits>
  number text NOT NULL,
  date date NOT NULL,
  period date NOT NULL CHECK (period = date_trunc('month', date)::date),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 500),
  reference_code text CHECK (length(reference_code) <= 100),
  -- MANUAL, ADJUSTMENT, SAVING, DEPOSIT, LOAN, BILL, TELLER, INTEREST, SHU, MIGRATION, CLOSING, OPENING, BALANCE_ADJUSTMENT, ...
  source_module text NOT NULL CHECK (source_module ~ '^[A-Z][A-Z0-9_]{1,39}$'),
  source_id text CHECK (length(source_id) <= 100),
  -- Jurnal Penyesuaian.
  is_adjustment boolean NOT NULL DEFAULT false,
  -- Year-end closing entries (and their reversal when a year is reopened).
  is_closing boolean NOT NULL DEFAULT false,
  -- Set on the reversing journal; the reversed journal is found through it.
  reversal_of_id uuid,
  reversal_reason text,
  total_amount numeric(20,2) NOT NULL CHECK (total_amount > 0),
  line_count integer NOT NULL CHECK (line_count >= 2),
  created_by uuid,
  posted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, reversal_of_id) REFERENCES journal (tenant_id, id),
  CHECK (reversal_of_id IS NULL OR reversal_reason IS NOT NULL)
);
CREATE UNIQUE INDEX journal_number_uq ON journal (tenant_id, fiscal_year, seq);
-- A journal is reversed at most once.
CREATE UNIQUE INDEX journal_reversal_uq ON journal (tenant_id, reversal_of_id) WHERE reversal_of_id IS NOT NULL;
CREATE INDEX journal_date_idx ON journal (tenant_id, date, seq);
CREATE INDEX journal_posted_idx ON journal (tenant_id, posted_at);
CREATE INDEX journal_source_idx ON journal (tenant_id, source_module, source_id);
CREATE INDEX journal_reference_idx ON journal (tenant_id, reference_code) WHERE reference_code IS NOT NULL;

CREATE TABLE journal_line (
  tenant_id uuid NOT NULL,
  journal_id uuid NOT NULL,
  line_no smallint NOT NULL CHECK (line_no > 0),
  account_id uuid NOT NULL,
  debit numeric(20,2) NOT NULL DEFAULT 0 CHECK (debit >= 0),
  credit numeric(20,2) NOT NULL DEFAULT 0 CHECK (credit >= 0),
  description text CHECK (length(description) <= 500),
  branch_id uuid,
  -- No foreign key yet: the business-units module adds its table and the key.
  business_unit_id uuid,
  -- The journal's date, so one account's lines are found by date without the header.
  date date NOT NULL,
  PRIMARY KEY (tenant_id, journal_id, line_no),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, account_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, branch_id) REFERENCES branch (tenant_id, id),
  -- Exactly one side, strictly positive.
  CHECK ((debit > 0 AND credit = 0) OR (credit > 0 AND debit = 0))
);
CREATE INDEX journal_line_account_idx ON journal_line (tenant_id, account_id, date);

-- Per account, month and business unit (the nil uuid = no business unit).
CREATE TABLE ledger_balance (
  tenant_id uuid NOT NULL,
  account_id uuid NOT NULL,
  period date NOT NULL CHECK (extract(day FROM period) = 1),
  business_unit_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  debit numeric(20,2) NOT NULL DEFAULT 0,
  credit numeric(20,2) NOT NULL DEFAULT 0,
  -- The parts of debit and credit posted by adjustment journals.
  adj_debit numeric(20,2) NOT NULL DEFAULT 0,
  adj_credit numeric(20,2) NOT NULL DEFAULT 0,
  -- The parts posted by closing journals (left out of the profit and loss).
  close_debit numeric(20,2) NOT NULL DEFAULT 0,
  close_credit numeric(20,2) NOT NULL DEFAULT 0,
  line_count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, account_id, period, business_unit_id),
  FOREIGN KEY (tenant_id, account_id) REFERENCES coa_account (tenant_id, id)
);
CREATE INDEX ledger_balance_period_idx ON ledger_balance (tenant_id, period);

-- ---------------------------------------------------------------- security

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['ledger_state','ledger_period','ledger_fiscal_year','ledger_counter','journal','journal_line','ledger_balance']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;

-- Written only through ledger_post (SECURITY DEFINER).
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON journal, journal_line, ledger_balance, ledger_counter FROM koperasi_app;
-- Closing history is kept: rows change status, never disappear.
REVOKE DELETE, TRUNCATE ON ledger_state, ledger_period, ledger_fiscal_year FROM koperasi_app;

-- ---------------------------------------------------------------- immutability

CREATE OR REPLACE FUNCTION ledger_immutable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('koperasi.ledger_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'posted journals are immutable (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'KL010';
END
$$;
CREATE TRIGGER journal_immutable BEFORE UPDATE OR DELETE ON journal FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER journal_line_immutable BEFORE UPDATE OR DELETE ON journal_line FOR EACH ROW EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER journal_no_truncate BEFORE TRUNCATE ON journal FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();
CREATE TRIGGER journal_line_no_truncate BEFORE TRUNCATE ON journal_line FOR EACH STATEMENT EXECUTE FUNCTION ledger_immutable();

-- ---------------------------------------------------------------- balance, at commit

-- Every journal: at least two lines, debits = credits = the header's total,
-- and as many lines as the header says. Deferred to COMMIT, so it sees the
-- whole journal whatever order its rows were written in.
CREATE OR REPLACE FUNCTION journal_check_balanced() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  d numeric;
  c numeric;
  n integer;
BEGIN
  SELECT coalesce(sum(l.debit), 0), coalesce(sum(l.credit), 0), count(*)
    INTO d, c, n
    FROM journal_line l
   WHERE l.tenant_id = NEW.tenant_id AND l.journal_id = NEW.id;
  IF n < 2 OR d <> c OR d <> NEW.total_amount OR n <> NEW.line_count THEN
    RAISE EXCEPTION 'journal % is not balanced: debit %, credit %, % lines (header: total %, % lines)',
      NEW.number, d, c, n, NEW.total_amount, NEW.line_count
      USING ERRCODE = 'KL002', CONSTRAINT = 'journal_balanced';
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER journal_balanced AFTER INSERT ON journal
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_check_balanced();

-- ---------------------------------------------------------------- fiscal year of a date

CREATE OR REPLACE FUNCTION ledger_fiscal_year_of(p_date date, p_start_month integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN extract(month FROM p_date)::int >= p_start_month
              THEN extract(year FROM p_date)::int ELSE extract(year FROM p_date)::int - 1 END
$$;

-- The fiscal year start month may only change while the cooperative has no journals.
CREATE OR REPLACE FUNCTION tenant_fiscal_start_guard() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.fiscal_year_start_month IS DISTINCT FROM OLD.fiscal_year_start_month
     AND EXISTS (SELECT 1 FROM journal j WHERE j.tenant_id = NEW.tenant_id) THEN
    RAISE EXCEPTION 'the fiscal year start cannot change once journals exist' USING ERRCODE = 'KL011';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER tenant_fiscal_start_guard BEFORE UPDATE OF fiscal_year_start_month ON tenant
  FOR EACH ROW EXECUTE FUNCTION tenant_fiscal_start_guard();

-- ---------------------------------------------------------------- posting

-- The journals of a batch: [{id, date, description, referenceCode, sourceModule,
-- sourceId, isAdjustment, isClosing, reversalOfId, reversalReason, createdBy, lines: [...]}]
CREATE OR REPLACE FUNCTION ledger_batch_journals(p jsonb, p_start_month integer)
RETURNS TABLE (ord integer, id uuid, date date, period date, fiscal_year integer, description text, reference_code text,
               source_module text, source_id text, is_adjustment boolean, is_closing boolean, reversal_of_id uuid,
               reversal_reason text, created_by uuid)
LANGUAGE sql IMMUTABLE AS $$
  SELECT x.ord::int, (x.j->>'id')::uuid, (x.j->>'date')::date, date_trunc('month', (x.j->>'date')::date)::date,
         ledger_fiscal_year_of((x.j->>'date')::date, p_start_month),
         x.j->>'description', nullif(x.j->>'referenceCode', ''), x.j->>'sourceModule', nullif(x.j->>'sourceId', ''),
         coalesce((x.j->>'isAdjustment')::boolean, false), coalesce((x.j->>'isClosing')::boolean, false),
         (x.j->>'reversalOfId')::uuid, x.j->>'reversalReason', (x.j->>'createdBy')::uuid
  FROM jsonb_array_elements(p) WITH ORDINALITY AS x(j, ord)
$$;

-- The lines of a batch: {accountId, debit, credit, description, branchId, businessUnitId} per journal.
CREATE OR REPLACE FUNCTION ledger_batch_lines(p jsonb)
RETURNS TABLE (ord integer, line_no integer, account_id uuid, debit numeric, credit numeric, description text,
               branch_id uuid, business_unit_id uuid)
LANGUAGE sql IMMUTABLE AS $$
  SELECT x.ord::int, y.n::int, (y.l->>'accountId')::uuid, coalesce((y.l->>'debit')::numeric, 0),
         coalesce((y.l->>'credit')::numeric, 0), nullif(y.l->>'description', ''), (y.l->>'branchId')::uuid,
         (y.l->>'businessUnitId')::uuid
  FROM jsonb_array_elements(p) WITH ORDINALITY AS x(j, ord),
       jsonb_array_elements(x.j->'lines') WITH ORDINALITY AS y(l, n)
$$;

-- Posts a batch of journals for the transaction's tenant (app.tenant_id) and
-- answers their numbers. Lock order, the same for every caller: the
-- tenant-year counters (ascending year), then the coa rows (foreign keys of
-- the lines), then the summary rows (ascending account, month, unit).
-- Errors (SQLSTATE, message = code, detail = what):
--   KL000 no tenant; KL001 JOURNAL_LINE_INVALID (journal#line); KL002 JOURNAL_UNBALANCED (journal#);
--   KL003 PERIOD_CLOSED (YYYY-MM); KL004 FISCAL_YEAR_CLOSED (year); KL005 ACCOUNT_NOT_FOUND,
--   KL006 ACCOUNT_INACTIVE, KL007 ACCOUNT_NOT_POSTABLE (account id); KL008 REVERSAL_INVALID (journal id).
CREATE OR REPLACE FUNCTION ledger_post(p_journals jsonb)
RETURNS TABLE (journal_id uuid, fiscal_year integer, seq integer, number text, posted_at timestamptz)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  v_start integer;
  v_base jsonb := '{}'::jsonb;
  v_last integer;
  v_txt text;
  v_uuid uuid;
  r record;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'ledger_post: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  SELECT t.fiscal_year_start_month INTO v_start FROM tenant t WHERE t.tenant_id = v_tenant;
  IF v_start IS NULL THEN
    RAISE EXCEPTION 'ledger_post: unknown tenant' USING ERRCODE = 'KL000';
  END IF;

  -- Shape: one side per line, strictly positive, two decimals at most.
  SELECT l.ord || '#' || l.line_no INTO v_txt
    FROM ledger_batch_lines(p_journals) l
   WHERE l.account_id IS NULL OR l.debit < 0 OR l.credit < 0 OR (l.debit > 0) = (l.credit > 0)
      OR l.debit <> round(l.debit, 2) OR l.credit <> round(l.credit, 2)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'JOURNAL_LINE_INVALID' USING ERRCODE = 'KL001', DETAIL = v_txt;
  END IF;
  SELECT j.ord::text INTO v_txt
    FROM ledger_batch_journals(p_journals, v_start) j
    LEFT JOIN (SELECT l.ord, count(*) AS n, sum(l.debit) AS d, sum(l.credit) AS c
                 FROM ledger_batch_lines(p_journals) l GROUP BY l.ord) s ON s.ord = j.ord
   WHERE coalesce(s.n, 0) < 2 OR s.d <> s.c OR j.id IS NULL OR j.date IS NULL
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'JOURNAL_UNBALANCED' USING ERRCODE = 'KL002', DETAIL = v_txt;
  END IF;

  -- The tenant-year lock and the numbers.
  FOR r IN SELECT j.fiscal_year AS fy, count(*)::int AS n
             FROM ledger_batch_journals(p_journals, v_start) j GROUP BY j.fiscal_year ORDER BY j.fiscal_year
  LOOP
    INSERT INTO ledger_counter AS c (tenant_id, fiscal_year, last_seq) VALUES (v_tenant, r.fy, r.n)
    ON CONFLICT ON CONSTRAINT ledger_counter_pkey DO UPDATE SET last_seq = c.last_seq + EXCLUDED.last_seq
    RETURNING c.last_seq - r.n INTO v_last;
    v_base := v_base || jsonb_build_object(r.fy::text, v_last);
  END LOOP;

  -- Closed months, read after the lock so a month closed meanwhile is seen.
  SELECT to_char(j.date, 'YYYY-MM') INTO v_txt
    FROM ledger_batch_journals(p_journals, v_start) j
    JOIN ledger_state s ON s.tenant_id = v_tenant AND j.date <= s.closed_through
   WHERE NOT j.is_closing
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'PERIOD_CLOSED' USING ERRCODE = 'KL003', DETAIL = v_txt;
  END IF;
  -- Closing entries may land in a closed month, never in a closed fiscal year.
  SELECT y.fiscal_year::text INTO v_txt
    FROM ledger_fiscal_year y
   WHERE y.tenant_id = v_tenant AND y.status = 'CLOSED'
     AND y.fiscal_year IN (SELECT j.fiscal_year FROM ledger_batch_journals(p_journals, v_start) j WHERE j.is_closing)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'FISCAL_YEAR_CLOSED' USING ERRCODE = 'KL004', DETAIL = v_txt;
  END IF;

  -- A reversal names an existing journal that is not itself a reversal
  -- (a second reversal of the same journal fails on journal_reversal_uq).
  SELECT j.reversal_of_id INTO v_uuid
    FROM ledger_batch_journals(p_journals, v_start) j
    LEFT JOIN journal o ON o.tenant_id = v_tenant AND o.id = j.reversal_of_id
   WHERE j.reversal_of_id IS NOT NULL AND (o.id IS NULL OR o.reversal_of_id IS NOT NULL OR j.reversal_reason IS NULL)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'REVERSAL_INVALID' USING ERRCODE = 'KL008', DETAIL = v_uuid::text;
  END IF;

  INSERT INTO journal (tenant_id, id, fiscal_year, seq, number, date, period, description, reference_code, source_module,
                       source_id, is_adjustment, is_closing, reversal_of_id, reversal_reason, total_amount, line_count, created_by)
  SELECT v_tenant, j.id, j.fiscal_year, n.seq,
         'JU/' || j.fiscal_year || '/' || CASE WHEN n.seq < 1000000 THEN lpad(n.seq::text, 6, '0') ELSE n.seq::text END,
         j.date, j.period, j.description, j.reference_code, j.source_module, j.source_id, j.is_adjustment, j.is_closing,
         j.reversal_of_id, j.reversal_reason, s.d, s.n, j.created_by
    FROM ledger_batch_journals(p_journals, v_start) j
    JOIN (SELECT l.ord, count(*)::int AS n, sum(l.debit) AS d FROM ledger_batch_lines(p_journals) l GROUP BY l.ord) s ON s.ord = j.ord
    JOIN (SELECT j2.ord, (v_base->>j2.fiscal_year::text)::int
                 + row_number() OVER (PARTITION BY j2.fiscal_year ORDER BY j2.ord)::int AS seq
            FROM ledger_batch_journals(p_journals, v_start) j2) n ON n.ord = j.ord;

  -- Lines; a line without a business unit takes its account's.
  INSERT INTO journal_line (tenant_id, journal_id, line_no, account_id, debit, credit, description, branch_id, business_unit_id, date)
  SELECT v_tenant, j.id, l.line_no, l.account_id, l.debit, l.credit, l.description, l.branch_id,
         coalesce(l.business_unit_id, a.business_unit_id), j.date
    FROM ledger_batch_lines(p_journals) l
    JOIN ledger_batch_journals(p_journals, v_start) j ON j.ord = l.ord
    LEFT JOIN coa_account a ON a.tenant_id = v_tenant AND a.id = l.account_id;

  -- Accounts, read after the foreign-key locks so a concurrent change is seen.
  SELECT CASE WHEN a.id IS NULL THEN 'ACCOUNT_NOT_FOUND' WHEN NOT a.is_active THEN 'ACCOUNT_INACTIVE' ELSE 'ACCOUNT_NOT_POSTABLE' END,
         x.account_id
    INTO v_txt, v_uuid
    FROM (SELECT DISTINCT l.account_id FROM ledger_batch_lines(p_journals) l) x
    LEFT JOIN coa_account a ON a.tenant_id = v_tenant AND a.id = x.account_id
   WHERE a.id IS NULL OR NOT a.is_active OR NOT a.is_postable
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION '%', v_txt USING ERRCODE = CASE v_txt WHEN 'ACCOUNT_NOT_FOUND' THEN 'KL005'
                                                          WHEN 'ACCOUNT_INACTIVE' THEN 'KL006' ELSE 'KL007' END,
                                     DETAIL = v_uuid::text;
  END IF;

  -- The monthly summary, in a fixed row order.
  INSERT INTO ledger_balance AS b (tenant_id, account_id, period, business_unit_id, debit, credit,
                                   adj_debit, adj_credit, close_debit, close_credit, line_count)
  SELECT v_tenant, l.account_id, jr.period, coalesce(l.business_unit_id, '00000000-0000-0000-0000-000000000000'::uuid),
         sum(l.debit), sum(l.credit),
         coalesce(sum(l.debit) FILTER (WHERE jr.is_adjustment), 0), coalesce(sum(l.credit) FILTER (WHERE jr.is_adjustment), 0),
         coalesce(sum(l.debit) FILTER (WHERE jr.is_closing), 0), coalesce(sum(l.credit) FILTER (WHERE jr.is_closing), 0),
         count(*)
    FROM journal_line l
    JOIN journal jr ON jr.tenant_id = l.tenant_id AND jr.id = l.journal_id
   WHERE l.tenant_id = v_tenant AND l.journal_id IN (SELECT j.id FROM ledger_batch_journals(p_journals, v_start) j)
   GROUP BY l.account_id, jr.period, coalesce(l.business_unit_id, '00000000-0000-0000-0000-000000000000'::uuid)
   ORDER BY 2, 3, 4
  ON CONFLICT ON CONSTRAINT ledger_balance_pkey DO UPDATE
     SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit,
         adj_debit = b.adj_debit + EXCLUDED.adj_debit, adj_credit = b.adj_credit + EXCLUDED.adj_credit,
         close_debit = b.close_debit + EXCLUDED.close_debit, close_credit = b.close_credit + EXCLUDED.close_credit,
         line_count = b.line_count + EXCLUDED.line_count;

  RETURN QUERY
    SELECT jr.id, jr.fiscal_year, jr.seq, jr.number, jr.posted_at
      FROM ledger_batch_journals(p_journals, v_start) j
      JOIN journal jr ON jr.tenant_id = v_tenant AND jr.id = j.id
     ORDER BY j.ord;
END
$$;
REVOKE ALL ON FUNCTION ledger_post(jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_post(jsonb) TO koperasi_app;

-- Takes the tenant-year ledger locks (the counter rows) of these fiscal years,
-- in ascending order, until the transaction ends: month and year closing use
-- it so no posting of those years runs meanwhile.
CREATE OR REPLACE FUNCTION ledger_lock_years(p_years integer[]) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  v_tenant uuid := app_tenant();
  y integer;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'ledger_lock_years: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  FOR y IN SELECT DISTINCT u.y FROM unnest(p_years) AS u(y) ORDER BY 1 LOOP
    INSERT INTO ledger_counter AS c (tenant_id, fiscal_year, last_seq) VALUES (v_tenant, y, 0)
    ON CONFLICT ON CONSTRAINT ledger_counter_pkey DO UPDATE SET last_seq = c.last_seq;
  END LOOP;
END
$$;
REVOKE ALL ON FUNCTION ledger_lock_years(integer[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ledger_lock_years(integer[]) TO koperasi_app;
