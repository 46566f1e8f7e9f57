import type { FeatureName, Ticket, TicketActionResult, TicketRefusalCode } from '@client-portal/contract';

/** The two pages share one flow (the API's names for a reduction are mapped in api/ticket-wire). */
export type TicketFlowKind = 'cancel' | 'reduce';

/** The feature that lets a user act in each flow (search a ticket, then cancel or reduce it). */
export const flowActionFeature: Record<TicketFlowKind, FeatureName> = {
  cancel: 'Tickets.Cancel',
  reduce: 'Tickets.Reduce',
};

/** The feature that lets a user see each flow's history; without it the table is not shown at all. */
export const flowHistoryFeature: Record<TicketFlowKind, FeatureName> = {
  cancel: 'Tickets.ViewCancelled',
  reduce: 'Tickets.ViewReduced',
};

/** Stages (operations spec section 4): search → confirm | refused → loading → complete | failed. */
export type TicketStage =
  | { name: 'search' }
  | { name: 'confirm'; ticket: Ticket }
  | { name: 'refused'; ticketNumber: string; codes: TicketRefusalCode[] }
  | { name: 'loading'; ticket: Ticket }
  | { name: 'complete'; ticket: Ticket; result: TicketActionResult }
  | { name: 'failed'; ticket: Ticket };

export type TicketEvent =
  | { type: 'found'; ticket: Ticket }
  | { type: 'refused'; ticketNumber: string; codes: TicketRefusalCode[] }
  | { type: 'confirm' }
  | { type: 'succeeded'; result: TicketActionResult }
  | { type: 'failed' }
  | { type: 'returnToSearch' };

export const initialStage: TicketStage = { name: 'search' };

/** Moves between stages; an event that does not fit the current stage changes nothing. */
export function ticketStageReducer(stage: TicketStage, event: TicketEvent): TicketStage {
  switch (event.type) {
    case 'returnToSearch':
      return initialStage;
    case 'found':
      return stage.name === 'search' ? { name: 'confirm', ticket: event.ticket } : stage;
    case 'refused':
      // A lookup is refused from search; the action itself can still be refused (say the allowance ran
      // out meanwhile) after confirming.
      return stage.name === 'search' || stage.name === 'loading'
        ? { name: 'refused', ticketNumber: event.ticketNumber, codes: event.codes }
        : stage;
    case 'confirm':
      return stage.name === 'confirm' ? { name: 'loading', ticket: stage.ticket } : stage;
    case 'succeeded':
      return stage.name === 'loading'
        ? { name: 'complete', ticket: stage.ticket, result: event.result }
        : stage;
    case 'failed':
      return stage.name === 'loading' ? { name: 'failed', ticket: stage.ticket } : stage;
  }
}
