-- Issue 26 (decision 51): every attempt of a webhook delivery kept, and the webhooks' lists paged.
--
-- One row per attempt (first send, each retry, each replay): its outcome as the delivery row keeps
-- its latest. Deleted with its delivery, so the 30-day prune of the events takes them too.
CREATE TABLE "webhook_delivery_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" varchar(20) NOT NULL,
	"duration_ms" integer NOT NULL,
	"response_code" integer,
	"response_body" text,
	"error" text
);
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;
-- A delivery's attempts, newest first, a page at a time (keyset on time then id).
CREATE INDEX "webhook_delivery_attempts_delivery_index" ON "webhook_delivery_attempts" USING btree ("delivery_id","attempted_at","id");

-- The attempts the deliveries already made keep their latest outcome as their one attempt.
INSERT INTO "webhook_delivery_attempts" ("delivery_id", "attempted_at", "status", "duration_ms", "response_code", "response_body", "error")
SELECT "id", "last_attempt_at", "status", coalesce("duration_ms", 0), "response_code", "response_body", "error"
FROM "webhook_deliveries" WHERE "last_attempt_at" IS NOT NULL;

-- The subscriptions list pages newest first: a company's (client) or every company's (operator).
DROP INDEX "webhook_subscriptions_company_id_index";
CREATE INDEX "webhook_subscriptions_company_created_index" ON "webhook_subscriptions" USING btree ("company_id","created_at","id");
CREATE INDEX "webhook_subscriptions_created_index" ON "webhook_subscriptions" USING btree ("created_at","id");

-- A subscription's log pages newest first by creation time then id.
DROP INDEX "webhook_deliveries_subscription_created_index";
CREATE INDEX "webhook_deliveries_subscription_created_index" ON "webhook_deliveries" USING btree ("subscription_id","created_at","id");
