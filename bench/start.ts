/**
 * `npm run bench -- --start`: `npm start` as a first-time user runs it (an empty data folder: migrate
 * and seed the demo) and then again on the same folder, `BENCH_STARTS` (3) times: the time from the
 * command to a healthy `/api/health`, and whether the start rebuilt anything. Run it after `npm run
 * build`: a start that rebuilds says so.
 */
import fs from 'node:fs';
import { startServer } from '../e2e/server-process.js';

const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** What the start's build check printed: nothing rebuilt, or what it built. */
function buildCheck(output: string): string {
  const build = output.match(/^build: .*$/m)?.[0] ?? 'no build line';
  return build.includes('not rebuilt') ? 'nothing rebuilt' : `REBUILT (${build})`;
}

export async function benchStart(): Promise<void> {
  console.log('npm start, to a healthy /api/health');
  const first = await startServer({}, { fresh: true, keepData: true, npmStart: true });
  console.log(
    `first start (empty folder: migrate, seed)  ${seconds(first.healthyAfterMs)}  ${buildCheck(first.output())}`,
  );
  await first.stop();
  const times: number[] = [];
  try {
    for (let i = 1; i <= STARTS; i++) {
      const next = await startServer({}, { dataDir: first.dataDir, keepData: true, npmStart: true });
      times.push(next.healthyAfterMs);
      console.log(
        `start ${i + 1} (data in place)               ${seconds(next.healthyAfterMs)}  ${buildCheck(next.output())}`,
      );
      await next.stop();
    }
  } finally {
    fs.rmSync(first.dataDir, { recursive: true, force: true });
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `second and later starts: median ${seconds(sorted[Math.floor(sorted.length / 2)]!)}, slowest ${seconds(sorted.at(-1)!)}`,
  );
}
