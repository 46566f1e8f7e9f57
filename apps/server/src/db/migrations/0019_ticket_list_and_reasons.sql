-- Issue 24: the charges list and the reason given with a cancel or reduce (decision 33).

-- What the ticket was issued for (the enforcement system's wording), shown in the list.
ALTER TABLE "tickets" ADD COLUMN "contravention" varchar(80) DEFAULT 'Parked without a valid permit or ticket' NOT NULL;

-- The reason given with an action (a code of the contract's ticketActionReasons) and its note; null for
-- actions taken before reasons were asked, or by a caller that sends none.
ALTER TABLE "ticket_actions" ADD COLUMN "reason" varchar(32);
ALTER TABLE "ticket_actions" ADD COLUMN "reason_note" varchar(200);

-- The list's pages (decision 10): one site's tickets newest issue first, every site's in each sortable
-- column's order, ties broken by the ticket number (the list's id).
CREATE INDEX "tickets_site_issue_number_index" ON "tickets" USING btree ("site_number", "issue_date", "ticket_number");
CREATE INDEX "tickets_issue_number_index" ON "tickets" USING btree ("issue_date", "ticket_number");
CREATE INDEX "tickets_site_number_number_index" ON "tickets" USING btree ("site_number", "ticket_number");
CREATE INDEX "tickets_registration_number_index" ON "tickets" USING btree ("vehicle_registration", "ticket_number");
-- The list's counts by status (open, reduced: the reduction's last day) read from the index alone; it
-- serves every (site, status) look-up the index it replaces served.
DROP INDEX IF EXISTS "tickets_site_number_status_index";
CREATE INDEX "tickets_site_status_reduced_index" ON "tickets" USING btree ("site_number", "status", "reduced_until");
-- A ticket's latest action (its reason in the list).
CREATE INDEX "ticket_actions_ticket_id_index" ON "ticket_actions" USING btree ("ticket_number", "id");
