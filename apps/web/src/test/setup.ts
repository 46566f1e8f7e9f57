import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../i18n';
import { sessionStore } from '../lib/session';

// Lazy routes and Mantine render slowly on a busy 2-core CI machine: give findBy/waitFor room.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads these browser APIs that jsdom lacks.
const noop = () => {};

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    // Reduced motion makes Mantine skip transition timers that could fire after a test's teardown.
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: noop,
    removeListener: noop,
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = noop;
window.HTMLElement.prototype.scrollTo = noop;

afterEach(() => {
  cleanup();
  // The session store keeps the session in memory too: a test that signed in must not leave the next
  // test, or the next file sharing this window, signed in.
  sessionStore.clear();
  window.localStorage.clear();
  // And its cookies (the language cookie, decision 53), as a fresh page's would be empty.
  for (const name of document.cookie.split(';').map((c) => c.split('=')[0]?.trim())) {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing what the app set the same way (lib/language.ts).
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  // Files share one window when not isolated: the next starts at the root, as a fresh page would.
  window.history.replaceState(null, '', '/');
});
