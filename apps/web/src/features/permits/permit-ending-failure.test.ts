import { describe, expect, it } from 'vitest';
import { permitEndingFailure } from './permit-ending-failure';

const warnings = { notFound: 'It is gone.', conflict: 'It cannot be ended now.' };

describe('permitEndingFailure', () => {
  it('warns in the page words when the permit or upload is gone (404)', () => {
    expect(permitEndingFailure(404, warnings)).toEqual({ state: 'idle', warning: 'It is gone.' });
  });

  it('warns in the page words when it can no longer be ended (409)', () => {
    expect(permitEndingFailure(409, warnings)).toEqual({ state: 'idle', warning: 'It cannot be ended now.' });
  });

  it('fails without a warning on any other answer, or none', () => {
    for (const status of [400, 403, 500, undefined]) {
      expect(permitEndingFailure(status, warnings)).toEqual({ state: 'error', warning: undefined });
    }
  });
});
