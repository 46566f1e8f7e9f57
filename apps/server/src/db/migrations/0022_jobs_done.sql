-- Issue 25 (decision 40): the keys of work done exactly once (a user's digest for a UK day, ...),
-- written in the same transaction as the work's effects, so that a job run again after a crash or
-- a retry finds its key and does nothing. Kept 60 days: longer than any job is retried.
CREATE TABLE "jobs_done" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE INDEX "jobs_done_done_at_index" ON "jobs_done" USING btree ("done_at");
