import type { Tokens } from '@client-portal/contract';
import type { ApiResult } from '../../../lib/api-client';

/** The spec's sign-in result: three flags plus, on success, the tokens of the new session. */
interface SignInResult {
  invalidCredentials: boolean;
  requireMfa: boolean;
  userLocked: boolean;
  /** NotAllowed: the password was right but the email is not confirmed yet (still invalidCredentials). */
  notConfirmed?: boolean;
  /** RequiresTwoFactor with a message on the code: the code given was wrong (still requireMfa). */
  codeRejected?: boolean;
  tokens?: Tokens;
}

/**
 * Problem detail mapping (spec section 4): LockedOut → userLocked, RequiresTwoFactor → requireMfa;
 * NotAllowed, Failed, any other detail or no problem → invalidCredentials. No usable answer at all
 * (network failure, retries exhausted, 5xx, or the rate limit's 429) sets no flag: the service is
 * unavailable rather than the password wrong.
 */
export function signInResult(result: ApiResult<Tokens>): SignInResult {
  const flags = { invalidCredentials: false, requireMfa: false, userLocked: false };
  if (result.ok) return { ...flags, tokens: result.data };
  if (result.status === undefined || result.status >= 500 || result.status === 429) return flags;
  switch (result.problem?.detail) {
    case 'LockedOut':
      return { ...flags, userLocked: true };
    case 'RequiresTwoFactor':
      return { ...flags, requireMfa: true, codeRejected: Boolean(result.problem.errors?.code?.length) };
    case 'NotAllowed':
      return { ...flags, invalidCredentials: true, notConfirmed: true };
    default:
      return { ...flags, invalidCredentials: true };
  }
}

export type SignInMessage =
  | 'invalidCredentials'
  | 'notConfirmed'
  | 'userLocked'
  | 'unavailable'
  | 'wrongCode';
type Step = 'credentials' | 'code';

export type SignInState =
  | { step: Step; message?: SignInMessage }
  | { step: 'loading'; from: Step }
  | { step: 'complete' };

type SignInEvent = { type: 'submit' } | { type: 'result'; result: SignInResult } | { type: 'back' };

export const initialSignInState: SignInState = { step: 'credentials' };

/**
 * Sign-in flow: credentials → loading → code when two-factor is required (again, with the wrong-code
 * message, after a wrong code); back to credentials on invalid credentials or a locked account;
 * complete with a session. An unavailable service leaves the
 * user on the step they were on, with its message.
 */
export function signInReducer(state: SignInState, event: SignInEvent): SignInState {
  switch (event.type) {
    case 'submit':
      if (state.step === 'loading' || state.step === 'complete') return state;
      return { step: 'loading', from: state.step };
    case 'back':
      return state.step === 'code' ? { step: 'credentials' } : state;
    case 'result': {
      if (state.step !== 'loading') return state;
      const { result } = event;
      if (result.tokens) return { step: 'complete' };
      if (result.userLocked) return { step: 'credentials', message: 'userLocked' };
      if (result.invalidCredentials) {
        return { step: 'credentials', message: result.notConfirmed ? 'notConfirmed' : 'invalidCredentials' };
      }
      if (result.requireMfa)
        return result.codeRejected ? { step: 'code', message: 'wrongCode' } : { step: 'code' };
      return { step: state.from, message: 'unavailable' };
    }
  }
}
