import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  // The workspace packages' TypeScript source, not their compiled dist (decision 36).
  resolve: { conditions: ['@client-portal/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@client-portal/source', ...defaultServerConditions] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    globalSetup: ['./test/seeded-database.ts'],
    // Test files share a worker's module graph instead of importing the whole app again each (the
    // imports were 164 s of a 658 s run). Every file builds its own app and database, so no state
    // outlives a file; module-level caches are keyed by the database handle.
    isolate: false,
  },
});
