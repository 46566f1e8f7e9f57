import { defineConfig } from 'vitest/config';

/** Browser journeys: one real server (fresh data folder) for the run, Chromium driven by playwright-core. */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
