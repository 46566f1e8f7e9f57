-- Issue 24. A permit added by mistake can be taken back before it starts: cancelling ends it at that
-- moment (so it stops counting against allowances, overlaps and coverage at once, like an expiry) and
-- marks it cancelled; its planned end stays in its history. A bulk upload is one row of its own, so
-- that the whole upload can be taken back in one go within its first hour.
CREATE TABLE "permit_uploads" (
  "id" bigserial PRIMARY KEY,
  "created_by" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "permit_count" integer NOT NULL,
  "taken_back_at" timestamptz,
  "taken_back_by" uuid REFERENCES "users" ("id") ON DELETE SET NULL
);

ALTER TABLE "permits" ADD COLUMN "cancelled_at" timestamptz;
ALTER TABLE "permits" ADD COLUMN "upload_id" bigint REFERENCES "permit_uploads" ("id");
CREATE INDEX "permits_upload_id_index" ON "permits" USING btree ("upload_id", "id") WHERE "upload_id" IS NOT NULL;

ALTER TABLE "permit_events" DROP CONSTRAINT "permit_events_kind";
ALTER TABLE "permit_events" ALTER COLUMN "kind" TYPE varchar(10);
ALTER TABLE "permit_events" ADD CONSTRAINT "permit_events_kind"
  CHECK ("kind" in ('added', 'edited', 'expired', 'cancelled'));

-- A cancelled permit was never valid: the daily permit figures leave it out altogether (cancelling
-- subtracts what adding it counted; the update trigger runs this with the old and the new rows).
CREATE OR REPLACE FUNCTION "stats_permits_sql"(source text, sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
INSERT INTO stats_permit_days AS a (target, day, is_temp, reason, added, starting, ending)
SELECT target, day, is_temp, reason, %1$s * sum(added), %1$s * sum(starting), %1$s * sum(ending)
FROM (
  SELECT coalesce(site_number, group_number) AS target, (created_at AT TIME ZONE 'Europe/London')::date AS day,
    is_temp, coalesce(reason, 0)::smallint AS reason, 1 AS added, 0 AS starting, 0 AS ending
    FROM %2$I WHERE cancelled_at IS NULL
  UNION ALL
  SELECT coalesce(site_number, group_number), (started AT TIME ZONE 'Europe/London')::date, is_temp,
    coalesce(reason, 0)::smallint, 0, 1, 0 FROM %2$I WHERE cancelled_at IS NULL
  UNION ALL
  SELECT coalesce(site_number, group_number), (ended AT TIME ZONE 'Europe/London')::date, is_temp,
    coalesce(reason, 0)::smallint, 0, 0, 1 FROM %2$I WHERE cancelled_at IS NULL
) x
GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
ON CONFLICT (target, day, is_temp, reason) DO UPDATE SET added = a.added + excluded.added,
  starting = a.starting + excluded.starting, ending = a.ending + excluded.ending
$q$, sign, source)
$f$;

-- The permits list's one search box (issue 24) finds a permit by any part of its registration or of
-- its driver's name: `like '%KLN%'` and `ilike '%smith%'` served by trigram indexes (pg_trgm, a
-- trusted extension: the database's owner may create it; PGlite loads it from its contrib build).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX "permits_vehicle_registration_trgm_index" ON "permits" USING gin ("vehicle_registration" gin_trgm_ops);
CREATE INDEX "permits_driver_name_trgm_index" ON "permits" USING gin ("driver_name" gin_trgm_ops);

-- The dashboard's "your recent actions": the latest audit events a user caused, newest first.
CREATE INDEX "audit_events_actor_occurred_id_index" ON "audit_events" USING btree ("actor_user_id", "occurred_at", "id");
