import { z } from 'zod';

/** At most this many covered open tickets are listed with an add or edit answer. */
export const COVERED_TICKETS_MAX = 50;

/** An open ticket a permit just added or edited covers: same vehicle, a site of the permit, in its period. */
const coveredTicketSchema = z.object({
  ticketNumber: z.string(),
  siteNumber: z.string(),
  vehicleRegistration: z.string(),
  violationDate: z.iso.datetime({ offset: true }),
  permitId: z.number().int(),
});

/** The covered open tickets (the first COVERED_TICKETS_MAX) and whether there are more. */
export const coveredTicketsSchema = z.object({
  tickets: z.array(coveredTicketSchema).max(COVERED_TICKETS_MAX),
  more: z.boolean(),
});
export type CoveredTickets = z.infer<typeof coveredTicketsSchema>;
