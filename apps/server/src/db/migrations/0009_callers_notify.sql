-- Every change of a row the caller's reload reads (user, session, roles and their features, flags,
-- sites and site groups), by any process (or by hand), tells every listening process to drop its
-- cached callers (apps/server/src/modules/access/caller-cache.ts).
CREATE FUNCTION "callers_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('callers', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER "users_callers_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "callers_notify"();
CREATE TRIGGER "sessions_callers_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "callers_notify"();
CREATE TRIGGER "user_roles_callers_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "callers_notify"();
CREATE TRIGGER "role_features_callers_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_features"
  FOR EACH STATEMENT EXECUTE FUNCTION "callers_notify"();
CREATE TRIGGER "user_flags_callers_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_flags"
  FOR EACH STATEMENT EXECUTE FUNCTION "callers_notify"();
CREATE TRIGGER "user_access_callers_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_access"
  FOR EACH STATEMENT EXECUTE FUNCTION "callers_notify"();
CREATE TRIGGER "site_group_members_callers_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_group_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "callers_notify"();
