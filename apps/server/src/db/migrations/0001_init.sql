CREATE TABLE "app_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);

CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);

CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_user_id" uuid,
	"subject_email" text,
	"actor_user_id" uuid,
	"actor_email" text,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"details" jsonb
);

CREATE TABLE "client_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "client_companies_name_unique" UNIQUE("name")
);

CREATE TABLE "features" (
	"normalized_name" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"group_name" text NOT NULL,
	"group_description" text NOT NULL
);

CREATE TABLE "flags" (
	"normalized_name" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mask" text NOT NULL,
	"description" text NOT NULL
);

CREATE TABLE "permit_allowances" (
	"site_or_group_number" varchar(10) PRIMARY KEY NOT NULL,
	"temporary_allowance" integer,
	"permanent_allowance" integer
);

CREATE TABLE "permits" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" varchar(5) NOT NULL,
	"site_number" varchar(10),
	"group_number" varchar(10),
	"vehicle_registration" varchar(10) NOT NULL,
	"driver_name" varchar(50) NOT NULL,
	"is_temp" boolean NOT NULL,
	"duration" varchar(10) NOT NULL,
	"started" timestamp with time zone NOT NULL,
	"ended" timestamp with time zone NOT NULL,
	"reason" integer,
	"authorised_by" varchar(50),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permits_scope_target" CHECK (("permits"."scope" = 'site') = ("permits"."site_number" is not null)
      and ("permits"."scope" = 'group') = ("permits"."group_number" is not null))
);

CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);

CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);

CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);

CREATE TABLE "role_features" (
	"role_id" integer NOT NULL,
	"feature" text NOT NULL,
	CONSTRAINT "role_features_role_id_feature_pk" PRIMARY KEY("role_id","feature")
);

CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);

CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);

CREATE TABLE "site_group_members" (
	"group_number" varchar(10) NOT NULL,
	"site_number" varchar(10) NOT NULL,
	CONSTRAINT "site_group_members_group_number_site_number_pk" PRIMARY KEY("group_number","site_number")
);

CREATE TABLE "site_groups" (
	"group_number" varchar(10) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company_id" integer
);

CREATE TABLE "sites" (
	"site_number" varchar(10) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company_id" integer,
	"allows_reductions" boolean DEFAULT true NOT NULL,
	"cancellation_allowance" integer,
	"reduction_allowance" integer
);

CREATE TABLE "ticket_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_number" varchar(12) NOT NULL,
	"site_number" varchar(10) NOT NULL,
	"action" varchar(8) NOT NULL,
	"user_id" uuid,
	"action_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "tickets" (
	"ticket_number" varchar(12) PRIMARY KEY NOT NULL,
	"site_number" varchar(10) NOT NULL,
	"vehicle_registration" varchar(10) NOT NULL,
	"violation_date" timestamp with time zone NOT NULL,
	"issue_date" timestamp with time zone NOT NULL,
	"full_amount_pence" integer NOT NULL,
	"reduced_amount_pence" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"reduced_until" date
);

CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_number" varchar(10) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"vehicle_registration" varchar(10) NOT NULL,
	"duration_minutes" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"method" varchar(8) NOT NULL
);

CREATE TABLE "user_access" (
	"user_id" uuid NOT NULL,
	"site_number" varchar(10),
	"group_number" varchar(10),
	CONSTRAINT "user_access_one_target" CHECK (("user_access"."site_number" is null) <> ("user_access"."group_number" is null))
);

CREATE TABLE "user_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);

CREATE TABLE "user_flags" (
	"user_id" uuid NOT NULL,
	"flag" text NOT NULL,
	CONSTRAINT "user_flags_user_id_flag_pk" PRIMARY KEY("user_id","flag")
);

CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);

CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(256) NOT NULL,
	"password_hash" text,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"access_all_sites" boolean DEFAULT false NOT NULL,
	"two_factor_secret" text,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"security_stamp" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);

ALTER TABLE "app_config" ADD CONSTRAINT "app_config_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "permits" ADD CONSTRAINT "permits_site_number_sites_site_number_fk" FOREIGN KEY ("site_number") REFERENCES "public"."sites"("site_number") ON DELETE no action ON UPDATE no action;
ALTER TABLE "permits" ADD CONSTRAINT "permits_group_number_site_groups_group_number_fk" FOREIGN KEY ("group_number") REFERENCES "public"."site_groups"("group_number") ON DELETE no action ON UPDATE no action;
ALTER TABLE "permits" ADD CONSTRAINT "permits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "role_features" ADD CONSTRAINT "role_features_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "role_features" ADD CONSTRAINT "role_features_feature_features_normalized_name_fk" FOREIGN KEY ("feature") REFERENCES "public"."features"("normalized_name") ON DELETE no action ON UPDATE no action;
ALTER TABLE "roles" ADD CONSTRAINT "roles_parent_id_roles_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "site_group_members" ADD CONSTRAINT "site_group_members_group_number_site_groups_group_number_fk" FOREIGN KEY ("group_number") REFERENCES "public"."site_groups"("group_number") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "site_group_members" ADD CONSTRAINT "site_group_members_site_number_sites_site_number_fk" FOREIGN KEY ("site_number") REFERENCES "public"."sites"("site_number") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "site_groups" ADD CONSTRAINT "site_groups_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "sites" ADD CONSTRAINT "sites_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "ticket_actions" ADD CONSTRAINT "ticket_actions_ticket_number_tickets_ticket_number_fk" FOREIGN KEY ("ticket_number") REFERENCES "public"."tickets"("ticket_number") ON DELETE no action ON UPDATE no action;
ALTER TABLE "ticket_actions" ADD CONSTRAINT "ticket_actions_site_number_sites_site_number_fk" FOREIGN KEY ("site_number") REFERENCES "public"."sites"("site_number") ON DELETE no action ON UPDATE no action;
ALTER TABLE "ticket_actions" ADD CONSTRAINT "ticket_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_site_number_sites_site_number_fk" FOREIGN KEY ("site_number") REFERENCES "public"."sites"("site_number") ON DELETE no action ON UPDATE no action;
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_site_number_sites_site_number_fk" FOREIGN KEY ("site_number") REFERENCES "public"."sites"("site_number") ON DELETE no action ON UPDATE no action;
ALTER TABLE "user_access" ADD CONSTRAINT "user_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "user_access" ADD CONSTRAINT "user_access_site_number_sites_site_number_fk" FOREIGN KEY ("site_number") REFERENCES "public"."sites"("site_number") ON DELETE no action ON UPDATE no action;
ALTER TABLE "user_access" ADD CONSTRAINT "user_access_group_number_site_groups_group_number_fk" FOREIGN KEY ("group_number") REFERENCES "public"."site_groups"("group_number") ON DELETE no action ON UPDATE no action;
ALTER TABLE "user_codes" ADD CONSTRAINT "user_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "user_flags" ADD CONSTRAINT "user_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "user_flags" ADD CONSTRAINT "user_flags_flag_flags_normalized_name_fk" FOREIGN KEY ("flag") REFERENCES "public"."flags"("normalized_name") ON DELETE no action ON UPDATE no action;
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;
CREATE INDEX "audit_events_subject_user_id_occurred_at_index" ON "audit_events" USING btree ("subject_user_id","occurred_at");
CREATE INDEX "permits_site_number_ended_index" ON "permits" USING btree ("site_number","ended");
CREATE INDEX "permits_group_number_ended_index" ON "permits" USING btree ("group_number","ended");
CREATE INDEX "permits_vehicle_registration_index" ON "permits" USING btree ("vehicle_registration");
CREATE INDEX "refresh_tokens_session_id_index" ON "refresh_tokens" USING btree ("session_id");
CREATE INDEX "sessions_user_id_index" ON "sessions" USING btree ("user_id");
CREATE INDEX "site_group_members_site_number_index" ON "site_group_members" USING btree ("site_number");
CREATE INDEX "ticket_actions_site_number_action_action_at_index" ON "ticket_actions" USING btree ("site_number","action","action_at");
CREATE INDEX "tickets_site_number_status_index" ON "tickets" USING btree ("site_number","status");
CREATE INDEX "transactions_site_number_occurred_at_index" ON "transactions" USING btree ("site_number","occurred_at");
CREATE INDEX "user_access_user_id_index" ON "user_access" USING btree ("user_id");
CREATE INDEX "user_roles_role_id_index" ON "user_roles" USING btree ("role_id");
CREATE UNIQUE INDEX "users_email_live" ON "users" USING btree (lower("email")) WHERE "users"."removed_at" is null;