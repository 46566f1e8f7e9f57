-- Daily statistics (decision 12): one row per site per UK day with the day's parking, occupancy and
-- enforcement figures, and one row per permit target, UK day, kind and reason with the permits added,
-- starting and ending that day. Statement triggers on the raw tables keep them up to date in the same
-- transaction as the change; `npm run statistics:rebuild` recomputes them from the raw rows.
--
-- Each stats_*_sql(source, sign) function answers the one SQL statement that adds (sign 1) or takes
-- away (sign -1) the figures of the rows in `source`: a trigger's transition table, or the raw table
-- itself when rebuilding. So the rule lives in one place for both.

CREATE TABLE "stats_site_days" (
  "site_number" varchar(10) NOT NULL REFERENCES "sites"("site_number") ON DELETE CASCADE,
  "day" date NOT NULL,
  "stays" integer NOT NULL DEFAULT 0,
  "income_pence" bigint NOT NULL DEFAULT 0,
  "duration_minutes" bigint NOT NULL DEFAULT 0,
  "card_stays" integer NOT NULL DEFAULT 0,
  "app_stays" integer NOT NULL DEFAULT 0,
  "cash_stays" integer NOT NULL DEFAULT 0,
  "h00" integer NOT NULL DEFAULT 0,
  "h01" integer NOT NULL DEFAULT 0,
  "h02" integer NOT NULL DEFAULT 0,
  "h03" integer NOT NULL DEFAULT 0,
  "h04" integer NOT NULL DEFAULT 0,
  "h05" integer NOT NULL DEFAULT 0,
  "h06" integer NOT NULL DEFAULT 0,
  "h07" integer NOT NULL DEFAULT 0,
  "h08" integer NOT NULL DEFAULT 0,
  "h09" integer NOT NULL DEFAULT 0,
  "h10" integer NOT NULL DEFAULT 0,
  "h11" integer NOT NULL DEFAULT 0,
  "h12" integer NOT NULL DEFAULT 0,
  "h13" integer NOT NULL DEFAULT 0,
  "h14" integer NOT NULL DEFAULT 0,
  "h15" integer NOT NULL DEFAULT 0,
  "h16" integer NOT NULL DEFAULT 0,
  "h17" integer NOT NULL DEFAULT 0,
  "h18" integer NOT NULL DEFAULT 0,
  "h19" integer NOT NULL DEFAULT 0,
  "h20" integer NOT NULL DEFAULT 0,
  "h21" integer NOT NULL DEFAULT 0,
  "h22" integer NOT NULL DEFAULT 0,
  "h23" integer NOT NULL DEFAULT 0,
  "tickets_issued" integer NOT NULL DEFAULT 0,
  "cancellations" integer NOT NULL DEFAULT 0,
  "reductions" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("site_number", "day")
);
-- All sites over a period: one range scan of the day index.
CREATE INDEX "stats_site_days_day_index" ON "stats_site_days" USING btree ("day");

CREATE TABLE "stats_permit_days" (
  "target" varchar(10) NOT NULL,
  "day" date NOT NULL,
  "is_temp" boolean NOT NULL,
  "reason" smallint NOT NULL,
  "added" integer NOT NULL DEFAULT 0,
  "starting" integer NOT NULL DEFAULT 0,
  "ending" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("target", "day", "is_temp", "reason")
);
CREATE INDEX "stats_permit_days_day_index" ON "stats_permit_days" USING btree ("day");

-- Parking: stays, income, minutes and payment methods on the UK day a stay starts; the vehicles
-- present in each UK hour a stay overlaps (a stay of 0 minutes is present in its starting hour).
CREATE FUNCTION "stats_transactions_sql"(source text, sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
INSERT INTO stats_site_days AS a (site_number, day, stays, income_pence, duration_minutes, card_stays,
  app_stays, cash_stays, h00, h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23)
SELECT site_number, day, %1$s * sum(stays), %1$s * sum(income), %1$s * sum(minutes), %1$s * sum(card),
  %1$s * sum(app), %1$s * sum(cash), %1$s * sum(h00), %1$s * sum(h01), %1$s * sum(h02), %1$s * sum(h03), %1$s * sum(h04), %1$s * sum(h05), %1$s * sum(h06), %1$s * sum(h07), %1$s * sum(h08), %1$s * sum(h09), %1$s * sum(h10), %1$s * sum(h11), %1$s * sum(h12), %1$s * sum(h13), %1$s * sum(h14), %1$s * sum(h15), %1$s * sum(h16), %1$s * sum(h17), %1$s * sum(h18), %1$s * sum(h19), %1$s * sum(h20), %1$s * sum(h21), %1$s * sum(h22), %1$s * sum(h23)
FROM (
  SELECT site_number, (occurred_at AT TIME ZONE 'Europe/London')::date AS day, 1 AS stays,
    amount_pence::bigint AS income, duration_minutes::bigint AS minutes, (method = 'card')::int AS card,
    (method = 'app')::int AS app, (method = 'cash')::int AS cash, 0 AS h00, 0 AS h01, 0 AS h02, 0 AS h03, 0 AS h04, 0 AS h05, 0 AS h06, 0 AS h07, 0 AS h08, 0 AS h09, 0 AS h10, 0 AS h11, 0 AS h12, 0 AS h13, 0 AS h14, 0 AS h15, 0 AS h16, 0 AS h17, 0 AS h18, 0 AS h19, 0 AS h20, 0 AS h21, 0 AS h22, 0 AS h23
  FROM %2$I
  UNION ALL
  SELECT site_number, day, 0, 0, 0, 0, 0, 0,
    coalesce(sum(n) FILTER (WHERE hr = 0), 0),
    coalesce(sum(n) FILTER (WHERE hr = 1), 0),
    coalesce(sum(n) FILTER (WHERE hr = 2), 0),
    coalesce(sum(n) FILTER (WHERE hr = 3), 0),
    coalesce(sum(n) FILTER (WHERE hr = 4), 0),
    coalesce(sum(n) FILTER (WHERE hr = 5), 0),
    coalesce(sum(n) FILTER (WHERE hr = 6), 0),
    coalesce(sum(n) FILTER (WHERE hr = 7), 0),
    coalesce(sum(n) FILTER (WHERE hr = 8), 0),
    coalesce(sum(n) FILTER (WHERE hr = 9), 0),
    coalesce(sum(n) FILTER (WHERE hr = 10), 0),
    coalesce(sum(n) FILTER (WHERE hr = 11), 0),
    coalesce(sum(n) FILTER (WHERE hr = 12), 0),
    coalesce(sum(n) FILTER (WHERE hr = 13), 0),
    coalesce(sum(n) FILTER (WHERE hr = 14), 0),
    coalesce(sum(n) FILTER (WHERE hr = 15), 0),
    coalesce(sum(n) FILTER (WHERE hr = 16), 0),
    coalesce(sum(n) FILTER (WHERE hr = 17), 0),
    coalesce(sum(n) FILTER (WHERE hr = 18), 0),
    coalesce(sum(n) FILTER (WHERE hr = 19), 0),
    coalesce(sum(n) FILTER (WHERE hr = 20), 0),
    coalesce(sum(n) FILTER (WHERE hr = 21), 0),
    coalesce(sum(n) FILTER (WHERE hr = 22), 0),
    coalesce(sum(n) FILTER (WHERE hr = 23), 0)
  FROM (
    SELECT site_number, local::date AS day, extract(hour FROM local)::int AS hr, count(*) AS n
    FROM (
      SELECT site_number, slot AT TIME ZONE 'Europe/London' AS local
      FROM %2$I CROSS JOIN LATERAL generate_series(date_trunc('hour', occurred_at, 'UTC'),
        occurred_at + (greatest(duration_minutes, 1) * interval '1 minute') - interval '1 microsecond',
        interval '1 hour') AS slot
      OFFSET 0
    ) slots
    GROUP BY 1, 2, 3
  ) hours
  GROUP BY site_number, day
) x
GROUP BY site_number, day ORDER BY site_number, day
ON CONFLICT (site_number, day) DO UPDATE SET stays = a.stays + excluded.stays,
  income_pence = a.income_pence + excluded.income_pence,
  duration_minutes = a.duration_minutes + excluded.duration_minutes,
  card_stays = a.card_stays + excluded.card_stays, app_stays = a.app_stays + excluded.app_stays,
  cash_stays = a.cash_stays + excluded.cash_stays,
  h00 = a.h00 + excluded.h00, h01 = a.h01 + excluded.h01, h02 = a.h02 + excluded.h02, h03 = a.h03 + excluded.h03, h04 = a.h04 + excluded.h04, h05 = a.h05 + excluded.h05, h06 = a.h06 + excluded.h06, h07 = a.h07 + excluded.h07, h08 = a.h08 + excluded.h08, h09 = a.h09 + excluded.h09, h10 = a.h10 + excluded.h10, h11 = a.h11 + excluded.h11, h12 = a.h12 + excluded.h12, h13 = a.h13 + excluded.h13, h14 = a.h14 + excluded.h14, h15 = a.h15 + excluded.h15, h16 = a.h16 + excluded.h16, h17 = a.h17 + excluded.h17, h18 = a.h18 + excluded.h18, h19 = a.h19 + excluded.h19, h20 = a.h20 + excluded.h20, h21 = a.h21 + excluded.h21, h22 = a.h22 + excluded.h22, h23 = a.h23 + excluded.h23
$q$, sign, source)
$f$;

-- Enforcement: charges on the UK day they were issued.
CREATE FUNCTION "stats_tickets_sql"(source text, sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
INSERT INTO stats_site_days AS a (site_number, day, tickets_issued)
SELECT site_number, (issue_date AT TIME ZONE 'Europe/London')::date, %1$s * count(*)
FROM %2$I GROUP BY 1, 2 ORDER BY 1, 2
ON CONFLICT (site_number, day) DO UPDATE SET tickets_issued = a.tickets_issued + excluded.tickets_issued
$q$, sign, source)
$f$;

-- Cancellations ('Cancel') and reductions ('Pay') on the UK day they were taken.
CREATE FUNCTION "stats_ticket_actions_sql"(source text, sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
INSERT INTO stats_site_days AS a (site_number, day, cancellations, reductions)
SELECT site_number, (action_at AT TIME ZONE 'Europe/London')::date,
  %1$s * count(*) FILTER (WHERE action = 'Cancel'), %1$s * count(*) FILTER (WHERE action = 'Pay')
FROM %2$I GROUP BY 1, 2 ORDER BY 1, 2
ON CONFLICT (site_number, day) DO UPDATE SET cancellations = a.cancellations + excluded.cancellations,
  reductions = a.reductions + excluded.reductions
$q$, sign, source)
$f$;

-- Permits at their site or group: added on the UK day they were created, starting on their first
-- day, ending on the day after their last (so a permit is active on day D when start <= D < end).
-- Reason 0 stands for none.
CREATE FUNCTION "stats_permits_sql"(source text, sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
INSERT INTO stats_permit_days AS a (target, day, is_temp, reason, added, starting, ending)
SELECT target, day, is_temp, reason, %1$s * sum(added), %1$s * sum(starting), %1$s * sum(ending)
FROM (
  SELECT coalesce(site_number, group_number) AS target, (created_at AT TIME ZONE 'Europe/London')::date AS day,
    is_temp, coalesce(reason, 0)::smallint AS reason, 1 AS added, 0 AS starting, 0 AS ending FROM %2$I
  UNION ALL
  SELECT coalesce(site_number, group_number), (started AT TIME ZONE 'Europe/London')::date, is_temp,
    coalesce(reason, 0)::smallint, 0, 1, 0 FROM %2$I
  UNION ALL
  SELECT coalesce(site_number, group_number), (ended AT TIME ZONE 'Europe/London')::date, is_temp,
    coalesce(reason, 0)::smallint, 0, 0, 1 FROM %2$I
) x
GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
ON CONFLICT (target, day, is_temp, reason) DO UPDATE SET added = a.added + excluded.added,
  starting = a.starting + excluded.starting, ending = a.ending + excluded.ending
$q$, sign, source)
$f$;

CREATE FUNCTION "transactions_stats_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN EXECUTE stats_transactions_sql('new_rows', 1); RETURN NULL; END $$;
CREATE FUNCTION "transactions_stats_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN EXECUTE stats_transactions_sql('old_rows', -1); EXECUTE stats_transactions_sql('new_rows', 1); RETURN NULL; END $$;
CREATE FUNCTION "transactions_stats_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN EXECUTE stats_transactions_sql('old_rows', -1); RETURN NULL; END $$;
CREATE TRIGGER "transactions_stats_inserted" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "transactions_stats_inserted"();
CREATE TRIGGER "transactions_stats_updated" AFTER UPDATE ON "transactions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "transactions_stats_updated"();
CREATE TRIGGER "transactions_stats_deleted" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "transactions_stats_deleted"();

CREATE FUNCTION "tickets_stats_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN EXECUTE stats_tickets_sql('new_rows', 1); RETURN NULL; END $$;
CREATE FUNCTION "tickets_stats_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN EXECUTE stats_tickets_sql('old_rows', -1); EXECUTE stats_tickets_sql('new_rows', 1); RETURN NULL; END $$;
CREATE FUNCTION "tickets_stats_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN EXECUTE stats_tickets_sql('old_rows', -1); RETURN NULL; END $$;
CREATE TRIGGER "tickets_stats_inserted" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tickets_stats_inserted"();
CREATE TRIGGER "tickets_stats_updated" AFTER UPDATE ON "tickets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tickets_stats_updated"();
CREATE TRIGGER "tickets_stats_deleted" AFTER DELETE ON "tickets" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tickets_stats_deleted"();

CREATE FUNCTION "ticket_actions_stats_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN EXECUTE stats_ticket_actions_sql('new_rows', 1); RETURN NULL; END $$;
CREATE FUNCTION "ticket_actions_stats_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN EXECUTE stats_ticket_actions_sql('old_rows', -1); EXECUTE stats_ticket_actions_sql('new_rows', 1); RETURN NULL; END $$;
CREATE FUNCTION "ticket_actions_stats_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN EXECUTE stats_ticket_actions_sql('old_rows', -1); RETURN NULL; END $$;
CREATE TRIGGER "ticket_actions_stats_inserted" AFTER INSERT ON "ticket_actions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_actions_stats_inserted"();
CREATE TRIGGER "ticket_actions_stats_updated" AFTER UPDATE ON "ticket_actions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_actions_stats_updated"();
CREATE TRIGGER "ticket_actions_stats_deleted" AFTER DELETE ON "ticket_actions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_actions_stats_deleted"();

CREATE FUNCTION "permits_stats_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN EXECUTE stats_permits_sql('new_rows', 1); RETURN NULL; END $$;
CREATE FUNCTION "permits_stats_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN EXECUTE stats_permits_sql('old_rows', -1); EXECUTE stats_permits_sql('new_rows', 1); RETURN NULL; END $$;
CREATE FUNCTION "permits_stats_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN EXECUTE stats_permits_sql('old_rows', -1); RETURN NULL; END $$;
CREATE TRIGGER "permits_stats_inserted" AFTER INSERT ON "permits" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "permits_stats_inserted"();
CREATE TRIGGER "permits_stats_updated" AFTER UPDATE ON "permits" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "permits_stats_updated"();
CREATE TRIGGER "permits_stats_deleted" AFTER DELETE ON "permits" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "permits_stats_deleted"();

-- Rows already stored (a database migrated with data in it).
DO $$ BEGIN
  EXECUTE stats_transactions_sql('transactions', 1);
  EXECUTE stats_tickets_sql('tickets', 1);
  EXECUTE stats_ticket_actions_sql('ticket_actions', 1);
  EXECUTE stats_permits_sql('permits', 1);
END $$;
