/**
 * `npm run bench -- --rolling-restart`: the production shape (two web processes and a worker of the
 * compiled server on a PostgreSQL database of its own, nginx in front with deploy/nginx/client-portal.conf)
 * under a steady load of signed-in reads through nginx, while each web process in turn is stopped
 * (SIGTERM, its exit awaited), started again and awaited ready. Prints the requests, errors (a request
 * that got no answer: must be 0), answers other than 2xx and the latency. Needs `npm run build`, nginx
 * and PostgreSQL (BENCH_PG_URL, else TEST_DATABASE_URL, else 127.0.0.1:5432).
 */
import autocannon from 'autocannon';
import { nginxInstalled } from '../e2e/nginx.js';
import { startProxiedPortal } from '../e2e/proxied-portal.js';
import { apiAccessToken, DEMO_PASSWORD } from '../e2e/sign-in.js';

if (process.env.BENCH_PG_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_PG_URL;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Steady load before, between and after the restarts. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3_000);

export async function measureRollingRestart(): Promise<void> {
  if (!nginxInstalled) throw new Error('nginx is not installed (apt-get install -y nginx)');
  let started = performance.now();
  const portal = await startProxiedPortal({ prefix: 'cp_bench_rolling' });
  console.log(
    `Rolling restart: 2 web processes + 1 worker on PostgreSQL behind nginx (${((performance.now() - started) / 1000).toFixed(1)} s to start, seed included)`,
  );
  try {
    const token = await apiAccessToken(portal.web[0]!.url, 'manager@acme.example', DEMO_PASSWORD);
    const headers = { authorization: `Bearer ${token}` };
    const statuses = new Map<number, number>();
    /** Answers other than 2xx by what was happening when they came. */
    let phase = 'steady';
    const failuresByPhase = new Map<string, number>();
    let finish: (result: autocannon.Result) => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    const finished = new Promise<autocannon.Result>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    const load = autocannon(
      {
        url: portal.nginx.url,
        connections: CONNECTIONS,
        duration: 600,
        // Signed-in reads a manager's dashboard makes.
        requests: [
          { method: 'GET', path: '/api/user/info', headers },
          { method: 'GET', path: '/api/permits/_count?state=current', headers },
          { method: 'GET', path: '/api/permits?page=1&pageSize=10', headers },
        ],
        tlsOptions: { ca: portal.nginx.certificate },
      },
      (error, result) => (error ? fail(error) : finish(result)),
    );
    load.on('response', (_client, statusCode) => {
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      if (statusCode >= 300)
        failuresByPhase.set(
          `${phase} ${statusCode}`,
          (failuresByPhase.get(`${phase} ${statusCode}`) ?? 0) + 1,
        );
    });
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    for (const index of [0, 1]) {
      started = performance.now();
      phase = `restarting web ${index + 1}`;
      await portal.restartWeb(index);
      phase = `after web ${index + 1}`;
      console.log(
        `web process ${index + 1}: SIGTERM, exit, start, ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      await new Promise((r) => setTimeout(r, SETTLE_MS));
    }
    load.stop();
    const result = await finished;
    const codes = [...statuses.entries()].sort(([a], [b]) => a - b).map(([code, n]) => `${code}: ${n}`);
    console.log(
      [
        `requests            ${result.requests.total} in ${result.duration.toFixed(1)} s (${result.requests.average.toFixed(0)}/s, ${CONNECTIONS} connections)`,
        `errors              ${result.errors} (timeouts ${result.timeouts})`,
        `non-2xx             ${result.non2xx}   (${codes.join(', ')})`,
        `latency ms          p50 ${result.latency.p50}, p99 ${result.latency.p99}, max ${result.latency.max}`,
      ].join('\n'),
    );
    if (failuresByPhase.size > 0) console.log(failuresByPhase);
    const proxyErrors = new Map<string, number>();
    for (const line of portal.nginx.errorLog().split('\n')) {
      const what = line.match(/\*\d+ (.*?)(?: while |, client)/)?.[1];
      if (what) proxyErrors.set(what, (proxyErrors.get(what) ?? 0) + 1);
    }
    console.log('nginx error log:', proxyErrors.size ? proxyErrors : 'empty');
    if (process.env.BENCH_VERBOSE) {
      console.log(portal.web.map((w) => w.url));
      let last = '';
      for (const line of portal.nginx.errorLog().split('\n')) {
        const key = line
          .replace(/^\S+ \S+ /, '')
          .replace(/\*\d+ /, '')
          .replace(/request: .*/, '');
        if (key !== last) console.log(line.slice(0, 230));
        last = key;
      }
    }
    if (result.errors > 0 || result.non2xx > 0) {
      console.error('A request was lost during the rolling restart.');
      process.exitCode = 1;
    }
  } finally {
    await portal.stop();
  }
}
