import type { Page } from 'playwright-core';

/** What every page title ends with: 'Add permit | Client Portal'. */
const TITLE_SUFFIX = ' | Client Portal';

/**
 * What is wrong with the page's headings, one line each (none when right): a page has exactly one h1,
 * and it is the page's own title (its document title less the product name), never a section's title
 * standing above the page's. Hidden headings do not count; those behind an open dialog do.
 */
export async function pageHeadingProblems(page: Page, screen: string): Promise<string[]> {
  const h1s = (
    await page
      .getByRole('heading', { level: 1, includeHidden: true })
      .filter({ visible: true })
      .allInnerTexts()
  ).map((text) => text.trim());
  if (h1s.length !== 1) {
    return [`${screen}: ${h1s.length} h1 headings, not one (${h1s.map((h) => `"${h}"`).join(', ')})`];
  }
  const title = await page.title();
  const pageTitle = title.endsWith(TITLE_SUFFIX) ? title.slice(0, -TITLE_SUFFIX.length) : title;
  return h1s[0] === pageTitle ? [] : [`${screen}: the h1 "${h1s[0]}" is not the page title "${pageTitle}"`];
}
