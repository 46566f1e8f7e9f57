import type { Tokens } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../lib/api-client';
import { initialSignInState, type SignInState, signInReducer, signInResult } from './sign-in-flow';

const tokens = { accessToken: 'a', refreshToken: 'r', expiresIn: 900 };
const problem = (detail?: string, status = 401): ApiResult<Tokens> => ({
  ok: false,
  status,
  problem: { title: 'Unauthorized', status, detail },
  error: { name: 'ProblemDetails', message: detail ?? 'Unauthorized' },
});
const none = { invalidCredentials: false, requireMfa: false, userLocked: false };

describe('signInResult (problem detail → flags)', () => {
  it.each([
    ['LockedOut', { ...none, userLocked: true }],
    ['RequiresTwoFactor', { ...none, requireMfa: true, codeRejected: false }],
    ['NotAllowed', { ...none, invalidCredentials: true, notConfirmed: true }],
    ['Failed', { ...none, invalidCredentials: true }],
    ['SomethingElse', { ...none, invalidCredentials: true }],
    [undefined, { ...none, invalidCredentials: true }],
  ])('%s', (detail, flags) => {
    expect(signInResult(problem(detail))).toEqual(flags);
  });

  it('RequiresTwoFactor with a message on the code is a wrong code: the user stays on the code step', () => {
    const wrong: ApiResult<Tokens> = {
      ok: false,
      status: 401,
      problem: { title: 'Unauthorized', status: 401, detail: 'RequiresTwoFactor', errors: { code: ['No'] } },
      error: { name: 'ProblemDetails', message: 'RequiresTwoFactor' },
    };
    const result = signInResult(wrong);
    expect(result).toEqual({ ...none, requireMfa: true, codeRejected: true });
    const onCode = signInReducer({ step: 'loading', from: 'code' }, { type: 'result', result });
    expect(onCode).toEqual({ step: 'code', message: 'wrongCode' });
  });

  it('NotAllowed tells the user to confirm their email, on the credentials step', () => {
    const result = signInResult(problem('NotAllowed'));
    expect(signInReducer({ step: 'loading', from: 'credentials' }, { type: 'result', result })).toEqual({
      step: 'credentials',
      message: 'notConfirmed',
    });
  });

  it('a 4xx without a problem body is invalid credentials', () => {
    expect(
      signInResult({ ok: false, status: 400, error: { name: 'RemoteServerError', message: '400' } }),
    ).toEqual({ ...none, invalidCredentials: true });
  });

  it('no answer, a 5xx or the rate limit set no flag', () => {
    expect(signInResult({ ok: false, error: { name: 'ExceededMaxRetries', message: 'x' } })).toEqual(none);
    expect(signInResult(problem(undefined, 503))).toEqual(none);
    expect(signInResult(problem('TooManyAttempts', 429))).toEqual(none);
  });

  it('success carries the tokens', () => {
    expect(signInResult({ ok: true, status: 200, data: tokens })).toEqual({ ...none, tokens });
  });
});

describe('signInReducer', () => {
  const run = (state: SignInState, ...results: ApiResult<Tokens>[]) =>
    results.reduce(
      (s, result) =>
        signInReducer(signInReducer(s, { type: 'submit' }), { type: 'result', result: signInResult(result) }),
      state,
    );

  it('goes credentials → loading → complete', () => {
    const loading = signInReducer(initialSignInState, { type: 'submit' });
    expect(loading).toEqual({ step: 'loading', from: 'credentials' });
    expect(signInReducer(loading, { type: 'submit' })).toBe(loading);
    expect(run(initialSignInState, { ok: true, status: 200, data: tokens })).toEqual({ step: 'complete' });
  });

  it('asks for the code when two-factor is required, then completes', () => {
    const code = run(initialSignInState, problem('RequiresTwoFactor'));
    expect(code).toEqual({ step: 'code' });
    expect(run(code, { ok: true, status: 200, data: tokens })).toEqual({ step: 'complete' });
  });

  it('returns to credentials with a message on invalid credentials or a lock, from either step', () => {
    expect(run(initialSignInState, problem('Failed'))).toEqual({
      step: 'credentials',
      message: 'invalidCredentials',
    });
    expect(run({ step: 'code' }, problem('Failed'))).toEqual({
      step: 'credentials',
      message: 'invalidCredentials',
    });
    expect(run({ step: 'code' }, problem('LockedOut'))).toEqual({
      step: 'credentials',
      message: 'userLocked',
    });
  });

  it('stays on the current step when the service is unavailable', () => {
    const unavailable = { ok: false as const, error: { name: 'ExceededMaxRetries', message: 'x' } };
    expect(run(initialSignInState, unavailable)).toEqual({ step: 'credentials', message: 'unavailable' });
    expect(run({ step: 'code' }, unavailable)).toEqual({ step: 'code', message: 'unavailable' });
  });

  it('goes back from the code step on request', () => {
    expect(signInReducer({ step: 'code' }, { type: 'back' })).toEqual({ step: 'credentials' });
  });
});
