-- Issue 28 (decision 48): personal data kept only as long as needed.
--
-- A client company may shorten the operator's retention periods (never lengthen them): null = the
-- operator's figure (app_config's Retention* entries).
CREATE TABLE "client_retention" (
	"company_id" integer PRIMARY KEY NOT NULL REFERENCES "client_companies"("id") ON DELETE CASCADE,
	"camera_read_days" integer,
	"permit_months" integer,
	"transaction_months" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE SET NULL
);
-- One row per run of the retention job (run_key: the UK day) or per accepted erasure: held by one
-- process at a time through its lease, and what it did (counts per kind, never a plate or address).
CREATE TABLE "retention_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_key" varchar(64) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	"longest_batch_ms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "retention_runs_run_key_unique" UNIQUE("run_key"),
	CONSTRAINT "retention_runs_kind" CHECK ("kind" in ('schedule', 'erasure'))
);
-- What the retention job walks: only the rows still holding a registration (anonymised ones, which
-- start with '#', leave these partial indexes), oldest first.
CREATE INDEX "transactions_retention_index" ON "transactions" USING btree ("occurred_at","id") WHERE "vehicle_registration" NOT LIKE '#%';
CREATE INDEX "vehicle_sightings_retention_index" ON "vehicle_sightings" USING btree ("entered_at","id") WHERE "registration" NOT LIKE '#%';
CREATE INDEX "permits_retention_index" ON "permits" USING btree ("ended","id") WHERE "vehicle_registration" NOT LIKE '#%';
CREATE INDEX "audit_events_occurred_id_index" ON "audit_events" USING btree ("occurred_at","id");
CREATE INDEX "notifications_created_id_index" ON "notifications" USING btree ("created_at","id");
-- Subject access and erasure look a person up by registration or address across every site.
CREATE INDEX "transactions_vehicle_registration_id_index" ON "transactions" USING btree ("vehicle_registration","id");
CREATE INDEX "vehicle_sightings_registration_id_index" ON "vehicle_sightings" USING btree ("registration","id");
CREATE INDEX "users_email_lower_index" ON "users" USING btree (lower("email"));
CREATE INDEX "permit_events_user_id_index" ON "permit_events" USING btree ("user_id","id") WHERE "user_id" IS NOT NULL;
CREATE INDEX "audit_events_actor_id_index" ON "audit_events" USING btree ("actor_user_id","id") WHERE "actor_user_id" IS NOT NULL;
CREATE INDEX "audit_events_subject_email_index" ON "audit_events" USING btree (lower("subject_email")) WHERE "subject_email" IS NOT NULL;
-- The operator-only feature of subject access, given to the operator's roles that keep the system.
INSERT INTO "features" ("normalized_name", "name", "description", "group_name", "group_description")
VALUES ('Privacy.SubjectAccess', 'SubjectAccess', 'Answer subject access and erasure requests', 'Privacy', 'Personal data')
ON CONFLICT ("normalized_name") DO NOTHING;
INSERT INTO "role_features" ("role_id", "feature")
SELECT rf."role_id", 'Privacy.SubjectAccess' FROM "role_features" rf
JOIN "roles" r ON r."id" = rf."role_id"
WHERE rf."feature" = 'Application.SysAdmin' AND r."company_id" IS NULL
ON CONFLICT DO NOTHING;
-- Anonymising a transaction changes only its registration, which no statistic reads: the update
-- trigger then skips taking the rows' figures away and adding them back (same totals, a fraction of
-- the work), so the retention job's batches stay short at ten million rows.
CREATE OR REPLACE FUNCTION "transactions_stats_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    WHERE o.id IS NULL OR n.id IS NULL
      OR (o.site_number, o.occurred_at, o.duration_minutes, o.amount_pence, o.method)
        IS DISTINCT FROM (n.site_number, n.occurred_at, n.duration_minutes, n.amount_pence, n.method)
  ) THEN RETURN NULL; END IF;
  EXECUTE stats_transactions_sql('old_rows', -1); EXECUTE stats_transactions_sql('new_rows', 1); RETURN NULL;
END $$;
