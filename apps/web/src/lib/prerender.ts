import { createContext, useContext, useLayoutEffect } from 'react';

/**
 * The sign-in page is drawn once at build time (app/prerender) and served as `signin.html`, so the
 * form paints with the HTML and CSS instead of after the whole app has run (issue 10). The app starts
 * in a hidden root beside that copy and takes its place when it draws its first real screen.
 */
export const PRERENDERED_ID = 'prerendered';

const PrerenderContext = createContext(false);

/** True only while the build draws the page: nothing may be sent from that copy. */
export const PrerenderProvider = PrerenderContext.Provider;

export function usePrerendering(): boolean {
  return useContext(PrerenderContext);
}

/**
 * Replaces the build-time copy with the app in `root`: what the user typed into the copy's fields
 * moves into the app's fields of the same name (as input events, so the forms see it), and the focus
 * with it (a focused link or button to the app's one of the same text). Does nothing when the page was not served prerendered, or once it has been taken over.
 */
export function takeOverPrerendered(root: HTMLElement): void {
  const copy = document.getElementById(PRERENDERED_ID);
  if (!copy) return;
  const focused = document.activeElement;
  // React tracks an input's value through this setter; setting it directly would hide the change.
  const setInputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  root.hidden = false;
  for (const field of copy.querySelectorAll<HTMLInputElement>('input[name]')) {
    const target = root.querySelector<HTMLInputElement>(`input[name="${CSS.escape(field.name)}"]`);
    if (!target) continue;
    if (field.value && !target.value && setInputValue) {
      setInputValue.call(target, field.value);
      target.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (field === focused) {
      target.focus();
      if (field.selectionStart !== null && field.selectionEnd !== null) {
        target.setSelectionRange(field.selectionStart, field.selectionEnd);
      }
    }
  }
  if (focused instanceof HTMLElement && !(focused instanceof HTMLInputElement) && copy.contains(focused)) {
    counterpart(root, focused)?.focus();
  }
  copy.remove();
}

/** The app's element standing for `element` of the copy: same tag, text and link target. */
function counterpart(root: HTMLElement, element: HTMLElement): HTMLElement | undefined {
  const href = element.getAttribute('href');
  return [...root.querySelectorAll<HTMLElement>(element.tagName)].find(
    (candidate) => candidate.textContent === element.textContent && candidate.getAttribute('href') === href,
  );
}

/** Placed in the app's first real screens (the layout, the failed start, a route error), not in loaders. */
export function PrerenderTakeOver(): null {
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    if (root) takeOverPrerendered(root);
  }, []);
  return null;
}
