-- app_user_login_sync: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; first defined in migration 0010_login_directory.sql.
--
-- Keeps login_name (the product-wide uniqueness of e-mails and phones) in step with app_user.
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
