import type { Locator } from 'playwright-core';

/**
 * Whether `target` matches :focus-visible, and the style of the outline it shows: a heading focused
 * after a keyboard action shows the ring, one focused after a click or tap shows none.
 */
export function focusRingOf(target: Locator): Promise<{ focusVisible: boolean; outline: string }> {
  return target.evaluate((el) => ({
    focusVisible: el.matches(':focus-visible'),
    outline: getComputedStyle(el).outlineStyle,
  }));
}
