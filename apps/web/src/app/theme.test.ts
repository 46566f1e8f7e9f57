import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';
import { contrastRatio, readableTextShade } from './theme-contrast';

const resolvedVariables = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME);
const resolved = resolvedVariables as unknown as Record<'light' | 'dark', Record<string, string>>;
const colors = DEFAULT_THEME.colors;
const shade = (variable: string | undefined) => {
  const match = variable?.match(/^var\(--mantine-color-(\w+)-(\d)\)$/);
  return match ? colors[match[1] as 'gray']?.[Number(match[2])] : variable;
};

describe('theme contrast (WCAG 1.4.3)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('gives every colour a text shade of at least 4.5:1 on white, gray-1 and its own light background', () => {
    for (const [name, shades] of Object.entries(colors).filter(([n]) => n !== 'dark')) {
      const text = resolved.light[`--mantine-color-${name}-text`] as string;
      for (const surface of ['#ffffff', colors.gray[1], shades[1]])
        expect(contrastRatio(text, surface), `${name} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
    // Mantine's own yellow-9 is 2.8:1 on white: the shade found is darker.
    expect(readableTextShade(colors.yellow, ['#ffffff'])).not.toBe(colors.yellow[9]);
  });

  it('draws dimmed text, errors and links at 4.5:1 or more in both schemes', () => {
    for (const variable of ['--mantine-color-dimmed', '--mantine-color-error', '--mantine-color-anchor']) {
      expect(contrastRatio(shade(resolved.light[variable]) as string, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      for (const surface of [colors.dark[7], colors.dark[6]])
        expect(contrastRatio(shade(resolved.dark[variable]) as string, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
