-- The job runner's progress rows (modules/jobs): one row per run of a batch (name + key, e.g. a period), its
-- cursor (the last item committed), done/total and the error of the last failed attempt; and one row per item
-- done in a run, written in the item's own chunk transaction, so an item is done at most once per run even
-- when a killed run is started again. The queue itself (schedules, retries, workers) is pg-boss, in its own
-- schema `pgboss`, created by pg-boss at start.

CREATE TABLE job_run (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  key text NOT NULL,
  status text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'DONE', 'FAILED')),
  done integer NOT NULL DEFAULT 0,
  total integer,
  cursor text,
  error text,
  attempts integer NOT NULL DEFAULT 0,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, name, key)
);

CREATE TABLE job_item (
  tenant_id uuid NOT NULL,
  run_id uuid NOT NULL,
  item_key text NOT NULL,
  PRIMARY KEY (tenant_id, run_id, item_key),
  FOREIGN KEY (tenant_id, run_id) REFERENCES job_run (tenant_id, id) ON DELETE CASCADE
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['job_run', 'job_item'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO koperasi_app', t);
  END LOOP;
END $$;
