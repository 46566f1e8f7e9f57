import { describe, expect, it } from 'vitest';
import { neutraliseCsvCell, toSafeCsvCell } from './csv-safety.js';

describe('neutraliseCsvCell', () => {
  it.each([
    '=SUM(A1:A2)',
    '+44 20',
    '-1+2',
    '@cmd',
    '\t=1',
    '\r=1',
    '\tcmd',
    '\rcmd',
    '＝SUM(A1:A2)',
    '＋44',
    '－1',
    '＠cmd',
  ])('prefixes %j with a quote', (value) => {
    expect(neutraliseCsvCell(value)).toBe(`'${value}`);
  });

  it.each(['AB12 CDE', '', '12=3', "'already", ' =1'])('leaves %j alone', (value) => {
    expect(neutraliseCsvCell(value)).toBe(value);
  });
});

describe('toSafeCsvCell', () => {
  it('stringifies values and blanks nullish ones', () => {
    expect(toSafeCsvCell(null)).toBe('');
    expect(toSafeCsvCell(undefined)).toBe('');
    expect(toSafeCsvCell(-5)).toBe("'-5");
    expect(toSafeCsvCell(42)).toBe('42');
    expect(toSafeCsvCell(new Date('2024-01-02T03:04:05Z'))).toBe('2024-01-02T03:04:05.000Z');
  });
});
