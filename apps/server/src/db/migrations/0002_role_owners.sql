-- Roles have an owner: null for the operator's global roles, or one client company
-- (docs/decisions: role owners). Client users create, change and remove only their own client's roles.
alter table roles add column company_id integer references client_companies(id);
create index roles_company_id_idx on roles (company_id);
