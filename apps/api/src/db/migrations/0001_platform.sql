-- Platform: roles, tenant context, tenants, users, sessions, codes, throttling,
-- idempotency, audit, and the chart of accounts every tenant starts with.
--
-- Conventions for every later migration:
--  * A tenant-owned table has `tenant_id uuid NOT NULL` as the FIRST column of
--    its primary key and of every foreign key to another tenant-owned table.
--  * It enables row-level security with the policy `tenant_isolation`
--    (`tenant_id = app_tenant()`); the app works as role koperasi_app, which
--    does not own the tables, so the policy always applies.
--  * Money is NUMERIC(20,2); rates NUMERIC(9,4) percent.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'koperasi_app') THEN
    CREATE ROLE koperasi_app NOLOGIN NOSUPERUSER NOINHERIT NOBYPASSRLS;
  END IF;
  IF NOT pg_has_role(current_user, 'koperasi_app', 'MEMBER') THEN
    EXECUTE format('GRANT koperasi_app TO %I', current_user);
  END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO koperasi_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO koperasi_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO koperasi_app;

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The tenant of the current transaction, or NULL (no rows visible) when unset.
CREATE OR REPLACE FUNCTION app_tenant() RETURNS uuid
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;

-- Keeps updated_date current.
CREATE OR REPLACE FUNCTION touch_updated_date() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_date := now();
  RETURN NEW;
END
$$;

-- ---------------------------------------------------------------- tenants

CREATE TABLE tenant (
  tenant_id uuid PRIMARY KEY,
  name text NOT NULL,
  cooperative_type text NOT NULL CHECK (cooperative_type IN ('KONSUMEN','PRODUSEN','PEMASARAN','JASA','KSP')),
  is_active boolean NOT NULL DEFAULT false,
  activated_at timestamptz,
  step_configuration integer NOT NULL DEFAULT 1,
  onboarding jsonb,
  legal_entity_number text,
  legal_entity_date date,
  address text,
  phone text,
  email text,
  logo_url text,
  fiscal_year_start_month integer NOT NULL DEFAULT 1 CHECK (fiscal_year_start_month BETWEEN 1 AND 12),
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER tenant_touch BEFORE UPDATE ON tenant FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

-- Key-value settings of a cooperative (validated per key by the settings module).
CREATE TABLE tenant_config (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  key text NOT NULL,
  value jsonb NOT NULL,
  updated_date timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  PRIMARY KEY (tenant_id, key)
);

-- ---------------------------------------------------------------- access

CREATE TABLE role (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  -- SUPER_ADMIN, TELLER, AGENT for the three built-in roles; NULL for a cooperative's own.
  code text CHECK (code IN ('SUPER_ADMIN','TELLER','AGENT')),
  description text,
  -- {"<menu section>": {"view": bool, "add": bool, "update": bool, "delete": bool}, ...}
  permissions jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- NULL limit = no limit.
  saving_withdrawal_limit numeric(20,2) CHECK (saving_withdrawal_limit >= 0),
  loan_request_limit numeric(20,2) CHECK (loan_request_limit >= 0),
  loan_approval_limit numeric(20,2) CHECK (loan_approval_limit >= 0),
  can_release_loan boolean NOT NULL DEFAULT false,
  can_cancel_transaction boolean NOT NULL DEFAULT false,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX role_name_uq ON role (tenant_id, lower(name));
CREATE UNIQUE INDEX role_code_uq ON role (tenant_id, code) WHERE code IS NOT NULL;
CREATE TRIGGER role_touch BEFORE UPDATE ON role FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

CREATE TABLE app_user (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  first_name text NOT NULL,
  last_name text,
  -- Lower-cased; unique across the whole product because either signs in.
  email text,
  -- E.164 (+628...); unique across the whole product.
  phone text,
  password_hash text,
  role_id uuid NOT NULL,
  position text CHECK (position IN ('KETUA','WAKIL','BENDAHARA','SEKERTARIS','PENGAWAS','PEGAWAI','MANAJER')),
  is_active boolean NOT NULL DEFAULT true,
  password_changed_at timestamptz,
  last_login_at timestamptz,
  created_by uuid,
  updated_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, role_id) REFERENCES role (tenant_id, id),
  CHECK (email IS NOT NULL OR phone IS NOT NULL)
);
CREATE UNIQUE INDEX app_user_email_uq ON app_user (email) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX app_user_phone_uq ON app_user (phone) WHERE phone IS NOT NULL;
CREATE INDEX app_user_role_idx ON app_user (tenant_id, role_id);
CREATE TRIGGER app_user_touch BEFORE UPDATE ON app_user FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

CREATE TABLE auth_session (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL,
  user_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX auth_session_user_idx ON auth_session (tenant_id, user_id, created_at DESC);

-- One-time codes and links: activation by SMS code, password reset OTP, invitations.
CREATE TABLE verification_code (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  purpose text NOT NULL CHECK (purpose IN ('ACTIVATION','PASSWORD_RESET','INVITATION')),
  user_id uuid,
  target text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX verification_code_lookup ON verification_code (tenant_id, purpose, target, created_at DESC);

-- Global (not tenant-owned): failure and request counters for sign-in and codes,
-- keyed by login, phone or IP, before any tenant is known.
CREATE TABLE auth_throttle (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 0
);

-- ---------------------------------------------------------------- idempotency and audit

CREATE TABLE idempotency_key (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL DEFAULT now() + interval '24 hours',
  PRIMARY KEY (tenant_id, key)
);
CREATE INDEX idempotency_key_expiry ON idempotency_key (expires_at);

CREATE TABLE audit_log (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id uuid,
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  before jsonb,
  after jsonb,
  request_id text,
  ip text,
  user_agent text,
  PRIMARY KEY (tenant_id, id)
);
CREATE INDEX audit_log_entity_idx ON audit_log (tenant_id, entity, entity_id, at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (tenant_id, actor_user_id, at DESC);

-- ---------------------------------------------------------------- chart of accounts

CREATE TABLE coa_account (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code text NOT NULL,
  name text NOT NULL,
  parent_id uuid,
  type text NOT NULL CHECK (type IN ('ASSET','LIABILITY','EQUITY','INCOME','EXPENSE')),
  normal_balance text NOT NULL CHECK (normal_balance IN ('DEBIT','CREDIT')),
  is_postable boolean NOT NULL DEFAULT true,
  is_active boolean NOT NULL DEFAULT true,
  -- Stable handle for accounts the product itself relies on (CASH_BANK, OPENING_EQUITY, ...).
  system_key text,
  business_unit_id uuid,
  description text,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, parent_id) REFERENCES coa_account (tenant_id, id)
);
CREATE UNIQUE INDEX coa_account_code_uq ON coa_account (tenant_id, code);
CREATE UNIQUE INDEX coa_account_system_key_uq ON coa_account (tenant_id, system_key) WHERE system_key IS NOT NULL;
CREATE INDEX coa_account_parent_idx ON coa_account (tenant_id, parent_id);
CREATE TRIGGER coa_account_touch BEFORE UPDATE ON coa_account FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

-- ---------------------------------------------------------------- row-level security

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tenant','tenant_config','role','app_user','auth_session','verification_code',
                           'idempotency_key','audit_log','coa_account']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END
$$;

-- The audit trail is append-only for the application.
REVOKE UPDATE, DELETE ON audit_log FROM koperasi_app;
-- Tenants are created by registration inside their own context; never deleted by the app.
REVOKE DELETE ON tenant FROM koperasi_app;

-- ---------------------------------------------------------------- lookups before a tenant is known
-- SECURITY DEFINER functions run as the owner (who bypasses RLS), so each one
-- filters explicitly and returns only what sign-in, registration and password
-- reset need.

-- The user signing in with this e-mail (lower-cased) or E.164 phone.
CREATE OR REPLACE FUNCTION auth_find_login(p_login text)
RETURNS TABLE (tenant_id uuid, user_id uuid, password_hash text, user_active boolean, tenant_active boolean,
               email text, phone text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
  SELECT u.tenant_id, u.id, u.password_hash, u.is_active, t.is_active, u.email, u.phone
  FROM app_user u JOIN tenant t ON t.tenant_id = u.tenant_id
  WHERE u.email = lower(p_login) OR u.phone = p_login
  LIMIT 1
$$;
REVOKE ALL ON FUNCTION auth_find_login(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_find_login(text) TO koperasi_app;

-- The signed-in principal behind a session: one round trip per request.
CREATE OR REPLACE FUNCTION auth_principal(p_tenant uuid, p_session uuid, p_user uuid)
RETURNS TABLE (user_id uuid, tenant_id uuid, first_name text, last_name text, email text, phone text,
               user_position text, role_id uuid, role_name text, role_code text, permissions jsonb,
               saving_withdrawal_limit numeric, loan_request_limit numeric, loan_approval_limit numeric,
               can_release_loan boolean, can_cancel_transaction boolean,
               tenant_name text, tenant_active boolean, step_configuration integer)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
  SELECT u.id, u.tenant_id, u.first_name, u.last_name, u.email, u.phone, u.position,
         r.id, r.name, r.code, r.permissions,
         r.saving_withdrawal_limit, r.loan_request_limit, r.loan_approval_limit,
         r.can_release_loan, r.can_cancel_transaction,
         t.name, t.is_active, t.step_configuration
  FROM auth_session s
  JOIN app_user u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
  JOIN role r ON r.tenant_id = u.tenant_id AND r.id = u.role_id
  JOIN tenant t ON t.tenant_id = u.tenant_id
  WHERE s.tenant_id = p_tenant AND s.id = p_session AND s.user_id = p_user
    AND s.revoked_at IS NULL AND s.expires_at > now() AND u.is_active
$$;
REVOKE ALL ON FUNCTION auth_principal(uuid, uuid, uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_principal(uuid, uuid, uuid) TO koperasi_app;
