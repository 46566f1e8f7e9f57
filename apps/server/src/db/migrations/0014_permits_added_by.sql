-- A caller without Permits.AllPermits sees only the permits they added: their list (newest start
-- first), count and export read this index instead of every permit at their sites.
CREATE INDEX "permits_created_by_started_id_index" ON "permits" USING btree ("created_by", "started", "id");
