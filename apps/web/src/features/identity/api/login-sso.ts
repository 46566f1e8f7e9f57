import { type Tokens, tokensSchema } from '@client-portal/contract';
import type { ApiClient, ApiResult } from '../../../lib/api-client';

/** POST /user/login/sso: exchanges the provider's ID token (and the nonce we sent) for a session. */
export function loginSso(
  api: ApiClient,
  body: { idToken: string; nonce: string },
): Promise<ApiResult<Tokens>> {
  return api.post('/user/login/sso', body, { schema: tokensSchema });
}
