-- Branches and areas, and the user's branch, area and assigned cash/bank
-- account. Created in the platform so the access and members modules can both
-- build on them; their endpoints live in the access module.

CREATE TABLE branch (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  code text,
  name text NOT NULL,
  address text,
  phone text,
  is_active boolean NOT NULL DEFAULT true,
  created_by uuid,
  updated_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
CREATE UNIQUE INDEX branch_name_uq ON branch (tenant_id, lower(name));
CREATE UNIQUE INDEX branch_code_uq ON branch (tenant_id, code) WHERE code IS NOT NULL;
CREATE TRIGGER branch_touch BEFORE UPDATE ON branch FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

CREATE TABLE area (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text,
  branch_id uuid,
  is_active boolean NOT NULL DEFAULT true,
  created_by uuid,
  updated_by uuid,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, branch_id) REFERENCES branch (tenant_id, id)
);
CREATE UNIQUE INDEX area_name_uq ON area (tenant_id, lower(name));
CREATE TRIGGER area_touch BEFORE UPDATE ON area FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

ALTER TABLE app_user
  ADD COLUMN branch_id uuid,
  ADD COLUMN area_id uuid,
  -- The cash or bank account a teller or agent works with (POST users/coa).
  ADD COLUMN coa_id uuid,
  ADD FOREIGN KEY (tenant_id, branch_id) REFERENCES branch (tenant_id, id),
  ADD FOREIGN KEY (tenant_id, area_id) REFERENCES area (tenant_id, id),
  ADD FOREIGN KEY (tenant_id, coa_id) REFERENCES coa_account (tenant_id, id);

ALTER TABLE branch ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON branch USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
ALTER TABLE area ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON area USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
