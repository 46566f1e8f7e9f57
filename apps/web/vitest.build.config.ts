import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

/** The build's own code (build/) is tested in Node, where the build runs it: no DOM, no `window`. */
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The workspace packages' TypeScript source, not their compiled dist (decision 36).
  resolve: { conditions: ['@client-portal/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@client-portal/source', ...defaultServerConditions] } },
  test: {
    name: 'web-build',
    environment: 'node',
    include: ['build/**/*.test.ts'],
    // Drawing the sign-in page loads the app through Vite: slow on a busy 2-core machine.
    testTimeout: 60_000,
  },
});
