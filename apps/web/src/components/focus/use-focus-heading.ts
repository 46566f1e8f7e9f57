import { type RefObject, useEffect, useRef } from 'react';
import { findFirstHeading, findPageHeading, focusWhenShown } from './focus-heading';

/**
 * Moves focus to the page heading inside `root` each time `key` changes (a route's pathname); not on
 * the first render, so a fresh page load starts at the top with the skip link.
 */
export function useFocusPageHeadingOnChange(key: string, root: RefObject<HTMLElement | null>): void {
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    if (!root.current) return;
    return focusWhenShown(root.current, findPageHeading);
  }, [key, root]);
}

/**
 * For wizards: returns a ref for the element around the current step; when `step` changes, focus moves
 * to the first heading of the new step (or to what `find` picks, e.g. the message a finished step shows).
 */
export function useFocusStepHeading<T extends HTMLElement = HTMLDivElement>(
  step: unknown,
  find: (root: ParentNode) => HTMLElement | null = findFirstHeading,
): RefObject<T | null> {
  const container = useRef<T>(null);
  const previous = useRef(step);
  const finder = useRef(find);
  finder.current = find;
  useEffect(() => {
    if (Object.is(previous.current, step)) return;
    previous.current = step;
    if (!container.current) return;
    return focusWhenShown(container.current, finder.current);
  }, [step]);
  return container;
}
