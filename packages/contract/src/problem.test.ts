import { describe, expect, it } from 'vitest';
import { problemSchema } from './problem.js';
import { runtimeConfigSchema } from './runtime-config.js';

describe('problem details', () => {
  it('need a title and a whole-number status; errors are lists of messages by field', () => {
    expect(
      problemSchema.safeParse({ title: 'Bad Request', status: 400, errors: { email: ['No.'] } }).success,
    ).toBe(true);
    expect(problemSchema.safeParse({ status: 400 }).success).toBe(false);
    expect(problemSchema.safeParse({ title: 'x', status: 400.5 }).success).toBe(false);
    expect(problemSchema.safeParse({ title: 'x', status: 400, errors: { email: 'No.' } }).success).toBe(
      false,
    );
  });
});

describe('the runtime config', () => {
  it('names the API and the hash; single sign-on is optional but complete when given', () => {
    const base = { apiBaseUrl: '/api', applicationHash: 'h', oidc: null };
    expect(runtimeConfigSchema.safeParse(base).success).toBe(true);
    expect(
      runtimeConfigSchema.safeParse({
        ...base,
        oidc: { authority: 'https://idp', clientId: 'c', scope: 'openid' },
      }).success,
    ).toBe(true);
    expect(runtimeConfigSchema.safeParse({ ...base, oidc: { authority: 'https://idp' } }).success).toBe(
      false,
    );
    expect(runtimeConfigSchema.safeParse({ applicationHash: 'h', oidc: null }).success).toBe(false);
  });
});
