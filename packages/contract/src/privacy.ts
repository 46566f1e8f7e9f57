import { z } from 'zod';
import { ruleIssue, typeRule } from './rules.js';

/**
 * Personal data kept only as long as needed (issue 28, decision 48): the retention periods, a client's
 * shorter periods, subject access and erasure.
 */

/** The operator's retention periods (app_config's Retention* entries, defaults in config.ts). */
export const retentionPolicySchema = z.object({
  cameraReadDays: z.number().int(),
  permitMonths: z.number().int(),
  transactionMonths: z.number().int(),
  auditMonths: z.number().int(),
  notificationMonths: z.number().int(),
});
export type RetentionPolicy = z.infer<typeof retentionPolicySchema>;

/** The periods a client company may shorten for its own sites. */
export const clientRetentionFields = ['cameraReadDays', 'permitMonths', 'transactionMonths'] as const;
export type ClientRetentionField = (typeof clientRetentionFields)[number];

/**
 * A client's periods: each a whole number from 1 up to the operator's (`tooLarge` {max}), or null for
 * the operator's. An override may only shorten.
 */
export function clientRetentionInputSchema(operator: Pick<RetentionPolicy, ClientRetentionField>) {
  const period = (max: number) =>
    z
      .number(typeRule)
      .int('wholeNumber')
      .nullable()
      .superRefine((value, ctx) => {
        if (value === null) return;
        if (value < 1) ctx.addIssue(ruleIssue([], 'tooSmall', { min: 1 }));
        else if (value > max) ctx.addIssue(ruleIssue([], 'tooLarge', { max }));
      });
  return z.object({
    cameraReadDays: period(operator.cameraReadDays),
    permitMonths: period(operator.permitMonths),
    transactionMonths: period(operator.transactionMonths),
  });
}
export type ClientRetentionInput = z.infer<ReturnType<typeof clientRetentionInputSchema>>;

/** The loosest shape of the input, for the route's schema (the operator's limits are checked after). */
export const clientRetentionBodySchema = clientRetentionInputSchema({
  cameraReadDays: Number.MAX_SAFE_INTEGER,
  permitMonths: Number.MAX_SAFE_INTEGER,
  transactionMonths: Number.MAX_SAFE_INTEGER,
});

export const clientRetentionSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  cameraReadDays: z.number().int().nullable(),
  permitMonths: z.number().int().nullable(),
  transactionMonths: z.number().int().nullable(),
});
export type ClientRetention = z.infer<typeof clientRetentionSchema>;

export const clientRetentionListSchema = z.object({
  operator: retentionPolicySchema,
  companies: z.array(clientRetentionSchema).max(20),
});
export type ClientRetentionList = z.infer<typeof clientRetentionListSchema>;

/** How many client companies the retention screen's search answers at most (A to Z). */
export const RETENTION_COMPANY_SEARCH_MAX = 20;

/** GET /privacy/retention: the companies whose name contains `search` (empty: the first ones A to Z). */
export const retentionCompanyQuerySchema = z.object({
  search: z.string().trim().max(100).optional().default(''),
});
export type RetentionCompanyQuery = z.input<typeof retentionCompanyQuerySchema>;

/**
 * GET /privacy/retention/mine: the periods that apply to the signed-in reader's records, for the privacy
 * notice: the operator's, and their client company's shorter ones (null: no single company, or the
 * operator's throughout).
 */
export const retentionNoticeSchema = z.object({
  operator: retentionPolicySchema,
  company: clientRetentionSchema.nullable(),
});
export type RetentionNotice = z.infer<typeof retentionNoticeSchema>;

/**
 * GET /privacy/retention/sites/{site}: the periods that apply at one car park, for a notice anyone may
 * read (a driver at the car park, a visitor from its QR code; decision 54): the operator's, and the
 * shorter ones of the client company owning it, each null where it does not shorten the operator's.
 * Only what a sign at the car park shows anyway: its number and name and its company's name.
 */
export const siteRetentionNoticeSchema = z.object({
  site: z.string(),
  siteName: z.string(),
  operator: retentionPolicySchema,
  /** The owning company's name and shorter periods; null for a car park of no client company. */
  company: z
    .object({
      name: z.string(),
      cameraReadDays: z.number().int().nullable(),
      permitMonths: z.number().int().nullable(),
      transactionMonths: z.number().int().nullable(),
    })
    .nullable(),
});
export type SiteRetentionNotice = z.infer<typeof siteRetentionNoticeSchema>;

/**
 * The car park of GET /privacy/retention/sites/{site}: any short text, so that a malformed number, a
 * site group's or an unknown one all answer the same 404 (nothing but a car park is public).
 */
export const siteRetentionParamsSchema = z.object({ site: z.string().min(1).max(20) });

export const companyIdParamsSchema = z.object({ companyId: z.coerce.number().int().positive() });

/** The kinds of record a person's data is kept in: one CSV each in the subject-access zip. */
export const subjectRecordKinds = [
  'permits',
  'permitHistory',
  'sightings',
  'tickets',
  'ticketActions',
  'transactions',
  'accounts',
  'signInHistory',
  'notifications',
] as const;
export type SubjectRecordKind = (typeof subjectRecordKinds)[number];

export const SUBJECT_EMAIL_MAX = 256;
export const SUBJECT_REGISTRATION_MAX = 10;

/** Who a request is about: a registration (spaces and case ignored) or an e-mail address, not both. */
export const subjectQuerySchema = z
  .object({
    registration: z
      .string()
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .pipe(
        z
          .string()
          .max(SUBJECT_REGISTRATION_MAX, 'maxLength')
          .regex(/^[A-Z0-9]*$/, 'pattern'),
      )
      .optional(),
    email: z.string().trim().max(SUBJECT_EMAIL_MAX, 'maxLength').pipe(z.email('email')).optional(),
  })
  .superRefine((value, ctx) => {
    const given = [value.registration, value.email].filter((v) => v !== undefined && v !== '');
    if (given.length !== 1) ctx.addIssue(ruleIssue(['registration'], 'required'));
  });
export type SubjectQuery = z.infer<typeof subjectQuerySchema>;

export const subjectCountsSchema = z.object(
  Object.fromEntries(subjectRecordKinds.map((k) => [k, z.number().int()])) as Record<
    SubjectRecordKind,
    z.ZodNumber
  >,
);
export type SubjectCounts = z.infer<typeof subjectCountsSchema>;

/** What a search finds: how many records of each kind the person has (the zip holds them). */
export const subjectSummarySchema = z.object({ counts: subjectCountsSchema });

/** An accepted erasure request: who it is about, and the operator's reference for the request. */
export const erasureInputSchema = z.object({
  registration: subjectQuerySchema.shape.registration,
  email: subjectQuerySchema.shape.email,
  reference: z.string(typeRule).trim().min(1, 'required').max(100, 'maxLength'),
});
export type ErasureInput = z.infer<typeof erasureInputSchema>;

/** A record kept for an open charge, and why. */
export const keptRecordSchema = z.object({
  kind: z.enum(subjectRecordKinds),
  id: z.string(),
  reason: z.string(),
});

export const erasureResultSchema = z.object({
  anonymised: z.record(z.string(), z.number().int()),
  kept: z.array(keptRecordSchema),
});
export type ErasureResult = z.infer<typeof erasureResultSchema>;
