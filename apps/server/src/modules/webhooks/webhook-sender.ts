import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './webhook-address.js';

/** One attempt's wait for the whole answer (decision 45). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer the log keeps. */
export const WEBHOOK_ANSWER_BYTES = 2048;

export interface SendOutcome {
  ok: boolean;
  durationMs: number;
  responseCode: number | null;
  responseBody: string | null;
  error: string | null;
}

/**
 * Posts `body` to `url`, connecting only to the address resolved and checked beforehand (the lookup
 * answers it whatever DNS says now: no rebinding between check and connection); TLS still verifies
 * the certificate against the URL's host. A redirect is not followed and counts as a failure, as does
 * any answer outside 2xx, a timeout (10 s for the whole answer) or a lost connection. The first 2 KB
 * of the answer are kept.
 */
export function postWebhook(
  url: URL,
  pinned: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) {
      (callback as unknown as (e: null, all: { address: string; family: number }[]) => void)(null, [
        { address: pinned.address, family: pinned.family },
      ]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'ClientPortal-Webhooks/1',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () => {
          const answer = Buffer.concat(chunks).subarray(0, WEBHOOK_ANSWER_BYTES).toString('utf8');
          const ok = status >= 200 && status < 300;
          finish({
            ok,
            responseCode: status,
            responseBody: answer,
            error: ok
              ? null
              : status >= 300 && status < 400
                ? `Redirected (${status}${response.headers.location ? ` to ${response.headers.location}` : ''}): redirects are not followed`
                : `The receiver answered ${status}`,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (kept >= WEBHOOK_ANSWER_BYTES) return;
          chunks.push(chunk);
          kept += chunk.length;
          // Enough kept: the rest of a long answer is not waited for.
          if (kept >= WEBHOOK_ANSWER_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('end', done);
        response.on('error', (err) =>
          finish({ ok: false, responseCode: status, responseBody: null, error: err.message }),
        );
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on('error', (err) =>
      finish({ ok: false, responseCode: null, responseBody: null, error: err.message }),
    );
    request.end(body);
  });
}
