import { z } from 'zod';
import { permitDurationSchema } from './permit-add.js';
import { permitSchema } from './permits.js';

/**
 * GET /permits/{type}/{permitId}: the permit as the list shows it, plus what the detail page and the
 * edit form need: its duration, reason code, who authorised it, who added it and when, and the
 * visitor link it came through.
 */
export const permitDetailSchema = permitSchema.extend({
  duration: permitDurationSchema,
  reason: z.number().int().nullable(),
  authorisedBy: z.string().nullable(),
  addedBy: z.string().nullable(),
  addedAt: z.iso.datetime({ offset: true }),
  /** The bulk upload that added it, null for a permit added on its own. */
  uploadId: z.number().int().nullable(),
  /** The visitor link a visitor registered it through (issue 27, decision 47); null for any other permit. */
  visitorLink: z.string().nullable(),
});
export type PermitDetail = z.infer<typeof permitDetailSchema>;

/**
 * One row of a permit's history: added, a field edited (from, to), expired, or cancelled before it
 * started (field `ended`: from its planned end to the moment of cancelling); who and when.
 */
export const permitEventKinds = ['added', 'edited', 'expired', 'cancelled'] as const;
const permitEventSchema = z.object({
  kind: z.enum(permitEventKinds),
  /** The field an edit or expiry changed; null for added. */
  field: z.string().nullable(),
  /** Old and new values: text as stored; `ended` an ISO instant; `reason` its code. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The email of the user who did it (kept after the account is removed); null when unknown. */
  by: z.string().nullable(),
  /** The name of the API key the change came through (its creator is `by`); null or absent for a person's. */
  apiKey: z.string().nullable().optional(),
  at: z.iso.datetime({ offset: true }),
});
export type PermitEvent = z.infer<typeof permitEventSchema>;

/** At most this many events are answered, the oldest first (a permit is rarely edited more). */
export const PERMIT_HISTORY_MAX = 200;

/** 200 answer of GET /permits/{type}/{permitId}/history. */
export const permitHistorySchema = z.object({
  events: z.array(permitEventSchema).max(PERMIT_HISTORY_MAX),
  total: z.number().int(),
});
export type PermitHistory = z.infer<typeof permitHistorySchema>;

/** Path of GET /permits/uploads/{uploadId} and POST /permits/uploads/{uploadId}/cancel. */
export const permitUploadKeySchema = z.object({ uploadId: z.coerce.number().int().positive() });

/** A bulk upload may be taken back, all of it at once, for this long after it was added. */
export const PERMIT_UPLOAD_TAKE_BACK_MS = 60 * 60 * 1000;

/**
 * 200 answer of GET /permits/uploads/{uploadId} and of its cancel: how many permits it added, when and
 * by whom, until when it may be taken back, and whether (when, by whom) it was.
 */
export const permitUploadSchema = z.object({
  uploadId: z.number().int(),
  permitCount: z.number().int(),
  addedBy: z.string().nullable(),
  addedAt: z.iso.datetime({ offset: true }),
  takeBackUntil: z.iso.datetime({ offset: true }),
  takenBackAt: z.iso.datetime({ offset: true }).nullable(),
  takenBackBy: z.string().nullable(),
});
export type PermitUpload = z.infer<typeof permitUploadSchema>;
