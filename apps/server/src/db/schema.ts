import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamptz = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });

// ---- Clients and their sites -------------------------------------------------------------

export const clientCompanies = pgTable('client_companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const sites = pgTable('sites', {
  siteNumber: varchar('site_number', { length: 10 }).primaryKey(),
  name: text('name').notNull(),
  companyId: integer('company_id').references(() => clientCompanies.id),
  allowsReductions: boolean('allows_reductions').notNull().default(true),
  /** Monthly allowances; null = unlimited. */
  cancellationAllowance: integer('cancellation_allowance'),
  reductionAllowance: integer('reduction_allowance'),
});

export const siteGroups = pgTable('site_groups', {
  groupNumber: varchar('group_number', { length: 10 }).primaryKey(),
  name: text('name').notNull(),
  companyId: integer('company_id').references(() => clientCompanies.id),
});

export const siteGroupMembers = pgTable(
  'site_group_members',
  {
    groupNumber: varchar('group_number', { length: 10 })
      .notNull()
      .references(() => siteGroups.groupNumber, { onDelete: 'cascade' }),
    siteNumber: varchar('site_number', { length: 10 })
      .notNull()
      .references(() => sites.siteNumber, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupNumber, t.siteNumber] }), index().on(t.siteNumber)],
);

// ---- Features, roles, flags ----------------------------------------------------------------

export const features = pgTable('features', {
  normalizedName: text('normalized_name').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  groupName: text('group_name').notNull(),
  groupDescription: text('group_description').notNull(),
});

export const flags = pgTable('flags', {
  normalizedName: text('normalized_name').primaryKey(),
  name: text('name').notNull(),
  mask: text('mask').notNull(),
  description: text('description').notNull(),
});

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 20 }).notNull(),
    parentId: integer('parent_id').references((): never => roles.id as never),
    /** The client company that owns the role; null for the operator's global roles. */
    companyId: integer('company_id').references(() => clientCompanies.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  // Names are unique per owner (case-insensitively): each client and the operator have their own.
  (t) => [uniqueIndex('roles_owner_name_unique').on(sql`coalesce(${t.companyId}, 0)`, sql`lower(${t.name})`)],
);

export const roleFeatures = pgTable(
  'role_features',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    feature: text('feature')
      .notNull()
      .references(() => features.normalizedName),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.feature] })],
);

// ---- Users and sessions ---------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 256 }).notNull(),
    passwordHash: text('password_hash'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    accessAllSites: boolean('access_all_sites').notNull().default(false),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code is good once (RFC 6238 section 5.2). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    /** Bumped whenever password, roles or sites change: tokens carry it and go stale. */
    securityStamp: integer('security_stamp').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    removedAt: timestamptz('removed_at'),
    /**
     * A "shadow" (decision 0026): a client manager's account for an address that a live account out of
     * their reach already holds. It looks to them like any unconfirmed account, but is never confirmed,
     * signed into or mailed a link; only accounts that are not shadows hold their address.
     */
    addressHeldElsewhere: boolean('address_held_elsewhere').notNull().default(false),
    /**
     * Deactivated (decision 46, SCIM `active: false`): kept with its address and grants, but never
     * signed into, reset or reloaded as a caller until activated again.
     */
    deactivatedAt: timestamptz('deactivated_at'),
    /** The colour mode the user picked (decision 38); null: the spec's rule. */
    colourMode: varchar('colour_mode', { length: 6 }),
    /** The user's language, 'en' or 'cy' (decision 49): the portal's and their e-mails'; null: not asked yet. */
    language: varchar('language', { length: 2 }),
  },
  (t) => [
    uniqueIndex('users_email_live')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.removedAt} is null and not ${t.addressHeldElsewhere}`),
    index('users_email_any_live').on(sql`lower(${t.email})`).where(sql`${t.removedAt} is null`),
    index('users_email_lower_index').on(sql`lower(${t.email})`),
    check('users_held_elsewhere_unconfirmed', sql`not (${t.addressHeldElsewhere} and ${t.emailConfirmed})`),
    check('users_colour_mode_known', sql`${t.colourMode} in ('light', 'dark', 'system')`),
    check('users_language_known', sql`${t.language} in ('en', 'cy')`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index().on(t.roleId)],
);

/** A user's access list: site numbers and site-group numbers (exactly one of the two per row). */
export const userAccess = pgTable(
  'user_access',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteNumber: varchar('site_number', { length: 10 }).references(() => sites.siteNumber),
    groupNumber: varchar('group_number', { length: 10 }).references(() => siteGroups.groupNumber),
  },
  (t) => [
    index().on(t.userId),
    check('user_access_one_target', sql`(${t.siteNumber} is null) <> (${t.groupNumber} is null)`),
  ],
);

export const userFlags = pgTable(
  'user_flags',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flag: text('flag')
      .notNull()
      .references(() => flags.normalizedName),
  },
  (t) => [primaryKey({ columns: [t.userId, t.flag] })],
);

export const recoveryCodes = pgTable('recovery_codes', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamptz('used_at'),
});

/** Single-use codes sent by email: confirm the address, reset the password. Stored as hashes. */
export const userCodes = pgTable('user_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: varchar('purpose', { length: 16 }).notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16 }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index().on(t.userId)],
);

/** Every refresh token ever issued for a session; a second use of one revokes the session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    /** The token this one was exchanged for. */
    successorHash: text('successor_hash'),
    /** That exchange's answer, sealed with the server key, for a retry within the grace window. */
    retryAnswer: text('retry_answer'),
  },
  (t) => [index().on(t.sessionId)],
);

/** Failed sign-ins per address that has no account: locked out like an account, so lock-out tells nothing. */
export const unknownAddressFailures = pgTable('unknown_address_failures', {
  address: text('address').primaryKey(),
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  lockedUntil: timestamptz('locked_until'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** Fixed-window counters shared by every process (rate limits). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamptz('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Secrets made on first start and shared by every process (token signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

// ---- Permits --------------------------------------------------------------------------------

/** One bulk upload of permits (migration 0018): what "take back this upload" cancels in one go. */
export const permitUploads = pgTable('permit_uploads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  permitCount: integer('permit_count').notNull(),
  takenBackAt: timestamptz('taken_back_at'),
  takenBackBy: uuid('taken_back_by').references(() => users.id, { onDelete: 'set null' }),
});

export const permits = pgTable(
  'permits',
  {
    id: serial('id').primaryKey(),
    /** 'site' or 'group': a group permit is valid at every member site. */
    scope: varchar('scope', { length: 5 }).notNull(),
    siteNumber: varchar('site_number', { length: 10 }).references(() => sites.siteNumber),
    groupNumber: varchar('group_number', { length: 10 }).references(() => siteGroups.groupNumber),
    vehicleRegistration: varchar('vehicle_registration', { length: 10 }).notNull(),
    driverName: varchar('driver_name', { length: 50 }).notNull(),
    isTemp: boolean('is_temp').notNull(),
    duration: varchar('duration', { length: 10 }).notNull(),
    started: timestamptz('started').notNull(),
    ended: timestamptz('ended').notNull(),
    reason: integer('reason'),
    authorisedBy: varchar('authorised_by', { length: 50 }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Set when the permit was cancelled before it started (migration 0018); `ended` is then that moment. */
    cancelledAt: timestamptz('cancelled_at'),
    /** The bulk upload that added it, if any. */
    uploadId: bigint('upload_id', { mode: 'number' }).references(() => permitUploads.id),
    /** The site or the group: what lists, counts and allowances filter on (migration 0002). */
    target: varchar('target', { length: 10 }).generatedAlwaysAs(sql`coalesce(site_number, group_number)`),
    /** The visitor link a visitor registered it through (migration 0026), else null. */
    visitorLinkId: integer('visitor_link_id').references((): AnyPgColumn => visitorLinks.id),
  },
  (t) => [
    index('permits_target_started_id_index').on(t.target, t.started, t.id),
    index('permits_target_ended_started_index').on(t.target, t.ended, t.started),
    index('permits_started_id_index').on(t.started, t.id),
    index('permits_ended_id_index').on(t.ended, t.id),
    index('permits_target_id_index').on(t.target, t.id),
    index('permits_vehicle_registration_id_index').on(t.vehicleRegistration, t.id),
    index('permits_driver_name_id_index').on(t.driverName, t.id),
    index('permits_is_temp_id_index').on(t.isTemp, t.id),
    index('permits_created_by_started_id_index').on(t.createdBy, t.started, t.id),
    index('permits_retention_index').on(t.ended, t.id).where(sql`${t.vehicleRegistration} not like '#%'`),
    index('permits_upload_id_index').on(t.uploadId, t.id).where(sql`${t.uploadId} is not null`),
    index('permits_visitor_link_id_created_at_index')
      .on(t.visitorLinkId, t.createdAt)
      .where(sql`${t.visitorLinkId} is not null`),
    // The dashboard's active visitor permits (migration 0029).
    index('permits_visitor_link_id_ended_index')
      .on(t.visitorLinkId, t.ended)
      .where(sql`${t.visitorLinkId} is not null`),
    // The search box (migration 0018): any part of a registration or driver's name.
    index('permits_vehicle_registration_trgm_index').using('gin', t.vehicleRegistration.op('gin_trgm_ops')),
    index('permits_driver_name_trgm_index').using('gin', t.driverName.op('gin_trgm_ops')),
    check(
      'permits_scope_target',
      sql`(${t.scope} = 'site') = (${t.siteNumber} is not null)
      and (${t.scope} = 'group') = (${t.groupNumber} is not null)`,
    ),
  ],
);

/**
 * A permit's history (migration 0012): 'added', 'edited' (one row per changed field, with its old and
 * new value) or 'expired', by whom (email kept after the account is removed) and when.
 */
export const permitEvents = pgTable(
  'permit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    permitId: integer('permit_id')
      .notNull()
      .references(() => permits.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    field: varchar('field', { length: 24 }),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    /** The API key the change came through (decision 43); its creator is the user. */
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [
    index('permit_events_permit_id_at_id_index').on(t.permitId, t.at, t.id),
    index('permit_events_user_id_index').on(t.userId, t.id).where(sql`${t.userId} is not null`),
    check('permit_events_kind', sql`${t.kind} in ('added', 'edited', 'expired', 'cancelled')`),
  ],
);

/** Reads of the operator's number-plate cameras (migration 0011): the plate check's and "Last seen"'s source. */
export const vehicleSightings = pgTable(
  'vehicle_sightings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteNumber: varchar('site_number', { length: 10 })
      .notNull()
      .references(() => sites.siteNumber),
    /** Normalised like a permit's registration. */
    registration: varchar('registration', { length: 10 }).notNull(),
    enteredAt: timestamptz('entered_at').notNull(),
    exitedAt: timestamptz('exited_at'),
    /** How sure the camera was of its read, 0 to 1. */
    readConfidence: real('read_confidence').notNull(),
  },
  (t) => [
    index('vehicle_sightings_site_registration_entered_index').on(t.siteNumber, t.registration, t.enteredAt),
    index('vehicle_sightings_registration_id_index').on(t.registration, t.id),
    index('vehicle_sightings_retention_index')
      .on(t.enteredAt, t.id)
      .where(sql`${t.registration} not like '#%'`),
    check('vehicle_sightings_read_confidence', sql`${t.readConfidence} >= 0 and ${t.readConfidence} <= 1`),
    check(
      'vehicle_sightings_exit_after_entry',
      sql`${t.exitedAt} is null or ${t.exitedAt} >= ${t.enteredAt}`,
    ),
  ],
);

/** Caps on current + upcoming permits of each kind at a site or group; null = unlimited. */
export const permitAllowances = pgTable('permit_allowances', {
  siteOrGroupNumber: varchar('site_or_group_number', { length: 10 }).primaryKey(),
  temporaryAllowance: integer('temporary_allowance'),
  permanentAllowance: integer('permanent_allowance'),
});

// ---- Tickets (parking charge notices) -------------------------------------------------------

export const tickets = pgTable(
  'tickets',
  {
    ticketNumber: varchar('ticket_number', { length: 12 }).primaryKey(),
    siteNumber: varchar('site_number', { length: 10 })
      .notNull()
      .references(() => sites.siteNumber),
    vehicleRegistration: varchar('vehicle_registration', { length: 10 }).notNull(),
    violationDate: timestamptz('violation_date').notNull(),
    issueDate: timestamptz('issue_date').notNull(),
    fullAmountPence: integer('full_amount_pence').notNull(),
    reducedAmountPence: integer('reduced_amount_pence').notNull(),
    /** open, paid, cancelled, settled, popla, secondReminder, debtRecovery, court */
    status: varchar('status', { length: 16 }).notNull(),
    reducedUntil: date('reduced_until', { mode: 'string' }),
    contravention: varchar('contravention', { length: 80 })
      .notNull()
      .default('Parked without a valid permit or ticket'),
  },
  (t) => [
    index('tickets_site_status_reduced_index').on(t.siteNumber, t.status, t.reducedUntil),
    index('tickets_vehicle_registration_violation_date_index').on(t.vehicleRegistration, t.violationDate),
    index('tickets_site_issue_number_index').on(t.siteNumber, t.issueDate, t.ticketNumber),
    index('tickets_issue_number_index').on(t.issueDate, t.ticketNumber),
    index('tickets_site_number_number_index').on(t.siteNumber, t.ticketNumber),
    index('tickets_registration_number_index').on(t.vehicleRegistration, t.ticketNumber),
    // The list's search for part of a number or a plate (migration 0020).
    index('tickets_ticket_number_trgm_index').using('gin', t.ticketNumber.op('gin_trgm_ops')),
    index('tickets_vehicle_registration_trgm_index').using('gin', t.vehicleRegistration.op('gin_trgm_ops')),
  ],
);

export const ticketActions = pgTable(
  'ticket_actions',
  {
    id: serial('id').primaryKey(),
    ticketNumber: varchar('ticket_number', { length: 12 })
      .notNull()
      .references(() => tickets.ticketNumber),
    siteNumber: varchar('site_number', { length: 10 })
      .notNull()
      .references(() => sites.siteNumber),
    /** 'Cancel' or 'Pay' (a reduction). */
    action: varchar('action', { length: 8 }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    actionAt: timestamptz('action_at').notNull().defaultNow(),
    /** A code of the contract's ticketActionReasons; null when none was given. */
    reason: varchar('reason', { length: 32 }),
    reasonNote: varchar('reason_note', { length: 200 }),
  },
  (t) => [
    index().on(t.siteNumber, t.action, t.actionAt),
    index('ticket_actions_action_at_id_index').on(t.action, t.actionAt, t.id),
    index('ticket_actions_ticket_id_index').on(t.ticketNumber, t.id),
  ],
);

// ---- Parking transactions (invoicing) -------------------------------------------------------

export const transactions = pgTable(
  'transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteNumber: varchar('site_number', { length: 10 })
      .notNull()
      .references(() => sites.siteNumber),
    occurredAt: timestamptz('occurred_at').notNull(),
    vehicleRegistration: varchar('vehicle_registration', { length: 10 }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    amountPence: integer('amount_pence').notNull(),
    /** card, cash, app */
    method: varchar('method', { length: 8 }).notNull(),
  },
  (t) => [
    index('transactions_site_occurred_id_index').on(t.siteNumber, t.occurredAt, t.id),
    index('transactions_vehicle_registration_id_index').on(t.vehicleRegistration, t.id),
    index('transactions_retention_index')
      .on(t.occurredAt, t.id)
      .where(sql`${t.vehicleRegistration} not like '#%'`),
  ],
);

// ---- Background jobs ------------------------------------------------------------------------

/** Keys of work done exactly once, written with its effects (decision 40). */
export const jobsDone = pgTable(
  'jobs_done',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    doneAt: timestamptz('done_at').notNull().defaultNow(),
  },
  (t) => [index('jobs_done_done_at_index').on(t.doneAt)],
);

// ---- Configuration and audit ----------------------------------------------------------------

export const appConfig = pgTable('app_config', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id),
});

/** Kept after a user is removed: the subject is referenced by id and email at the time. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    subjectUserId: uuid('subject_user_id'),
    subjectEmail: text('subject_email'),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    type: text('type').notNull(),
    description: text('description').notNull(),
    details: jsonb('details'),
  },
  (t) => [
    index('audit_events_subject_occurred_id_index').on(t.subjectUserId, t.occurredAt, t.id),
    index('audit_events_occurred_id_index').on(t.occurredAt, t.id),
    index('audit_events_actor_id_index').on(t.actorUserId, t.id).where(sql`${t.actorUserId} is not null`),
    index('audit_events_subject_email_index')
      .on(sql`lower(${t.subjectEmail})`)
      .where(sql`${t.subjectEmail} is not null`),
  ],
);

// ---- Notifications --------------------------------------------------------------------------

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** NotificationCategory of the contract. */
    category: varchar('category', { length: 24 }).notNull(),
    title: text('title').notNull(),
    /** The Markdown subset (rendered when read). */
    body: text('body').notNull(),
    severity: varchar('severity', { length: 12 }).notNull(),
    link: text('link'),
    email: boolean('email').notNull().default(false),
    senderUserId: uuid('sender_user_id').references(() => users.id),
    senderEmail: text('sender_email'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    startsAt: timestamptz('starts_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at'),
    withdrawnAt: timestamptz('withdrawn_at'),
    /** When its start was announced to the streams and emailed; null while scheduled. */
    publishedAt: timestamptz('published_at'),
    /** Its last event's number on the streams (the Last-Event-ID). */
    eventSeq: bigint('event_seq', { mode: 'number' }),
  },
  (t) => [
    index('notifications_due_index')
      .on(t.startsAt)
      .where(sql`${t.publishedAt} is null and ${t.withdrawnAt} is null`),
    index('notifications_event_seq_index').on(t.eventSeq).where(sql`${t.eventSeq} is not null`),
    index('notifications_sender_index').on(t.senderUserId, t.id),
    index('notifications_created_id_index').on(t.createdAt, t.id),
  ],
);

export const notificationAudiences = pgTable(
  'notification_audiences',
  {
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** everyone, company, site, group, feature, flag or user */
    kind: varchar('kind', { length: 12 }).notNull(),
    value: text('value').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.kind, t.value] })],
);

export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamptz('read_at'),
    emailedAt: timestamptz('emailed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index('notification_recipients_user_index').on(t.userId, t.notificationId),
    index('notification_recipients_unread_index').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** No row: the category's default (emailed). */
export const notificationEmailPreferences = pgTable(
  'notification_email_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: varchar('category', { length: 24 }).notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

// ---- Daily statistics (migration 0010, decision 12) ------------------------------------------

/** The hour columns of a site-day: vehicles present during each UK hour of the day (h00 … h23). */
export const statsHourColumns = Array.from({ length: 24 }, (_, h) => `h${String(h).padStart(2, '0')}`);

/** One site's UK day: parking, occupancy and enforcement figures, kept by triggers on the raw tables. */
export const statsSiteDays = pgTable(
  'stats_site_days',
  {
    siteNumber: varchar('site_number', { length: 10 })
      .notNull()
      .references(() => sites.siteNumber, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    stays: integer('stays').notNull().default(0),
    incomePence: bigint('income_pence', { mode: 'number' }).notNull().default(0),
    durationMinutes: bigint('duration_minutes', { mode: 'number' }).notNull().default(0),
    cardStays: integer('card_stays').notNull().default(0),
    appStays: integer('app_stays').notNull().default(0),
    cashStays: integer('cash_stays').notNull().default(0),
    ...Object.fromEntries(statsHourColumns.map((h) => [h, integer(h).notNull().default(0)])),
    ticketsIssued: integer('tickets_issued').notNull().default(0),
    cancellations: integer('cancellations').notNull().default(0),
    reductions: integer('reductions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteNumber, t.day] }), index('stats_site_days_day_index').on(t.day)],
);

/** Permits of one site or group, kind and reason (0 = none) added, starting and ending on a UK day. */
export const statsPermitDays = pgTable(
  'stats_permit_days',
  {
    target: varchar('target', { length: 10 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    isTemp: boolean('is_temp').notNull(),
    reason: smallint('reason').notNull(),
    /** Came through a visitor link (migration 0029): statistics break permits down by kind. */
    visitor: boolean('visitor').notNull().default(false),
    added: integer('added').notNull().default(0),
    starting: integer('starting').notNull().default(0),
    ending: integer('ending').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.target, t.day, t.isTemp, t.reason, t.visitor] }),
    index('stats_permit_days_day_index').on(t.day),
  ],
);

// ---- Report subscriptions (issue 15) ------------------------------------------------------

export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportKey: varchar('report_key', { length: 64 }).notNull(),
    /** A site or group number; null for all the user's sites at send time. */
    site: varchar('site', { length: 10 }),
    format: varchar('format', { length: 8 }).notNull(),
    frequency: varchar('frequency', { length: 8 }).notNull(),
    delivery: varchar('delivery', { length: 8 }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    cancelledAt: timestamptz('cancelled_at'),
  },
  (t) => [index('report_subscriptions_user_index').on(t.userId, t.id).where(sql`${t.cancelledAt} is null`)],
);

/** The job table: one row per subscription and period, claimed with a lease and marked sent. */
export const reportSubscriptionSends = pgTable(
  'report_subscription_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => reportSubscriptions.id, { onDelete: 'cascade' }),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    dueAt: timestamptz('due_at').notNull(),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamptz('claimed_until'),
    sentAt: timestamptz('sent_at'),
    outcome: varchar('outcome', { length: 24 }),
  },
  (t) => [
    uniqueIndex('report_subscription_sends_period_index').on(t.subscriptionId, t.periodFrom),
    index('report_subscription_sends_due_index').on(t.dueAt).where(sql`${t.sentAt} is null`),
  ],
);

// ---- API keys (decision 43) ------------------------------------------------------------------

/** A client company's key for its own systems; only its SHA-256 is kept. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 100 }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    lastFour: varchar('last_four', { length: 4 }).notNull(),
    features: text('features').array().notNull(),
    access: text('access').array().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id),
    lastUsedAt: timestamptz('last_used_at'),
    /** SCIM (decision 46): the role and sites of the accounts a Users.Add key provisions. */
    scimRoleId: integer('scim_role_id').references(() => roles.id, { onDelete: 'set null' }),
    scimAccess: text('scim_access').array().notNull().default(sql`'{}'`),
  },
  (t) => [
    index('api_keys_company_id_created_at_index').on(t.companyId, t.createdAt),
    index('api_keys_created_at_index').on(t.createdAt),
  ],
);

// ---- Webhooks (decision 45) ------------------------------------------------------------------

/** A client company's URL told of its events, signed with a secret the server keeps to sign. */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    url: varchar('url', { length: 2000 }).notNull(),
    events: text('events').array().notNull(),
    /** Empty: every site of the company. */
    sites: text('sites').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamptz('previous_secret_until'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: varchar('disabled_reason', { length: 20 }),
    failingSince: timestamptz('failing_since'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Since when it hears of events: made, or last turned on again (migration 0031). */
    hearsSince: timestamptz('hears_since').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_subscriptions_company_created_index').on(t.companyId, t.createdAt, t.id),
    index('webhook_subscriptions_created_index').on(t.createdAt, t.id),
  ],
);

/** The outbox: one row per event, written in the transaction of the change. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: varchar('type', { length: 40 }).notNull(),
    sites: text('sites').array().notNull(),
    data: jsonb('data').notNull(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    dispatchedAt: timestamptz('dispatched_at'),
  },
  (t) => [
    index('webhook_events_undispatched_index').on(t.occurredAt).where(sql`${t.dispatchedAt} is null`),
    index('webhook_events_occurred_at_index').on(t.occurredAt),
  ],
);

/** One event for one subscription: its id is the delivery id, the same across retries and replays. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    replays: integer('replays').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastAttemptAt: timestamptz('last_attempt_at'),
    durationMs: integer('duration_ms'),
    responseCode: integer('response_code'),
    responseBody: text('response_body'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_subscription_event_index').on(t.subscriptionId, t.eventId),
    index('webhook_deliveries_subscription_created_index').on(t.subscriptionId, t.createdAt, t.id),
    index('webhook_deliveries_event_id_index').on(t.eventId),
  ],
);

/** Every attempt of a delivery (decision 51): the delivery row keeps the latest, these all of them. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamptz('attempted_at').notNull().defaultNow(),
    status: varchar('status', { length: 20 }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseCode: integer('response_code'),
    responseBody: text('response_body'),
    error: text('error'),
  },
  (t) => [index('webhook_delivery_attempts_delivery_index').on(t.deliveryId, t.attemptedAt, t.id)],
);

// ---- Retention of personal data (issue 28, decision 48) -------------------------------------

/** A client company's shorter retention periods; null: the operator's (app_config Retention*). */
export const clientRetention = pgTable('client_retention', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => clientCompanies.id, { onDelete: 'cascade' }),
  cameraReadDays: integer('camera_read_days'),
  permitMonths: integer('permit_months'),
  transactionMonths: integer('transaction_months'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** One retention run (run_key: its UK day) or accepted erasure: held through a lease, and what it did. */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runKey: varchar('run_key', { length: 64 }).notNull().unique(),
    kind: varchar('kind', { length: 10 }).notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    leaseUntil: timestamptz('lease_until').notNull(),
    finishedAt: timestamptz('finished_at'),
    counts: jsonb('counts').notNull().default(sql`'{}'::jsonb`),
    batches: integer('batches').notNull().default(0),
    longestBatchMs: integer('longest_batch_ms').notNull().default(0),
  },
  (t) => [check('retention_runs_kind', sql`${t.kind} in ('schedule', 'erasure')`)],
);
// ---- Visitors who register themselves (migration 0026, decision 47) ---------------------------

export const visitorLinks = pgTable(
  'visitor_links',
  {
    id: serial('id').primaryKey(),
    siteNumber: varchar('site_number', { length: 10 })
      .notNull()
      .references(() => sites.siteNumber),
    name: varchar('name', { length: 60 }).notNull(),
    /** The public page's token, printed on the poster. */
    token: varchar('token', { length: 40 }).notNull().unique(),
    /** Opens the reception kiosk mode; shown to staff only. */
    kioskKey: varchar('kiosk_key', { length: 40 }).notNull().unique(),
    enabled: boolean('enabled').notNull().default(true),
    expiresAt: timestamptz('expires_at'),
    /** 'endOfDay', 'hours' (amount 1-24) or 'days' (amount 1-28). */
    durationKind: varchar('duration_kind', { length: 10 }).notNull(),
    durationAmount: integer('duration_amount'),
    dailyCap: integer('daily_cap').notNull(),
    hostApproval: boolean('host_approval').notNull().default(false),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The list's pages by name, one site's or every site's in reach (migration 0029).
    index('visitor_links_site_number_name_id_index').on(t.siteNumber, t.name, t.id),
    index('visitor_links_name_id_index').on(t.name, t.id),
    check(
      'visitor_links_duration',
      sql`(${t.durationKind} = 'endOfDay' and ${t.durationAmount} is null)
      or (${t.durationKind} = 'hours' and ${t.durationAmount} between 1 and 24)
      or (${t.durationKind} = 'days' and ${t.durationAmount} between 1 and 28)`,
    ),
    check('visitor_links_daily_cap', sql`${t.dailyCap} between 1 and 10000`),
  ],
);

export const visitorRegistrations = pgTable(
  'visitor_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: integer('link_id')
      .notNull()
      .references(() => visitorLinks.id),
    vehicleRegistration: varchar('vehicle_registration', { length: 10 }).notNull(),
    visitorName: varchar('visitor_name', { length: 50 }),
    email: varchar('email', { length: 256 }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    codeExpiresAt: timestamptz('code_expires_at').notNull(),
    /** started, awaiting, registered, refused or lapsed. */
    state: varchar('state', { length: 10 }).notNull(),
    permitId: integer('permit_id').references(() => permits.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    decidedAt: timestamptz('decided_at'),
    decidedBy: uuid('decided_by').references(() => users.id),
    /** The language of the public page the visitor registered on (decision 49): their e-mails' language. */
    language: varchar('language', { length: 2 }).notNull().default('en'),
  },
  (t) => [
    index('visitor_registrations_link_id_state_index').on(t.linkId, t.state),
    // The host approval queue's pages, oldest first (migration 0029).
    index('visitor_registrations_awaiting_created_at_id_index')
      .on(t.createdAt, t.id)
      .where(sql`${t.state} = 'awaiting'`),
    check('visitor_registrations_language_known', sql`${t.language} in ('en', 'cy')`),
    check(
      'visitor_registrations_state',
      sql`${t.state} in ('started', 'awaiting', 'registered', 'refused', 'lapsed')`,
    ),
  ],
);
