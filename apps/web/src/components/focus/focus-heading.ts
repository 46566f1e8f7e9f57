/**
 * Focus management of WCAG 2.4.3: after a page or step change, focus moves to the new heading so
 * keyboard and screen-reader users start reading where the new content starts.
 */

/** Focuses an element that is not focusable by itself (a heading) without adding it to the tab order. */
export function focusElement(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  // The ring a focused heading shows to keyboard users (app/accessibility.css).
  element.setAttribute('data-focus-heading', '');
  element.focus();
}

/** The heading of the current page within `root`: its h1, the page's own title (one per page). */
export function findPageHeading(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>('h1');
}

/** The first heading (any level) within `root`: the heading of a wizard step. */
export function findFirstHeading(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6');
}

/** The message a finished step shows (a status or alert region): where reading starts after it. */
export function findStatusMessage(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>('[role="status"], [role="alert"]');
}

/**
 * Focuses what `find` returns as soon as it is in the DOM (lazy pages and loading states render their
 * heading a moment later). Gives up after `timeoutMs`, or when the returned cancel function runs.
 */
export function focusWhenShown(
  root: HTMLElement,
  find: (root: ParentNode) => HTMLElement | null,
  timeoutMs = 10_000,
): () => void {
  const attempt = () => {
    const target = find(root);
    if (!target) return false;
    focusElement(target);
    return true;
  };
  if (attempt()) return () => {};
  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(root, { childList: true, subtree: true });
  return stop;
}
