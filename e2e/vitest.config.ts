import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: files run two at a time (E2E_WORKERS to change it), each worker on a real server
 * of its own (global-setup.ts), Chromium driven by playwright-core.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
  },
});
