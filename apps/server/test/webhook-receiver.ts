import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver answers a request: a status and body (and headers), by default 200 "ok". */
export type Answer = { status: number; body?: string; headers?: Record<string, string> };

/**
 * A real HTTP receiver on a free local port for the webhook tests: it keeps every request and answers
 * what `answer` says for its path (200 by default).
 */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  const waiters: (() => void)[] = [];
  const answers = new Map<string, (request: ReceivedHook) => Answer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hook = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(hook);
      for (const wake of waiters.splice(0)) wake();
      const answer = answers.get(hook.path)?.(hook) ?? { status: 200, body: 'ok' };
      res.writeHead(answer.status, answer.headers ?? { 'content-type': 'text/plain' });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    /** A URL on this receiver under the host name `localhost` (which the tests' settings allow). */
    url: (path: string) => `http://localhost:${port}${path}`,
    received,
    answer(path: string, how: (request: ReceivedHook) => Answer) {
      answers.set(path, how);
    },
    /** Requests to `path`, so far. */
    at: (path: string) => received.filter((r) => r.path === path),
    /** Waits until `path` has had `count` requests (at most `timeoutMs`) and answers them. */
    async waitFor(path: string, count = 1, timeoutMs = 15_000): Promise<ReceivedHook[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hooks = received.filter((r) => r.path === path);
        if (hooks.length >= count) return hooks;
        if (Date.now() > deadline) throw new Error(`${hooks.length} of ${count} webhooks at ${path}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `v1=` signatures of an X-ClientPortal-Signature header that `secret` makes, and its time. */
export function verifySignature(header: string | undefined, body: string, secret: string) {
  const parts = (header ?? '').split(',').map((p) => p.split('=') as [string, string]);
  const t = parts.find(([k]) => k === 't')?.[1] ?? '';
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const valid = parts
    .filter(([k]) => k === 'v1')
    .some(
      ([, v]) =>
        v.length === expected.length && crypto.timingSafeEqual(Buffer.from(v), Buffer.from(expected)),
    );
  return { valid, t: Number(t), signatures: parts.filter(([k]) => k === 'v1').length };
}
