-- Lists, counts, allowance checks and invoices at a national operator's size (decision 10):
-- every per-request query of permits and transactions is served by one of these indexes.

-- The site or group a permit belongs to, as a real column so that indexes (and index-only scans) serve
-- the list's site filter, the per-site counts and the allowance check alike.
ALTER TABLE "permits" ADD COLUMN "target" varchar(10) GENERATED ALWAYS AS (coalesce("site_number", "group_number")) STORED;
DROP INDEX IF EXISTS "permits_site_number_ended_index";
DROP INDEX IF EXISTS "permits_group_number_ended_index";
DROP INDEX IF EXISTS "permits_vehicle_registration_index";
-- One site's (or group's) page in start order, its counts by state, its allowance count.
CREATE INDEX "permits_target_started_id_index" ON "permits" USING btree ("target", "started", "id");
CREATE INDEX "permits_target_ended_started_index" ON "permits" USING btree ("target", "ended", "started") INCLUDE ("is_temp");
-- All sites: pages in each sortable column's order (ties broken by id), counts by state.
CREATE INDEX "permits_started_id_index" ON "permits" USING btree ("started", "id");
CREATE INDEX "permits_ended_id_index" ON "permits" USING btree ("ended", "id") INCLUDE ("started");
CREATE INDEX "permits_target_id_index" ON "permits" USING btree ("target", "id");
CREATE INDEX "permits_vehicle_registration_id_index" ON "permits" USING btree ("vehicle_registration", "id");
CREATE INDEX "permits_driver_name_id_index" ON "permits" USING btree ("driver_name", "id");
CREATE INDEX "permits_is_temp_id_index" ON "permits" USING btree ("is_temp", "id");

-- Invoice pages in time order with their totals read from the index alone.
DROP INDEX IF EXISTS "transactions_site_number_occurred_at_index";
CREATE INDEX "transactions_site_occurred_id_index" ON "transactions" USING btree ("site_number", "occurred_at", "id") INCLUDE ("amount_pence", "duration_minutes");

-- Ticket history pages (newest action first) and audit history pages.
CREATE INDEX "ticket_actions_action_at_id_index" ON "ticket_actions" USING btree ("action", "action_at", "id");
DROP INDEX IF EXISTS "audit_events_subject_user_id_occurred_at_index";
CREATE INDEX "audit_events_subject_occurred_id_index" ON "audit_events" USING btree ("subject_user_id", "occurred_at", "id");
