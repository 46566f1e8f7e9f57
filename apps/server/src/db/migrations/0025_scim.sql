-- Issue 26, SCIM 2.0 (decision 46). An account can be deactivated (SCIM `active: false`): it stays,
-- with its address, roles and sites, but is not signed into, reset or reloaded as a caller until it
-- is activated again. Its sessions end when it is deactivated (the users trigger of migration 0009
-- then empties every process's cached callers).
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;
-- A key holding Users.Add provisions its company's accounts through /scim/v2: they get this role and
-- these sites and groups (a subset of the key's own). A deleted role leaves the mapping without one.
ALTER TABLE "api_keys" ADD COLUMN "scim_role_id" integer;
ALTER TABLE "api_keys" ADD COLUMN "scim_access" text[] DEFAULT '{}' NOT NULL;
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scim_role_id_roles_id_fk" FOREIGN KEY ("scim_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;
-- The mapping is part of the key's caller (its role's features): its change empties the cached callers.
DROP TRIGGER "api_keys_callers_updated" ON "api_keys";
CREATE TRIGGER "api_keys_callers_updated" AFTER UPDATE OF "revoked_at", "expires_at", "features", "access", "token_hash", "scim_role_id", "scim_access" ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "callers_notify"();
