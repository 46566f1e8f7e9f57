import { z } from 'zod';
import { VEHICLE_REGISTRATION_MAX } from './constants.js';
import { REGISTRATION_PATTERN } from './permit-add.js';
import { normaliseRegistration } from './permits.js';
import { type RuleIssue, ruleIssue, ruleIssuesOf, text, typeRule } from './rules.js';
import { siteNumberPattern } from './sites.js';

/** Most sightings one POST /sightings may carry: a camera system sends its reads in batches. */
export const SIGHTINGS_IMPORT_MAX_ROWS = 10_000;
/** The CSV columns of a sightings import, in this order, after an optional header line. */
export const sightingCsvColumns = [
  'siteNumber',
  'registration',
  'enteredAt',
  'exitedAt',
  'readConfidence',
] as const;

const instant = text().refine(
  (v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v),
  'invalidDate',
);

/**
 * One read of the operator's number-plate cameras: the site, the plate as read (spaces removed and
 * upper-cased, like a permit's), when the vehicle came in and (when known) left, and how sure the camera was (0 to 1).
 * Instants are ISO 8601 with an offset or Z.
 */
const sightingRowSchema = z
  .object({
    siteNumber: text().min(1, 'required').regex(siteNumberPattern, 'pattern'),
    registration: text()
      .transform(normaliseRegistration)
      .pipe(
        z
          .string()
          .min(1, 'required')
          .max(VEHICLE_REGISTRATION_MAX, 'maxLength')
          .regex(REGISTRATION_PATTERN, 'pattern'),
      ),
    enteredAt: instant,
    exitedAt: instant.nullish(),
    readConfidence: z.number(typeRule).min(0, 'outOfRange').max(1, 'outOfRange'),
  })
  .superRefine((row, ctx) => {
    if (row.exitedAt && Date.parse(row.exitedAt) < Date.parse(row.enteredAt)) {
      ctx.addIssue(ruleIssue(['exitedAt'], 'tooEarly', { min: row.enteredAt }));
    }
  });
export type CheckedSightingRow = z.output<typeof sightingRowSchema>;

/** JSON body of POST /sightings: 1 to 10,000 reads. */
export const sightingImportBodySchema = z.object({
  rows: z.array(z.looseObject({})).min(1).max(SIGHTINGS_IMPORT_MAX_ROWS),
});

/** 201 answer of POST /sightings: how many reads were stored. */
export const sightingImportResultSchema = z.object({ imported: z.number().int() });

/** Each read checked on its own: the checked row, or its issues (field names as in the schema). */
export function checkSightingRow(raw: unknown): { row?: CheckedSightingRow; issues: RuleIssue[] } {
  const parsed = sightingRowSchema.safeParse(raw);
  return parsed.success ? { row: parsed.data, issues: [] } : { issues: ruleIssuesOf(parsed.error) };
}
