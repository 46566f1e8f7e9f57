import type { SqlSession } from '../client.js';
import { addDays } from './dates.js';
import { insertRows } from './sql.js';
import { TICKET_REDUCE_DAYS } from './tickets.js';

const newsDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);

/** Default application settings; an administrator changes them later from the settings pages. */
function defaultConfig(day0: Date): Record<string, string> {
  return {
    WelcomeMessage: 'Welcome to Client Portal',
    LatestNewsMessageHeading: 'Contactless payment now at every car park',
    LatestNewsMessageDate: newsDate(addDays(day0, -6)),
    LatestNewsMessageBody:
      'Drivers can now pay by contactless card or the app at every site we operate. Permit holders are not ' +
      'affected. Monthly transaction reports in Invoicing now show the payment method of each stay.',
    LatestNewsMessageUrl: 'https://www.example.com/news/contactless-payment',
    PermanentPermitYears: '1',
    PermitExpiredDays: '7',
    TicketReduceDays: String(TICKET_REDUCE_DAYS),
  };
}

export async function insertConfig(session: SqlSession, day0: Date): Promise<void> {
  await insertRows(
    session,
    'app_config',
    ['key', 'value', 'updated_at'],
    Object.entries(defaultConfig(day0)).map(([key, value]) => [key, value, addDays(day0, -6).toISOString()]),
    'on conflict (key) do nothing',
  );
}
