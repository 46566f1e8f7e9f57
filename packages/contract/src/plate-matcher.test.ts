import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatWarnings, needsConfirmation } from './plate-check.js';
import {
  CONFUSABLE_PAIRS,
  displayPlate,
  normalisePlate,
  plateVariants,
  ukPlateFormat,
} from './plate-matcher.js';

const plateChar = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split(''));
const plate = fc.array(plateChar, { minLength: 1, maxLength: 10 }).map((cs) => cs.join(''));

/** The character a confusable one is mistaken for, or undefined: read off the pairs, not the matcher's map. */
const confusableWith = (character: string): string | undefined =>
  CONFUSABLE_PAIRS.find((pair) => pair.includes(character as never))?.find((c) => c !== character);
/** True when `a` and `b` are different plates one slip apart. */
const isOneSlipApart = (a: string, b: string): boolean => plateVariants(a).includes(normalisePlate(b));

/** How many positions two equally long plates differ at. */
const differences = (a: string, b: string) => [...a].filter((c, i) => c !== b[i]).length;

describe('plateVariants', () => {
  it('offers each confusable twin and each neighbour transposition', () => {
    expect(plateVariants('AB12CDE').sort()).toEqual(
      [
        'A812CDE', // B -> 8
        'ABI2CDE', // 1 -> I
        'AB1ZCDE', // 2 -> Z
        'BA12CDE',
        'A1B2CDE',
        'AB21CDE',
        'AB1C2DE',
        'AB12DCE',
        'AB12CED',
      ].sort(),
    );
  });

  it('normalises the typed plate first and never offers it back', () => {
    expect(plateVariants(' ks14 bxe ')).toContain('K514BXE');
    expect(plateVariants('AA')).toEqual([]);
    expect(plateVariants('')).toEqual([]);
  });

  it('swaps both ways for every confusable pair', () => {
    for (const [letter, digit] of CONFUSABLE_PAIRS) {
      expect(confusableWith(letter)).toBe(digit);
      expect(confusableWith(digit)).toBe(letter);
      expect(plateVariants(`X${letter}`)).toContain(`X${digit}`);
      expect(plateVariants(`X${digit}`)).toContain(`X${letter}`);
    }
    expect(confusableWith('A')).toBeUndefined();
  });

  it('stays small: at most 2n - 1 variants of an n-character plate', () => {
    fc.assert(fc.property(plate, (p) => plateVariants(p).length <= Math.max(0, 2 * p.length - 1)));
  });

  it('gives only plates of the same length, one confusable swap or one transposition away', () => {
    fc.assert(
      fc.property(plate, (p) =>
        plateVariants(p).every((v) => {
          if (v.length !== p.length || v === p) return false;
          const diff = differences(p, v);
          if (diff === 1) {
            const i = [...p].findIndex((c, k) => c !== v[k]);
            return confusableWith(p[i] as string) === v[i];
          }
          const i = [...p].findIndex((c, k) => c !== v[k]);
          return diff === 2 && p[i] === v[i + 1] && p[i + 1] === v[i];
        }),
      ),
    );
  });

  it('is symmetric: b is a variant of a exactly when a is a variant of b', () => {
    fc.assert(
      fc.property(plate, (p) => plateVariants(p).every((v) => isOneSlipApart(v, p) && isOneSlipApart(p, v))),
    );
  });

  it('finds every single confusable slip of any plate', () => {
    fc.assert(
      fc.property(plate, fc.nat(), (p, n) => {
        const positions = [...p].map((c, i) => (confusableWith(c) ? i : -1)).filter((i) => i >= 0);
        fc.pre(positions.length > 0);
        const i = positions[n % positions.length] as number;
        const slipped = p.slice(0, i) + confusableWith(p[i] as string) + p.slice(i + 1);
        return plateVariants(slipped).includes(p);
      }),
    );
  });

  it('does not call a plate one slip from itself or from a plate two slips away', () => {
    expect(isOneSlipApart('AB12CDE', 'AB12CDE')).toBe(false);
    expect(isOneSlipApart('AB12CDE', 'A812CD3')).toBe(false);
    expect(isOneSlipApart('AB12CDE', 'ab12 cde'.replace('1', 'I'))).toBe(true);
  });
});

describe('ukPlateFormat', () => {
  it.each([
    ['AB12CDE', 'current'],
    ['ab12 cde', 'current'],
    ['A123BCD', 'prefix'],
    ['K514BXE', 'prefix'],
    ['ABC123D', 'suffix'],
    ['ABZ1234', 'northernIreland'],
    ['IAZ 12', 'northernIreland'],
    ['A1', 'dateless'],
    ['ABCD1234', 'dateless'],
    ['1234ABCD', 'dateless'],
  ])('%s is %s', (p, format) => {
    expect(ukPlateFormat(p)).toBe(format);
  });

  it.each(['AB12CDEF', 'A1B2C3', 'ABCDE', '12345', 'ABCDE1'])('%s fits no UK format', (p) => {
    expect(ukPlateFormat(p)).toBeNull();
    expect(formatWarnings(p)).toEqual([{ code: 'unknownFormat', params: {} }]);
  });

  it('takes every current-format plate as current', () => {
    const letters = fc.constantFrom(...'ABCDEFGHJKLMNOPRSTUVWXY'.split(''));
    const digit = fc.constantFrom(...'0123456789'.split(''));
    fc.assert(
      fc.property(fc.tuple(letters, letters, digit, digit, letters, letters, letters), (cs) => {
        return ukPlateFormat(cs.join('')) === 'current';
      }),
    );
  });
});

describe('the format note and confirmations', () => {
  it('needs confirming for a similar plate, not for the format note', () => {
    expect(formatWarnings('AB12CDE')).toEqual([]);
    expect(formatWarnings('')).toEqual([]);
    expect(needsConfirmation(formatWarnings('ZZZZZZZZ'))).toBe(false);
    expect(needsConfirmation([{ code: 'similarPermit', params: { suggestion: 'AB12CDE' } }])).toBe(true);
  });

  it('prints current plates with their space', () => {
    expect(displayPlate('ab12cde')).toBe('AB12 CDE');
    expect(displayPlate('A123BCD')).toBe('A123BCD');
  });
});
