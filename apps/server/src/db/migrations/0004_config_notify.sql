-- Every change of app_config, by any process (or by hand), tells every listening process to drop
-- its cached copy (apps/server/src/modules/config/config-cache.ts).
CREATE FUNCTION "app_config_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('app_config', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER "app_config_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app_config"
  FOR EACH STATEMENT EXECUTE FUNCTION "app_config_notify"();
