import {
  type TicketAction,
  type TicketActionResult,
  ticketActionResultSchema,
} from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';

/**
 * POST /tickets/{ticketNumber}/{action}: cancels or reduces (`Pay`). The body is `{}`: the ticket and
 * action are in the path, and a JSON content type with an empty body would be rejected.
 */
export function takeTicketAction(
  api: ApiClient,
  action: TicketAction,
  ticketNumber: string,
): Promise<ApiResult<TicketActionResult>> {
  return api.post(
    `/tickets/${encodeURIComponent(ticketNumber)}/${action}`,
    {},
    { schema: ticketActionResultSchema },
  );
}
