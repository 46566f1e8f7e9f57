import { describe, expect, it } from 'vitest';
import { permanentPermitYears } from './permit-dates';

describe('permit dates', () => {
  it('reads PermanentPermitYears, defaulting to 1', () => {
    expect(permanentPermitYears('3')).toBe(3);
    for (const entry of [undefined, '', '0', '1.5', 'x']) expect(permanentPermitYears(entry)).toBe(1);
  });
});
