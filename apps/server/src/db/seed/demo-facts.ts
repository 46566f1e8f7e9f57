import { CLERK_SITE_PERMITS } from './permits.js';
import { uniqueRegistration } from './registrations.js';
import { seenVisitor } from './sightings.js';
import {
  ALLOWANCE_USED_UP_SITE,
  CLERK_SITE,
  companies,
  FULL_PERMIT_SITE,
  NO_REDUCTIONS_SITE,
  permitAllowances,
  siteByNumber,
  siteGroups,
  sites,
} from './sites.js';
import { showcaseNumbers } from './tickets.js';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoAccounts } from './users.js';

/** The accounts to list in the README. */
export const DEMO_ACCOUNTS: readonly { email: string; description: string }[] = demoAccounts.map((a) => ({
  email: a.email,
  description: a.description,
}));

const allowanceOf = (number: string) => {
  const found = permitAllowances.find((a) => a.number === number);
  return { temporary: found?.temporary ?? null, permanent: found?.permanent ?? null };
};
const groupSummary = (number: string) => {
  const group = siteGroups.find((g) => g.number === number);
  return { number, name: group?.name ?? '', company: group?.company ?? '', sites: group?.sites ?? [] };
};

/** What a fresh demo database holds that the README and the e2e tests can rely on. */
export const demoFacts = {
  password: DEMO_PASSWORD,
  totpSecret: DEMO_TOTP_SECRET,
  accounts: DEMO_ACCOUNTS,
  companies: companies.map((c) => c.name),
  siteCount: sites.length,
  siteGroups: siteGroups.map((g) => g.number),
  clerkSite: {
    number: CLERK_SITE,
    name: siteByNumber(CLERK_SITE).name,
    monthlyCancellations: siteByNumber(CLERK_SITE).cancellations,
    monthlyReductions: siteByNumber(CLERK_SITE).reductions,
    permitAllowance: allowanceOf(CLERK_SITE),
    /** At least this many permits in each state: upcoming, current, expiring soon, expired, history. */
    permitsPerState: CLERK_SITE_PERMITS / 5,
  },
  /** Lacks Permits.AllPermits: lists only the permits it added (some of the clerk site's demo permits). */
  ownPermitsAccount: { email: 'reception@acme.example', site: CLERK_SITE },
  acmeManagerGroup: groupSummary('SG01'),
  boltManagerGroup: groupSummary('SG02'),
  /** Registrations of site permits at the clerk's site, one per state (adding an overlapping one fails). */
  vehiclesAtClerkSite: {
    upcoming: uniqueRegistration(1),
    current: uniqueRegistration(2),
    expiringSoon: uniqueRegistration(3),
    expired: uniqueRegistration(4),
  },
  /** A vehicle without a permit seen at the clerk's site this week, and the typo one slip off it. */
  seenVisitor,
  fullPermitAllowanceSite: {
    number: FULL_PERMIT_SITE,
    name: siteByNumber(FULL_PERMIT_SITE).name,
    ...allowanceOf(FULL_PERMIT_SITE),
  },
  tickets: {
    /** Open, issued 1-12 days ago: cancel them as the clerk, reduce them as the Acme manager. */
    openAtClerkSite: showcaseNumbers.openAtClerkSite,
    paid: showcaseNumbers.paid,
    issuedMoreThan28DaysAgo: showcaseNumbers.tooOld,
    cancelled: showcaseNumbers.cancelled,
    popla: showcaseNumbers.popla,
    secondReminder: showcaseNumbers.secondReminder,
    reductionsNotAllowed: { site: NO_REDUCTIONS_SITE, ticket: showcaseNumbers.reductionsNotAllowed },
    allowanceUsedUp: { site: ALLOWANCE_USED_UP_SITE, tickets: showcaseNumbers.allowanceUsedUp },
    openAtBolt: { site: '2001', tickets: showcaseNumbers.openAtBolt },
  },
  staffEmailDomain: 'operator.example',
} as const;
