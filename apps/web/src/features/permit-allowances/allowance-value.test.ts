import { describe, expect, it } from 'vitest';
import { toAllowance, toInputValue } from './allowance-value';

describe('allowance values', () => {
  it('sends a blank or NaN value as unset (unlimited)', () => {
    expect(toAllowance('')).toBeNull();
    expect(toAllowance('   ')).toBeNull();
    expect(toAllowance(Number.NaN)).toBeNull();
    expect(toAllowance('abc')).toBeNull();
    expect(toAllowance(null)).toBeNull();
    expect(toAllowance(undefined)).toBeNull();
  });

  it('keeps numbers, including 0 and numeric text', () => {
    expect(toAllowance(0)).toBe(0);
    expect(toAllowance(50)).toBe(50);
    expect(toAllowance('12')).toBe(12);
  });

  it('shows unlimited as a blank input', () => {
    expect(toInputValue(null)).toBe('');
    expect(toInputValue(0)).toBe(0);
  });
});
