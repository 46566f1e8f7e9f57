import { z } from 'zod';
import {
  DRIVER_NAME_MAX,
  EMAIL_MAX,
  TEMPORARY_PERMIT_MAX_DAYS,
  VEHICLE_REGISTRATION_MAX,
} from './constants.js';
import { languageSchema } from './identity.js';
import { pageQuerySchema, pageSchema } from './paging.js';
import { PERSON_NAME_PATTERN, REGISTRATION_PATTERN } from './permit-add.js';
import { normaliseRegistration } from './permits.js';
import { ruleIssue, text, typeRule } from './rules.js';
import { siteNumberPattern } from './sites.js';
import { isIsoDay, isoDaySchema, ukToday } from './uk-days.js';

/**
 * Visitors register their own car (issue 27, decision 47): a site's visitor link (a page and its QR
 * poster) lets a visitor add a temporary permit there, confirmed by a code e-mailed to them or shown
 * on the reception kiosk. Staff make the links; the public page learns nothing but the link's own words.
 */
export const VISITOR_LINK_NAME_MAX = 60;
export const VISITOR_HOURS_MAX = 24;
/** A housing guest's stay: at most as long as any temporary permit. */
export const VISITOR_DAYS_MAX = TEMPORARY_PERMIT_MAX_DAYS;
export const VISITOR_DAILY_CAP_MAX = 10_000;
/** A visitor's code: six digits, good for this many minutes and this many tries. */
export const VISITOR_CODE_LENGTH = 6;
export const VISITOR_CODE_MINUTES = 15;
export const VISITOR_CODE_TRIES = 5;
/** The reminder goes this many minutes before the permit ends. */
export const VISITOR_REMINDER_MINUTES = 15;

export const visitorDurationKinds = ['endOfDay', 'hours', 'days'] as const;
export type VisitorDurationKind = (typeof visitorDurationKinds)[number];

const amountField = z.number(typeRule).int('wholeNumber').nullish();

/**
 * POST /permits/visitor-links (with `site`) and PUT /permits/visitor-links/{id} (without): the link's
 * name, whether it is on, the last UK day it works (none: no expiry; `tooEarly` before today), how
 * long its permits last (`outOfRange` for hours outside 1-24 or days outside 1-28; none for endOfDay),
 * its daily cap (1-10,000) and whether a host approves each visitor.
 */
const visitorLinkFields = z.object({
  name: text().trim().min(1, 'required').max(VISITOR_LINK_NAME_MAX, 'maxLength'),
  enabled: z.boolean(typeRule),
  expiresOn: z
    .union([text().pipe(isoDaySchema), z.literal(''), z.null()])
    .optional()
    .transform((v) => v || null),
  durationKind: z.enum(visitorDurationKinds, 'oneOf'),
  durationAmount: amountField,
  dailyCap: z.number(typeRule).int('wholeNumber').min(1, 'tooSmall').max(VISITOR_DAILY_CAP_MAX, 'tooLarge'),
  hostApproval: z.boolean(typeRule),
});

function checkLinkRules(
  value: { durationKind: VisitorDurationKind; durationAmount?: number | null; expiresOn: string | null },
  ctx: z.RefinementCtx,
) {
  const { durationKind, durationAmount, expiresOn } = value;
  if (durationKind !== 'endOfDay') {
    const max = durationKind === 'hours' ? VISITOR_HOURS_MAX : VISITOR_DAYS_MAX;
    if (durationAmount == null) ctx.addIssue(ruleIssue(['durationAmount'], 'required', { min: 1, max }));
    else if (durationAmount < 1 || durationAmount > max)
      ctx.addIssue(ruleIssue(['durationAmount'], 'outOfRange', { min: 1, max }));
  }
  if (expiresOn && isIsoDay(expiresOn) && expiresOn < ukToday()) {
    ctx.addIssue(ruleIssue(['expiresOn'], 'tooEarly', { min: ukToday() }));
  }
}

export const visitorLinkUpdateSchema = visitorLinkFields.superRefine(checkLinkRules).transform((v) => ({
  ...v,
  durationAmount: v.durationKind === 'endOfDay' ? null : (v.durationAmount ?? null),
}));
export type VisitorLinkUpdate = z.input<typeof visitorLinkUpdateSchema>;

export const visitorLinkInputSchema = visitorLinkFields
  .extend({ site: text().min(1, 'required').regex(siteNumberPattern, 'pattern') })
  .superRefine(checkLinkRules)
  .transform((v) => ({
    ...v,
    durationAmount: v.durationKind === 'endOfDay' ? null : (v.durationAmount ?? null),
  }));
export type VisitorLinkInput = z.input<typeof visitorLinkInputSchema>;

export const visitorLinkStates = ['on', 'off', 'expired'] as const;
export type VisitorLinkState = (typeof visitorLinkStates)[number];

/** One link as staff see it: its settings, where its pages are and how many visitors it took today. */
export const visitorLinkSchema = z.object({
  id: z.number().int(),
  site: z.string(),
  siteName: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** The last UK day it works, or null. */
  expiresOn: z.string().nullable(),
  durationKind: z.enum(visitorDurationKinds),
  durationAmount: z.number().int().nullable(),
  dailyCap: z.number().int(),
  hostApproval: z.boolean(),
  state: z.enum(visitorLinkStates),
  /** The public page's address (what the poster's QR code holds). */
  publicUrl: z.string(),
  /** The reception kiosk's address: for a tablet staff set up, never on a poster. */
  kioskUrl: z.string(),
  /** Visitor permits it added today (UK day), against its daily cap. */
  usedToday: z.number().int(),
  /** Visitors waiting for a host's approval. */
  awaitingApproval: z.number().int(),
});
export type VisitorLink = z.infer<typeof visitorLinkSchema>;

/** GET /permits/visitor-links: one page of links, by name (decision 8). */
export const visitorLinkPageSchema = pageSchema(visitorLinkSchema);
export type VisitorLinkPage = z.infer<typeof visitorLinkPageSchema>;
export const visitorLinkIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
/**
 * GET /permits/visitor-links: the links the caller may manage, or one site's, a page at a time by
 * name (A to Z unless `direction=desc`); the list's state in the page's address (decision 28).
 */
export const visitorLinkListQuerySchema = pageQuerySchema(['name']).extend({
  site: z.string().regex(siteNumberPattern).optional(),
});
export type VisitorLinkListQuery = z.output<typeof visitorLinkListQuerySchema>;

/**
 * GET /permits/visitor-summary: the dashboard's visitor figures over the links the caller manages
 * (issue 27, "staff see it all"): how many links, visitor permits added today (UK day) and running
 * now (neither cancelled), and visitors waiting for a host.
 */
export const visitorSummarySchema = z.object({
  links: z.number().int(),
  today: z.number().int(),
  active: z.number().int(),
  awaiting: z.number().int(),
});
export type VisitorSummary = z.infer<typeof visitorSummarySchema>;

/** GET /permits/visitor-links/{id}/poster: the QR code of the public page, made on the server. */
export const visitorLinkPosterSchema = z.object({
  link: visitorLinkSchema,
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});

// ---- The public page ---------------------------------------------------------------------------

export const visitTokenParamsSchema = z.object({ token: z.string().min(1).max(64) });

/** Why a link takes no visitors now: turned off, past its last day, or today's places are taken. */
export const visitClosedReasons = ['off', 'expired', 'full'] as const;

/** GET /public/visit/{token}: only the link's own words, never anything about other visitors. */
export const visitLinkInfoSchema = z.object({
  /** The car park's number, as on its signs: the page links to its privacy notice (decision 54). */
  site: z.string(),
  siteName: z.string(),
  linkName: z.string(),
  /** How long a permit lasts: the page words it in its own language (decision 53). */
  durationKind: z.enum(visitorDurationKinds),
  durationAmount: z.number().int().nullable(),
  /** When a permit made now would end. */
  endsAt: z.iso.datetime({ offset: true }),
  hostApproval: z.boolean(),
  open: z.boolean(),
  closedReason: z.enum(visitClosedReasons).nullable(),
  /** What to do instead when closed, in plain words. */
  message: z.string().nullable(),
  /** The kiosk key given was right: no e-mail is needed. */
  kiosk: z.boolean(),
});
export type VisitLinkInfo = z.infer<typeof visitLinkInfoSchema>;
export const visitInfoQuerySchema = z.object({ kiosk: z.string().max(64).optional() });

const visitorRegistrationField = text()
  .transform(normaliseRegistration)
  .pipe(
    z
      .string()
      .min(1, 'required')
      .max(VEHICLE_REGISTRATION_MAX, 'maxLength')
      .regex(REGISTRATION_PATTERN, 'pattern'),
  );

/**
 * POST /public/visit/{token}/start: the registration, an optional name, an e-mail address (needed
 * unless `kioskKey` is the link's kiosk key), and whether the plate warnings were read and confirmed.
 */
export const visitStartSchema = z
  .object({
    vehicleRegistration: visitorRegistrationField,
    visitorName: z
      .union([
        text().trim().max(DRIVER_NAME_MAX, 'maxLength').regex(PERSON_NAME_PATTERN, 'pattern'),
        z.literal(''),
      ])
      .nullish()
      .transform((v) => (v ? v.trim() : null)),
    email: z
      .union([text().trim().max(EMAIL_MAX, 'maxLength').pipe(z.email('email')), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
    kioskKey: z.string().max(64).nullish(),
    confirmedWarnings: z.boolean().optional(),
    /** The language the page is in (decision 49): the visitor's e-mails go out in it. */
    language: languageSchema.default('en'),
  })
  .strict();
export type VisitStart = z.input<typeof visitStartSchema>;

/** A plate warning in plain words: `similarSeen` (one character from a vehicle the cameras read here, never named) or `unknownFormat`. */
export const visitWarningSchema = z.object({
  code: z.enum(['similarSeen', 'unknownFormat']),
  message: z.string(),
});
export type VisitWarning = z.infer<typeof visitWarningSchema>;

export const visitStartAnswerSchema = z.discriminatedUnion('status', [
  /** Warnings to read first: nothing was sent; send again with confirmedWarnings. */
  z.object({ status: z.literal('check'), warnings: z.array(visitWarningSchema) }),
  z.object({
    status: z.literal('codeSent'),
    registrationId: z.uuid(),
    warnings: z.array(visitWarningSchema),
    /** The address the code went to, partly hidden; null at the kiosk. */
    sentTo: z.string().nullable(),
    /** At the kiosk only: the code, which the kiosk sends back once the visitor confirms the read-back. */
    kioskCode: z.string().nullable(),
  }),
]);
export type VisitStartAnswer = z.infer<typeof visitStartAnswerSchema>;

/** POST /public/visit/{token}/confirm: the registration started and the code it was given. */
export const visitConfirmSchema = z
  .object({
    registrationId: z.uuid('required'),
    code: text()
      .trim()
      .regex(new RegExp(`^\\d{${VISITOR_CODE_LENGTH}}$`), 'pattern'),
  })
  .strict();

export const visitConfirmAnswerSchema = z.object({
  status: z.enum(['registered', 'awaitingApproval']),
  /** The permit's reference (null while a host has yet to approve). */
  reference: z.string().nullable(),
  siteName: z.string(),
  vehicleRegistration: z.string(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
});
export type VisitConfirmAnswer = z.infer<typeof visitConfirmAnswerSchema>;

// ---- Host approval -----------------------------------------------------------------------------

export const visitorApprovalSchema = z.object({
  id: z.uuid(),
  linkId: z.number().int(),
  linkName: z.string(),
  site: z.string(),
  vehicleRegistration: z.string(),
  visitorName: z.string().nullable(),
  askedAt: z.iso.datetime({ offset: true }),
});
export type VisitorApproval = z.infer<typeof visitorApprovalSchema>;
/** GET /permits/visitor-approvals: one page of the visitors waiting, oldest first unless `direction=desc`. */
export const visitorApprovalPageSchema = pageSchema(visitorApprovalSchema);
export type VisitorApprovalPage = z.infer<typeof visitorApprovalPageSchema>;
export const visitorApprovalListQuerySchema = pageQuerySchema(['askedAt']);
export type VisitorApprovalListQuery = z.output<typeof visitorApprovalListQuerySchema>;
export const visitorApprovalParamsSchema = z.object({ registrationId: z.uuid('No such visitor.') });
export const visitorDecisionAnswerSchema = z.object({
  status: z.enum(['registered', 'refused']),
  reference: z.string().nullable(),
});
