-- Role names are unique per owner, not across every client: each client company names its roles in
-- its own namespace, and the operator's global roles (company_id null) in theirs. A single name
-- unique across all roles told one client another's private role names. Case-insensitive, as the
-- roles service compares names.
ALTER TABLE "roles" DROP CONSTRAINT "roles_name_unique";
CREATE UNIQUE INDEX "roles_owner_name_unique" ON "roles" USING btree (coalesce("company_id", 0), lower("name"));
