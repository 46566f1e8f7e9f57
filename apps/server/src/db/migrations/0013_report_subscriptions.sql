-- Report subscriptions (issue 15): a user asks for a report by e-mail, weekly or monthly, the file
-- attached or a link to it. Each period's mail is one row of report_subscription_sends (the job
-- table): a server process claims due rows with FOR UPDATE SKIP LOCKED and a lease (claimed_by,
-- claimed_until), sends, and marks them sent, so several processes send each period once.
CREATE TABLE report_subscriptions (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  report_key varchar(64) NOT NULL,
  -- A site or group number; null for all the user's sites (as they are at send time).
  site varchar(10),
  format varchar(8) NOT NULL,
  frequency varchar(8) NOT NULL,
  delivery varchar(8) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz
);
CREATE INDEX report_subscriptions_user_index ON report_subscriptions (user_id, id) WHERE cancelled_at IS NULL;

CREATE TABLE report_subscription_sends (
  id bigserial PRIMARY KEY,
  subscription_id bigint NOT NULL REFERENCES report_subscriptions(id) ON DELETE CASCADE,
  -- The inclusive UK days the mail covers; it is due when the period is over.
  period_from date NOT NULL,
  period_to date NOT NULL,
  due_at timestamptz NOT NULL,
  claimed_by text,
  claimed_until timestamptz,
  sent_at timestamptz,
  -- 'sent', or why nothing was sent (cancelled, no access).
  outcome varchar(24)
);
CREATE UNIQUE INDEX report_subscription_sends_period_index ON report_subscription_sends (subscription_id, period_from);
CREATE INDEX report_subscription_sends_due_index ON report_subscription_sends (due_at) WHERE sent_at IS NULL;
