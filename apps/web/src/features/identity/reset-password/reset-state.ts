import type { ApiResult } from '../../../lib/api-client';

export type ResetState =
  | { step: 'preparing' }
  | { step: 'invalidLink' }
  | { step: 'failed' }
  | { step: 'form'; messages: string[] }
  | { step: 'loading' }
  | { step: 'complete' };

/** Reset-code check (spec section 5): a 404 means the link is invalid, success the form, else unknown. */
export function afterCodeCheck(result: ApiResult<unknown>): ResetState {
  if (result.ok) return { step: 'form', messages: [] };
  return result.status === 404 ? { step: 'invalidLink' } : { step: 'failed' };
}

/**
 * Reset submit: success completes; a problem with field errors goes back to the form with its
 * messages; a 404 (the code was used or expired meanwhile) is an invalid link; anything else failed.
 */
export function afterReset(result: ApiResult<unknown>): ResetState {
  if (result.ok) return { step: 'complete' };
  const messages = [...new Set(Object.values(result.problem?.errors ?? {}).flat())];
  if (messages.length > 0) return { step: 'form', messages };
  return result.status === 404 ? { step: 'invalidLink' } : { step: 'failed' };
}

export type ResetRequestState = 'email' | 'loading' | 'complete' | 'failed';

/** Reset-link request: any refusal (problem or none) is a failure; the API answers alike for all emails. */
export function afterResetLinkRequest(result: ApiResult<unknown>): ResetRequestState {
  return result.ok ? 'complete' : 'failed';
}
