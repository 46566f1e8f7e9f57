/**
 * The read replica benchmark's heavy readers (bench/replica.ts): the users downloading a year's
 * permit register and reading the year's statistics, back to back, in a process of their own at the
 * lowest CPU priority, so that reading 17 MB answers is not done by the load generator measuring the
 * permits page (those users' browsers are elsewhere). Arguments: the server's URL and an
 * Authorization header; BENCH_REPLICA_HEAVY as in bench/replica.ts. Runs until "stop" on stdin, then
 * prints one JSON line of what it did.
 */
import { addIsoDays, addIsoMonths, ukToday } from '@client-portal/contract';

const [base, authorization] = process.argv.slice(2) as [string, string];
const kinds = (process.env.BENCH_REPLICA_HEAVY ?? 'report,statistics')
  .split(',')
  .filter((kind): kind is 'report' | 'statistics' => kind === 'report' || kind === 'statistics');
const today = ukToday();
const from = addIsoDays(addIsoMonths(today, -12), 1);
const urls = {
  report: [`/api/reports/permit-register?from=${from}&to=${today}`],
  statistics: [
    '/api/statistics/parking?period=last-12-months',
    '/api/statistics/permits?period=last-12-months',
    '/api/statistics/enforcement?period=last-12-months',
    '/api/statistics/sites?period=last-12-months',
  ],
};
let running = true;
const done = { report: 0, statistics: 0, failed: 0, reportBytes: 0 };
const loop = async (kind: 'report' | 'statistics') => {
  for (let i = 0; running; i++) {
    const response = await fetch(base + urls[kind][i % urls[kind].length]!, { headers: { authorization } });
    const bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) done.failed++;
    else done[kind]++;
    if (kind === 'report') done.reportBytes = bytes;
  }
};
const loops = Promise.all(kinds.map(loop));
process.stdin.setEncoding('utf8');
process.stdin.on('data', async (text: string) => {
  if (!text.includes('stop')) return;
  running = false;
  await loops;
  console.log(JSON.stringify(done));
  process.exit(0);
});
console.log(JSON.stringify({ started: true }));
