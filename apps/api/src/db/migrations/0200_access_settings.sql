-- Organization, access and cooperative settings (issue 5): account officers and
-- cash custody on users, the cooperative's extra details and officers
-- (pengurus, pengawas), loan collectability grades, AD/ART documents.
-- Key-value configuration lives in tenant_config (0001), validated per key by
-- the settings module; defaults are in code.

-- ---------------------------------------------------------------- users

-- Listed by GET users/ao.
ALTER TABLE app_user ADD COLUMN is_account_officer boolean NOT NULL DEFAULT false;
UPDATE app_user u SET is_account_officer = true
FROM role r WHERE r.tenant_id = u.tenant_id AND r.id = u.role_id AND r.code = 'AGENT';

-- One custodian per cash or bank account: a teller's drawer or an agent's cash
-- belongs to one person, so the teller and agent reports can be reconciled.
CREATE UNIQUE INDEX app_user_coa_uq ON app_user (tenant_id, coa_id) WHERE coa_id IS NOT NULL;
CREATE INDEX app_user_branch_idx ON app_user (tenant_id, branch_id) WHERE branch_id IS NOT NULL;
CREATE INDEX app_user_area_idx ON app_user (tenant_id, area_id) WHERE area_id IS NOT NULL;
CREATE INDEX app_user_created_idx ON app_user (tenant_id, created_date DESC, id DESC);
CREATE INDEX area_branch_idx ON area (tenant_id, branch_id) WHERE branch_id IS NOT NULL;

-- ---------------------------------------------------------------- cooperative details

ALTER TABLE tenant
  ADD COLUMN cooperative_number text,   -- Nomor Induk Koperasi (NIK)
  ADD COLUMN tax_number text,           -- NPWP
  ADD COLUMN website text,
  ADD COLUMN city text,
  ADD COLUMN province text,
  ADD COLUMN postal_code text,
  ADD COLUMN logo_updated_at timestamptz;

-- Pengurus (management board) and pengawas (supervisory board) with their titles.
CREATE TABLE tenant_officer (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  board text NOT NULL CHECK (board IN ('PENGURUS', 'PENGAWAS')),
  title text NOT NULL CHECK (title IN ('KETUA', 'WAKIL', 'BENDAHARA', 'SEKERTARIS', 'PENGAWAS', 'PEGAWAI', 'MANAJER')),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 150),
  -- The officer's user account, when they have one.
  user_id uuid,
  phone text,
  period_start date,
  period_end date CHECK (period_end IS NULL OR period_start IS NULL OR period_end >= period_start),
  sort_order integer NOT NULL DEFAULT 0,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE SET NULL (user_id)
);
CREATE INDEX tenant_officer_order_idx ON tenant_officer (tenant_id, board, sort_order);

-- ---------------------------------------------------------------- collectability

CREATE TABLE collectability_setting (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  grade text NOT NULL CHECK (grade IN ('LANCAR', 'KURANG LANCAR', 'DIRAGUKAN', 'MACET')),
  -- 1 LANCAR .. 4 MACET.
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 4),
  days_late_from integer NOT NULL CHECK (days_late_from >= 0),
  -- NULL = open-ended (MACET).
  days_late_until integer CHECK (days_late_until IS NULL OR days_late_until >= days_late_from),
  calculation_type text NOT NULL CHECK (calculation_type IN ('HARIAN', 'BULANAN')),
  -- Allowance for bad debts (PPAP), percent of the outstanding principal.
  allowance_percent numeric(9,4) NOT NULL DEFAULT 0 CHECK (allowance_percent BETWEEN 0 AND 100),
  updated_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, grade),
  UNIQUE (tenant_id, level)
);
CREATE TRIGGER collectability_setting_touch BEFORE UPDATE ON collectability_setting
  FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

-- Cooperatives created before this migration get the defaults new ones are seeded with.
INSERT INTO collectability_setting (tenant_id, grade, level, days_late_from, days_late_until, calculation_type, allowance_percent)
SELECT t.tenant_id, d.grade, d.level, d.f, d.u, 'HARIAN', d.p
FROM tenant t
CROSS JOIN (VALUES ('LANCAR', 1, 0, 30, 0.5), ('KURANG LANCAR', 2, 31, 90, 10),
                   ('DIRAGUKAN', 3, 91, 180, 50), ('MACET', 4, 181, NULL, 100)) AS d(grade, level, f, u, p);

-- ---------------------------------------------------------------- AD/ART

CREATE TABLE ad_art_document (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  document_type text NOT NULL DEFAULT 'AD' CHECK (document_type IN ('AD', 'ART', 'LAINNYA')),
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  description text,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  -- app.storage key: <tenant>/ad-art/<id>
  storage_key text NOT NULL,
  uploaded_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX ad_art_document_created_idx ON ad_art_document (tenant_id, created_date DESC, id DESC);

-- ---------------------------------------------------------------- row-level security

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tenant_officer', 'collectability_setting', 'ad_art_document']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;
