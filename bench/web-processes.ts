/**
 * `npm run bench -- --web-processes`: two web processes against one on the same machine, each behind
 * nginx with the documented site (deploy/nginx/client-portal.conf, `worker_processes auto` as Debian
 * sets it): the compiled server on a PostgreSQL database of its own (the demo data), a worker beside,
 * and autocannon (BENCH_CONNECTIONS, 20, over TLS) reading as the Acme manager what a dashboard reads.
 * "One" is an nginx whose upstream lines all name the same process; "two" names both (the downloads
 * process of the documented shape is left out: the load reads no downloads). BENCH_ROUNDS (3)
 * rounds of BENCH_SECONDS (5) each, alternating which goes first after a warm-up; the medians and
 * their ratio are printed. Needs `npm run build`, nginx and PostgreSQL (BENCH_PG_URL).
 */
import autocannon from 'autocannon';
import { nginxInstalled, type RunningNginx, startNginx } from '../e2e/nginx.js';
import { startProxiedPortal } from '../e2e/proxied-portal.js';
import { freePort } from '../e2e/server-process.js';
import { apiAccessToken, DEMO_PASSWORD } from '../e2e/sign-in.js';

if (process.env.BENCH_PG_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_PG_URL;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function load(nginx: RunningNginx, token: string, seconds: number): Promise<autocannon.Result> {
  const headers = { authorization: `Bearer ${token}` };
  return autocannon({
    url: nginx.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      { method: 'GET', path: '/api/user/info', headers },
      { method: 'GET', path: '/api/permits/_count?state=current', headers },
      { method: 'GET', path: '/api/permits?page=1&pageSize=10', headers },
    ],
    tlsOptions: { ca: nginx.certificate },
  });
}

export async function benchWebProcesses(): Promise<void> {
  if (!nginxInstalled) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const portal = await startProxiedPortal({ prefix: 'cp_bench_processes' });
  const proxies: RunningNginx[] = [];
  try {
    const [first, second] = portal.web.map((w) => new URL(w.url).host) as [string, string];
    const ports = async () => ({ https: await freePort(), http: await freePort() });
    const scenarios = [
      {
        name: 'one web process',
        nginx: await startNginx({ web: [first, first], downloads: first }, await ports(), 'auto'),
      },
      {
        name: 'two web processes',
        nginx: await startNginx({ web: [first, second], downloads: first }, await ports(), 'auto'),
      },
    ];
    proxies.push(...scenarios.map((s) => s.nginx));
    const token = await apiAccessToken(portal.web[0]!.url, 'manager@acme.example', DEMO_PASSWORD);
    for (const scenario of scenarios) await load(scenario.nginx, token, 1);
    const results = new Map<string, autocannon.Result[]>(scenarios.map((s) => [s.name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const scenario of round % 2 === 0 ? scenarios : [...scenarios].reverse()) {
        const result = await load(scenario.nginx, token, SECONDS);
        if (result.errors > 0 || result.non2xx > 0)
          throw new Error(
            `${scenario.name}: ${result.errors} errors, ${result.non2xx} answers other than 2xx`,
          );
        results.get(scenario.name)!.push(result);
      }
    }
    console.log(
      `Web processes behind nginx on PostgreSQL, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s (medians)`,
    );
    console.log(
      `${'scenario'.padEnd(20)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
    );
    const throughput = new Map<string, number>();
    for (const [name, runs] of results) {
      throughput.set(name, median(runs.map((r) => r.requests.average)));
      console.log(
        `${name.padEnd(20)} ${throughput.get(name)!.toFixed(0).padStart(8)} ${String(median(runs.map((r) => r.latency.p50))).padStart(8)} ${String(median(runs.map((r) => r.latency.p99))).padStart(8)}`,
      );
    }
    const ratio = throughput.get('two web processes')! / throughput.get('one web process')!;
    console.log(`two over one: ${ratio.toFixed(2)}`);
  } finally {
    for (const nginx of proxies) await nginx.stop();
    await portal.stop();
  }
}
