import type { ApiResult } from '../../../lib/api-client';

export type ConfirmState = 'loading' | 'complete' | 'failed' | 'unknown';

/** Confirm-account answer (spec section 5): success valid; a problem invalid; anything else unknown. */
export function confirmOutcome(result: ApiResult<unknown>): Exclude<ConfirmState, 'loading'> {
  if (result.ok) return 'complete';
  return result.problem ? 'failed' : 'unknown';
}

/** What the confirm page does with its query string. */
export function readConfirmLink(search: string) {
  const params = new URLSearchParams(search);
  return {
    email: params.get('email') ?? '',
    code: params.get('code') ?? '',
    /** Present only for an account with no password yet (docs/decisions/0003-account-links.md). */
    hasPasswordCode: (params.get('password') ?? '') !== '',
  };
}
