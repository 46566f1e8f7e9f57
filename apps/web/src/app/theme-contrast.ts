import { darken, luminance, type MantineColorsTuple } from '@mantine/core';

/** WCAG 2.x contrast ratio of two CSS colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** 1.4.3: normal-size text needs 4.5:1. */
const TEXT_CONTRAST = 4.5;

/**
 * The lightest shade of `colors` (from shade 7 down to 9, then darker still) that reads at 4.5:1 on
 * every one of `surfaces`. Text in a colour (`c="red"`, light badges and alerts) is drawn with it in
 * the light scheme; Mantine's own shade 8/9 is too light for green, lime, yellow and orange.
 */
export function readableTextShade(colors: MantineColorsTuple, surfaces: readonly string[]): string {
  const readable = (colour: string) => surfaces.every((s) => contrastRatio(colour, s) >= TEXT_CONTRAST);
  for (const shade of [7, 8, 9] as const) if (readable(colors[shade])) return colors[shade];
  let colour = colors[9];
  for (let step = 1; step <= 10 && !readable(colour); step++) colour = darken(colors[9], step * 0.05);
  return colour;
}
