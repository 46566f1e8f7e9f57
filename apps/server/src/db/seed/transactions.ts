import type { SqlSession } from '../client.js';
import { sqlHash } from './random.js';
import { REGISTRATION_SPACE, sqlRegistrationFromCode } from './registrations.js';
import { sites } from './sites.js';
import { sqlValues } from './sql.js';

/** 42 sites x ~395 days x 7 is over 100,000 rows. */
export const DEFAULT_TRANSACTIONS_PER_SITE_PER_DAY = 7;

/** Twenty equally likely slots, so common stays are common: [minutes, pence]. */
const tariff: readonly [number, number][] = [
  ...Array<[number, number]>(3).fill([30, 150]),
  ...Array<[number, number]>(5).fill([60, 250]),
  ...Array<[number, number]>(5).fill([120, 400]),
  ...Array<[number, number]>(3).fill([180, 550]),
  ...Array<[number, number]>(2).fill([240, 700]),
  [480, 1000],
  [1440, 1500],
];
const methods = [...Array(11).fill('card'), ...Array(6).fill('app'), ...Array(3).fill('cash')] as string[];

/**
 * Payments at every site for each day from `firstDay` up to yesterday, between 07:00 and 21:00: on average
 * `perDay` a day, between perDay-3 and perDay+3 depending on the site and day. Set-based, so it is fast.
 */
export async function insertTransactions(
  session: SqlSession,
  options: { firstDay: Date; days: number; perDay: number },
): Promise<void> {
  const key = `s.site_number || ':' || d || ':' || k`;
  await session.query(
    `insert into transactions (site_number, occurred_at, vehicle_registration, duration_minutes, amount_pence, method)
    select s.site_number,
      $1::timestamptz + d * interval '1 day' + (420 + h.a % 840) * interval '1 minute',
      ${sqlRegistrationFromCode('h.code')},
      (array[${tariff.map((t) => t[0]).join(', ')}])[((h.a / 840) % ${tariff.length})::int + 1],
      (array[${tariff.map((t) => t[1]).join(', ')}])[((h.a / 840) % ${tariff.length})::int + 1],
      (array[${methods.map((m) => `'${m}'`).join(', ')}])[((h.a / 16800) % ${methods.length})::int + 1]
    from (values ${sqlValues(sites.map((site) => [site.number]))}) s(site_number)
    cross join generate_series(0, $2::int - 1) d
    cross join generate_series(1, $3::int + 3) k
    cross join lateral (
      select ${sqlHash('xa', key)} as a, ${sqlHash('xb', key)} % ${REGISTRATION_SPACE} as code
    ) h
    where k <= $3::int - 3 + ${sqlHash('xd', `s.site_number || ':' || d`)} % 7
    order by s.site_number, d, k`,
    [options.firstDay.toISOString(), options.days, options.perDay],
  );
}
