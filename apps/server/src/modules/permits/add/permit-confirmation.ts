import {
  type Language,
  type Permit,
  type PermitAddMode,
  ukDate,
  ukLastDayBefore,
  ukLongDateTime,
} from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { type Translate, translatorFor } from '../../../i18n/index.js';
import { inRecipientLanguage } from '../../../plugins/bilingual-mail.js';
import type { Mailer, MailMessage } from '../../../plugins/mail.js';
import type { Settings } from '../../../settings.js';
import type { Principal } from '../../access/index.js';
import { languageOfAddress } from '../../identity/index.js';
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

const permitLines = (t: Translate, permit: Permit, place: string, authorisedBy?: string | null) => [
  t('mail.permits.items.reference', { value: permit.reference }),
  t('mail.permits.items.site', { value: place }),
  t('mail.permits.items.registration', { value: permit.vehicleRegistration }),
  t('mail.permits.items.driverName', { value: permit.driverName }),
  t('mail.permits.items.type', {
    value: permit.isTemp ? t('mail.permits.items.temporary') : t('mail.permits.items.permanent'),
  }),
  t('mail.permits.items.startDate', { value: ukDate(permit.started) }),
  t('mail.permits.items.endDate', { value: ukLastDayBefore(permit.ended) }),
  ...(authorisedBy ? [t('mail.permits.items.authorisedBy', { value: authorisedBy })] : []),
];

/**
 * The proof of registration (issue 14): the person who added permits gets a confirmation with each
 * permit's reference; a single add's driver, when an address was given, a copy without portal links.
 * Permits added with an API key are confirmed to the key's creator, naming the key (decision 43).
 * Each goes out in its recipient's language (decision 49): the adder's recorded one; the driver, who
 * has no account, gets theirs in the adder's.
 */
export function permitConfirmationMails(
  confirmation: PermitConfirmation,
  adder: Pick<Principal, 'email' | 'apiKey'>,
  places: ReadonlyMap<string, string>,
  publicUrl: string,
  language: Language = 'en',
): MailMessage[] {
  const { permits } = confirmation;
  const [first] = permits;
  if (!first) return [];
  const t = translatorFor(language);
  const product = t('mail.product');
  const placeOf = (p: Permit) => places.get(p.site_SiteGroupNumber) ?? p.site_SiteGroupNumber;
  const when = ukLongDateTime(confirmation.at, language);
  const key = adder.apiKey?.name;
  if (confirmation.mode === 'single' && permits.length === 1) {
    const details = permitLines(t, first, placeOf(first), confirmation.authorisedBy);
    const added = { registration: first.vehicleRegistration, site: placeOf(first), when };
    const mails = [
      notificationMail({
        language,
        to: adder.email,
        subject: t('mail.permits.single.subject', {
          reference: first.reference,
          registration: first.vehicleRegistration,
        }),
        intro: [
          key
            ? t('mail.permits.single.addedByKey', { ...added, key })
            : t('mail.permits.single.addedByYou', added),
          t('mail.permits.single.keep'),
        ],
        items: details,
        link: {
          label: t('mail.permits.single.link', { product }),
          url: `${publicUrl}/permits/view/${first.type}/${first.permitId}`,
        },
        why: key ? t('mail.permits.single.whyKey', { key }) : t('mail.permits.single.whyYou'),
      }),
    ];
    if (confirmation.driverEmail) {
      mails.push(
        notificationMail({
          language,
          to: confirmation.driverEmail,
          subject: t('mail.permits.driver.subject', {
            reference: first.reference,
            registration: first.vehicleRegistration,
          }),
          intro: [
            t('mail.permits.driver.registered', {
              registration: first.vehicleRegistration,
              site: placeOf(first),
            }),
            t('mail.permits.driver.quote'),
          ],
          items: details,
          why: t('mail.permits.driver.why'),
        }),
      );
    }
    return mails;
  }
  const listed = permits.slice(0, CONFIRMATION_LISTED_MAX).map((p) =>
    t('mail.permits.several.line', {
      reference: p.reference,
      registration: p.vehicleRegistration,
      site: p.site_SiteGroupNumber,
      from: ukDate(p.started),
      to: ukLastDayBefore(p.ended),
    }),
  );
  const more = permits.length - listed.length;
  const count = permits.length;
  return [
    notificationMail({
      language,
      to: adder.email,
      subject: t('mail.permits.several.subject', { count }),
      intro: [
        key
          ? t('mail.permits.several.addedByKey', { count, key, when })
          : t('mail.permits.several.addedByYou', { count, when }),
        ...(confirmation.mode === 'bulk' ? [t('mail.permits.several.fromUpload')] : []),
        t('mail.permits.several.proof'),
      ],
      items: more > 0 ? [...listed, t('mail.permits.several.more', { count: more })] : listed,
      link: { label: t('mail.permits.several.link', { product }), url: `${publicUrl}/permits` },
      why: key ? t('mail.permits.several.whyKey', { key }) : t('mail.permits.several.whyYou'),
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
  const language = await languageOfAddress(ctx.queries, adder.email);
  const mailsIn = (l: Language) =>
    permitConfirmationMails(confirmation, adder, places, ctx.settings.PUBLIC_URL, l);
  // Each mail in the adder's language, or both languages in one message while it is not recorded.
  const mails = mailsIn('en').map((_, index) => inRecipientLanguage(language, (l) => mailsIn(l)[index]!));
  for (const mail of mails) await ctx.mailer.send(mail);
}
