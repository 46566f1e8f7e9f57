import { createHash } from 'node:crypto';
import { flagCatalogue, isSiteGroupNumber, maskCoveredBy } from '@client-portal/contract';
import type { SqlSession } from '../client.js';
import { addDays, addMinutes } from './dates.js';
import { createRandom } from './random.js';
import { type RoleName, roleFeatures } from './roles.js';
import { CLERK_SITE } from './sites.js';
import { insertRows } from './sql.js';

export const DEMO_PASSWORD = 'Portal-demo-1';
/** Base32 TOTP secret of mfa@acme.example: add it to any authenticator app. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

interface DemoUser {
  email: string;
  roles: readonly RoleName[];
  /** Site and site-group numbers. */
  access: readonly string[];
  allSites?: boolean;
  /** Unconfirmed users have no password yet: they were invited and have not accepted. */
  confirmed?: boolean;
  twoFactor?: boolean;
  flags?: readonly string[];
}

interface DemoAccount extends DemoUser {
  description: string;
}

/** The accounts the README lists; every one but new@ signs in with DEMO_PASSWORD. */
export const demoAccounts: readonly DemoAccount[] = [
  {
    email: 'admin@operator.example',
    description: 'Operator administrator: every feature, all sites',
    roles: ['Administrator'],
    access: [],
    allSites: true,
    flags: ['LatestNewsEmails'],
  },
  {
    email: 'manager@acme.example',
    description: 'Acme client manager: site group SG01 (sites 1001-1006), manages its users',
    roles: ['Client Manager'],
    access: ['SG01'],
    flags: ['TicketActionReceipts', 'PermitExpiryDigest'],
  },
  {
    email: 'clerk@acme.example',
    description: `Acme site clerk: site ${CLERK_SITE} only; views and adds permits, cancels tickets`,
    roles: ['Site Clerk'],
    access: [CLERK_SITE],
  },
  {
    email: 'mfa@acme.example',
    description: `Like the clerk, with two-factor sign-in on (TOTP secret ${DEMO_TOTP_SECRET})`,
    roles: ['Site Clerk'],
    access: [CLERK_SITE],
    twoFactor: true,
  },
  {
    email: 'new@acme.example',
    description:
      'Invited, not confirmed, no password yet: sign-in says the email or password is wrong and points to the invitation and password reset; a reset confirms it',
    roles: ['Site Clerk'],
    access: [CLERK_SITE],
    confirmed: false,
  },
  {
    email: 'reception@acme.example',
    description: `Acme reception desk: site ${CLERK_SITE}; adds and expires permits but sees only the ones it added (no Permits.AllPermits)`,
    roles: ['Reception Desk'],
    access: [CLERK_SITE],
  },
  {
    email: 'manager@bolt.example',
    description: 'Bolt Healthcare client manager: site group SG02 (sites 2001-2006)',
    roles: ['Client Manager'],
    access: ['SG02'],
  },
];

/** Ordinary client and staff accounts, so that user lists and audit history have content. */
const clientUsers: readonly DemoUser[] = [
  {
    email: 'sarah.jones@acme.example',
    roles: ['Permit Officer'],
    access: ['1002'],
    flags: ['PermitExpiryDigest'],
  },
  {
    email: 'tom.baker@acme.example',
    roles: ['Site Clerk'],
    access: ['1003'],
    flags: ['TicketActionReceipts'],
  },
  {
    email: 'priya.patel@acme.example',
    roles: ['Client Manager'],
    access: ['SG03'],
    flags: ['LatestNewsEmails'],
  },
  { email: 'james.wilson@acme.example', roles: ['Site Clerk'], access: ['1004', '1005'] },
  { email: 'emily.clarke@acme.example', roles: ['Permit Officer'], access: ['1006'] },
  {
    email: 'daniel.evans@acme.example',
    roles: ['Finance Viewer'],
    access: ['SG01'],
    flags: ['LatestNewsEmails'],
  },
  {
    email: 'olivia.hughes@acme.example',
    roles: ['Site Clerk'],
    access: ['1007'],
    flags: ['TicketActionReceipts'],
  },
  { email: 'mohammed.khan@acme.example', roles: ['Site Clerk'], access: ['1002'], confirmed: false },
  {
    email: 'grace.thompson@bolt.example',
    roles: ['Permit Officer'],
    access: ['2001'],
    flags: ['PermitExpiryDigest'],
  },
  { email: 'liam.roberts@bolt.example', roles: ['Site Clerk'], access: ['2002'] },
  {
    email: 'chloe.walker@bolt.example',
    roles: ['Client Manager'],
    access: ['SG04'],
    flags: ['TicketActionReceipts', 'LatestNewsEmails'],
  },
  { email: 'harry.wright@bolt.example', roles: ['Permit Officer'], access: ['2003', '2004'] },
  { email: 'amelia.green@bolt.example', roles: ['Site Clerk', 'Permit Officer'], access: ['2011'] },
  { email: 'noah.hall@bolt.example', roles: ['Finance Viewer'], access: ['SG02'] },
  { email: 'manager@civic.example', roles: ['Client Manager'], access: ['SG05', '3006', '3007', '3008'] },
  {
    email: 'lucy.edwards@civic.example',
    roles: ['Site Clerk'],
    access: ['3001'],
    flags: ['TicketActionReceipts'],
  },
  {
    email: 'ryan.morris@civic.example',
    roles: ['Permit Officer'],
    access: ['3002', '3003'],
    flags: ['PermitExpiryDigest'],
  },
  { email: 'sophie.turner@coastline.example', roles: ['Client Manager'], access: ['SG06', '4001'] },
  { email: 'ben.carter@coastline.example', roles: ['Site Clerk'], access: ['4001'] },
  {
    email: 'helpdesk@operator.example',
    roles: ['Client Manager'],
    access: [],
    allSites: true,
    flags: ['LatestNewsEmails'],
  },
  { email: 'finance@operator.example', roles: ['Finance Viewer'], access: [], allSites: true },
];

const allSeedUsers: readonly DemoUser[] = [...demoAccounts, ...clientUsers];

/** A stable id per email, so a fresh seed always makes the same users (and the same created_by). */
export function demoUserId(email: string): string {
  const hex = createHash('sha256').update(`client-portal-demo:${email.toLowerCase()}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function insertUsers(
  session: SqlSession,
  options: { roleIds: Map<string, number>; passwordHash: string; day0: Date },
): Promise<void> {
  const random = createRandom(20_240_601);
  const createdAt = new Map<string, Date>();
  allSeedUsers.forEach((user, index) => {
    // The administrator came first; the others joined over the following year, in list order.
    const days = index === 0 ? 420 : 400 - index * 14 - random.int(0, 10);
    createdAt.set(user.email, addMinutes(addDays(options.day0, -days), random.int(8 * 60, 17 * 60)));
  });
  for (const user of allSeedUsers) {
    const features = user.roles.flatMap((r) => roleFeatures(r));
    for (const flag of user.flags ?? []) {
      const mask = flagCatalogue.find((f) => f.normalizedName === flag)?.mask;
      if (!mask || !maskCoveredBy(mask, features))
        throw new Error(`Seed user ${user.email} cannot hold flag ${flag}`);
    }
  }

  await insertRows(
    session,
    'users',
    [
      'id',
      'email',
      'password_hash',
      'email_confirmed',
      'access_all_sites',
      'two_factor_secret',
      'two_factor_enabled',
      'created_at',
      'language',
    ],
    allSeedUsers.map((u) => {
      const confirmed = u.confirmed ?? true;
      // Demo accounts in use have answered the language question (decision 49); invited ones have not.
      return [
        demoUserId(u.email),
        u.email,
        confirmed ? options.passwordHash : null,
        confirmed,
        u.allSites ?? false,
        u.twoFactor ? DEMO_TOTP_SECRET : null,
        u.twoFactor ?? false,
        createdAt.get(u.email)?.toISOString(),
        confirmed ? 'en' : null,
      ];
    }),
  );
  await insertRows(
    session,
    'user_roles',
    ['user_id', 'role_id'],
    allSeedUsers.flatMap((u) => u.roles.map((r) => [demoUserId(u.email), options.roleIds.get(r)])),
  );
  await insertRows(
    session,
    'user_access',
    ['user_id', 'site_number', 'group_number'],
    allSeedUsers.flatMap((u) =>
      u.access.map((a) => [
        demoUserId(u.email),
        isSiteGroupNumber(a) ? null : a,
        isSiteGroupNumber(a) ? a : null,
      ]),
    ),
  );
  await insertRows(
    session,
    'user_flags',
    ['user_id', 'flag'],
    allSeedUsers.flatMap((u) => (u.flags ?? []).map((f) => [demoUserId(u.email), f])),
  );
  await insertRows(
    session,
    'audit_events',
    ['occurred_at', 'subject_user_id', 'subject_email', 'type', 'description', 'details'],
    allSeedUsers.map((u) => [
      createdAt.get(u.email)?.toISOString(),
      demoUserId(u.email),
      u.email,
      'AccountCreated',
      'Account created by the demo seed',
      JSON.stringify({ roles: u.roles, access: u.access, accessAllSites: u.allSites ?? false }),
    ]),
  );
}
