import {
  type TicketActionResult,
  type TicketReasonForm,
  ticketActionResultSchema,
} from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/api-mutation';
import { ticketKeys } from '../../../lib/query-keys';
import type { TicketFlowKind } from '../ticket-flow';
import { wireAction } from './ticket-wire';

/** Which ticket, and the reason the list's form asks for (the search flow gives none, as the spec's). */
export interface TicketActionRequest {
  ticketNumber: string;
  reason?: TicketReasonForm;
}

/**
 * POST /tickets/{ticketNumber}/{action}: cancels or reduces (`Pay`). The body is the reason, or `{}`:
 * a JSON content type with an empty body would be rejected.
 */
function takeTicketAction(
  api: ApiClient,
  kind: TicketFlowKind,
  request: TicketActionRequest,
): Promise<ApiResult<TicketActionResult>> {
  return api.post(
    `/tickets/${encodeURIComponent(request.ticketNumber)}/${wireAction[kind]}`,
    request.reason ?? {},
    { schema: ticketActionResultSchema },
  );
}

/**
 * After a success the history the action writes to gains a row, the site's allowance use goes up and
 * the list shows the ticket's new status.
 */
export function useTakeTicketAction(kind: TicketFlowKind) {
  return useApiMutation(
    (api, request: TicketActionRequest) => takeTicketAction(api, kind, request),
    (queryClient, result) => {
      if (!result.ok) return undefined;
      void queryClient.invalidateQueries({ queryKey: ticketKeys.history(kind) });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.allowances });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.list });
      return undefined;
    },
  );
}
