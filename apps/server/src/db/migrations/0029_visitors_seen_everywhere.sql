-- Issue 27 (decision 47, "staff see it all"): statistics count visitor permits as a kind of their
-- own, the dashboard counts a site's visitor permits, and the visitor links list and the host
-- approval queue are paged by the server.
--
-- stats_permit_days gains `visitor` (the permit came through a visitor link) as part of its key, so
-- the statistics break permits down into temporary, permanent and visitor. The function that adds a
-- table's permits (the triggers' and `statistics:rebuild`'s one source) now reads it, and the
-- permits' days are counted again from the permits table.
ALTER TABLE "stats_permit_days" ADD COLUMN "visitor" boolean DEFAULT false NOT NULL;
ALTER TABLE "stats_permit_days" DROP CONSTRAINT "stats_permit_days_pkey";
ALTER TABLE "stats_permit_days" ADD CONSTRAINT "stats_permit_days_pkey" PRIMARY KEY ("target", "day", "is_temp", "reason", "visitor");

CREATE OR REPLACE FUNCTION "stats_permits_sql"(source text, sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
INSERT INTO stats_permit_days AS a (target, day, is_temp, reason, visitor, added, starting, ending)
SELECT target, day, is_temp, reason, visitor, %1$s * sum(added), %1$s * sum(starting), %1$s * sum(ending)
FROM (
  SELECT coalesce(site_number, group_number) AS target, (created_at AT TIME ZONE 'Europe/London')::date AS day,
    is_temp, coalesce(reason, 0)::smallint AS reason, visitor_link_id IS NOT NULL AS visitor,
    1 AS added, 0 AS starting, 0 AS ending
    FROM %2$I WHERE cancelled_at IS NULL
  UNION ALL
  SELECT coalesce(site_number, group_number), (started AT TIME ZONE 'Europe/London')::date, is_temp,
    coalesce(reason, 0)::smallint, visitor_link_id IS NOT NULL, 0, 1, 0 FROM %2$I WHERE cancelled_at IS NULL
  UNION ALL
  SELECT coalesce(site_number, group_number), (ended AT TIME ZONE 'Europe/London')::date, is_temp,
    coalesce(reason, 0)::smallint, visitor_link_id IS NOT NULL, 0, 0, 1 FROM %2$I WHERE cancelled_at IS NULL
) x
GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
ON CONFLICT (target, day, is_temp, reason, visitor) DO UPDATE SET added = a.added + excluded.added,
  starting = a.starting + excluded.starting, ending = a.ending + excluded.ending
$q$, sign, source)
$f$;

DO $$ BEGIN
  LOCK TABLE "permits" IN SHARE MODE;
  DELETE FROM "stats_permit_days";
  EXECUTE stats_permits_sql('permits', 1);
END $$;

-- The dashboard's active visitor permits: a link's permits that end after now.
CREATE INDEX "permits_visitor_link_id_ended_index" ON "permits" USING btree ("visitor_link_id","ended") WHERE "permits"."visitor_link_id" is not null;
-- The visitor links list, a page at a time by name (one site's, or every site in reach).
DROP INDEX "visitor_links_site_number_id_index";
CREATE INDEX "visitor_links_site_number_name_id_index" ON "visitor_links" USING btree ("site_number","name","id");
CREATE INDEX "visitor_links_name_id_index" ON "visitor_links" USING btree ("name","id");
-- The host approval queue, a page at a time, oldest first: only the registrations waiting.
CREATE INDEX "visitor_registrations_awaiting_created_at_id_index" ON "visitor_registrations" USING btree ("created_at","id") WHERE "visitor_registrations"."state" = 'awaiting';
