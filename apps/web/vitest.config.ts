import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The workspace packages' TypeScript source, not their compiled dist (decision 36).
  resolve: { conditions: ['@client-portal/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@client-portal/source', ...defaultServerConditions] } },
  plugins: [react()],
  define: { 'import.meta.env.VITE_APP_BUILD_HASH': JSON.stringify('test-build-hash') },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Mantine under jsdom is slow on a busy 2-core machine (the account form’s first test took over 20 s
    // at load 10); a hang still fails.
    testTimeout: 60_000,
    // One window and one module graph per worker, not per file: a third of the time (59 s against
    // 189 s for the 91 files on two cores). setup.ts puts the page back at the root, signed out, with
    // empty storage after each test. Before it signed the session store out too, a test's session,
    // kept in the store's memory, leaked into the next file of the worker (routes.test failed in one
    // of four runs, sso-page.test in CI when this was first tried); 5 runs in a row pass since.
    isolate: false,
  },
});
