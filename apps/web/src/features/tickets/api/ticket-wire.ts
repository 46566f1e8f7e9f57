import type { TicketAction, TicketHistoryState } from '@client-portal/contract';
import type { TicketFlowKind } from '../ticket-flow';

/**
 * The API's names (operations spec): a reduction is the action `Pay` and its history state `paid`.
 * Only the endpoint files use them; everything else says cancel and reduce.
 */
export const wireAction: Record<TicketFlowKind, TicketAction> = { cancel: 'Cancel', reduce: 'Pay' };
export const wireHistoryState: Record<TicketFlowKind, TicketHistoryState> = {
  cancel: 'cancelled',
  reduce: 'paid',
};
