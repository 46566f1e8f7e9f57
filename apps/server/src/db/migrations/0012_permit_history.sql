-- Permit history (issue 14): one row per permit added, per field changed by an edit, and per expiry,
-- written in the same transaction as the change. The user's e-mail is kept beside their id, as the
-- audit events do, so the history still says who after an account is removed.
CREATE TABLE "permit_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "permit_id" integer NOT NULL REFERENCES "permits"("id") ON DELETE CASCADE,
  "kind" varchar(8) NOT NULL,
  "field" varchar(24),
  "from_value" text,
  "to_value" text,
  "user_id" uuid,
  "user_email" text,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "permit_events_kind" CHECK ("permit_events"."kind" in ('added', 'edited', 'expired'))
);
CREATE INDEX "permit_events_permit_id_at_id_index" ON "permit_events" USING btree ("permit_id", "at", "id");

-- Every permit stored before this migration gets its 'added' row, by whoever created it.
INSERT INTO "permit_events" ("permit_id", "kind", "user_id", "user_email", "at")
SELECT p.id, 'added', p.created_by, u.email, p.created_at
FROM "permits" p LEFT JOIN "users" u ON u.id = p.created_by;

-- Reconciling tickets with permits looks up a vehicle's tickets by registration and violation time.
CREATE INDEX "tickets_vehicle_registration_violation_date_index"
  ON "tickets" USING btree ("vehicle_registration", "violation_date");
