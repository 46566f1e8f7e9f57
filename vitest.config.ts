import { defineConfig } from 'vitest/config';

/** Unit and API tests of every workspace; browser journeys have their own config in e2e/. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'apps/web/vitest.build.config.ts'],
    // Each API test file seeds a database of its own: two files at once is what two cores carry.
    maxWorkers: 2,
  },
});
