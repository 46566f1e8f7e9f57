import { type Permit, ukLongDateTime, ukTime, VISITOR_CODE_MINUTES } from '@client-portal/contract';
import type { MailMessage } from '../../plugins/mail.js';
import { notificationMail } from '../notifications/index.js';

const WHY = 'You get this email because your address was given on a visitor registration page.';

/** The one-time code that confirms a visitor's registration before anything is stored. */
export function visitorCodeMail(
  to: string,
  code: string,
  siteName: string,
  registration: string,
): MailMessage {
  return notificationMail({
    to,
    subject: `Your visitor code: ${code}`,
    intro: [
      `Your code to register vehicle ${registration} at ${siteName} is ${code}.`,
      `Type it on the registration page within ${VISITOR_CODE_MINUTES} minutes. Nothing is registered until you do.`,
      'If you did not ask for this code, you can ignore this email.',
    ],
    why: WHY,
  });
}

const permitItems = (permit: Permit, siteName: string) => [
  `Reference: ${permit.reference}`,
  `Site: ${siteName}`,
  `Vehicle registration: ${permit.vehicleRegistration}`,
  `Ends: ${ukLongDateTime(permit.ended)}`,
];

/** The receipt: the proof that the vehicle was registered. */
export function visitorReceiptMail(to: string, permit: Permit, siteName: string): MailMessage {
  return notificationMail({
    to,
    subject: `Registered: ${permit.vehicleRegistration} at ${siteName} (${permit.reference})`,
    intro: [
      `Your vehicle ${permit.vehicleRegistration} is registered at ${siteName}.`,
      'Keep the reference: it is the proof that you registered. We will remind you 15 minutes before it ends.',
    ],
    items: permitItems(permit, siteName),
    why: WHY,
  });
}

/** The reminder 15 minutes before the permit ends. */
export function visitorReminderMail(
  to: string,
  registration: string,
  siteName: string,
  reference: string,
  ended: Date,
): MailMessage {
  return notificationMail({
    to,
    subject: `Your parking at ${siteName} ends at ${ukTime(ended)}`,
    intro: [
      `Your registration of ${registration} at ${siteName} (${reference}) ends on ${ukLongDateTime(ended)}.`,
      'If you need to stay longer, please ask reception before then.',
    ],
    why: WHY,
  });
}

/** A host's answer when they could not approve the visit. */
export function visitorRefusedMail(to: string, registration: string, siteName: string): MailMessage {
  return notificationMail({
    to,
    subject: `Your visitor registration at ${siteName} was not approved`,
    intro: [
      `Your registration of ${registration} at ${siteName} was not approved, so it is not registered.`,
      'Please ask reception, who can help.',
    ],
    why: WHY,
  });
}

/** While a host has yet to approve: nothing is registered yet. */
export function visitorAwaitingMail(to: string, registration: string, siteName: string): MailMessage {
  return notificationMail({
    to,
    subject: `Your visitor registration at ${siteName} is waiting for approval`,
    intro: [
      `Your registration of ${registration} at ${siteName} is waiting for your host to approve it.`,
      'We will email you when they do. Until then your vehicle is not registered.',
    ],
    why: WHY,
  });
}
