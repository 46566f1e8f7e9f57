-- Decision 0026: whether an address is taken asks every live account, shadows included (a client
-- manager's own shadow is "already exists" to them). The unique index covers only accounts that are not
-- shadows, so this one serves that look-up by index however many accounts there are.
CREATE INDEX "users_email_any_live" ON "users" USING btree (lower("email")) WHERE "users"."removed_at" is null;
