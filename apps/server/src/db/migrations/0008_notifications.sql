-- Notifications (issue 16): what was sent, to which audience, and each recipient's read state; each
-- user's e-mail choice per category. Recipients are resolved when a notification is sent (the sender
-- sees how many it reached); it shows from starts_at until expires_at unless withdrawn.
CREATE SEQUENCE notification_events;

CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  category varchar(24) NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  severity varchar(12) NOT NULL,
  link text,
  email boolean NOT NULL DEFAULT false,
  sender_user_id uuid REFERENCES users(id),
  sender_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  starts_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  withdrawn_at timestamptz,
  -- When its start was announced to the streams and its e-mails sent; null while scheduled.
  published_at timestamptz,
  -- The number of its last event (published, withdrawn) on the streams: what Last-Event-ID names.
  event_seq bigint
);
CREATE INDEX notifications_due_index ON notifications (starts_at) WHERE published_at IS NULL AND withdrawn_at IS NULL;
CREATE INDEX notifications_event_seq_index ON notifications (event_seq) WHERE event_seq IS NOT NULL;
CREATE INDEX notifications_sender_index ON notifications (sender_user_id, id);

-- The audience as the sender chose it: everyone, company, site, group, feature, flag or user.
CREATE TABLE notification_audiences (
  notification_id bigint NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  kind varchar(12) NOT NULL,
  value text NOT NULL DEFAULT '',
  PRIMARY KEY (notification_id, kind, value)
);

CREATE TABLE notification_recipients (
  notification_id bigint NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  read_at timestamptz,
  emailed_at timestamptz,
  PRIMARY KEY (notification_id, user_id)
);
CREATE INDEX notification_recipients_user_index ON notification_recipients (user_id, notification_id);
CREATE INDEX notification_recipients_unread_index ON notification_recipients (user_id) WHERE read_at IS NULL;

-- No row: the category's default (e-mailed).
CREATE TABLE notification_email_preferences (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  category varchar(24) NOT NULL,
  email boolean NOT NULL,
  PRIMARY KEY (user_id, category)
);

-- A session that ends (sign-out, revoked) or an account that changes tells every process to check the
-- notification streams it holds (apps/server/src/modules/notifications/stream-hub.ts).
CREATE FUNCTION "sessions_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER "sessions_ended" AFTER UPDATE OF revoked_at OR DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_notify"();
CREATE TRIGGER "users_changed" AFTER UPDATE OF removed_at, security_stamp ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessions_notify"();
