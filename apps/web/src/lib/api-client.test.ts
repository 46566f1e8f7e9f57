import { API_TIMEOUT_MS, OFFLINE_DETAIL } from '@client-portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { API_RETRY_DELAY_MS, ApiRequestError, apiErrorNames, createApiClient, unwrap } from './api-client';

type Responder = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A real fetch-shaped function that answers from a queue and records every call. */
function stubFetch(...responders: Responder[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const responder = responders[Math.min(calls.length - 1, responders.length - 1)];
    if (!responder) throw new Error('no responder');
    return responder(url, init);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const headersOf = (calls: { init: RequestInit }[], index: number) =>
  (calls[index]?.init.headers ?? {}) as Record<string, string>;

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problem = (body: unknown, status: number) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } });
/** Hangs until its signal aborts, as a fetch to a server that never answers does. */
const hang: Responder = (_url, init) =>
  new Promise((_resolve, reject) =>
    init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
  );
const networkError = () => {
  throw new TypeError('Failed to fetch');
};

function client(fetch: typeof globalThis.fetch, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const delays: number[] = [];
  const api = createApiClient({
    baseUrl: 'https://api.example.test/api/',
    fetch,
    delay: async (ms) => {
      delays.push(ms);
    },
    ...extra,
  });
  return { api, delays };
}

describe('createApiClient', () => {
  it('sends JSON bodies to the configured base address and parses JSON answers', async () => {
    const { fetch, calls } = stubFetch(json({ hello: 'world' }));
    const { api } = client(fetch);
    const result = await api.post('/user/login', { email: 'a@b.c' });
    expect(result).toEqual({ ok: true, status: 200, data: { hello: 'world' } });
    expect(calls[0]?.url).toBe('https://api.example.test/api/user/login');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"email":"a@b.c"}');
    expect(headersOf(calls, 0)['Content-Type']).toBe('application/json');
  });

  it('repeats query keys for arrays', async () => {
    const { fetch, calls } = stubFetch(json([]));
    const { api } = client(fetch);
    await api.get('sites/search', { query: { number: ['12', 'SG1'], skip: undefined } });
    expect(calls[0]?.url).toBe('https://api.example.test/api/sites/search?number=12&number=SG1');
  });

  it('asks for the language the page is drawn in, on every call (decision 53)', async () => {
    const { fetch, calls } = stubFetch(json({}));
    const { api } = client(fetch);
    try {
      await i18n.changeLanguage('cy');
      await api.get('/user/info');
      await i18n.changeLanguage('en');
      await api.post('/public/visit/abc/start', {});
      await api.openStream('/notifications/stream');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(headersOf(calls, 0)['Accept-Language']).toBe('cy');
    expect(headersOf(calls, 1)['Accept-Language']).toBe('en');
    expect(headersOf(calls, 2)['Accept-Language']).toBe('en');
  });

  it('adds the bearer token of the current session', async () => {
    const { fetch, calls } = stubFetch(json({}), json({}));
    let token: string | undefined = 'abc';
    const { api } = client(fetch, { getAccessToken: () => token });
    await api.get('/user/info');
    token = undefined;
    await api.get('/user/info');
    expect(headersOf(calls, 0).Authorization).toBe('Bearer abc');
    expect(headersOf(calls, 1).Authorization).toBeUndefined();
  });

  it('returns problem details of a 4xx answer without retrying', async () => {
    const body = { title: 'Bad', status: 400, detail: 'Nope', errors: { name: ['Required'] } };
    const { fetch, calls } = stubFetch(problem(body, 400));
    const { api, delays } = client(fetch);
    const result = await api.post('/application/roles', {});
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(result).toEqual({
      ok: false,
      status: 400,
      problem: body,
      error: { name: apiErrorNames.problem, message: 'Nope' },
    });
  });

  it('retries network errors up to three tries with 500 ms between, then ExceededMaxRetries', async () => {
    const { fetch, calls } = stubFetch(networkError);
    const { api, delays } = client(fetch);
    const result = await api.get('/user/info');
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([API_RETRY_DELAY_MS, API_RETRY_DELAY_MS]);
    expect(result).toMatchObject({
      ok: false,
      error: {
        name: 'ExceededMaxRetries',
        message: 'Failed to communicate with Client Portal API services.',
      },
    });
  });

  it('tries a POST once after a network error: its first try may have been carried out', async () => {
    const { fetch, calls } = stubFetch(networkError, json({ ok: 1 }));
    const { api, delays } = client(fetch);
    const result = await api.post('/permits', []);
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(result).toMatchObject({ ok: false, error: { name: apiErrorNames.exceededMaxRetries } });
  });

  it('tries a POST marked idempotent again after a network error', async () => {
    const { fetch, calls } = stubFetch(networkError, json({ ok: 1 }));
    const { api } = client(fetch);
    const result = await api.post('/user/logout', {}, { idempotent: true });
    expect(calls).toHaveLength(2);
    expect(result).toEqual({ ok: true, status: 200, data: { ok: 1 } });
  });

  it('tries PUT and DELETE again after a network error: they are idempotent by their method', async () => {
    const { fetch, calls } = stubFetch(networkError, json({ ok: 1 }), networkError, json({ ok: 2 }));
    const { api } = client(fetch);
    expect(await api.put('/application/roles/1', {})).toMatchObject({ ok: true, data: { ok: 1 } });
    expect(await api.delete('/application/roles/1')).toMatchObject({ ok: true, data: { ok: 2 } });
    expect(calls).toHaveLength(4);
  });

  it('still tries a POST again when the server answered 5xx (it said it did nothing)', async () => {
    const { fetch, calls } = stubFetch(problem({ title: 'Busy', status: 503 }, 503), json({ ok: 1 }));
    const { api } = client(fetch);
    expect(await api.post('/permits', [])).toMatchObject({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it('retries 5xx answers and succeeds when a later try works', async () => {
    const { fetch, calls } = stubFetch(problem({ title: 'Boom', status: 503 }, 503), json({ ok: 1 }));
    const { api } = client(fetch);
    const result = await api.get('/application/config');
    expect(calls).toHaveLength(2);
    expect(result).toEqual({ ok: true, status: 200, data: { ok: 1 } });
  });

  it('reports the last 5xx status after retries are exhausted', async () => {
    const { fetch, calls } = stubFetch(
      () => new Response('down', { status: 502, statusText: 'Bad Gateway' }),
    );
    const { api } = client(fetch);
    const result = await api.get('/x');
    expect(calls).toHaveLength(3);
    expect(result).toMatchObject({ ok: false, status: 502, error: { name: 'ExceededMaxRetries' } });
  });

  it('calls the registered unauthorised handler on a 401 of an authenticated request', async () => {
    const { fetch } = stubFetch(problem({ title: 'Unauthorized', status: 401 }, 401));
    const { api } = client(fetch, { getAccessToken: () => 'expired' });
    let signedOut = 0;
    api.setOnUnauthorized(() => {
      signedOut++;
    });
    const result = await api.get('/user/info');
    expect(signedOut).toBe(1);
    expect(result).toMatchObject({ ok: false, status: 401 });
  });

  it('does not sign out on a 401 of a request without a session (a failed sign-in)', async () => {
    const { fetch } = stubFetch(problem({ title: 'Unauthorized', status: 401, detail: 'Failed' }, 401));
    let signedOut = 0;
    const { api } = client(fetch, { onUnauthorized: () => signedOut++ });
    await api.post('/user/login', {});
    expect(signedOut).toBe(0);
  });

  it('describes a non-success answer that is not a problem', async () => {
    const { fetch } = stubFetch(() => new Response('<html>', { status: 404, statusText: 'Not Found' }));
    const { api } = client(fetch);
    const result = await api.get('/missing');
    expect(result).toEqual({
      ok: false,
      status: 404,
      error: { name: 'RemoteServerError', message: 'The remote server returned in error: 404 Not Found' },
    });
  });

  it('stops when the signal aborts and does not retry', async () => {
    const controller = new AbortController();
    const { fetch, calls } = stubFetch((_url, init) => {
      controller.abort();
      expect(init.signal).toBe(controller.signal);
      throw new DOMException('Aborted', 'AbortError');
    });
    const { api } = client(fetch);
    const result = await api.get('/sites/search', { signal: controller.signal });
    expect(calls).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, error: { name: 'AbortError' } });
  });

  it('validates answers against a schema when given one', async () => {
    const { z } = await import('zod');
    const { fetch } = stubFetch(json({ count: 'x' }));
    const { api } = client(fetch);
    const result = await api.get('/x', { schema: z.object({ count: z.number() }) });
    expect(result).toMatchObject({ ok: false, status: 200, error: { name: 'InvalidResponse' } });
  });

  it('returns undefined data for 204 answers', async () => {
    const { fetch } = stubFetch(() => new Response(null, { status: 204 }));
    const { api } = client(fetch);
    expect(await api.delete('/application/roles/1')).toEqual({ ok: true, status: 204, data: undefined });
  });

  it('unwrap throws an ApiRequestError carrying status and problem', () => {
    const failure = {
      ok: false as const,
      status: 400,
      problem: { title: 'Bad', status: 400 },
      error: { name: 'ProblemDetails', message: 'Bad' },
    };
    expect(() => unwrap(failure)).toThrow(ApiRequestError);
    expect(unwrap({ ok: true, status: 200, data: 5 })).toBe(5);
  });

  it('gives each try 5,000 ms: a hung call counts as a failed try and ends in ExceededMaxRetries', async () => {
    vi.useFakeTimers();
    try {
      const { fetch, calls } = stubFetch(hang);
      const { api } = client(fetch);
      const pending = api.get('/user/info');
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(2 * API_TIMEOUT_MS + 1);
      const result = await pending;
      expect(calls).toHaveLength(3);
      expect(result).toMatchObject({ ok: false, error: { name: 'ExceededMaxRetries' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not try a POST again after a try that timed out', async () => {
    vi.useFakeTimers();
    try {
      const { fetch, calls } = stubFetch(hang);
      const { api } = client(fetch);
      const pending = api.post('/tickets/PCN1/cancel', {});
      await vi.advanceTimersByTimeAsync(3 * API_TIMEOUT_MS + 1);
      expect(await pending).toMatchObject({ ok: false, error: { name: 'ExceededMaxRetries' } });
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a 503 with the offline detail at once, without retrying, and tells the app', async () => {
    const body = { title: 'Service Unavailable', status: 503, detail: OFFLINE_DETAIL };
    const { fetch, calls } = stubFetch(problem(body, 503));
    const onOffline = vi.fn();
    const { api, delays } = client(fetch, { onOffline });
    const result = await api.post('/permits', []);
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(onOffline).toHaveBeenCalledTimes(1);
    expect(result).toMatchObject({ ok: false, status: 503, error: { name: apiErrorNames.offline } });
  });

  it('retries any other 503', async () => {
    const { fetch, calls } = stubFetch(problem({ title: 'Busy', status: 503 }, 503), json({ ok: 1 }));
    const onOffline = vi.fn();
    const { api } = client(fetch, { onOffline });
    expect(await api.get('/user/info')).toMatchObject({ ok: true });
    expect(calls).toHaveLength(2);
    expect(onOffline).not.toHaveBeenCalled();
  });
});
