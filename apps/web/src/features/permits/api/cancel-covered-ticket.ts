import {
  type TicketActionReason,
  type TicketActionResult,
  ticketActionResultSchema,
} from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { ticketKeys } from '../../../lib/query-keys';

/** Why a covered ticket is cancelled: a permit was valid for the vehicle there at the time (decision 33). */
const coveredReason: { reason: TicketActionReason } = { reason: 'validPermitNotRegistered' };

/**
 * POST /tickets/{ticketNumber}/Cancel for a ticket a permit just added or edited covers: the tickets'
 * own call, so the monthly allowance and every refusal apply (400 with the refusal codes as detail).
 */
function cancelCoveredTicket(api: ApiClient, ticketNumber: string): Promise<ApiResult<TicketActionResult>> {
  return api.post(`/tickets/${encodeURIComponent(ticketNumber)}/Cancel`, coveredReason, {
    schema: ticketActionResultSchema,
  });
}

export function useCancelCoveredTicket() {
  return useApiMutation(cancelCoveredTicket, (queryClient, result) => {
    if (result.ok) void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    return undefined;
  });
}
