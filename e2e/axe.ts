import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA as the issue and docs/accessibility.md state it: every A and AA rule up to 2.2. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page as it is now, one line per rule with the elements it names, so a
 * failing test says what to fix: 'screen: color-contrast (2) .mantine-Text-root ...'.
 *
 * axe-core is put into the page once (a navigation clears it) and run on the document itself: the
 * portal draws no frames. @axe-core/playwright's builder injected the whole library again on every
 * check and finished each run in a new blank page, 2.2 s a check against 0.5 s (docs/accessibility.md).
 */
export async function axeViolations(page: Page, screen: string): Promise<string[]> {
  // Let transitions (alerts fading in, dropdowns) finish so colours are measured as they end up.
  await page.waitForTimeout(150);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] };
  const result = await page.evaluate(
    (runOptions) =>
      (
        window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }
      ).axe.run(document, runOptions),
    options,
  );
  return result.violations.map((violation) => {
    const targets = violation.nodes
      .slice(0, 5)
      .map((node) => `${node.target.join(' ')}${node.any[0]?.message ? ` (${node.any[0].message})` : ''}`);
    return `${screen}: ${violation.id} (${violation.nodes.length}) ${targets.join(' | ')}`;
  });
}
