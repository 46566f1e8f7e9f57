import type { SqlSession } from '../client.js';
import { addDays } from './dates.js';
import { authorisers, firstNames, surnames } from './names.js';
import { sqlHash, sqlPick } from './random.js';
import { sqlRegistrationFromCode, sqlUniqueRegistrationCode, uniqueRegistration } from './registrations.js';
import { CLERK_SITE, FULL_PERMIT_SITE, permitAllowances, siteGroups, sites } from './sites.js';
import { insertRows } from './sql.js';

/** The first this-many permits are at the clerk's site, spread evenly over the five states. */
export const CLERK_SITE_PERMITS = 200;
export const DEFAULT_PERMIT_COUNT = 5_400;
/** Registrations of the hand-made permits start after every bulk one, so none repeats. */
const FULL_SITE_REGISTRATION_BASE = 900_000;

/**
 * States relative to midnight of `today` (day0), safe for any time of that day:
 * 0 upcoming (starts day0+1 or later), 1 current (ends day0+9 or later), 2 expiring soon (ends day0+1..6),
 * 3 expired (ended day0-1..6), 4 history (ended day0-8 or earlier).
 */
function bulkPermitsSql(): string {
  const targets = sites.filter((s) => s.number !== FULL_PERMIT_SITE).map((s) => s.number);
  const groups = siteGroups.map((g) => g.number);
  const h = (salt: string) => sqlHash(salt, 'i::text');
  return `
    insert into permits (scope, site_number, group_number, vehicle_registration, driver_name, is_temp, duration,
      started, ended, reason, authorised_by, created_by, created_at)
    select scope,
      case when scope = 'site' then target end,
      case when scope = 'group' then target end,
      ${sqlRegistrationFromCode('code')},
      driver, kind = 'Temporary', kind, started,
      case when kind = 'Permanent' then started + interval '1 year' else started + len * interval '1 day' end,
      reason, authorised_by,
      case when target = '${CLERK_SITE}' and i % 3 = 0 then $3::uuid
           when target = '${CLERK_SITE}' and i % 3 = 1 then $4::uuid
           when target = '${CLERK_SITE}' and i % 6 = 2 then $6::uuid end,
      least(started, $1::timestamptz) - (1 + hf % 6) * interval '1 day' + (480 + hf % 540) * interval '1 minute'
    from (
      select p.*,
        case
          when state = 0 then $1::timestamptz + (1 + he % 120) * interval '1 day'
          when state = 1 and kind = 'Permanent' then $1::timestamptz - (he % 350) * interval '1 day'
          when state = 1 then $1::timestamptz - (he % (len - 8)) * interval '1 day'
          else $1::timestamptz
            + (case state when 2 then 1 + he % 6 when 3 then -1 - he % 6 else -8 - he % 380 end) * interval '1 day'
            - case when kind = 'Permanent' then interval '1 year' else len * interval '1 day' end
        end as started
      from (
        select i, he, hf, code, scope, target, state, kind,
          case
            when kind = 'Custom' then 30 + hd % 300
            when state = 1 then 9 + hd % 20
            when state = 2 then 7 + hd % 22
            else 1 + hd % 28
          end as len,
          ${sqlPick(firstNames, 'hg')} || ' ' || ${sqlPick(surnames, 'hg / 1000')} as driver,
          case when hg % 10 = 0 then null else (1 + (hg / 10) % 8)::int end as reason,
          ${sqlPick(authorisers, 'hf / 7')} as authorised_by
        from (
          select i, hd, he, hf, hg, ${sqlUniqueRegistrationCode('i')} as code,
            case when i > $5::int and ha % 100 < 8 then 'group' else 'site' end as scope,
            case
              when i <= $5::int then '${CLERK_SITE}'
              when ha % 100 < 8 then ${sqlPick(groups, 'ha / 100')}
              else ${sqlPick(targets, 'ha / 100')}
            end as target,
            case
              when i <= $5::int then (i - 1) % 5
              when hb % 100 < 15 then 0
              when hb % 100 < 50 then 1
              when hb % 100 < 62 then 2
              when hb % 100 < 74 then 3
              else 4
            end as state,
            case when hc % 100 < 45 then 'Temporary' when hc % 100 < 88 then 'Permanent' else 'Custom' end as kind
          from generate_series(1, $2::int) i
          cross join lateral (
            select ${h('pa')} as ha, ${h('pb')} as hb, ${h('pc')} as hc, ${h('pd')} as hd,
              ${h('pe')} as he, ${h('pf')} as hf, ${h('pg')} as hg
          ) hashes
        ) chosen
      ) p
    ) dated
    order by i`;
}

function plusYear(date: Date): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

/** The full site holds exactly its allowance of current permits of each kind, plus some past ones. */
function fullSitePermits(day0: Date, managerId: string): unknown[][] {
  const allowance = permitAllowances.find((a) => a.number === FULL_PERMIT_SITE);
  const temporary = allowance?.temporary ?? 0;
  const permanent = allowance?.permanent ?? 0;
  const rows: unknown[][] = [];
  const add = (k: number, isTemp: boolean, started: Date, ended: Date) => {
    const name = `${firstNames[k % firstNames.length]} ${surnames[(k * 7) % surnames.length]}`;
    rows.push([
      'site',
      FULL_PERMIT_SITE,
      null,
      uniqueRegistration(FULL_SITE_REGISTRATION_BASE + k),
      name,
      isTemp,
      isTemp ? 'Temporary' : 'Permanent',
      started.toISOString(),
      ended.toISOString(),
      isTemp ? 4 : 2,
      authorisers[k % authorisers.length],
      managerId,
      addDays(started, -1).toISOString(),
    ]);
  };
  for (let k = 0; k < temporary; k++) {
    const started = addDays(day0, -(k % 5));
    add(k, true, started, addDays(started, 20 + (k % 8)));
  }
  for (let k = 0; k < permanent; k++) {
    const started = addDays(day0, -30 * (k + 1));
    add(temporary + k, false, started, plusYear(started));
  }
  for (let k = 0; k < 4; k++) {
    const ended = addDays(day0, -(2 + k * 20));
    add(temporary + permanent + k, true, addDays(ended, -14), ended);
  }
  return rows;
}

export async function insertPermits(
  session: SqlSession,
  options: { day0: Date; count: number; clerkId: string; managerId: string; receptionId: string },
): Promise<void> {
  await session.query(bulkPermitsSql(), [
    options.day0.toISOString(),
    options.count,
    options.clerkId,
    options.managerId,
    CLERK_SITE_PERMITS,
    options.receptionId,
  ]);
  await insertRows(
    session,
    'permits',
    [
      'scope',
      'site_number',
      'group_number',
      'vehicle_registration',
      'driver_name',
      'is_temp',
      'duration',
      'started',
      'ended',
      'reason',
      'authorised_by',
      'created_by',
      'created_at',
    ],
    fullSitePermits(options.day0, options.managerId),
  );
  // Each demo permit's history starts with its 'added' row, as the add service writes it.
  await session.query(
    `insert into permit_events (permit_id, kind, user_id, user_email, at)
     select p.id, 'added', p.created_by, u.email, p.created_at
     from permits p left join users u on u.id = p.created_by`,
  );
}
