-- Issue 26 (decision 43): API keys. A client manager's key for their company acts as a principal
-- within the features and sites it names (never more than its creator holds at the time of use).
-- The key itself is never stored: only its SHA-256 (random 256-bit keys need no slow hash), its
-- last four characters to recognise it by, and when it was last used (written at most once a minute).
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"token_hash" text NOT NULL,
	"last_four" varchar(4) NOT NULL,
	"features" text[] NOT NULL,
	"access" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "api_keys_token_hash_unique" UNIQUE("token_hash")
);
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
CREATE INDEX "api_keys_company_id_created_at_index" ON "api_keys" USING btree ("company_id","created_at");
CREATE INDEX "api_keys_created_at_index" ON "api_keys" USING btree ("created_at");
-- A revoked key stops at the next request in every process: its row is part of what the cached
-- callers are read from (migration 0009). The last-use write (once a minute) empties no cache.
CREATE TRIGGER "api_keys_callers_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "callers_notify"();
CREATE TRIGGER "api_keys_callers_updated" AFTER UPDATE OF "revoked_at", "expires_at", "features", "access", "token_hash" ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "callers_notify"();
-- A permit's history names the key a change came through, beside its creator (who is the user).
ALTER TABLE "permit_events" ADD COLUMN "api_key_id" uuid;
ALTER TABLE "permit_events" ADD CONSTRAINT "permit_events_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;
