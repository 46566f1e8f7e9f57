import { Anchor, type CSSVariablesResolver, createTheme, DEFAULT_THEME } from '@mantine/core';
import { readableTextShade } from './theme-contrast';

/**
 * WCAG 2.2 AA contrast is settled here, once, rather than page by page (docs/accessibility.md).
 * Mantine's defaults fail 1.4.3 on white (primary blue-6 3.6:1, dimmed gray-6 3.3:1, error red-6 3.3:1,
 * green/yellow/orange text under 4.5:1) and on the dark body (dimmed dark-2 4.0:1, error red-8 3.4:1).
 * Every colour below reads at 4.5:1 or more on the surfaces it is drawn on.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  // Filled buttons, links and active states: blue-8 on white is 5.0:1, white on blue-8 the same.
  primaryShade: { light: 8, dark: 8 },
  // Filled badges and buttons of light colours (yellow, lime) get dark text instead of white.
  autoContrast: true,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
  components: {
    // Links are told apart from the text around them by more than colour (1.4.1): always underlined.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});

const colors = DEFAULT_THEME.colors;
const gray = colors.gray;

/**
 * Light scheme: text in a colour sits on white, striped table rows and hovers (gray-0, gray-1) and its
 * own light-variant background (shade 1, e.g. a light badge or alert).
 */
function lightColourText(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colors)
      .filter(([name]) => name !== 'dark')
      .flatMap(([name, shades]) => {
        const text = readableTextShade(shades, ['#ffffff', gray[0], gray[1], shades[0], shades[1]]);
        return [
          [`--mantine-color-${name}-text`, text],
          [`--mantine-color-${name}-light-color`, text],
        ];
      }),
  );
}

/** Scheme colours Mantine draws text with; each pair measured against the surfaces of its scheme. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...lightColourText(),
    // gray-7 #495057: 8.2:1 on white, 7.4:1 on gray-1.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // red-9 #c92a2a: 5.5:1 on white, 5.1:1 on red-0.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Links in running text, also inside light-blue alerts: blue-9 #1864ab is 6.1:1 on white, 4.9:1 on blue-1.
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
  },
  dark: {
    // dark-1 #b8b8b8: 7.8:1 on the dark body (dark-7), 5.7:1 on dark-5.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    // red-5 #ff6b6b: 5.6:1 on dark-7.
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    // blue-3 #74c0fc: 6.9:1 on dark-6.
    '--mantine-color-anchor': 'var(--mantine-color-blue-3)',
  },
});
