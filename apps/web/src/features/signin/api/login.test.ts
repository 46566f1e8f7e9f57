import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../lib/api-client';
import type { LoginResponse } from '../../../lib/session';
import { signInOutcome } from './login';

const problem = (detail?: string, status = 401): ApiResult<LoginResponse> => ({
  ok: false,
  status,
  problem: { title: 'Unauthorized', status, detail },
  error: { name: 'ProblemDetails', message: detail ?? 'Unauthorized' },
});

describe('signInOutcome', () => {
  it('maps problem details', () => {
    expect(signInOutcome(problem('LockedOut')).kind).toBe('userLocked');
    expect(signInOutcome(problem('RequiresTwoFactor')).kind).toBe('requireMfa');
    expect(signInOutcome(problem('NotAllowed')).kind).toBe('invalidCredentials');
    expect(signInOutcome(problem('Failed')).kind).toBe('invalidCredentials');
    expect(signInOutcome(problem(undefined, 400)).kind).toBe('invalidCredentials');
  });

  it('treats no answer as unavailable', () => {
    expect(signInOutcome({ ok: false, error: { name: 'ExceededMaxRetries', message: 'Failed' } }).kind).toBe(
      'unavailable',
    );
  });

  it('passes the tokens on success', () => {
    const login = { accessToken: 'a', refreshToken: 'r', expiresIn: 900 };
    expect(signInOutcome({ ok: true, status: 200, data: login })).toEqual({ kind: 'success', login });
  });
});
