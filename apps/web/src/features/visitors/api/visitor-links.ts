import {
  type VisitorLink,
  type VisitorLinkInput,
  type VisitorLinkListQuery,
  type VisitorLinkPage,
  type VisitorLinkUpdate,
  visitorLinkPageSchema,
  visitorLinkPosterSchema,
  visitorLinkSchema,
} from '@client-portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ApiClient, type ApiResult, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { visitorKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';

const useEmail = () => {
  const session = useSession();
  return session.isAuthenticated ? session.account.email : '';
};

type LinkPageRequest = Pick<
  VisitorLinkListQuery,
  'site' | 'sort' | 'direction' | 'after' | 'before' | 'skip'
>;

/** GET /permits/visitor-links?paging: one page of the links at the caller's sites, by name. */
export function useVisitorLinks(request: LinkPageRequest) {
  const api = useApiClient();
  return useQuery({
    queryKey: visitorKeys.links(useEmail(), request),
    queryFn: ({ signal }): Promise<VisitorLinkPage> =>
      api
        .get('/permits/visitor-links', {
          signal,
          schema: visitorLinkPageSchema,
          query: { ...request, skip: request.skip || undefined },
        })
        .then(unwrap),
    placeholderData: keepPreviousData,
  });
}

/** GET /permits/visitor-links/{id}. */
export function useVisitorLink(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: visitorKeys.link(useEmail(), id),
    queryFn: ({ signal }) =>
      api.get(`/permits/visitor-links/${id}`, { signal, schema: visitorLinkSchema }).then(unwrap),
  });
}

/** GET /permits/visitor-links/{id}/poster: the link and its QR code (SVG) from the server. */
export function useVisitorLinkPoster(id: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: visitorKeys.poster(useEmail(), id),
    queryFn: ({ signal }) =>
      api
        .get(`/permits/visitor-links/${id}/poster`, { signal, schema: visitorLinkPosterSchema })
        .then(unwrap),
  });
}

function saveLink(
  api: ApiClient,
  vars: { id: number | null; body: VisitorLinkInput | VisitorLinkUpdate },
): Promise<ApiResult<VisitorLink>> {
  return vars.id === null
    ? api.post('/permits/visitor-links', vars.body, { schema: visitorLinkSchema })
    : api.put(`/permits/visitor-links/${vars.id}`, vars.body, { schema: visitorLinkSchema });
}

/** POST /permits/visitor-links (a new link) or PUT /permits/visitor-links/{id} (a change). */
export function useSaveVisitorLink() {
  return useApiMutation(saveLink, (queryClient, result) =>
    result.ok ? queryClient.invalidateQueries({ queryKey: visitorKeys.all }) : undefined,
  );
}
