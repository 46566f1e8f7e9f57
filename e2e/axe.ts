import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA as the issue and docs/accessibility.md state it: every A and AA rule up to 2.2. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core's violations on the page as it is now, one line per rule with the elements it names, so a
 * failing test says what to fix: 'screen: color-contrast (2) .mantine-Text-root ...'.
 */
export async function axeViolations(page: Page, screen: string): Promise<string[]> {
  // Let transitions (alerts fading in, dropdowns) finish so colours are measured as they end up.
  await page.waitForTimeout(150);
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations.map((violation) => {
    const targets = violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')}${node.any[0]?.message ? ` (${node.any[0].message})` : ''}`);
    return `${screen}: ${violation.id} (${violation.nodes.length}) ${targets.join(' | ')}`;
  });
}
