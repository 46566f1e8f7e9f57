-- The tickets list's search for part of a notice number or a plate (issue 24, decision 33): LIKE
-- '%term%' served by trigram indexes (pg_trgm, created by 0018), so an all-sites user's partial search
-- no longer reads every ticket.
CREATE INDEX "tickets_ticket_number_trgm_index" ON "tickets" USING gin ("ticket_number" gin_trgm_ops);
CREATE INDEX "tickets_vehicle_registration_trgm_index" ON "tickets" USING gin ("vehicle_registration" gin_trgm_ops);
