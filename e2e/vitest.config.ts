import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/**
 * The accessibility walks take several times as long as any other journey. Without timings from an
 * earlier run (a clean clone) files go largest first, which would leave the walks, in small files
 * beside accessibility-walk.ts, to end the run alone: they start first instead.
 */
class WalksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isWalk = (file: TestSpecification) => /\/accessibility(-[a-z]+)?\.e2e\.ts$/.test(file.moduleId);
    return [...sorted.filter(isWalk), ...sorted.filter((file) => !isWalk(file))];
  }
}

/**
 * Browser journeys: files run two at a time (E2E_WORKERS to change it), each worker on a real server
 * of its own (global-setup.ts), Chromium driven by playwright-core.
 */
export default defineConfig({
  // The workspace packages' TypeScript source, not their compiled dist (decision 36).
  resolve: { conditions: ['@client-portal/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@client-portal/source', ...defaultServerConditions] } },
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // A page drawn in a fresh browser context can take seconds on a loaded two-core machine: a poll
    // waits up to 10 s (Vitest's default of 1 s failed first loads under load, not the app).
    expect: { poll: { timeout: 10_000 } },
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // The files of a worker share one module graph (playwright-core, axe-core and the helpers imported
    // once, not per file: 49 s of a run's 919 s). Each file launches its own browser and contexts.
    isolate: false,
    sequence: { sequencer: WalksFirst },
  },
});
