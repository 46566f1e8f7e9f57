import { z } from 'zod';
import { EXPIRING_SOON_DAYS, VEHICLE_REGISTRATION_MAX } from './constants.js';
import { downloadFormatField } from './downloads.js';
import { pageQuerySchema, pageSchema } from './paging.js';

/**
 * Permit list states (the product brief, section 5); expiringSoon is a part of current. A cancelled
 * permit (taken back before it started, issue 24) is none of the others.
 */
export const permitStates = ['current', 'expired', 'expiringSoon', 'upcoming', 'cancelled'] as const;
export const permitStateSchema = z.enum(permitStates);
export type PermitState = z.infer<typeof permitStateSchema>;

/** Registrations are compared upper-cased with every space removed. */
export function normaliseRegistration(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The site filter's value for every site (a choice the list keeps; the server reads it as no filter). */
export const ALL_SITES_PARAM = 'ALL';

/** A site or site-group number as a list's query string holds it, ALL_SITES_PARAM included. */
export const siteFilterField = z
  .string()
  .trim()
  .toUpperCase()
  .max(10, 'The site number must be at most 10 characters.')
  .optional()
  .transform((v) => v || undefined);

/** The search box's bounds: three characters find a plate's fragment (KLN) through the trigram index. */
export const PERMIT_SEARCH_MIN = 3;
export const PERMIT_SEARCH_MAX = 50;

/** What one search text is looked for as: a registration fragment, a name fragment, maybe a reference. */
export interface PermitSearch {
  /** Normalised like a registration (no spaces, upper case). */
  plate: string;
  /** As typed, trimmed: compared without regard to case. */
  name: string;
  /** A reference's site or group and permit id, when the text reads as one. */
  reference?: { target: string; permitId: number };
}

/** Reads a search text (permitFilterSchema's `q`) as what it may be: see PermitSearch. */
export function permitSearchOf(text: string): PermitSearch {
  const trimmed = text.trim();
  const reference = /^P?([A-Z0-9]{1,10})-(\d{1,9})$/i.exec(trimmed.replace(/\s+/g, ''));
  return {
    plate: normaliseRegistration(trimmed),
    name: trimmed,
    ...(reference
      ? { reference: { target: reference[1]!.toUpperCase(), permitId: Number(reference[2]) } }
      : {}),
  };
}

/** Query of GET /permits and GET /permits/_count; empty values mean no filter. */
export const permitFilterSchema = z.object({
  state: z
    .union([permitStateSchema, z.literal('')])
    .optional()
    .transform((v) => v || undefined),
  siteNumber: siteFilterField.transform((v) => (v !== ALL_SITES_PARAM ? v : undefined)),
  vehicleRegistration: z
    .string()
    .transform(normaliseRegistration)
    .pipe(z.string().max(VEHICLE_REGISTRATION_MAX, 'The registration must be at most 10 characters.'))
    .optional()
    .transform((v) => v || undefined),
  /**
   * The list's one search box (issue 24): any part of a registration (spaces and case ignored), a
   * permit's reference (P1001-000123) or any part of the driver's name; at least 3 characters.
   */
  q: z
    .string()
    .trim()
    .max(PERMIT_SEARCH_MAX, `Search for at most ${PERMIT_SEARCH_MAX} characters.`)
    .refine((v) => v === '' || v.length >= PERMIT_SEARCH_MIN, {
      message: `Type at least ${PERMIT_SEARCH_MIN} characters to search.`,
    })
    .optional()
    .transform((v) => v || undefined),
  /** 'true': only permits that have started and whose vehicle no camera read there since. */
  notSeen: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => (v === 'true' ? true : undefined)),
});
export type PermitFilter = z.output<typeof permitFilterSchema>;

export const permitCountSchema = z.object({ count: z.number().int() });

/** Whether a permit belongs to one site or to a site group (valid at every member site). */
export const permitTypeSchema = z.enum(['site', 'group']);
export type PermitType = z.infer<typeof permitTypeSchema>;

/** One row of GET /permits (operations spec section 3, Permit). */
/**
 * A permit's short reference, its proof of registration (e.g. P1001-000123): the site or group it is
 * valid at and its number, at least six digits.
 */
export function permitReference(target: string, permitId: number): string {
  return `P${target}-${String(permitId).padStart(6, '0')}`;
}

export const permitSchema = z.object({
  type: permitTypeSchema,
  permitId: z.number().int(),
  /** permitReference(site_SiteGroupNumber, permitId). */
  reference: z.string(),
  /** The site number, or the group number of a group permit. */
  site_SiteGroupNumber: z.string(),
  vehicleRegistration: z.string(),
  driverName: z.string(),
  /** true temporary, false permanent. */
  isTemp: z.boolean(),
  started: z.iso.datetime({ offset: true }),
  ended: z.iso.datetime({ offset: true }),
  /**
   * When it was cancelled before it started (issue 24), else null: `ended` is then that moment, so it
   * never counted against an allowance or covered a vehicle.
   */
  cancelledAt: z.iso.datetime({ offset: true }).nullable(),
  /** The list's "Last seen": the latest camera read of the vehicle at the permit's site(s) since it started. */
  lastSeenAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /**
   * The list's "Visitor" type (issue 27): the name of the visitor link a visitor registered this
   * temporary permit through themselves, else null.
   */
  visitorLink: z.string().nullable().optional(),
});

export type Permit = z.infer<typeof permitSchema>;

/** The one state a permit is in at `now` (expiringSoon: current and ending within EXPIRING_SOON_DAYS). */
export function permitStateOf(
  permit: Pick<Permit, 'started' | 'ended' | 'cancelledAt'>,
  now: number = Date.now(),
): PermitState {
  if (permit.cancelledAt) return 'cancelled';
  if (Date.parse(permit.started) > now) return 'upcoming';
  const ended = Date.parse(permit.ended);
  if (ended <= now) return 'expired';
  return ended <= now + EXPIRING_SOON_DAYS * 86_400_000 ? 'expiringSoon' : 'current';
}

/** The list's sortable columns (operations spec: all are); the default is start date, newest first. */
const permitSortColumns = ['site', 'vehicleRegistration', 'driverName', 'type', 'started', 'ended'] as const;
export type PermitSortColumn = (typeof permitSortColumns)[number];

/** Query of GET /permits (one page) and GET /permits/_export (every matching row, as CSV). */
export const permitPageQuerySchema = permitFilterSchema.extend(pageQuerySchema(permitSortColumns).shape);
export type PermitPageQuery = z.output<typeof permitPageQuerySchema>;

/** GET /permits/_export: the list's filter and sort (paging is ignored), and the file's format. */
export const permitExportQuerySchema = permitPageQuerySchema.extend({ format: downloadFormatField });
export type PermitExportQuery = z.output<typeof permitExportQuerySchema>;

/**
 * The permit list's state as its address keeps it (decision 28): the very query GET /permits reads,
 * field for field, except that the site filter keeps ALL_SITES_PARAM (the picker shows "All sites");
 * the server reads that as no site filter. The browser sends this object as the list's query string.
 */
export const permitListQuerySchema = permitPageQuerySchema.extend({ siteNumber: siteFilterField });
export type PermitListQuery = z.output<typeof permitListQuerySchema>;
/** The list's order when its address names none (the server's default too): newest start first. */
export const PERMIT_DEFAULT_SORT = { sort: 'started', direction: 'desc' } as const;
export const permitPageSchema = pageSchema(permitSchema);
