import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** The build's own code (build/) is tested in Node, where the build runs it: no DOM, no `window`. */
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web-build',
    environment: 'node',
    include: ['build/**/*.test.ts'],
    // Drawing the sign-in page loads the app through Vite: slow on a busy 2-core machine.
    testTimeout: 60_000,
  },
});
