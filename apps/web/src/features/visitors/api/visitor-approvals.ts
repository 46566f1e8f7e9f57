import {
  type VisitorApprovalListQuery,
  type VisitorApprovalPage,
  visitorApprovalPageSchema,
  visitorDecisionAnswerSchema,
} from '@client-portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { visitorKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

type ApprovalPageRequest = Pick<VisitorApprovalListQuery, 'sort' | 'direction' | 'after' | 'before' | 'skip'>;

/** GET /permits/visitor-approvals?paging: a page of the visitors waiting for a host, refreshed every 15 seconds. */
export function useVisitorApprovals(request: ApprovalPageRequest) {
  const api = useApiClient();
  const session = useSession();
  return useQuery({
    queryKey: visitorKeys.approvals(session.isAuthenticated ? session.account.email : '', request),
    queryFn: ({ signal }): Promise<VisitorApprovalPage> =>
      api
        .get('/permits/visitor-approvals', {
          signal,
          schema: visitorApprovalPageSchema,
          query: { ...request, skip: request.skip || undefined },
        })
        .then(unwrap),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

function decide(api: ApiClient, vars: { id: string; decision: 'approve' | 'refuse' }) {
  return api.post(`/permits/visitor-approvals/${vars.id}/${vars.decision}`, undefined, {
    schema: visitorDecisionAnswerSchema,
  });
}

/** POST /permits/visitor-approvals/{id}/approve or /refuse. */
export function useDecideVisitor() {
  return useApiMutation(decide, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: visitorKeys.all }),
  );
}
