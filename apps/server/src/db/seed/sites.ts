import type { SqlSession } from '../client.js';
import { insertRows } from './sql.js';

interface DemoCompany {
  name: string;
  /** Parking charge amounts at this company's sites, in pence. */
  fullAmountPence: number;
  reducedAmountPence: number;
}

export const companies = [
  { name: 'Acme Retail Parks Ltd', fullAmountPence: 10_000, reducedAmountPence: 6_000 },
  { name: 'Bolt Healthcare NHS Trust', fullAmountPence: 7_000, reducedAmountPence: 4_000 },
  { name: 'Civic Housing Partnership', fullAmountPence: 8_500, reducedAmountPence: 5_000 },
  { name: 'Coastline Leisure Group', fullAmountPence: 10_000, reducedAmountPence: 6_000 },
] as const satisfies readonly DemoCompany[];

type CompanyName = (typeof companies)[number]['name'];

interface DemoSite {
  number: string;
  name: string;
  company: CompanyName;
  allowsReductions: boolean;
  /** Monthly ticket allowances; null = unlimited. */
  cancellations: number | null;
  reductions: number | null;
}

const ACME: CompanyName = 'Acme Retail Parks Ltd';
const BOLT: CompanyName = 'Bolt Healthcare NHS Trust';
const CIVIC: CompanyName = 'Civic Housing Partnership';
const COAST: CompanyName = 'Coastline Leisure Group';

function site(
  number: string,
  name: string,
  company: CompanyName,
  cancellations: number | null,
  reductions: number | null,
  allowsReductions = true,
): DemoSite {
  return { number, name, company, allowsReductions, cancellations, reductions };
}

/** The site of the clerk demo accounts: plenty of permits and recent open tickets. */
export const CLERK_SITE = '1001';
/** Its monthly cancellation and reduction allowances are used up by this month's seeded actions. */
export const ALLOWANCE_USED_UP_SITE = '1003';
/** Does not allow reductions: a reduce is refused with SiteInvalid. */
export const NO_REDUCTIONS_SITE = '1004';
/** Its small permit allowances are already full of current permits. */
export const FULL_PERMIT_SITE = '1005';

export const sites: readonly DemoSite[] = [
  site('1001', 'Riverside Retail Park', ACME, 40, 25),
  site('1002', 'Kingsway Shopping Park', ACME, null, null),
  site('1003', 'Castlegate Retail Park', ACME, 3, 2),
  site('1004', 'Abbey Fields Shopping Centre', ACME, 20, null, false),
  site('1005', 'Thornbury Retail Park', ACME, 15, 10),
  site('1006', 'Harbour Point Retail Park', ACME, null, 10),
  site('1007', 'Westgate Shopping Park', ACME, 30, 20),
  site('1008', 'Oakwood Retail Park', ACME, null, null),
  site('1009', 'Millbrook Shopping Park', ACME, 10, 5),
  site('1010', 'Beacon Hill Retail Park', ACME, 25, 25),
  site('1011', 'Stag Lane Retail Park', ACME, null, null, false),
  site('1012', 'Greenway Retail Park', ACME, 12, 8),
  site('1013', 'Victoria Wharf Retail Park', ACME, 50, 30),
  site('1014', 'Station Road Retail Park', ACME, null, 15),
  site('2001', "St Mary's Hospital Car Park A", BOLT, null, null),
  site('2002', "St Mary's Hospital Car Park B", BOLT, 30, 20),
  site('2003', "St Mary's Hospital Multi-Storey", BOLT, 20, null, false),
  site('2004', 'Royal Infirmary Visitor Car Park', BOLT, null, 20),
  site('2005', 'Royal Infirmary Staff Car Park', BOLT, 10, 5, false),
  site('2006', 'Northgate Community Hospital', BOLT, 8, 4),
  site('2007', 'Queen Elizabeth Hospital Car Park A', BOLT, null, null),
  site('2008', 'Queen Elizabeth Hospital Car Park B', BOLT, 25, 15),
  site('2009', 'Eastfield Health Centre', BOLT, 5, 3),
  site('2010', 'Ashby Road Clinic', BOLT, 6, 2),
  site('2011', 'Brookside Health Centre', BOLT, null, null),
  site('2012', 'Willow Lane Maternity Unit', BOLT, 15, 10),
  site('2013', 'Hillcrest Rehabilitation Centre', BOLT, 4, 4, false),
  site('2014', 'Riverbank Dental Hospital', BOLT, null, 6),
  site('3001', "Canal Street Residents' Car Park", CIVIC, 10, 10),
  site('3002', 'Elm Court Residents Parking', CIVIC, null, null),
  site('3003', 'Foxglove Estate Car Park', CIVIC, 5, null, false),
  site('3004', 'Harrow Green Estate', CIVIC, 8, 8),
  site('3005', 'Lime Tree Court', CIVIC, null, 4),
  site('3006', 'Marlowe House Car Park', CIVIC, 3, 3),
  site('3007', 'Orchard Rise Estate', CIVIC, null, null, false),
  site('3008', 'Primrose Gardens', CIVIC, 12, 6),
  site('4001', 'Lakeside Leisure Centre', COAST, null, null),
  site('4002', 'Seafront Car Park North', COAST, 40, 30),
  site('4003', 'Seafront Car Park South', COAST, 40, 30),
  site('4004', 'Pier Approach Car Park', COAST, 20, 10),
  site('4005', 'Castle Gardens Car Park', COAST, null, 12),
  site('4006', 'Moorland Visitor Centre', COAST, 6, null, false),
];

interface DemoSiteGroup {
  number: string;
  name: string;
  company: CompanyName;
  sites: readonly string[];
}

export const siteGroups: readonly DemoSiteGroup[] = [
  {
    number: 'SG01',
    name: 'Acme North West',
    company: ACME,
    sites: ['1001', '1002', '1003', '1004', '1005', '1006'],
  },
  {
    number: 'SG02',
    name: "St Mary's and Royal Infirmary",
    company: BOLT,
    sites: ['2001', '2002', '2003', '2004', '2005', '2006'],
  },
  {
    number: 'SG03',
    name: 'Acme Southern Parks',
    company: ACME,
    sites: ['1007', '1008', '1009', '1010', '1011', '1012'],
  },
  { number: 'SG04', name: 'Queen Elizabeth Campus', company: BOLT, sites: ['2007', '2008', '2009', '2010'] },
  {
    number: 'SG05',
    name: 'Civic Central Estates',
    company: CIVIC,
    sites: ['3001', '3002', '3003', '3004', '3005'],
  },
  { number: 'SG06', name: 'Coastline Seafront', company: COAST, sites: ['4002', '4003', '4004'] },
];

/** Caps on current + upcoming permits of each kind; a site or group not listed is unlimited. */
export const permitAllowances: readonly {
  number: string;
  temporary: number | null;
  permanent: number | null;
}[] = [
  { number: CLERK_SITE, temporary: 500, permanent: 800 },
  { number: '1002', temporary: 300, permanent: 600 },
  { number: FULL_PERMIT_SITE, temporary: 10, permanent: 5 },
  { number: '1007', temporary: null, permanent: 400 },
  { number: '2001', temporary: 400, permanent: null },
  { number: '2004', temporary: 250, permanent: 500 },
  { number: '3001', temporary: 200, permanent: 200 },
  { number: 'SG01', temporary: null, permanent: null },
  { number: 'SG02', temporary: 300, permanent: 500 },
  { number: 'SG05', temporary: 150, permanent: null },
];

export function siteByNumber(number: string): DemoSite {
  const found = sites.find((s) => s.number === number);
  if (!found) throw new Error(`No demo site ${number}`);
  return found;
}

export function companyOf(siteNumber: string): DemoCompany {
  const name = siteByNumber(siteNumber).company;
  return companies.find((c) => c.name === name) as DemoCompany;
}

export async function insertSites(session: SqlSession): Promise<void> {
  const companyIds = new Map<string, number>();
  for (const company of companies) {
    const { rows } = await session.query<{ id: number }>(
      'insert into client_companies (name) values ($1) returning id',
      [company.name],
    );
    companyIds.set(company.name, rows[0]!.id);
  }
  await insertRows(
    session,
    'sites',
    [
      'site_number',
      'name',
      'company_id',
      'allows_reductions',
      'cancellation_allowance',
      'reduction_allowance',
    ],
    sites.map((s) => [
      s.number,
      s.name,
      companyIds.get(s.company),
      s.allowsReductions,
      s.cancellations,
      s.reductions,
    ]),
  );
  await insertRows(
    session,
    'site_groups',
    ['group_number', 'name', 'company_id'],
    siteGroups.map((g) => [g.number, g.name, companyIds.get(g.company)]),
  );
  await insertRows(
    session,
    'site_group_members',
    ['group_number', 'site_number'],
    siteGroups.flatMap((g) => g.sites.map((s) => [g.number, s])),
  );
  await insertRows(
    session,
    'permit_allowances',
    ['site_or_group_number', 'temporary_allowance', 'permanent_allowance'],
    permitAllowances.map((a) => [a.number, a.temporary, a.permanent]),
  );
}
