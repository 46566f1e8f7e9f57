import { type TicketActionResult, ticketActionResultSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { ticketKeys } from '../../../lib/query-keys';
import type { TicketFlowKind } from '../ticket-flow';
import { wireAction } from './ticket-wire';

/**
 * POST /tickets/{ticketNumber}/{action}: cancels or reduces (`Pay`). The body is `{}`: the ticket and
 * action are in the path, and a JSON content type with an empty body would be rejected.
 */
function takeTicketAction(
  api: ApiClient,
  kind: TicketFlowKind,
  ticketNumber: string,
): Promise<ApiResult<TicketActionResult>> {
  return api.post(
    `/tickets/${encodeURIComponent(ticketNumber)}/${wireAction[kind]}`,
    {},
    { schema: ticketActionResultSchema },
  );
}

/** After a success the history the action writes to gains a row and the site's allowance use goes up. */
export function useTakeTicketAction(kind: TicketFlowKind) {
  return useApiMutation(
    (api, ticketNumber: string) => takeTicketAction(api, kind, ticketNumber),
    (queryClient, result) => {
      if (!result.ok) return undefined;
      void queryClient.invalidateQueries({ queryKey: ticketKeys.history(kind) });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.allowances });
      return undefined;
    },
  );
}
