import type { SqlSession } from '../client.js';
import { addDays, addMinutes, isoDate } from './dates.js';
import { createRandom, sqlHash } from './random.js';
import { REGISTRATION_SPACE, registrationFromCode, sqlRegistrationFromCode } from './registrations.js';
import {
  ALLOWANCE_USED_UP_SITE,
  CLERK_SITE,
  companies,
  companyOf,
  NO_REDUCTIONS_SITE,
  siteByNumber,
  siteGroups,
  sites,
} from './sites.js';
import { insertRows } from './sql.js';
import { demoUserId } from './users.js';

export const DEFAULT_TICKET_COUNT = 2_400;

/** What the demo's tickets were issued for (the hand-made ones keep the column's default). */
const contraventions = [
  'Parked without a valid permit or ticket',
  'Overstayed the time paid for',
  'Parked outside a marked bay',
  'Parked in a permit holders only area',
  'Parked in a disabled bay without a Blue Badge',
] as const;
export const TICKET_REDUCE_DAYS = 14;

type Status =
  | 'open'
  | 'paid'
  | 'cancelled'
  | 'settled'
  | 'popla'
  | 'secondReminder'
  | 'debtRecovery'
  | 'court';

interface ShowcaseTicket {
  number: string;
  site: string;
  daysAgo: number;
  status: Status;
}

const showcase = (
  first: number,
  site: string,
  daysAgo: number[],
  status: Status = 'open',
): ShowcaseTicket[] =>
  daysAgo.map((d, k) => ({ number: `PCN${10_000_000 + first + k}`, site, daysAgo: d, status }));

/** Hand-made tickets the README names: each shows one answer of the cancel and reduce flows. */
const showcaseTickets: readonly ShowcaseTicket[] = [
  ...showcase(1, CLERK_SITE, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
  ...showcase(13, CLERK_SITE, [10], 'paid'),
  ...showcase(14, CLERK_SITE, [45]),
  ...showcase(15, CLERK_SITE, [20], 'cancelled'),
  ...showcase(16, NO_REDUCTIONS_SITE, [3]),
  ...showcase(17, ALLOWANCE_USED_UP_SITE, [2, 5]),
  ...showcase(19, CLERK_SITE, [60], 'popla'),
  ...showcase(20, CLERK_SITE, [40], 'secondReminder'),
  ...showcase(21, '2001', [1, 2, 3, 4, 5]),
];

export const showcaseNumbers = {
  openAtClerkSite: showcaseTickets
    .filter((t) => t.site === CLERK_SITE && t.status === 'open' && t.daysAgo <= 28)
    .map((t) => t.number),
  paid: 'PCN10000013',
  tooOld: 'PCN10000014',
  cancelled: 'PCN10000015',
  reductionsNotAllowed: 'PCN10000016',
  allowanceUsedUp: ['PCN10000017', 'PCN10000018'],
  popla: 'PCN10000019',
  secondReminder: 'PCN10000020',
  openAtBolt: ['PCN10000021', 'PCN10000022', 'PCN10000023', 'PCN10000024', 'PCN10000025'],
};

/**
 * Cancels and reductions made earlier this calendar month, counted against the monthly allowances.
 * The used-up site gets exactly its allowances; bulk history actions all fall before this month.
 */
const usedUp = siteByNumber(ALLOWANCE_USED_UP_SITE);
const thisMonthActions: readonly { site: string; cancels: number; reductions: number }[] = [
  { site: CLERK_SITE, cancels: 4, reductions: 3 },
  { site: '1002', cancels: 2, reductions: 1 },
  { site: ALLOWANCE_USED_UP_SITE, cancels: usedUp.cancellations ?? 0, reductions: usedUp.reductions ?? 0 },
  { site: '1006', cancels: 1, reductions: 2 },
  { site: '1007', cancels: 2, reductions: 1 },
  { site: '2001', cancels: 3, reductions: 2 },
  { site: '2002', cancels: 1, reductions: 1 },
  { site: '3001', cancels: 2, reductions: 0 },
  { site: '4002', cancels: 1, reductions: 1 },
];

const groupManagers: Record<string, string> = {
  SG01: 'manager@acme.example',
  SG02: 'manager@bolt.example',
  SG03: 'priya.patel@acme.example',
  SG04: 'chloe.walker@bolt.example',
  SG05: 'manager@civic.example',
  SG06: 'sophie.turner@coastline.example',
};

/** Who pressed the button: the clerk cancels at their own site, else the site's group manager or an admin. */
function actorFor(site: string, action: 'Cancel' | 'Pay'): string {
  if (site === CLERK_SITE && action === 'Cancel') return demoUserId('clerk@acme.example');
  const group = siteGroups.find((g) => g.sites.includes(site));
  return demoUserId((group && groupManagers[group.number]) ?? 'admin@operator.example');
}

type TicketRow = [string, string, string, string, string, number, number, Status, string | null];
type ActionRow = [string, string, 'Cancel' | 'Pay', string, string];

function handMadeTickets(
  today: Date,
  day0: Date,
  monthStart: Date,
): { tickets: TicketRow[]; actions: ActionRow[] } {
  const random = createRandom(7_340_021);
  const tickets: TicketRow[] = [];
  const actions: ActionRow[] = [];
  const registration = () => registrationFromCode(random.int(0, REGISTRATION_SPACE - 1));
  const ticket = (
    number: string,
    site: string,
    issued: Date,
    status: Status,
    reducedUntil: string | null,
  ) => {
    const company = companyOf(site);
    const violated = addMinutes(issued, -random.int(1 * 24 * 60, 5 * 24 * 60));
    tickets.push([
      number,
      site,
      registration(),
      violated.toISOString(),
      issued.toISOString(),
      company.fullAmountPence,
      company.reducedAmountPence,
      status,
      reducedUntil,
    ]);
  };

  showcaseTickets.forEach((t, k) => {
    const issued = addMinutes(addDays(day0, -t.daysAgo), 9 * 60 + 30 + k * 7);
    ticket(t.number, t.site, issued, t.status, null);
    if (t.status === 'cancelled') {
      actions.push([
        t.number,
        t.site,
        'Cancel',
        actorFor(t.site, 'Cancel'),
        addDays(issued, 1).toISOString(),
      ]);
    }
  });

  // Spread between the start of the month and `today`, so they always fall in this calendar month.
  const elapsed = today.getTime() - monthStart.getTime();
  let serial = 30_000_001;
  for (const entry of thisMonthActions) {
    const site = siteByNumber(entry.site);
    if (entry.reductions > 0 && !site.allowsReductions)
      throw new Error(`Site ${site.number} allows no reductions`);
    const kinds: ('Cancel' | 'Pay')[] = [
      ...Array<'Cancel'>(entry.cancels).fill('Cancel'),
      ...Array<'Pay'>(entry.reductions).fill('Pay'),
    ];
    for (const action of kinds) {
      const number = `PCN${serial++}`;
      const actionAt = new Date(monthStart.getTime() + Math.floor(elapsed * (0.05 + 0.9 * random.next())));
      const issued = addMinutes(actionAt, -random.int(6 * 60, 10 * 24 * 60));
      const reducedUntil = action === 'Pay' ? isoDate(addDays(actionAt, TICKET_REDUCE_DAYS)) : null;
      ticket(number, site.number, issued, action === 'Cancel' ? 'cancelled' : 'open', reducedUntil);
      actions.push([number, site.number, action, actorFor(site.number, action), actionAt.toISOString()]);
    }
  }
  return { tickets, actions };
}

/**
 * Bulk tickets issued 1-120 days before day0, half of them at Acme sites. Status follows age; cancels and
 * reductions are only chosen where the action (1 hour to 27 days after issue) can fall before this month.
 */
function bulkTicketPlanSql(): string {
  const acme = sites.filter((s) => s.company === companies[0].name);
  const ordered = [...acme, ...sites.filter((s) => s.company !== companies[0].name)];
  const values = ordered
    .map((s, idx) => {
      const company = companyOf(s.number);
      return `(${idx}, '${s.number}', ${company.fullAmountPence}, ${company.reducedAmountPence}, ${s.allowsReductions}, '${actorFor(s.number, 'Cancel')}'::uuid, '${actorFor(s.number, 'Pay')}'::uuid)`;
    })
    .join(', ');
  const h = (salt: string) => sqlHash(salt, 'i::text');
  return `
    create temp table seed_ticket_plan on commit drop as
    select row_number() over (order by issue_date, i) as rn, planned.*,
      case when wanted_status in ('cancelled', 'reducedOpen', 'reducedPaid') then issue_date
        + (1 + hf % least(27 * 24, floor(extract(epoch from $2::timestamptz - issue_date) / 3600)::int - 1))
        * interval '1 hour' end as action_at
    from (
      select i, site_number, full_amount, reduced_amount, cancel_actor, pay_actor, issue_date, hf,
        issue_date - (1440 + he % 7200) * interval '1 minute' as violation_date,
        ${sqlRegistrationFromCode('code')} as registration,
        case
          when wanted in ('cancelled', 'reducedOpen', 'reducedPaid') and issue_date + interval '1 day' >= $2::timestamptz
            then case when age < 28 then 'open' else 'paid' end
          when wanted in ('reducedOpen', 'reducedPaid') and not allows_reductions
            then case when age < 28 then 'open' else 'paid' end
          else wanted
        end as wanted_status
      from (
        select raw.*,
          $1::timestamptz - (age + 1) * interval '1 day' + (480 + hc % 600) * interval '1 minute' as issue_date,
          case
            when age < 28 then case when r < 15 then 'paid' when r < 25 then 'cancelled'
              when r < 30 then 'reducedOpen' else 'open' end
            when age < 56 then case when r < 35 then 'paid' when r < 45 then 'settled'
              when r < 60 then 'secondReminder' when r < 68 then 'popla' when r < 78 then 'cancelled'
              when r < 84 then 'reducedOpen' when r < 90 then 'reducedPaid' else 'open' end
            else case when r < 35 then 'paid' when r < 45 then 'settled' when r < 53 then 'secondReminder'
              when r < 58 then 'popla' when r < 68 then 'cancelled' when r < 72 then 'reducedOpen'
              when r < 77 then 'reducedPaid' when r < 90 or age < 84 then 'debtRecovery' else 'court' end
          end as wanted
        from (
          select i, hc, he, hf, hr % ${REGISTRATION_SPACE} as code, (ha % 120)::int as age, hd % 100 as r, s.*
          from generate_series(1, $3::int) i
          cross join lateral (
            select ${h('ta')} as ha, ${h('tb')} as hb, ${h('tc')} as hc, ${h('td')} as hd,
              ${h('te')} as he, ${h('tf')} as hf, ${h('tr')} as hr
          ) hashes
          join (values ${values}) s(idx, site_number, full_amount, reduced_amount, allows_reductions,
            cancel_actor, pay_actor)
            on s.idx = case when i % 2 = 0 then hb % ${acme.length} else hb % ${ordered.length} end
        ) raw
      ) chosen
    ) planned`;
}

export async function insertTickets(
  session: SqlSession,
  options: { today: Date; day0: Date; monthStart: Date; count: number },
): Promise<void> {
  const handMade = handMadeTickets(options.today, options.day0, options.monthStart);
  const ticketColumns = [
    'ticket_number',
    'site_number',
    'vehicle_registration',
    'violation_date',
    'issue_date',
    'full_amount_pence',
    'reduced_amount_pence',
    'status',
    'reduced_until',
  ];
  const actionColumns = ['ticket_number', 'site_number', 'action', 'user_id', 'action_at'];
  await insertRows(session, 'tickets', ticketColumns, handMade.tickets);
  await insertRows(session, 'ticket_actions', actionColumns, handMade.actions);

  await session.query(bulkTicketPlanSql(), [
    options.day0.toISOString(),
    options.monthStart.toISOString(),
    options.count,
  ]);
  await session.exec(`
    insert into tickets (${ticketColumns.join(', ')}, contravention)
    select 'PCN' || (20000000 + rn), site_number, registration, violation_date, issue_date, full_amount,
      reduced_amount,
      case wanted_status when 'reducedOpen' then 'open' when 'reducedPaid' then 'paid' else wanted_status end,
      case when wanted_status in ('reducedOpen', 'reducedPaid')
        then ((action_at + interval '${TICKET_REDUCE_DAYS} days')::date) end,
      (array[${contraventions.map((c) => `'${c}'`).join(', ')}])[1 + rn % ${contraventions.length}]
    from seed_ticket_plan order by rn;
    insert into ticket_actions (${actionColumns.join(', ')})
    select 'PCN' || (20000000 + rn), site_number,
      case when wanted_status = 'cancelled' then 'Cancel' else 'Pay' end,
      case when wanted_status = 'cancelled' then cancel_actor else pay_actor end,
      action_at
    from seed_ticket_plan where wanted_status in ('cancelled', 'reducedOpen', 'reducedPaid') order by action_at, rn;
    drop table seed_ticket_plan;`);
}
