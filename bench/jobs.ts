/**
 * The job engine benchmark (issue 25, decision 40): `npm run bench -- --jobs`. Queues BENCH_MAILS
 * mails (10,000) through the portal's own mailer, a job each, into a database of its own on
 * BENCH_PG_URL's server, with BENCH_WORKERS processes' worth of job engines (one app each, 1 by
 * default) delivering them to a local SMTP sink. Prints how many were queued and delivered per second,
 * and the time from queuing to delivery (p50, p95, max); every mail must arrive once.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../apps/server/src/app.js';
import { type Database, openPostgres } from '../apps/server/src/db/client.js';
import { prepareDatabase } from '../apps/server/src/db/prepare.js';
import { parseSettings } from '../apps/server/src/settings.js';
import { admin, databaseUrlOf } from './pg-server.js';

const MAILS = Number(process.env.BENCH_MAILS ?? 10_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
/** How many sends are in flight at once while queuing (as concurrent requests would be). */
const QUEUING_CONCURRENCY = 20;

/** An SMTP server that notes when each bench mail (by the number in its subject) arrived. */
async function startSink(arrived: Map<number, number[]>) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const n = Number(/^Subject: Bench mail (\d+)/m.exec(head)?.[1]);
        if (Number.isInteger(n)) arrived.set(n, [...(arrived.get(n) ?? []), performance.now()]);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function benchJobs(): Promise<void> {
  const name = `cp_bench_jobs_${process.pid}`;
  await admin(`create database ${name}`);
  const arrived = new Map<number, number[]>();
  const sink = await startSink(arrived);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-bench-jobs-'));
  const apps: { app: FastifyInstance; database: Database }[] = [];
  try {
    const url = databaseUrlOf(name);
    const first = await openPostgres(url);
    await prepareDatabase(first, { seed: false });
    for (let i = 0; i < WORKERS; i++) {
      const database = i === 0 ? first : await openPostgres(url);
      const settings = parseSettings({
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        PERMIT_DIGEST_ENABLED: 'false',
        REPORT_SUBSCRIPTIONS_ENABLED: 'false',
      });
      const app = await buildApp({ settings, database, logger: false });
      await app.ready();
      apps.push({ app, database });
    }
    console.log(
      `Job engine: ${MAILS} mails, ${WORKERS} process(es) delivering, PostgreSQL, ${os.cpus().length} cores`,
    );

    const queuedAt: number[] = [];
    const started = performance.now();
    let next = 0;
    const queue = async () => {
      for (let n = next++; n < MAILS; n = next++) {
        queuedAt[n] = performance.now();
        await apps[n % apps.length]!.app.mailer.send({
          to: `person${n}@bench.example`,
          subject: `Bench mail ${n}`,
          text: `Mail number ${n}.`,
          html: `<p>Mail number ${n}.</p>`,
        });
      }
    };
    await Promise.all(Array.from({ length: QUEUING_CONCURRENCY }, queue));
    const queuedIn = (performance.now() - started) / 1000;

    const deadline = Date.now() + 30 * 60_000;
    while (arrived.size < MAILS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const deliveredIn = (Math.max(...[...arrived.values()].map((times) => times[0]!)) - started) / 1000;
    const waits = [...arrived.entries()].map(([n, times]) => times[0]! - queuedAt[n]!).sort((a, b) => a - b);
    const twice = [...arrived.values()].filter((times) => times.length > 1).length;

    const row = (label: string, value: string) => console.log(`${label.padEnd(40)} ${value}`);
    row('queued', `${MAILS} in ${queuedIn.toFixed(1)} s: ${Math.round(MAILS / queuedIn)} jobs/s`);
    row(
      'delivered',
      `${arrived.size} in ${deliveredIn.toFixed(1)} s: ${Math.round(arrived.size / deliveredIn)} mails/s`,
    );
    row(
      'queued to delivered: p50 / p95 / max',
      `${(percentile(waits, 0.5) / 1000).toFixed(1)} s / ${(percentile(waits, 0.95) / 1000).toFixed(1)} s / ${(waits.at(-1)! / 1000).toFixed(1)} s`,
    );
    row('missing / delivered twice', `${MAILS - arrived.size} / ${twice}`);
  } finally {
    for (const { app } of apps) await app.close();
    for (const { database } of apps) await database.close();
    await new Promise<void>((resolve) => sink.server.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  }
}
