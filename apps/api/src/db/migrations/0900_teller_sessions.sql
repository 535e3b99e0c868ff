-- Teller sessions (buka/tutup kas teller) and cash handovers (serah terima kas).
-- docs/teller.md. Money itself lives in the ledger: a session records the
-- opening balance, the moment it opened and, at closing, the count by
-- denomination and the difference posted to the cash over/short account.

CREATE TABLE teller_session (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  -- The teller's own cash account (app_user.coa_id when the session opened).
  coa_id uuid NOT NULL,
  business_date date NOT NULL,
  opening_balance numeric(20,2) NOT NULL CHECK (opening_balance >= 0),
  opened_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CLOSED')),
  closed_at timestamptz,
  closed_by uuid,
  expected_cash numeric(20,2),
  counted_cash numeric(20,2),
  difference numeric(20,2),
  -- [{"denomination": 100000, "count": 3}, ...]
  denominations jsonb,
  close_reason text CHECK (length(close_reason) <= 500),
  difference_journal_id uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id),
  FOREIGN KEY (tenant_id, coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, closed_by) REFERENCES app_user (tenant_id, id),
  FOREIGN KEY (tenant_id, difference_journal_id) REFERENCES journal (tenant_id, id),
  CONSTRAINT teller_session_closed_ck CHECK ((status = 'CLOSED') = (closed_at IS NOT NULL))
);
-- One session per teller and business day; at most one open session per teller.
CREATE UNIQUE INDEX teller_session_day_uq ON teller_session (tenant_id, user_id, business_date);
CREATE UNIQUE INDEX teller_session_open_uq ON teller_session (tenant_id, user_id) WHERE status = 'OPEN';
CREATE INDEX teller_session_date_idx ON teller_session (tenant_id, business_date DESC, opened_at DESC);
REVOKE DELETE, TRUNCATE ON teller_session FROM koperasi_app;

-- Cash handed by a teller to the main cash or to another teller's cash
-- account. Nothing posts until the receiving side confirms.
CREATE TABLE teller_handover (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  session_id uuid NOT NULL,
  from_user_id uuid NOT NULL,
  from_coa_id uuid NOT NULL,
  -- MAIN_CASH (Kas Besar) or TELLER (another teller's cash account).
  target text NOT NULL CHECK (target IN ('MAIN_CASH', 'TELLER')),
  to_user_id uuid,
  to_coa_id uuid NOT NULL,
  amount numeric(20,2) NOT NULL CHECK (amount > 0),
  description text CHECK (length(description) <= 500),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'CONFIRMED', 'REJECTED')),
  decided_by uuid,
  decided_at timestamptz,
  reason text CHECK (length(reason) <= 500),
  journal_id uuid,
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, session_id) REFERENCES teller_session (tenant_id, id),
  FOREIGN KEY (tenant_id, from_user_id) REFERENCES app_user (tenant_id, id),
  FOREIGN KEY (tenant_id, to_user_id) REFERENCES app_user (tenant_id, id),
  FOREIGN KEY (tenant_id, from_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, to_coa_id) REFERENCES coa_account (tenant_id, id),
  FOREIGN KEY (tenant_id, journal_id) REFERENCES journal (tenant_id, id),
  CONSTRAINT teller_handover_target_ck CHECK ((target = 'TELLER') = (to_user_id IS NOT NULL))
);
CREATE INDEX teller_handover_session_idx ON teller_handover (tenant_id, session_id, created_date);
CREATE INDEX teller_handover_to_idx ON teller_handover (tenant_id, to_user_id, status);
CREATE INDEX teller_handover_pending_idx ON teller_handover (tenant_id, status, created_date) WHERE status = 'PENDING';
REVOKE DELETE, TRUNCATE ON teller_handover FROM koperasi_app;

ALTER TABLE teller_session ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON teller_session USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
ALTER TABLE teller_handover ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON teller_handover USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());

-- The cash over/short account (Selisih Kas) for cooperatives created before
-- this module: under the non-operating expenses header (504), code 50402 when
-- free, else 504 followed by the next free number.
INSERT INTO coa_account (tenant_id, code, name, parent_id, type, normal_balance, is_postable, system_key, description)
SELECT p.tenant_id,
       CASE WHEN NOT EXISTS (SELECT 1 FROM coa_account c WHERE c.tenant_id = p.tenant_id AND c.code = '50402') THEN '50402'
            ELSE '504' || lpad((SELECT count(*) + 90 FROM coa_account c WHERE c.tenant_id = p.tenant_id AND c.parent_id = p.id)::text, 2, '0') END,
       'Selisih Kas', p.id, 'EXPENSE', 'DEBIT', true, 'CASH_OVER_SHORT',
       'Selisih lebih/kurang kas teller saat tutup kas'
FROM coa_account p
WHERE p.code = '504'
  AND NOT EXISTS (SELECT 1 FROM coa_account k WHERE k.tenant_id = p.tenant_id AND k.system_key = 'CASH_OVER_SHORT');
