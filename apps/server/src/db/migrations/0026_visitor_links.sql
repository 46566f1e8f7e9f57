-- Issue 27 (decision 47): visitors register their own car through a link or QR code per site. A
-- link's token (public, printed on its poster) and its kiosk key (staff only, opens the reception
-- tablet's mode) are random; neither names the site. A visitor permit is an ordinary temporary
-- permit that remembers the link it came through.
CREATE TABLE "visitor_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_number" varchar(10) NOT NULL,
	"name" varchar(60) NOT NULL,
	"token" varchar(40) NOT NULL,
	"kiosk_key" varchar(40) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"duration_kind" varchar(10) NOT NULL,
	"duration_amount" integer,
	"daily_cap" integer NOT NULL,
	"host_approval" boolean DEFAULT false NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_links_token_unique" UNIQUE("token"),
	CONSTRAINT "visitor_links_kiosk_key_unique" UNIQUE("kiosk_key"),
	CONSTRAINT "visitor_links_duration" CHECK (("visitor_links"."duration_kind" = 'endOfDay' and "visitor_links"."duration_amount" is null)
      or ("visitor_links"."duration_kind" = 'hours' and "visitor_links"."duration_amount" between 1 and 24)
      or ("visitor_links"."duration_kind" = 'days' and "visitor_links"."duration_amount" between 1 and 28)),
	CONSTRAINT "visitor_links_daily_cap" CHECK ("visitor_links"."daily_cap" between 1 and 10000)
);
ALTER TABLE "visitor_links" ADD CONSTRAINT "visitor_links_site_number_sites_site_number_fk" FOREIGN KEY ("site_number") REFERENCES "public"."sites"("site_number") ON DELETE no action ON UPDATE no action;
ALTER TABLE "visitor_links" ADD CONSTRAINT "visitor_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
CREATE INDEX "visitor_links_site_number_id_index" ON "visitor_links" USING btree ("site_number","id");
-- One visitor's registration: started (a code sent), awaiting a host (code confirmed, approval
-- asked), registered (a permit stored), refused (by a host, or by the permit checks), lapsed.
-- The code is kept only as its hash; the e-mail address only as long as the registration needs it.
CREATE TABLE "visitor_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" integer NOT NULL,
	"vehicle_registration" varchar(10) NOT NULL,
	"visitor_name" varchar(50),
	"email" varchar(256),
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"state" varchar(10) NOT NULL,
	"permit_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "visitor_registrations_state" CHECK ("visitor_registrations"."state" in ('started', 'awaiting', 'registered', 'refused', 'lapsed'))
);
ALTER TABLE "visitor_registrations" ADD CONSTRAINT "visitor_registrations_link_id_visitor_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."visitor_links"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "visitor_registrations" ADD CONSTRAINT "visitor_registrations_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE no action ON UPDATE no action;
ALTER TABLE "visitor_registrations" ADD CONSTRAINT "visitor_registrations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
CREATE INDEX "visitor_registrations_link_id_state_index" ON "visitor_registrations" USING btree ("link_id","state");
ALTER TABLE "permits" ADD COLUMN "visitor_link_id" integer;
ALTER TABLE "permits" ADD CONSTRAINT "permits_visitor_link_id_visitor_links_id_fk" FOREIGN KEY ("visitor_link_id") REFERENCES "public"."visitor_links"("id") ON DELETE no action ON UPDATE no action;
-- The daily cap counts a link's permits of one UK day under the site's lock.
CREATE INDEX "permits_visitor_link_id_created_at_index" ON "permits" USING btree ("visitor_link_id","created_at") WHERE "permits"."visitor_link_id" is not null;
