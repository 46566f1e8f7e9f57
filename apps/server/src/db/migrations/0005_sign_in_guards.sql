-- A TOTP code is accepted once per account (RFC 6238 section 5.2): the last time step used.
alter table users add column totp_last_step bigint;

-- Failed sign-ins for addresses without an account, counted like an account's so that lock-out
-- does not tell which addresses have accounts.
create table unknown_address_failures (
  address text primary key,
  failed_sign_ins integer not null default 0,
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);
