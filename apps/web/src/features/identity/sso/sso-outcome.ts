import { SSO_NO_ACCESS, type Tokens } from '@client-portal/contract';
import type { ApiResult } from '../../../lib/api-client';

type SsoOutcome = { kind: 'signedIn'; tokens: Tokens } | { kind: 'noAccess' } | { kind: 'failed' };

/** The portal's answer to an ID token: no account (or a token it refuses) is the spec's no-access. */
export function ssoOutcome(result: ApiResult<Tokens>): SsoOutcome {
  if (result.ok) return { kind: 'signedIn', tokens: result.data };
  if ((result.status === 401 || result.status === 403) && result.problem?.detail === SSO_NO_ACCESS)
    return { kind: 'noAccess' };
  return { kind: 'failed' };
}

/** True when the URL carries a provider's answer (code or error, with our state) to complete. */
export function hasRedirectResult(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('state') && (params.has('code') || params.has('error'));
}
