-- Issue 29 (decision 49): the portal and its e-mails in English or Welsh.
--
-- Each user's language, remembered on the server (like the colour mode of decision 38): 'en' or 'cy';
-- null until the user is asked (the portal asks a new account once). Their e-mails go out in it.
ALTER TABLE "users" ADD COLUMN "language" varchar(2);
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("language" in ('en', 'cy'));
-- A visitor has no account: the language of the public page they registered on, kept with the
-- registration, is the language of their code, receipt, reminder and answers.
ALTER TABLE "visitor_registrations" ADD COLUMN "language" varchar(2) DEFAULT 'en' NOT NULL;
ALTER TABLE "visitor_registrations" ADD CONSTRAINT "visitor_registrations_language_known" CHECK ("visitor_registrations"."language" in ('en', 'cy'));
