-- Members (anggota): the member record, its lifecycle, CIF counters and bulk uploads.
-- See docs/members.md for the lifecycle states and the rules behind these columns.

CREATE TABLE member (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  -- ID Anggota: generated from the cooperative's CIF pattern, or typed by staff; upper case.
  cif_number text NOT NULL CHECK (cif_number ~ '^[A-Z0-9][A-Z0-9./-]{0,39}$'),
  full_name text NOT NULL CHECK (length(btrim(full_name)) BETWEEN 1 AND 150),
  gender text NOT NULL CHECK (gender IN ('L', 'P')),
  birth_place text,
  birth_date date,
  -- E.164 (+62...).
  phone text CHECK (phone ~ '^\+62[0-9]{7,13}$'),
  identity_type text NOT NULL DEFAULT 'KTP' CHECK (identity_type IN ('KTP', 'SIM', 'PASSPORT')),
  -- KTP: the 16-digit NIK; SIM: 12-14 digits; passport: 6-12 letters or digits.
  identity_number text NOT NULL CHECK (identity_number ~ '^[A-Z0-9]{6,16}$'),
  family_card_number text CHECK (family_card_number ~ '^[0-9]{16}$'),
  address text,
  occupation text,
  member_type text NOT NULL CHECK (member_type IN ('MEMBER', 'NON_MEMBER', 'PROSPECTIVE')),
  status text NOT NULL CHECK (status IN ('WAITING_INTERVIEW', 'WAITING_APPROVAL', 'ACTIVE', 'REJECTED', 'EXITED')),
  -- A live record: uniqueness of identity number and phone applies among these.
  is_active boolean GENERATED ALWAYS AS (status IN ('WAITING_INTERVIEW', 'WAITING_APPROVAL', 'ACTIVE')) STORED,
  join_date date,
  exit_date date,
  exit_reason text,
  -- NULL: no member-specific limit (the loan product's rules apply).
  loan_limit numeric(20,2) CHECK (loan_limit >= 0),
  group_name text,
  closest_family_name text,
  closest_family_relationship text,
  closest_family_phone text,
  branch_id uuid,
  area_id uuid,
  -- The agent / account officer (app_user) who looks after the member.
  agent_id uuid,
  is_send_notification boolean NOT NULL DEFAULT true,
  -- Mobile app PIN, argon2id.
  pin_hash text,
  pin_changed_at timestamptz,
  photo_self_key text,
  photo_identity_key text,
  photo_family_card_key text,
  registration_channel text NOT NULL DEFAULT 'STAFF' CHECK (registration_channel IN ('STAFF', 'MEMBER_APP', 'UPLOAD', 'MIGRATION')),
  upload_job_id uuid,
  interview_date date,
  interviewer_id uuid,
  interviewer_name text,
  interview_notes text,
  interview_result text CHECK (interview_result IN ('RECOMMENDED', 'NOT_RECOMMENDED')),
  interviewed_by uuid,
  interviewed_at timestamptz,
  approval_status text CHECK (approval_status IN ('APPROVED', 'REJECTED')),
  approval_reason text,
  approved_by uuid,
  approved_at timestamptz,
  -- Become-member request of a non-member.
  upgrade_status text CHECK (upgrade_status IN ('WAITING_APPROVAL', 'APPROVED', 'REJECTED')),
  upgrade_requested_at timestamptz,
  upgrade_requested_by uuid,
  upgrade_reason text,
  upgrade_decided_at timestamptz,
  upgrade_decided_by uuid,
  -- Simpanan pokok: OWED until the savings module reports it paid.
  principal_status text NOT NULL DEFAULT 'NOT_REQUIRED' CHECK (principal_status IN ('NOT_REQUIRED', 'OWED', 'PAID')),
  principal_owed numeric(20,2) CHECK (principal_owed >= 0),
  principal_paid_at timestamptz,
  exited_by uuid,
  registered_by uuid,
  updated_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, branch_id) REFERENCES branch (tenant_id, id),
  FOREIGN KEY (tenant_id, area_id) REFERENCES area (tenant_id, id),
  FOREIGN KEY (tenant_id, agent_id) REFERENCES app_user (tenant_id, id),
  CONSTRAINT member_type_status_ck CHECK (
    (member_type = 'PROSPECTIVE' AND status IN ('WAITING_INTERVIEW', 'WAITING_APPROVAL', 'REJECTED'))
    OR (member_type IN ('MEMBER', 'NON_MEMBER') AND status IN ('ACTIVE', 'EXITED'))
  ),
  CONSTRAINT member_join_date_ck CHECK (member_type <> 'MEMBER' OR join_date IS NOT NULL),
  CONSTRAINT member_exit_date_ck CHECK (status <> 'EXITED' OR exit_date IS NOT NULL)
);

-- Lookups and the list search (1,000,000 members per tenant): exact and prefix
-- matches on CIF, phone and identity number (text_pattern_ops serves LIKE 'x%'
-- and equality), trigram containment on the name, prefix on the name for
-- one- and two-letter searches, and the default order.
CREATE UNIQUE INDEX member_cif_uq ON member (tenant_id, cif_number text_pattern_ops);
CREATE UNIQUE INDEX member_identity_active_uq ON member (tenant_id, identity_number) WHERE is_active;
CREATE UNIQUE INDEX member_phone_active_uq ON member (tenant_id, phone) WHERE is_active AND phone IS NOT NULL;
CREATE INDEX member_identity_idx ON member (tenant_id, identity_number text_pattern_ops);
CREATE INDEX member_phone_idx ON member (tenant_id, phone text_pattern_ops);
CREATE INDEX member_name_trgm ON member USING gin (lower(full_name) gin_trgm_ops);
CREATE INDEX member_name_prefix_idx ON member (tenant_id, lower(full_name) text_pattern_ops);
CREATE INDEX member_created_idx ON member (tenant_id, created_date DESC, id DESC);
CREATE INDEX member_type_status_idx ON member (tenant_id, member_type, status);
CREATE INDEX member_branch_idx ON member (tenant_id, branch_id) WHERE branch_id IS NOT NULL;
CREATE INDEX member_area_idx ON member (tenant_id, area_id) WHERE area_id IS NOT NULL;
CREATE INDEX member_agent_idx ON member (tenant_id, agent_id) WHERE agent_id IS NOT NULL;
CREATE INDEX member_upgrade_idx ON member (tenant_id, upgrade_status) WHERE upgrade_status = 'WAITING_APPROVAL';
CREATE TRIGGER member_touch BEFORE UPDATE ON member FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

-- CIF sequences: one row per tenant and pattern scope (the pattern rendered
-- without its {SEQ}, e.g. '202611' for '{YYYY}{MM}{SEQ:5}'), incremented
-- under the row lock so concurrent registrations never share a number.
CREATE TABLE member_cif_counter (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  scope text NOT NULL,
  last_value bigint NOT NULL CHECK (last_value >= 0),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, scope)
);

-- Bulk uploads: one job per uploaded file, progress updated as batches commit.
CREATE TABLE member_upload_job (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  file_name text NOT NULL,
  -- sha256 of the file: the same file is not processed twice.
  file_hash text NOT NULL,
  file_size bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('RUNNING', 'DONE', 'FAILED')),
  total_rows integer NOT NULL DEFAULT 0,
  processed_rows integer NOT NULL DEFAULT 0,
  success_rows integer NOT NULL DEFAULT 0,
  skipped_rows integer NOT NULL DEFAULT 0,
  failed_rows integer NOT NULL DEFAULT 0,
  message text,
  created_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  finished_date timestamptz,
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX member_upload_job_hash_uq ON member_upload_job (tenant_id, file_hash) WHERE status IN ('RUNNING', 'DONE');
CREATE INDEX member_upload_job_created_idx ON member_upload_job (tenant_id, created_date DESC);
CREATE TRIGGER member_upload_job_touch BEFORE UPDATE ON member_upload_job FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

-- Rows of an upload that did not become a member: FAILED (with the reason and
-- the cells as uploaded, for the correction file) or SKIPPED (already registered).
CREATE TABLE member_upload_row (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  job_id uuid NOT NULL,
  row_number integer NOT NULL,
  status text NOT NULL CHECK (status IN ('FAILED', 'SKIPPED')),
  message text NOT NULL,
  data jsonb NOT NULL,
  member_id uuid,
  PRIMARY KEY (tenant_id, job_id, row_number),
  FOREIGN KEY (tenant_id, job_id) REFERENCES member_upload_job (tenant_id, id) ON DELETE CASCADE
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['member', 'member_cif_counter', 'member_upload_job', 'member_upload_row']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;

-- Member records are closed (rejected, exited), never deleted by the application.
REVOKE DELETE ON member FROM koperasi_app;
