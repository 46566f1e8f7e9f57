-- Decision 0026: a client manager who adds (or re-addresses) an account with an address already held by
-- a live account outside their reach gets the answer a free address gets, and a "shadow" account of
-- theirs: it holds the address only in name. It is never confirmed, never signed into and never mailed
-- a link; the address's owner gets a neutral notice instead. Only accounts that are not shadows hold
-- an address, so the live-address unique index covers only them: an address still belongs to one
-- usable account at most.
ALTER TABLE "users" ADD COLUMN "address_held_elsewhere" boolean DEFAULT false NOT NULL;
ALTER TABLE "users" ADD CONSTRAINT "users_held_elsewhere_unconfirmed"
  CHECK (NOT ("address_held_elsewhere" AND "email_confirmed"));
DROP INDEX "users_email_live";
CREATE UNIQUE INDEX "users_email_live" ON "users" USING btree (lower("email"))
  WHERE "users"."removed_at" is null AND NOT "users"."address_held_elsewhere";
