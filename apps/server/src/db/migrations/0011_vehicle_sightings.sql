-- Vehicle sightings (issue 14): the reads of the operator's number-plate cameras, imported in bulk by
-- POST /api/sightings. The plate check looks a typed plate's few one-slip variants up here (and the
-- permits list a permit's latest sighting), always by site and registration, never by scanning:
-- one index serves both, its last column giving the window (last 30 days) or the latest read.
CREATE TABLE "vehicle_sightings" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "site_number" varchar(10) NOT NULL REFERENCES "sites"("site_number"),
  -- Normalised like a permit's: capital letters and digits only.
  "registration" varchar(10) NOT NULL,
  "entered_at" timestamp with time zone NOT NULL,
  "exited_at" timestamp with time zone,
  -- How sure the camera was of its read, 0 to 1.
  "read_confidence" real NOT NULL,
  CONSTRAINT "vehicle_sightings_read_confidence" CHECK ("read_confidence" >= 0 AND "read_confidence" <= 1),
  CONSTRAINT "vehicle_sightings_exit_after_entry" CHECK ("exited_at" IS NULL OR "exited_at" >= "entered_at")
);
CREATE INDEX "vehicle_sightings_site_registration_entered_index"
  ON "vehicle_sightings" USING btree ("site_number", "registration", "entered_at");
