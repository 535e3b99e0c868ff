-- Web support: the page views the web app shell records on every route change
-- (read by the activity report), and each user's own profile preferences.

-- Append-only log of screens opened: who, in which session, which path, when.
CREATE TABLE page_view (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  user_id uuid NOT NULL,
  -- The auth_session of the token that sent the view (sessions are revoked, never deleted).
  session_id uuid,
  -- Path only (no query string or fragment), as the browser showed it.
  path text NOT NULL CHECK (length(path) BETWEEN 1 AND 512 AND left(path, 1) = '/'),
  -- When the browser showed the page; received_at when the server stored it.
  viewed_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX page_view_user_idx ON page_view (tenant_id, user_id, viewed_at DESC);
CREATE INDEX page_view_time_idx ON page_view (tenant_id, viewed_at DESC);
-- The per-user hourly cap counts what arrived in the last hour.
CREATE INDEX page_view_received_idx ON page_view (tenant_id, user_id, received_at);

-- Profile tabs information, social, notification and connections: validated JSON per section.
CREATE TABLE user_preference (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  information jsonb,
  social jsonb,
  notification jsonb,
  connections jsonb,
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES app_user (tenant_id, id) ON DELETE CASCADE
);
CREATE TRIGGER user_preference_touch BEFORE UPDATE ON user_preference FOR EACH ROW EXECUTE FUNCTION touch_updated_date();

ALTER TABLE page_view ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON page_view USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
ALTER TABLE user_preference ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON user_preference USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());

-- The page-view log is append-only for the application, like the audit trail.
REVOKE UPDATE, DELETE ON page_view FROM koperasi_app;
