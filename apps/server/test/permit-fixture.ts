import { addIsoDays, allFeatureNames, type FeatureName, ukToday } from '@client-portal/contract';
import { expect } from 'vitest';
import type { Answer } from './api-client.js';
import { accountWith, clientWith, permitAt, type TestSite } from './factories.js';
import type { bearerFor } from './sign-in-as.js';
import { buildTestApp, type TestApp } from './test-app.js';

export type Bearer = Awaited<ReturnType<typeof bearerFor>>;
export type { Answer };

/** The permit tests' own client: its sites, group and permits, and another client's. */
export interface PermitClient {
  /** The clerk's site, with permits in every state. */
  clerkSite: TestSite;
  /** The clerk site's sibling: more than three pages of current permits. */
  sibling: TestSite;
  /** A group of both, with group permits of its own. */
  group: TestSite;
  otherSite: TestSite;
  otherGroup: TestSite;
  /** Registrations of site permits at the clerk's site, one per state. */
  vehicles: { upcoming: string; current: string; expiringSoon: string; expired: string };
}

const managerFeatures: FeatureName[] = [
  'Permits.View',
  'Permits.AllPermits',
  'Permits.Add',
  'Permits.BulkAdd',
  'Permits.Disable',
];

/**
 * A test app and the permit tests' people, each an account of the test's own: the admin (all sites,
 * every feature), a manager of a client's group, a clerk of one of its sites (who may view and add
 * but not expire), another client's manager (bolt), and a finance viewer without Permits.View; and
 * that client's permits in every state (see PermitClient).
 */
export async function permitTestApp(): Promise<
  { t: TestApp; client: PermitClient } & Record<'admin' | 'manager' | 'clerk' | 'bolt' | 'finance', Bearer>
> {
  const t = await buildTestApp();
  const mine = await clientWith(t, { sites: 2, group: true });
  const theirs = await clientWith(t, { sites: 1, group: true });
  const [clerkSite, sibling] = mine.sites as [TestSite, TestSite];
  const group = mine.group!;
  const bearer = async (options: Parameters<typeof accountWith>[1]) => {
    const account = await accountWith(t, options);
    return { ...account.headers, userId: account.userId };
  };
  const people = {
    admin: await bearer({ features: allFeatureNames, access: 'all' }),
    manager: await bearer({ features: managerFeatures, access: [group.number] }),
    clerk: await bearer({
      features: ['Permits.View', 'Permits.AllPermits', 'Permits.Add', 'Tickets.Cancel'],
      access: [clerkSite.number],
    }),
    bolt: await bearer({ features: managerFeatures, access: [theirs.group!.number] }),
    finance: await bearer({ features: ['Invoicing.Access', 'Reports.Access'], access: 'all' }),
  };

  const day = 86_400_000;
  const now = Date.now();
  const registration = newRegistrations('QZ', 4);
  const drivers = ['Ann Able', 'Bob Baker', 'Cat Cole', 'Dan Drake', 'Eve Evans'];
  let made = 0;
  /** A permit from `from` days to `to` days from now (negative: before it). */
  const permit = async (target: TestSite, from: number, to: number, reg = registration()) => {
    made++;
    await permitAt(t, target.number, {
      registration: reg,
      started: new Date(now + from * day),
      ended: new Date(now + to * day),
      driverName: drivers[made % drivers.length]!,
      temporary: made % 3 !== 0,
    });
    return reg;
  };
  const vehicles = {
    upcoming: await permit(clerkSite, 2, 10),
    current: await permit(clerkSite, -3, 20),
    expiringSoon: await permit(clerkSite, -5, 3),
    expired: await permit(clerkSite, -10, -1),
  };
  // The clerk's site: more in every state, and one ended long ago (history, listed in no state).
  await permit(clerkSite, 5, 9);
  for (let k = 1; k <= 4; k++) await permit(clerkSite, -k, 14 + k * 4);
  await permit(clerkSite, -9, 5);
  await permit(clerkSite, -12, -5);
  await permit(clerkSite, -60, -40);
  // Its sibling: three pages and more of current permits, some ending soon.
  for (let k = 1; k <= 25; k++) await permit(sibling, -k, 10 + k * 2);
  for (let k = 1; k <= 3; k++) await permit(sibling, -k * 2, k);
  await permit(sibling, 1, 4);
  await permit(sibling, -8, -3);
  // The group's own permits: one current, one ending soon, one upcoming, one expired.
  await permit(group, -4, 30);
  await permit(group, -6, 2);
  await permit(group, 3, 33);
  await permit(group, -9, -2);
  // The other client's.
  await permit(theirs.sites[0]!, -2, 12);
  await permit(theirs.sites[0]!, -2, 4);
  await permit(theirs.group!, -1, 25);

  return {
    t,
    ...people,
    client: {
      clerkSite,
      sibling,
      group,
      otherSite: theirs.sites[0]!,
      otherGroup: theirs.group!,
      vehicles,
    },
  };
}

/**
 * New registrations, `prefix` and a running number of `digits` digits, none of which a seeded permit
 * or ticket has (seeded ones never contain Q or Z; the prefix should have both), each ending in a
 * check letter so that no two are one transposition apart (the plate check would rightly ask "did
 * you mean?").
 */
export function newRegistrations(prefix: string, digits: number): () => string {
  let made = 0;
  return () => {
    const number = String(++made).padStart(digits, '0');
    const check = [...number].reduce((sum, d, i) => sum + Number(d) * (i + 1), 0) % 11;
    return `${prefix}${number}${'ACDEFHJKLMN'[check]}`;
  };
}

/** The UK day `n` days from today (negative: before it), as YYYY-MM-DD. */
export const ukDay = (n: number) => addIsoDays(ukToday(new Date()), n);

/** A refusal's problem (application/problem+json), after checking its status. */
export function problemOf<P = { detail: string; errors?: Record<string, string[]> }>(
  res: Pick<Answer, 'statusCode' | 'body' | 'headers'> & { json(): unknown },
  status: number,
): P {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  return res.json() as P;
}
