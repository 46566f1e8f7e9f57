import {
  type Language,
  type Permit,
  ukLongDateTime,
  ukTime,
  VISITOR_CODE_MINUTES,
} from '@client-portal/contract';
import { translatorFor } from '../../i18n/index.js';
import type { MailMessage } from '../../plugins/mail.js';
import { notificationMail } from '../notifications/index.js';

/**
 * A visitor's mails, in the language of the page they registered on (decision 49: kept with the
 * registration).
 */

/** A registration's stored language ('en' or 'cy', checked by the table). */
export function languageOf(stored: string): Language {
  return stored === 'cy' ? 'cy' : 'en';
}

/** The one-time code that confirms a visitor's registration before anything is stored. */
export function visitorCodeMail(
  to: string,
  code: string,
  siteName: string,
  registration: string,
  language: Language,
): MailMessage {
  const t = translatorFor(language);
  return notificationMail({
    language,
    to,
    subject: t('mail.visitors.code.subject', { code }),
    intro: [
      t('mail.visitors.code.code', { registration, site: siteName, code }),
      t('mail.visitors.code.typeIt', { minutes: String(VISITOR_CODE_MINUTES) }),
      t('mail.visitors.code.ignore'),
    ],
    why: t('mail.visitors.why'),
  });
}

/** The receipt: the proof that the vehicle was registered. */
export function visitorReceiptMail(
  to: string,
  permit: Permit,
  siteName: string,
  language: Language,
): MailMessage {
  const t = translatorFor(language);
  const registration = permit.vehicleRegistration;
  return notificationMail({
    language,
    to,
    subject: t('mail.visitors.receipt.subject', {
      registration,
      site: siteName,
      reference: permit.reference,
    }),
    intro: [
      t('mail.visitors.receipt.registered', { registration, site: siteName }),
      t('mail.visitors.receipt.keep'),
    ],
    items: [
      t('mail.visitors.items.reference', { value: permit.reference }),
      t('mail.visitors.items.site', { value: siteName }),
      t('mail.visitors.items.registration', { value: registration }),
      t('mail.visitors.items.ends', { value: ukLongDateTime(permit.ended, language) }),
    ],
    why: t('mail.visitors.why'),
  });
}

/** The reminder 15 minutes before the permit ends. */
export function visitorReminderMail(
  to: string,
  registration: string,
  siteName: string,
  reference: string,
  ended: Date,
  language: Language,
): MailMessage {
  const t = translatorFor(language);
  return notificationMail({
    language,
    to,
    subject: t('mail.visitors.reminder.subject', { site: siteName, time: ukTime(ended) }),
    intro: [
      t('mail.visitors.reminder.ends', {
        registration,
        site: siteName,
        reference,
        when: ukLongDateTime(ended, language),
      }),
      t('mail.visitors.reminder.longer'),
    ],
    why: t('mail.visitors.why'),
  });
}

/** A host's answer when they could not approve the visit. */
export function visitorRefusedMail(
  to: string,
  registration: string,
  siteName: string,
  language: Language,
): MailMessage {
  const t = translatorFor(language);
  return notificationMail({
    language,
    to,
    subject: t('mail.visitors.refused.subject', { site: siteName }),
    intro: [
      t('mail.visitors.refused.refused', { registration, site: siteName }),
      t('mail.visitors.refused.ask'),
    ],
    why: t('mail.visitors.why'),
  });
}

/** While a host has yet to approve: nothing is registered yet. */
export function visitorAwaitingMail(
  to: string,
  registration: string,
  siteName: string,
  language: Language,
): MailMessage {
  const t = translatorFor(language);
  return notificationMail({
    language,
    to,
    subject: t('mail.visitors.awaiting.subject', { site: siteName }),
    intro: [
      t('mail.visitors.awaiting.waiting', { registration, site: siteName }),
      t('mail.visitors.awaiting.until'),
    ],
    why: t('mail.visitors.why'),
  });
}
