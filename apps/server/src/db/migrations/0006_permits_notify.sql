-- Every change of permits tells every listening process to drop its cached list counts
-- (apps/server/src/modules/permits/list/permit-count-cache.ts).
CREATE FUNCTION "permits_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('permits', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER "permits_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permits"
  FOR EACH STATEMENT EXECUTE FUNCTION "permits_notify"();
