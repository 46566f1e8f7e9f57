/**
 * `npm run bench -- --api-key` (issue 26): the permits page read with an API key against the same
 * page read by the signed-in person who made the key. The demo on an embedded database
 * (`BENCH_DATABASE_URL` for a PostgreSQL server); the Acme manager makes a key holding every feature
 * and place of theirs that a key may hold, so both callers see the same rows. The key's extra work is
 * its rate-limit counter (one write per request, left on with a limit no run reaches) and, once a
 * minute, its last use. BENCH_ROUNDS (5) rounds of BENCH_SECONDS (5) with BENCH_CONNECTIONS (10),
 * alternating which goes first after a warm-up; the medians and their ratio are printed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addIsoDays, apiKeyFeatures, ukToday } from '@client-portal/contract';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { parseSettings } from '../apps/server/src/settings.js';
import { bearerFor } from './bearer.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PAGE = '/api/permits?page=1&pageSize=10';
const MANAGER = 'manager@acme.example';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchApiKey(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-bench-api-key-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const settings = parseSettings({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    PORT: '0',
    API_KEY_REQUESTS_PER_MINUTE: '1000000',
  });
  const database = await openDatabase({ databaseUrl, dataDir });
  await prepareDatabase(database, { seed: true });
  const app = await buildApp({ settings, database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const session = await bearerFor(app, database, MANAGER);

    const info = (await (
      await fetch(`${base}/api/user/info`, { headers: { authorization: session } })
    ).json()) as {
      access: string[];
      features: { normalizedName: string }[];
    };
    const features = apiKeyFeatures.filter((f) => info.features.some((held) => held.normalizedName === f));
    const places = info.access;
    const created = await fetch(`${base}/api/api-keys`, {
      method: 'POST',
      headers: { authorization: session, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Benchmark',
        expiresOn: addIsoDays(ukToday(), 30),
        features,
        access: places,
      }),
    });
    if (created.status !== 201)
      throw new Error(`creating the key: ${created.status} ${await created.text()}`);
    const { key } = (await created.json()) as { key: string };
    const callers = { 'signed in': session, 'API key': `Bearer ${key}` };

    const pages = await Promise.all(
      Object.values(callers).map(async (authorization) => {
        const res = await fetch(base + PAGE, { headers: { authorization } });
        if (res.status !== 200) throw new Error(`${PAGE}: ${res.status} ${await res.text()}`);
        return res.text();
      }),
    );
    if (pages[0] !== pages[1]) throw new Error('the key and its creator see different permits pages');

    const load = (authorization: string, duration: number) =>
      autocannon({ url: base + PAGE, headers: { authorization }, connections: CONNECTIONS, duration });
    for (const authorization of Object.values(callers)) await load(authorization, 1);
    const results = new Map<string, autocannon.Result[]>(Object.keys(callers).map((name) => [name, []]));
    console.log(
      `API key against a signed-in session: GET ${PAGE} as ${MANAGER} (key: ${features.length} features, ${places.length} places), ${database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, ${os.cpus().length} cores`,
    );
    for (let round = 0; round < ROUNDS; round++) {
      const order = Object.entries(callers);
      if (round % 2 === 1) order.reverse();
      for (const [name, authorization] of order) {
        const result = await load(authorization, SECONDS);
        if (result.non2xx) throw new Error(`${name}: ${result.non2xx} answers were not 2xx`);
        results.get(name)!.push(result);
        console.log(
          `  round ${round + 1} ${name.padEnd(10)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms`,
        );
      }
    }
    const rps = (name: string) => median(results.get(name)!.map((r) => r.requests.average));
    const p50 = (name: string) => median(results.get(name)!.map((r) => r.latency.p50));
    for (const name of Object.keys(callers)) {
      console.log(
        `  median ${name.padEnd(10)} ${rps(name).toFixed(0).padStart(6)} req/s  p50 ${p50(name)} ms`,
      );
    }
    console.log(`  ratio (API key / signed in): ${(rps('API key') / rps('signed in')).toFixed(2)}`);
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
