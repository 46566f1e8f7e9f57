import {
  type Permit,
  type PermitAddMode,
  ukDate,
  ukLastDayBefore,
  ukLongDateTime,
} from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import type { Mailer, MailMessage } from '../../../plugins/mail.js';
import type { Settings } from '../../../settings.js';
import type { Principal } from '../../access/index.js';
import { notificationMail } from '../../notifications/index.js';

/** A bulk add's confirmation lists this many permits; the list page holds every one. */
const CONFIRMATION_LISTED_MAX = 50;

interface PermitMailContext {
  queries: Queries;
  mailer: Mailer;
  settings: Pick<Settings, 'PUBLIC_URL'>;
}

interface PermitConfirmation {
  mode: PermitAddMode;
  permits: readonly Permit[];
  /** A single add's authoriser and, when given, the driver's address (a copy goes there). */
  authorisedBy?: string | null;
  driverEmail?: string | null;
  at: Date;
}

/** The statements of this file, built but not run: what permit-confirmation.sql shows. */
export const permitConfirmationQueries = {
  placeNames: (queries: Queries, numbers: readonly string[]) =>
    queries
      .selectFrom('sites')
      .select(['site_number as number', 'name'])
      .where((eb) => eb('site_number', '=', eb.fn.any(eb.val([...numbers]))))
      .unionAll((eb) =>
        eb
          .selectFrom('site_groups')
          .select(['group_number as number', 'name'])
          .where((eb) => eb('group_number', '=', eb.fn.any(eb.val([...numbers])))),
      ),
};

/** Site and group numbers with their names ("1001 Riverside Retail Park"). */
async function placeNames(queries: Queries, numbers: readonly string[]): Promise<Map<string, string>> {
  if (numbers.length === 0) return new Map();
  const rows = await permitConfirmationQueries.placeNames(queries, numbers).execute();
  return new Map(rows.map((r) => [r.number, `${r.number} ${r.name}`]));
}

const permitLines = (permit: Permit, place: string, authorisedBy?: string | null) => [
  `Reference: ${permit.reference}`,
  `Site: ${place}`,
  `Vehicle registration: ${permit.vehicleRegistration}`,
  `Driver name: ${permit.driverName}`,
  `Type: ${permit.isTemp ? 'Temporary' : 'Permanent'}`,
  `Start date: ${ukDate(permit.started)}`,
  `End date: ${ukLastDayBefore(permit.ended)}`,
  ...(authorisedBy ? [`Authorised by: ${authorisedBy}`] : []),
];

/**
 * The proof of registration (issue 14): the person who added permits gets a confirmation with each
 * permit's reference; a single add's driver, when an address was given, a copy without portal links.
 * Permits added with an API key are confirmed to the key's creator, naming the key (decision 43).
 */
export function permitConfirmationMails(
  confirmation: PermitConfirmation,
  adder: Pick<Principal, 'email' | 'apiKey'>,
  places: ReadonlyMap<string, string>,
  publicUrl: string,
): MailMessage[] {
  const { permits } = confirmation;
  const [first] = permits;
  if (!first) return [];
  const placeOf = (p: Permit) => places.get(p.site_SiteGroupNumber) ?? p.site_SiteGroupNumber;
  const when = ukLongDateTime(confirmation.at);
  const by = adder.apiKey ? `Your API key "${adder.apiKey.name}"` : 'You';
  const because = adder.apiKey ? `your API key "${adder.apiKey.name}"` : 'you';
  if (confirmation.mode === 'single' && permits.length === 1) {
    const details = permitLines(first, placeOf(first), confirmation.authorisedBy);
    const mails = [
      notificationMail({
        to: adder.email,
        subject: `Permit ${first.reference} added for ${first.vehicleRegistration}`,
        intro: [
          `${by} added a permit for ${first.vehicleRegistration} at ${placeOf(first)} on ${when}.`,
          'Keep its reference: it is the proof that the vehicle was registered.',
        ],
        items: details,
        link: {
          label: 'Open the permit in Client Portal',
          url: `${publicUrl}/permits/view/${first.type}/${first.permitId}`,
        },
        why: `You get this email because ${because} added this permit.`,
      }),
    ];
    if (confirmation.driverEmail) {
      mails.push(
        notificationMail({
          to: confirmation.driverEmail,
          subject: `Your parking permit ${first.reference} for ${first.vehicleRegistration}`,
          intro: [
            `A parking permit has been registered for vehicle ${first.vehicleRegistration} at ${placeOf(first)}.`,
            'Quote its reference if you are ever asked about it.',
          ],
          items: details,
          why: 'You get this email because your address was given when the permit was added; it is not kept.',
        }),
      );
    }
    return mails;
  }
  const listed = permits
    .slice(0, CONFIRMATION_LISTED_MAX)
    .map(
      (p) =>
        `${p.reference}: ${p.vehicleRegistration} at ${p.site_SiteGroupNumber}, ` +
        `${ukDate(p.started)} to ${ukLastDayBefore(p.ended)}`,
    );
  const more = permits.length - listed.length;
  return [
    notificationMail({
      to: adder.email,
      subject: `${permits.length} permits added`,
      intro: [
        `${by} added ${permits.length} permits${confirmation.mode === 'bulk' ? ' from a bulk upload' : ''} on ${when}.`,
        'Each reference is the proof that its vehicle was registered.',
      ],
      items: more > 0 ? [...listed, `and ${more} more: the permits list shows every one`] : listed,
      link: { label: 'Open permits in Client Portal', url: `${publicUrl}/permits` },
      why: `You get this email because ${because} added these permits.`,
    }),
  ];
}

/** Mails the confirmations of permits just stored (call after the add's transaction committed). */
export async function sendPermitConfirmations(
  ctx: PermitMailContext,
  adder: Pick<Principal, 'email' | 'apiKey'>,
  confirmation: PermitConfirmation,
): Promise<void> {
  const numbers = [...new Set(confirmation.permits.map((p) => p.site_SiteGroupNumber))];
  const places = await placeNames(ctx.queries, numbers.slice(0, CONFIRMATION_LISTED_MAX));
  for (const mail of permitConfirmationMails(confirmation, adder, places, ctx.settings.PUBLIC_URL)) {
    await ctx.mailer.send(mail);
  }
}
