import { z } from 'zod';
import { permitDurationSchema } from './permit-add.js';
import { permitSchema } from './permits.js';

/**
 * GET /permits/{type}/{permitId}: the permit as the list shows it, plus what the detail page and the
 * edit form need: its duration, reason code, who authorised it, who added it and when.
 */
export const permitDetailSchema = permitSchema.extend({
  duration: permitDurationSchema,
  reason: z.number().int().nullable(),
  authorisedBy: z.string().nullable(),
  addedBy: z.string().nullable(),
  addedAt: z.iso.datetime({ offset: true }),
});
export type PermitDetail = z.infer<typeof permitDetailSchema>;

/** One row of a permit's history: added, a field edited (from, to), or expired; who and when. */
export const permitEventKinds = ['added', 'edited', 'expired'] as const;
const permitEventSchema = z.object({
  kind: z.enum(permitEventKinds),
  /** The field an edit or expiry changed; null for added. */
  field: z.string().nullable(),
  /** Old and new values: text as stored; `ended` an ISO instant; `reason` its code. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The e-mail of the user who did it (kept after the account is removed); null when unknown. */
  by: z.string().nullable(),
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
