import {
  type VisitStart,
  visitConfirmAnswerSchema,
  visitLinkInfoSchema,
  visitStartAnswerSchema,
} from '@client-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type ApiClient, unwrap } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useApiMutation } from '../../../lib/api-mutation';
import { visitorKeys } from '../../../lib/query-keys';

const at = (token: string) => `/public/visit/${encodeURIComponent(token)}`;

/** GET /public/visit/{token}: the link's own words; no sign-in. */
export function useVisitInfo(token: string, kiosk: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: visitorKeys.visit(token, kiosk),
    queryFn: ({ signal }) =>
      api.get(at(token), { signal, query: { kiosk }, schema: visitLinkInfoSchema }).then(unwrap),
    retry: false,
  });
}

function start(api: ApiClient, vars: { token: string; body: VisitStart }) {
  return api.post(`${at(vars.token)}/start`, vars.body, { schema: visitStartAnswerSchema });
}

/** POST /public/visit/{token}/start. */
export function useStartVisit() {
  return useApiMutation(start);
}

function confirm(api: ApiClient, vars: { token: string; registrationId: string; code: string }) {
  return api.post(
    `${at(vars.token)}/confirm`,
    { registrationId: vars.registrationId, code: vars.code },
    { schema: visitConfirmAnswerSchema },
  );
}

/** POST /public/visit/{token}/confirm. */
export function useConfirmVisit() {
  return useApiMutation(confirm);
}
