// Generated from the migrated database by `npm run db:types -w @client-portal/server`
// (src/db/generate-types.ts); src/db/database-types.test.ts fails when it is out of date. Do not edit.
import type { ColumnType } from 'kysely';

/** Has a default: optional on insert. */
export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;

/** Computed by the database (a stored generated or identity-always column): never written. */
export type GeneratedAlways<T> =
  T extends ColumnType<infer S, unknown, unknown> ? ColumnType<S, never, never> : ColumnType<T, never, never>;

/** timestamptz, timestamp and date: a Date from either driver, read as text when cast or aggregated. */
export type Timestamp = ColumnType<Date | string, Date | string, Date | string>;

/** int8: a number on PGlite, text on node-postgres. */
export type Int8 = ColumnType<number | string, number | string | bigint, number | string | bigint>;

/** numeric: text on both drivers, to keep its precision. */
export type Numeric = ColumnType<string, number | string, number | string>;

export type Json = unknown;

export interface ApiKeys {
  id: Generated<string>;
  company_id: number;
  created_by: string;
  name: string;
  token_hash: string;
  last_four: string;
  features: string[];
  access: string[];
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
  last_used_at: Timestamp | null;
  scim_role_id: number | null;
  scim_access: Generated<string[]>;
}

export interface AppConfig {
  key: string;
  value: string;
  updated_at: Generated<Timestamp>;
  updated_by: string | null;
}

export interface AppSecrets {
  name: string;
  value: string;
}

export interface AuditEvents {
  id: Generated<Int8>;
  occurred_at: Generated<Timestamp>;
  subject_user_id: string | null;
  subject_email: string | null;
  actor_user_id: string | null;
  actor_email: string | null;
  type: string;
  description: string;
  details: Json | null;
}

export interface ClientCompanies {
  id: Generated<number>;
  name: string;
}

export interface ClientRetention {
  company_id: number;
  camera_read_days: number | null;
  permit_months: number | null;
  transaction_months: number | null;
  updated_at: Generated<Timestamp>;
  updated_by: string | null;
}

export interface Features {
  normalized_name: string;
  name: string;
  description: string;
  group_name: string;
  group_description: string;
}

export interface Flags {
  normalized_name: string;
  name: string;
  mask: string;
  description: string;
}

export interface JobsDone {
  key: string;
  done_at: Generated<Timestamp>;
}

export interface NotificationAudiences {
  notification_id: Int8;
  kind: string;
  value: Generated<string>;
}

export interface NotificationEmailPreferences {
  user_id: string;
  category: string;
  email: boolean;
}

export interface NotificationRecipients {
  notification_id: Int8;
  user_id: string;
  read_at: Timestamp | null;
  emailed_at: Timestamp | null;
}

export interface Notifications {
  id: Generated<Int8>;
  category: string;
  title: string;
  body: string;
  severity: string;
  link: string | null;
  email: Generated<boolean>;
  sender_user_id: string | null;
  sender_email: string | null;
  created_at: Generated<Timestamp>;
  starts_at: Generated<Timestamp>;
  expires_at: Timestamp | null;
  withdrawn_at: Timestamp | null;
  published_at: Timestamp | null;
  event_seq: Int8 | null;
}

export interface PermitAllowances {
  site_or_group_number: string;
  temporary_allowance: number | null;
  permanent_allowance: number | null;
}

export interface PermitEvents {
  id: Generated<Int8>;
  permit_id: number;
  kind: string;
  field: string | null;
  from_value: string | null;
  to_value: string | null;
  user_id: string | null;
  user_email: string | null;
  at: Generated<Timestamp>;
  api_key_id: string | null;
}

export interface PermitUploads {
  id: Generated<Int8>;
  created_by: string | null;
  created_at: Generated<Timestamp>;
  permit_count: number;
  taken_back_at: Timestamp | null;
  taken_back_by: string | null;
}

export interface Permits {
  id: Generated<number>;
  scope: string;
  site_number: string | null;
  group_number: string | null;
  vehicle_registration: string;
  driver_name: string;
  is_temp: boolean;
  duration: string;
  started: Timestamp;
  ended: Timestamp;
  reason: number | null;
  authorised_by: string | null;
  created_by: string | null;
  created_at: Generated<Timestamp>;
  target: GeneratedAlways<string | null>;
  cancelled_at: Timestamp | null;
  upload_id: Int8 | null;
  visitor_link_id: number | null;
}

export interface RateLimitCounters {
  key: string;
  window_start: Timestamp;
  count: number;
}

export interface RecoveryCodes {
  id: Generated<number>;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface RefreshTokens {
  token_hash: string;
  session_id: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  successor_hash: string | null;
  retry_answer: string | null;
}

export interface ReportSubscriptionSends {
  id: Generated<Int8>;
  subscription_id: Int8;
  period_from: Timestamp;
  period_to: Timestamp;
  due_at: Timestamp;
  claimed_by: string | null;
  claimed_until: Timestamp | null;
  sent_at: Timestamp | null;
  outcome: string | null;
}

export interface ReportSubscriptions {
  id: Generated<Int8>;
  user_id: string;
  report_key: string;
  site: string | null;
  format: string;
  frequency: string;
  delivery: string;
  created_at: Generated<Timestamp>;
  cancelled_at: Timestamp | null;
}

export interface RetentionRuns {
  id: Generated<Int8>;
  run_key: string;
  kind: string;
  started_at: Generated<Timestamp>;
  lease_until: Timestamp;
  finished_at: Timestamp | null;
  counts: Generated<Json>;
  batches: Generated<number>;
  longest_batch_ms: Generated<number>;
}

export interface RoleFeatures {
  role_id: number;
  feature: string;
}

export interface Roles {
  id: Generated<number>;
  name: string;
  parent_id: number | null;
  created_at: Generated<Timestamp>;
  company_id: number | null;
}

export interface SchemaMigrations {
  name: string;
  applied_at: Generated<Timestamp>;
}

export interface Sessions {
  id: Generated<string>;
  user_id: string;
  type: string;
  created_at: Generated<Timestamp>;
  revoked_at: Timestamp | null;
}

export interface SiteGroupMembers {
  group_number: string;
  site_number: string;
}

export interface SiteGroups {
  group_number: string;
  name: string;
  company_id: number | null;
}

export interface Sites {
  site_number: string;
  name: string;
  company_id: number | null;
  allows_reductions: Generated<boolean>;
  cancellation_allowance: number | null;
  reduction_allowance: number | null;
}

export interface StatsPermitDays {
  target: string;
  day: Timestamp;
  is_temp: boolean;
  reason: number;
  added: Generated<number>;
  starting: Generated<number>;
  ending: Generated<number>;
  visitor: Generated<boolean>;
}

export interface StatsSiteDays {
  site_number: string;
  day: Timestamp;
  stays: Generated<number>;
  income_pence: Generated<Int8>;
  duration_minutes: Generated<Int8>;
  card_stays: Generated<number>;
  app_stays: Generated<number>;
  cash_stays: Generated<number>;
  h00: Generated<number>;
  h01: Generated<number>;
  h02: Generated<number>;
  h03: Generated<number>;
  h04: Generated<number>;
  h05: Generated<number>;
  h06: Generated<number>;
  h07: Generated<number>;
  h08: Generated<number>;
  h09: Generated<number>;
  h10: Generated<number>;
  h11: Generated<number>;
  h12: Generated<number>;
  h13: Generated<number>;
  h14: Generated<number>;
  h15: Generated<number>;
  h16: Generated<number>;
  h17: Generated<number>;
  h18: Generated<number>;
  h19: Generated<number>;
  h20: Generated<number>;
  h21: Generated<number>;
  h22: Generated<number>;
  h23: Generated<number>;
  tickets_issued: Generated<number>;
  cancellations: Generated<number>;
  reductions: Generated<number>;
}

export interface TicketActions {
  id: Generated<number>;
  ticket_number: string;
  site_number: string;
  action: string;
  user_id: string | null;
  action_at: Generated<Timestamp>;
  reason: string | null;
  reason_note: string | null;
}

export interface Tickets {
  ticket_number: string;
  site_number: string;
  vehicle_registration: string;
  violation_date: Timestamp;
  issue_date: Timestamp;
  full_amount_pence: number;
  reduced_amount_pence: number;
  status: string;
  reduced_until: Timestamp | null;
  contravention: Generated<string>;
}

export interface Transactions {
  id: Generated<Int8>;
  site_number: string;
  occurred_at: Timestamp;
  vehicle_registration: string;
  duration_minutes: number;
  amount_pence: number;
  method: string;
}

export interface UnknownAddressFailures {
  address: string;
  failed_sign_ins: Generated<number>;
  locked_until: Timestamp | null;
  updated_at: Generated<Timestamp>;
}

export interface UserAccess {
  user_id: string;
  site_number: string | null;
  group_number: string | null;
}

export interface UserCodes {
  code_hash: string;
  user_id: string;
  purpose: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface UserFlags {
  user_id: string;
  flag: string;
}

export interface UserRoles {
  user_id: string;
  role_id: number;
}

export interface Users {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  email_confirmed: Generated<boolean>;
  access_all_sites: Generated<boolean>;
  two_factor_secret: string | null;
  two_factor_enabled: Generated<boolean>;
  failed_sign_ins: Generated<number>;
  locked_until: Timestamp | null;
  security_stamp: Generated<number>;
  created_at: Generated<Timestamp>;
  removed_at: Timestamp | null;
  totp_last_step: Int8 | null;
  address_held_elsewhere: Generated<boolean>;
  colour_mode: string | null;
  deactivated_at: Timestamp | null;
  language: string | null;
}

export interface VehicleSightings {
  id: Generated<Int8>;
  site_number: string;
  registration: string;
  entered_at: Timestamp;
  exited_at: Timestamp | null;
  read_confidence: number;
}

export interface VisitorLinks {
  id: Generated<number>;
  site_number: string;
  name: string;
  token: string;
  kiosk_key: string;
  enabled: Generated<boolean>;
  expires_at: Timestamp | null;
  duration_kind: string;
  duration_amount: number | null;
  daily_cap: number;
  host_approval: Generated<boolean>;
  created_by: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface VisitorRegistrations {
  id: Generated<string>;
  link_id: number;
  vehicle_registration: string;
  visitor_name: string | null;
  email: string | null;
  code_hash: string;
  attempts: Generated<number>;
  code_expires_at: Timestamp;
  state: string;
  permit_id: number | null;
  created_at: Generated<Timestamp>;
  decided_at: Timestamp | null;
  decided_by: string | null;
  language: Generated<string>;
}

export interface WebhookDeliveries {
  id: Generated<string>;
  subscription_id: string;
  event_id: string;
  status: Generated<string>;
  attempts: Generated<number>;
  replays: Generated<number>;
  created_at: Generated<Timestamp>;
  last_attempt_at: Timestamp | null;
  duration_ms: number | null;
  response_code: number | null;
  response_body: string | null;
  error: string | null;
}

export interface WebhookDeliveryAttempts {
  id: Generated<string>;
  delivery_id: string;
  attempted_at: Generated<Timestamp>;
  status: string;
  duration_ms: number;
  response_code: number | null;
  response_body: string | null;
  error: string | null;
}

export interface WebhookEvents {
  id: Generated<string>;
  type: string;
  sites: string[];
  data: Json;
  occurred_at: Generated<Timestamp>;
  dispatched_at: Timestamp | null;
}

export interface WebhookSubscriptions {
  id: Generated<string>;
  company_id: number;
  created_by: string;
  url: string;
  events: string[];
  sites: string[];
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Timestamp | null;
  enabled: Generated<boolean>;
  disabled_reason: string | null;
  failing_since: Timestamp | null;
  created_at: Generated<Timestamp>;
  hears_since: Generated<Timestamp>;
}

export interface DB {
  api_keys: ApiKeys;
  app_config: AppConfig;
  app_secrets: AppSecrets;
  audit_events: AuditEvents;
  client_companies: ClientCompanies;
  client_retention: ClientRetention;
  features: Features;
  flags: Flags;
  jobs_done: JobsDone;
  notification_audiences: NotificationAudiences;
  notification_email_preferences: NotificationEmailPreferences;
  notification_recipients: NotificationRecipients;
  notifications: Notifications;
  permit_allowances: PermitAllowances;
  permit_events: PermitEvents;
  permit_uploads: PermitUploads;
  permits: Permits;
  rate_limit_counters: RateLimitCounters;
  recovery_codes: RecoveryCodes;
  refresh_tokens: RefreshTokens;
  report_subscription_sends: ReportSubscriptionSends;
  report_subscriptions: ReportSubscriptions;
  retention_runs: RetentionRuns;
  role_features: RoleFeatures;
  roles: Roles;
  schema_migrations: SchemaMigrations;
  sessions: Sessions;
  site_group_members: SiteGroupMembers;
  site_groups: SiteGroups;
  sites: Sites;
  stats_permit_days: StatsPermitDays;
  stats_site_days: StatsSiteDays;
  ticket_actions: TicketActions;
  tickets: Tickets;
  transactions: Transactions;
  unknown_address_failures: UnknownAddressFailures;
  user_access: UserAccess;
  user_codes: UserCodes;
  user_flags: UserFlags;
  user_roles: UserRoles;
  users: Users;
  vehicle_sightings: VehicleSightings;
  visitor_links: VisitorLinks;
  visitor_registrations: VisitorRegistrations;
  webhook_deliveries: WebhookDeliveries;
  webhook_delivery_attempts: WebhookDeliveryAttempts;
  webhook_events: WebhookEvents;
  webhook_subscriptions: WebhookSubscriptions;
}
