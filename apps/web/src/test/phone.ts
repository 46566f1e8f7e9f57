import { vi } from 'vitest';
import { PHONE_QUERY } from '../lib/use-phone';

/** Makes the phone media query match, as on a 390 px wide phone (undone by vi.restoreAllMocks). */
export function actAsPhone() {
  const wide = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...wide(query),
    matches: query === PHONE_QUERY,
  }));
}
