import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../../lib/api-client';
import { confirmOutcome, readConfirmLink } from '../confirm/confirm-outcome';
import { afterCodeCheck, afterReset, afterResetLinkRequest } from './reset-state';

const ok: ApiResult<unknown> = { ok: true, status: 204, data: undefined };
const problem = (status: number, errors?: Record<string, string[]>): ApiResult<unknown> => ({
  ok: false,
  status,
  problem: { title: 'x', status, errors },
  error: { name: 'ProblemDetails', message: 'x' },
});
const noAnswer: ApiResult<unknown> = { ok: false, error: { name: 'ExceededMaxRetries', message: 'x' } };

describe('reset password states', () => {
  it('code check: success → form, 404 → invalid link, anything else → failed', () => {
    expect(afterCodeCheck(ok)).toEqual({ step: 'form', messages: [] });
    expect(afterCodeCheck(problem(404))).toEqual({ step: 'invalidLink' });
    expect(afterCodeCheck(problem(400))).toEqual({ step: 'failed' });
    expect(afterCodeCheck(noAnswer)).toEqual({ step: 'failed' });
  });

  it('submit: success → complete; field errors → back to the form with the messages; else failed', () => {
    expect(afterReset(ok)).toEqual({ step: 'complete' });
    expect(
      afterReset(problem(400, { password: ['Too short.', 'No digit.'], confirmPassword: ['Too short.'] })),
    ).toEqual({ step: 'form', messages: ['Too short.', 'No digit.'] });
    expect(afterReset(problem(404))).toEqual({ step: 'invalidLink' });
    expect(afterReset(problem(400))).toEqual({ step: 'failed' });
    expect(afterReset(noAnswer)).toEqual({ step: 'failed' });
  });

  it('reset-link request: any refusal is a failure', () => {
    expect(afterResetLinkRequest(ok)).toBe('complete');
    expect(afterResetLinkRequest(problem(429))).toBe('failed');
    expect(afterResetLinkRequest(noAnswer)).toBe('failed');
  });
});

describe('confirm email states', () => {
  it('success → complete, problem → failed, no answer → unknown', () => {
    expect(confirmOutcome(ok)).toBe('complete');
    expect(confirmOutcome(problem(400))).toBe('failed');
    expect(confirmOutcome(noAnswer)).toBe('unknown');
  });

  it('reads the link; the password code decides the offer', () => {
    expect(readConfirmLink('?email=a%40b.c&code=xyz&password=p%2Bq')).toEqual({
      email: 'a@b.c',
      code: 'xyz',
      hasPasswordCode: true,
    });
    expect(readConfirmLink('?email=a%40b.c&code=xyz').hasPasswordCode).toBe(false);
    expect(readConfirmLink('').email).toBe('');
  });
});
