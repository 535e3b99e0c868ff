-- E-mail and phone are unique across the product (either signs in), which a
-- unique index on app_user (email) enforced. An index without tenant_id cannot
-- be enforced once tables are distributed by tenant_id (Citus,
-- docs/architecture.md "Scaling out"), so the uniqueness moves to a global
-- directory, login_name (a reference table there), kept by a trigger on
-- app_user. The errors keep the names the services read: a taken e-mail raises
-- unique_violation with constraint app_user_email_uq, a taken phone
-- app_user_phone_uq.

-- Global (not tenant-owned): each sign-in name (lower-cased e-mail or E.164 phone) and the user it belongs to.
CREATE TABLE login_name (
  login text PRIMARY KEY,
  tenant_id uuid NOT NULL,
  user_id uuid NOT NULL
);
REVOKE ALL ON login_name FROM koperasi_app;

CREATE OR REPLACE FUNCTION app_user_login_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM login_name
    WHERE login IN (OLD.email, OLD.phone) AND tenant_id = OLD.tenant_id AND user_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW.email IS NOT NULL THEN
      BEGIN
        INSERT INTO login_name (login, tenant_id, user_id) VALUES (NEW.email, NEW.tenant_id, NEW.id);
      EXCEPTION WHEN unique_violation THEN
        RAISE unique_violation USING MESSAGE = 'e-mail already used', CONSTRAINT = 'app_user_email_uq', TABLE = 'app_user';
      END;
    END IF;
    IF NEW.phone IS NOT NULL THEN
      BEGIN
        INSERT INTO login_name (login, tenant_id, user_id) VALUES (NEW.phone, NEW.tenant_id, NEW.id);
      EXCEPTION WHEN unique_violation THEN
        RAISE unique_violation USING MESSAGE = 'phone already used', CONSTRAINT = 'app_user_phone_uq', TABLE = 'app_user';
      END;
    END IF;
    RETURN NEW;
  END IF;
  RETURN OLD;
END
$$;
REVOKE ALL ON FUNCTION app_user_login_sync() FROM PUBLIC;

INSERT INTO login_name (login, tenant_id, user_id)
SELECT email, tenant_id, id FROM app_user WHERE email IS NOT NULL
UNION ALL
SELECT phone, tenant_id, id FROM app_user WHERE phone IS NOT NULL;

CREATE TRIGGER app_user_login_insert AFTER INSERT ON app_user
  FOR EACH ROW EXECUTE FUNCTION app_user_login_sync();
CREATE TRIGGER app_user_login_update AFTER UPDATE OF email, phone ON app_user
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION app_user_login_sync();
CREATE TRIGGER app_user_login_delete AFTER DELETE ON app_user
  FOR EACH ROW EXECUTE FUNCTION app_user_login_sync();

-- Look-ups by e-mail or phone (auth_find_login) keep their indexes, no longer unique.
DROP INDEX app_user_email_uq;
DROP INDEX app_user_phone_uq;
CREATE INDEX app_user_email_idx ON app_user (email) WHERE email IS NOT NULL;
CREATE INDEX app_user_phone_idx ON app_user (phone) WHERE phone IS NOT NULL;
