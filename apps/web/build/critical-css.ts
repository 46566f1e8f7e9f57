import { JSDOM } from 'jsdom';
import postcss, { type AtRule, type Rule } from 'postcss';

/** States no element has in a static copy of a page, but which must keep their styles (focus rings). */
const DYNAMIC_PSEUDO =
  /::?(?:before|after|placeholder|selection|marker|backdrop|-webkit-[a-z-]+|-moz-[a-z-]+)|:(?:hover|focus-visible|focus-within|focus|active|visited|autofill|placeholder-shown)(?![a-z-])/g;

function inKeyframes(rule: Rule): boolean {
  const parent = rule.parent;
  return parent?.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name);
}

/** Does any element of the page match the selector (ignoring states)? Unknown syntax counts as a match. */
function matches(document: Document, selector: string): boolean {
  const stripped = selector.replace(DYNAMIC_PSEUDO, '').trim();
  if (stripped === '' || /^(?::root|html|body|\*)$/.test(stripped)) return true;
  try {
    return document.querySelector(stripped) !== null;
  } catch {
    return true;
  }
}

/**
 * The rules of `css` that the page `html` uses: each style rule is kept when one of its selectors
 * matches an element of the page (hover, focus and pseudo-element states included); at-rules other
 * than @media and @supports are kept whole. Inlined into the prerendered sign-in page so it paints
 * without waiting for the app's whole stylesheet (233 KB), which is loaded after the first paint.
 */
export function criticalCss(css: string, html: string): string {
  const { document } = new JSDOM(html).window;
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (inKeyframes(rule)) return;
    const kept = rule.selectors.filter((selector) => matches(document, selector));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  root.walkAtRules(/^(?:media|supports|layer)$/i, (atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return root.toString();
}
