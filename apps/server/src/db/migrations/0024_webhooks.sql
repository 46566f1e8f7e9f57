-- Issue 26 (decision 45): signed webhooks. A client manager subscribes a URL to events of their
-- company at some or all of its sites. Each event is written in the transaction of the change that
-- made it (an outbox); a dispatcher makes one delivery per matching subscription and the job engine
-- delivers each, with retries, keeping the latest outcome for the subscription's log (30 days).
CREATE TABLE "webhook_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"url" varchar(2000) NOT NULL,
	"events" text[] NOT NULL,
	"sites" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" varchar(20),
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
CREATE INDEX "webhook_subscriptions_company_id_index" ON "webhook_subscriptions" USING btree ("company_id");

CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" varchar(40) NOT NULL,
	"sites" text[] NOT NULL,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
CREATE INDEX "webhook_events_undispatched_index" ON "webhook_events" USING btree ("occurred_at") WHERE "dispatched_at" is null;
CREATE INDEX "webhook_events_occurred_at_index" ON "webhook_events" USING btree ("occurred_at");

CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"replays" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"duration_ms" integer,
	"response_code" integer,
	"response_body" text,
	"error" text
);
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;
CREATE UNIQUE INDEX "webhook_deliveries_subscription_event_index" ON "webhook_deliveries" USING btree ("subscription_id","event_id");
CREATE INDEX "webhook_deliveries_subscription_created_index" ON "webhook_deliveries" USING btree ("subscription_id","created_at");
CREATE INDEX "webhook_deliveries_event_id_index" ON "webhook_deliveries" USING btree ("event_id");

-- A new event wakes the dispatcher in whichever process runs jobs (a cron job is the backstop).
CREATE FUNCTION "webhook_events_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('webhook_events', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER "webhook_events_inserted" AFTER INSERT ON "webhook_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "webhook_events_notify"();
