import { randomUUID } from 'node:crypto';
import { allFeatureNames, type FeatureName, isSiteGroupNumber } from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/modules/identity/password-hashing.js';
import { selectRows } from './fixture-rows.js';
import { bearerFor } from './sign-in-as.js';
import type { TestApp } from './test-app.js';

/**
 * Per-test data: each test builds the accounts it needs instead of borrowing the demo seed's, so
 * that what it proves does not hang on what the seed happens to hold.
 */

/** What the data factories need of a test app: its database (a test may have only that). */
export type DataOf = Pick<TestApp, 'database'>;

let serial = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(serial++).toString(36)}`;

/** A global role holding exactly these features (names are at most 20 characters). */
export async function roleWith(
  t: DataOf,
  features: readonly FeatureName[],
  options: { name?: string } = {},
): Promise<number> {
  const [role] = await selectRows<{ id: number }>(
    t.database.db,
    sql`insert into roles (name) values (${options.name ?? unique('T')}) returning id`,
  );
  for (const feature of features) {
    await t.database.db.execute(
      sql`insert into role_features (role_id, feature) values (${role!.id}, ${feature})`,
    );
  }
  return role!.id;
}

export interface TestAccount {
  email: string;
  userId: string;
  /** Headers of a signed-in request as this account. */
  headers: { authorization: string; userId: string; sessionId: string };
}

/**
 * An account holding one role of its own with exactly `features` (or these `roles`), reaching `access`
 * (site and group numbers, or 'all' for the operator's all-sites staff), signed in; confirmed unless
 * `confirmed: false`, with flags when given.
 */
export async function accountWith(
  t: TestApp,
  options: ({ features: readonly FeatureName[] } | { roles: readonly number[] }) & {
    access: readonly string[] | 'all';
    email?: string;
    confirmed?: boolean;
    /** A password to sign in with (none by default: the factory's accounts need none to be signed in). */
    password?: string;
    flags?: readonly string[];
    /**
     * The account's recorded language: English by default, as an account in use has answered
     * (decision 49); null for one never asked, whose mails go out in Welsh and English (decision 53).
     */
    language?: 'en' | 'cy' | null;
  },
): Promise<TestAccount> {
  const email = options.email ?? `${unique('u')}-${randomUUID().slice(0, 4)}@factory.example`;
  const [user] = await selectRows<{ id: string }>(
    t.database.db,
    sql`insert into users (email, email_confirmed, access_all_sites, password_hash, language)
        values (${email}, ${options.confirmed ?? true}, ${options.access === 'all'},
                ${options.password === undefined ? null : await hashPassword(options.password)},
                ${options.language === undefined ? 'en' : options.language})
        returning id`,
  );
  const roles = 'roles' in options ? options.roles : [await roleWith(t, options.features)];
  for (const roleId of roles) {
    await t.database.db.execute(
      sql`insert into user_roles (user_id, role_id) values (${user!.id}, ${roleId})`,
    );
  }
  for (const number of options.access === 'all' ? [] : options.access) {
    const group = isSiteGroupNumber(number);
    await t.database.db.execute(
      sql`insert into user_access (user_id, site_number, group_number)
          values (${user!.id}, ${group ? null : number}, ${group ? number : null})`,
    );
  }
  for (const flag of options.flags ?? []) {
    await t.database.db.execute(sql`insert into user_flags (user_id, flag) values (${user!.id}, ${flag})`);
  }
  return { email, userId: user!.id, headers: await bearerFor(t, email) };
}

// Sites, groups, permits and tickets of a test's own, numbered outside the demo seed's ranges (its
// sites are four digits, its groups SG01...), so that seeded rows never appear among a test's own.
let siteSerial = 0;
let groupSerial = 0;

/** Numbers neither the demo seed nor these factories ever make: a site and a group that do not exist. */
export const nowhere = { site: '9999999', group: 'SG999999' } as const;

export interface TestSite {
  number: string;
  name: string;
}

/** A client company of its own. */
export async function clientCompany(t: DataOf): Promise<{ id: number; name: string }> {
  const name = `Client ${unique('C')}`;
  const [company] = await selectRows<{ id: number }>(
    t.database.db,
    sql`insert into client_companies (name) values (${name}) returning id`,
  );
  return { id: company!.id, name };
}

/** A site (of `company` when given); ticket allowances unlimited unless given. */
export async function siteOf(
  t: DataOf,
  options: {
    company?: number;
    name?: string;
    cancellationAllowance?: number | null;
    reductionAllowance?: number | null;
    /** false: every reduce there is refused (SiteInvalid). */
    allowsReductions?: boolean;
  } = {},
): Promise<TestSite> {
  const number = String(700_000 + ++siteSerial);
  const name = options.name ?? `Test Park ${number}`;
  await t.database.db.execute(
    sql`insert into sites (site_number, name, company_id, cancellation_allowance, reduction_allowance,
          allows_reductions)
        values (${number}, ${name}, ${options.company ?? null}, ${options.cancellationAllowance ?? null},
                ${options.reductionAllowance ?? null}, ${options.allowsReductions ?? true})`,
  );
  return { number, name };
}

/** A site group holding `sites` (of `company` when given). */
export async function groupOf(
  t: DataOf,
  sites: readonly TestSite[],
  options: { company?: number; name?: string } = {},
): Promise<TestSite> {
  const number = `SG7${String(++groupSerial).padStart(3, '0')}`;
  const name = options.name ?? `Test Group ${number}`;
  await t.database.db.execute(
    sql`insert into site_groups (group_number, name, company_id) values (${number}, ${name}, ${options.company ?? null})`,
  );
  for (const site of sites) {
    await t.database.db.execute(
      sql`insert into site_group_members (group_number, site_number) values (${number}, ${site.number})`,
    );
  }
  return { number, name };
}

/** A client company with `sites` sites and, with `group`, one group of them all. */
export async function clientWith(
  t: DataOf,
  options: { sites: number; group?: boolean },
): Promise<{ company: { id: number; name: string }; sites: TestSite[]; group?: TestSite }> {
  const company = await clientCompany(t);
  const sites: TestSite[] = [];
  for (let i = 0; i < options.sites; i++) sites.push(await siteOf(t, { company: company.id }));
  const group = options.group ? await groupOf(t, sites, { company: company.id }) : undefined;
  return { company, sites, ...(group ? { group } : {}) };
}

/** A site's or group's permit allowances (null: no cap). */
export async function allowanceAt(
  t: DataOf,
  target: TestSite,
  allowance: { temporary: number | null; permanent: number | null },
): Promise<void> {
  await t.database.db.execute(
    sql`insert into permit_allowances (site_or_group_number, temporary_allowance, permanent_allowance)
        values (${target.number}, ${allowance.temporary}, ${allowance.permanent})`,
  );
}

/** A permit at a site or a site group (by number), temporary unless `temporary: false`. */
export async function permitAt(
  t: DataOf,
  target: string,
  options: {
    registration: string;
    started: Date | string;
    ended: Date | string;
    driverName?: string;
    temporary?: boolean;
    /** The account that added it (none by default). */
    createdBy?: string;
  },
): Promise<number> {
  const group = isSiteGroupNumber(target);
  const temporary = options.temporary ?? true;
  const [permit] = await selectRows<{ id: number }>(
    t.database.db,
    sql`insert into permits (scope, site_number, group_number, vehicle_registration, driver_name, is_temp, duration,
          started, ended, created_by)
        values (${group ? 'group' : 'site'}, ${group ? null : target}, ${group ? target : null},
                ${options.registration}, ${options.driverName ?? 'Dee Driver'}, ${temporary},
                ${temporary ? 'Temporary' : 'Permanent'}, ${toIso(options.started)}, ${toIso(options.ended)},
                ${options.createdBy ?? null})
        returning id`,
  );
  return permit!.id;
}

/** A camera read of a vehicle at a site (still there unless `exitedAt`). */
export async function sightingAt(
  t: DataOf,
  site: string,
  options: {
    registration: string;
    enteredAt: Date | string;
    exitedAt?: Date | string;
    readConfidence?: number;
  },
): Promise<void> {
  await t.database.db.execute(
    sql`insert into vehicle_sightings (site_number, registration, entered_at, exited_at, read_confidence)
        values (${site}, ${options.registration}, ${toIso(options.enteredAt)},
                ${options.exitedAt === undefined ? null : toIso(options.exitedAt)}, ${options.readConfidence ?? 0.97})`,
  );
}

/** A parking charge at a site, issued (and the violation) at `issued`; amounts in pence. */
export async function ticketAt(
  t: DataOf,
  site: string,
  options: {
    registration: string;
    issued: Date | string;
    status?: string;
    fullAmountPence?: number;
    reducedAmountPence?: number;
    ticketNumber?: string;
  },
): Promise<string> {
  const ticketNumber = options.ticketNumber ?? `T${String(700_000 + ++siteSerial)}`;
  const issued = toIso(options.issued);
  await t.database.db.execute(
    sql`insert into tickets (ticket_number, site_number, vehicle_registration, violation_date, issue_date,
          full_amount_pence, reduced_amount_pence, status)
        values (${ticketNumber}, ${site}, ${options.registration}, ${issued}, ${issued},
                ${options.fullAmountPence ?? 10_000}, ${options.reducedAmountPence ?? 6_000}, ${options.status ?? 'open'})`,
  );
  return ticketNumber;
}

const toIso = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());

/** A parking payment at a site at `occurredAt`; amount in pence. */
export async function transactionAt(
  t: DataOf,
  site: string,
  options: {
    occurredAt: Date | string;
    registration?: string;
    durationMinutes?: number;
    amountPence?: number;
    method?: 'card' | 'cash' | 'app';
  },
): Promise<void> {
  await t.database.db.execute(
    sql`insert into transactions (site_number, occurred_at, vehicle_registration, duration_minutes, amount_pence, method)
        values (${site}, ${toIso(options.occurredAt)}, ${options.registration ?? 'TX11AAA'},
                ${options.durationMinutes ?? 60}, ${options.amountPence ?? 250}, ${options.method ?? 'card'})`,
  );
}

/** A cancellation or reduction ('Pay') taken on a ticket in the portal at `at` (by `userId` when given). */
export async function ticketActionOn(
  t: DataOf,
  ticket: { ticketNumber: string; site: string },
  options: { action: 'Cancel' | 'Pay'; at: Date | string; userId?: string },
): Promise<void> {
  await t.database.db.execute(
    sql`insert into ticket_actions (ticket_number, site_number, action, user_id, action_at)
        values (${ticket.ticketNumber}, ${ticket.site}, ${options.action}, ${options.userId ?? null},
                ${toIso(options.at)})`,
  );
}

/** The id of a shared global role by name (the roles every client's accounts hold, e.g. 'Site Clerk'). */
export async function sharedRole(t: DataOf, name: string): Promise<number> {
  const [role] = await selectRows<{ id: number }>(
    t.database.db,
    sql`select id from roles where name = ${name} and company_id is null`,
  );
  if (!role) throw new Error(`No shared role named ${name}`);
  return role.id;
}

/**
 * Two clients of a test's own, each a site in a group, and their people as the demo's are: a client
 * manager of each group (the shared Client Manager role), a clerk of the first client's site (Site
 * Clerk) and an all-sites administrator holding every feature. Signed in by email when needed.
 */
export async function twoClientsWithPeople(t: TestApp) {
  const first = await clientWith(t, { sites: 1, group: true });
  const second = await clientWith(t, { sites: 1, group: true });
  const manager = await sharedRole(t, 'Client Manager');
  const clerk = await sharedRole(t, 'Site Clerk');
  const people = {
    admin: await accountWith(t, { features: allFeatureNames, access: 'all', email: 'admin@staff.example' }),
    manager: await accountWith(t, {
      roles: [manager],
      access: [first.group!.number],
      email: 'manager@client-a.example',
    }),
    clerk: await accountWith(t, {
      roles: [clerk],
      access: [first.sites[0]!.number],
      email: 'clerk@client-a.example',
    }),
    otherManager: await accountWith(t, {
      roles: [manager],
      access: [second.group!.number],
      email: 'manager@client-b.example',
    }),
  };
  return { first: { ...first, group: first.group! }, second: { ...second, group: second.group! }, people };
}
