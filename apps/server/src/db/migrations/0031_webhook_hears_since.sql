-- A subscription hears only of what happens while it is on (decision 45, amended).
--
-- The dispatcher turns events into deliveries a moment after they happen; a subscription created or
-- turned on again in that moment must not hear of an event that happened before. Set when the
-- subscription is made and each time it is turned on again; the dispatcher delivers an event only to
-- subscriptions that heard since before it happened.
ALTER TABLE "webhook_subscriptions" ADD COLUMN "hears_since" timestamp with time zone DEFAULT now() NOT NULL;
UPDATE "webhook_subscriptions" SET "hears_since" = "created_at";
