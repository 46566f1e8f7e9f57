import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { type LoginResponse, loginResponseSchema } from '../../../lib/session';

export interface LoginRequest {
  email: string;
  password: string;
}

/** POST /user/login */
export function login(api: ApiClient, body: LoginRequest): Promise<ApiResult<LoginResponse>> {
  return api.post('/user/login', body, { schema: loginResponseSchema });
}

export type SignInOutcome =
  | { kind: 'success'; login: LoginResponse }
  | { kind: 'invalidCredentials' }
  | { kind: 'userLocked' }
  | { kind: 'requireMfa' }
  | { kind: 'unavailable' };

/**
 * Problem detail mapping of the spec: LockedOut → locked, RequiresTwoFactor → code needed; NotAllowed,
 * Failed, any other detail or no problem → invalid credentials. No answer at all (network, retries
 * exhausted, 5xx) means the service is unavailable rather than the password wrong.
 */
export function signInOutcome(result: ApiResult<LoginResponse>): SignInOutcome {
  if (result.ok) return { kind: 'success', login: result.data };
  if (result.status === undefined || result.status >= 500) return { kind: 'unavailable' };
  if (result.error.name === 'ExceededMaxRetries') return { kind: 'unavailable' };
  switch (result.problem?.detail) {
    case 'LockedOut':
      return { kind: 'userLocked' };
    case 'RequiresTwoFactor':
      return { kind: 'requireMfa' };
    default:
      return { kind: 'invalidCredentials' };
  }
}
