import { z } from 'zod';
import { SITE_INPUT_MAX, VEHICLE_REGISTRATION_MAX } from './constants.js';
import { PERMIT_BULK_MAX_ROWS } from './permit-add.js';
import { normalisePlate, ukPlateFormat } from './plate-matcher.js';

/** How far back the plate check looks for vehicles seen at the site. */
export const PLATE_CHECK_SEEN_DAYS = 30;
/** The "seen here N times this week" window. */
export const PLATE_CHECK_WEEK_DAYS = 7;

/**
 * A warning about a typed registration, never a refusal on its own: `similarSeen` and `similarPermit`
 * must be confirmed before a permit is stored with the typed plate; `unknownFormat` is a
 * softer note that needs no confirmation, since personal plates exist.
 */
const plateWarningSchema = z.discriminatedUnion('code', [
  z.object({
    code: z.literal('similarSeen'),
    params: z.object({
      suggestion: z.string(),
      seenThisWeek: z.number().int(),
      seen30Days: z.number().int(),
    }),
  }),
  z.object({ code: z.literal('similarPermit'), params: z.object({ suggestion: z.string() }) }),
  z.object({ code: z.literal('unknownFormat'), params: z.object({}) }),
]);
export type PlateWarning = z.infer<typeof plateWarningSchema>;
type PlateWarningCode = PlateWarning['code'];
/** The warnings a user must confirm before the typed plate is stored. */
export const confirmablePlateWarnings: readonly PlateWarningCode[] = ['similarSeen', 'similarPermit'];

export function needsConfirmation(warnings: readonly PlateWarning[]): boolean {
  return warnings.some((w) => confirmablePlateWarnings.includes(w.code));
}

/** The format note, known without the database: shared by the browser and the server. */
export function formatWarnings(registration: string): PlateWarning[] {
  const plate = normalisePlate(registration);
  return plate === '' || ukPlateFormat(plate) ? [] : [{ code: 'unknownFormat', params: {} }];
}

const siteValue = z.string().trim().toUpperCase().min(1).max(SITE_INPUT_MAX);
const plateValue = z.string().transform(normalisePlate).pipe(z.string().min(1).max(VEHICLE_REGISTRATION_MAX));

/** Query of GET /permits/plate-check: one registration at one site or group. */
export const plateCheckQuerySchema = z.object({ site: siteValue, registration: plateValue });

/** Query of GET /permits/{type}/{permitId}/plate-check: the registration a permit is being corrected to. */
export const permitEditPlateCheckQuerySchema = z.object({ registration: plateValue });

/** One row of POST /permits/plate-check (a bulk preview's rows carry their CSV line as id). */
const plateCheckRowSchema = z.object({
  id: z.number().int().min(0),
  site_SiteGroupNumber: siteValue,
  vehicleRegistration: plateValue,
});
export type PlateCheckRow = z.input<typeof plateCheckRowSchema>;

/** Body of POST /permits/plate-check: up to 5,000 rows, as many as one bulk add. */
export const plateCheckBodySchema = z.object({
  rows: z.array(plateCheckRowSchema).min(1).max(PERMIT_BULK_MAX_ROWS),
});

const plateCheckResultRowSchema = z.object({
  id: z.number().int(),
  vehicleRegistration: z.string(),
  warnings: z.array(plateWarningSchema),
});
export type PlateCheckResultRow = z.infer<typeof plateCheckResultRowSchema>;

/** Answer of both plate checks: one row per row asked (the single check answers one row, id 0). */
export const plateCheckResultSchema = z.object({
  rows: z.array(plateCheckResultRowSchema).max(PERMIT_BULK_MAX_ROWS),
});
export type PlateCheckResult = z.infer<typeof plateCheckResultSchema>;
