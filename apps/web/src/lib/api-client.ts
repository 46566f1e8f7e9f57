import {
  API_TIMEOUT_MS,
  OFFLINE_DETAIL,
  PROBLEM_CONTENT_TYPE,
  type Problem,
  problemSchema,
} from '@client-portal/contract';
import type { z } from 'zod';
import { currentLanguage, i18n } from '../i18n';

interface ApiError {
  name: string;
  message: string;
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status?: number; problem?: Problem; error: ApiError };

type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Validates a successful answer; a mismatch is reported as 'Unknown error' rather than trusted. */
  schema?: z.ZodType<T>;
  /**
   * This call's timeout per try, when it is known to take longer than the usual 5,000 ms (a bulk add
   * of thousands of rows stored all or nothing).
   */
  timeoutMs?: number;
  /**
   * A POST that may safely reach the server twice (the same end state, the same answer): only then is
   * it tried again after a network error or a timeout, when its first try may already have been
   * carried out. GET, PUT and DELETE are idempotent by their method.
   */
  idempotent?: boolean;
}

/** Whether a try that may have reached the server can be made again (see `idempotent`). */
const retriesAfterNetworkError = (method: RequestOptions<unknown>['method'], idempotent?: boolean) =>
  (method !== 'POST' && method !== 'PATCH') || idempotent === true;

/** A file the API sent (a streamed export): its bytes and the name from Content-Disposition. */
export interface ApiFile {
  blob: Blob;
  fileName: string;
}

function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'download.csv';
}

interface ApiClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  getAccessToken?: () => string | undefined;
  onUnauthorized?: () => void;
  /** A write met maintenance (503 with the offline detail): the app switches to the maintenance screen. */
  onOffline?: () => void;
  /** Total attempts for 5xx answers, and for network errors of idempotent calls. */
  maxTries?: number;
  retryDelayMs?: number;
  /** How long one try may take before it counts as failed. */
  timeoutMs?: number;
  /** Injectable so tests need not wait; must reject or resolve early when the signal aborts. */
  delay?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const API_MAX_TRIES = 3;
export const API_RETRY_DELAY_MS = 500;

export const apiErrorNames = {
  exceededMaxRetries: 'ExceededMaxRetries',
  remoteServer: 'RemoteServerError',
  problem: 'ProblemDetails',
  aborted: 'AbortError',
  invalidResponse: 'InvalidResponse',
  offline: 'Offline',
} as const;

function defaultDelay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    // Arrays repeat the key (?number=1&number=2), the form the API reads lists in.
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) params.append(key, String(item));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

async function readProblem(response: Response): Promise<Problem | undefined> {
  if (!(response.headers.get('content-type') ?? '').includes(PROBLEM_CONTENT_TYPE)) return undefined;
  try {
    const parsed = problemSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  return (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
}

/** One try's signal: aborted by the caller's signal, or by the timeout (then `timedOut()` is true). */
function trySignal(timeoutMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

const abortedResult = (): ApiResult<never> => ({
  ok: false,
  error: { name: apiErrorNames.aborted, message: 'The request was aborted.' },
});

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one way the browser talks to the API: base address from runtime config, bearer token, retries. */
export function createApiClient(options: ApiClientOptions) {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const maxTries = options.maxTries ?? API_MAX_TRIES;
  const retryDelayMs = options.retryDelayMs ?? API_RETRY_DELAY_MS;
  const delay = options.delay ?? defaultDelay;
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  let onUnauthorized = options.onUnauthorized;
  let onOffline = options.onOffline;

  async function request<T = unknown>(
    path: string,
    req: RequestOptions<T> & { asFile?: boolean } = {},
  ): Promise<ApiResult<T>> {
    const { signal } = req;
    const token = options.getAccessToken?.();
    // The server words its problem messages and files in the language the page is drawn in (decision 53).
    const headers: Record<string, string> = {
      Accept: `application/json, ${PROBLEM_CONTENT_TYPE}`,
      'Accept-Language': currentLanguage(),
    };
    if (req.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = {
      method: req.method ?? 'GET',
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
    };
    const url = buildUrl(options.baseUrl, path, req.query);
    let lastStatus: number | undefined;
    let lastProblem: Problem | undefined;
    const retryNetworkErrors = retriesAfterNetworkError(req.method, req.idempotent);

    for (let attempt = 1; attempt <= maxTries; attempt++) {
      if (attempt > 1) await delay(retryDelayMs, signal);
      if (signal?.aborted) return abortedResult();

      const attemptSignal = trySignal(req.timeoutMs ?? timeoutMs, signal);
      try {
        const response = await fetchFn(url, { ...init, signal: attemptSignal.signal });
        if (response.status >= 500) {
          lastStatus = response.status;
          lastProblem = await readProblem(response);
          if (response.status === 503 && lastProblem?.detail === OFFLINE_DETAIL) {
            // Maintenance will not end within a retry; tell the app now instead of trying again.
            onOffline?.();
            return {
              ok: false,
              status: 503,
              problem: lastProblem,
              error: { name: apiErrorNames.offline, message: OFFLINE_DETAIL },
            };
          }
          continue;
        }
        try {
          if (response.ok && req.asFile) {
            // An export streams for as long as it takes: the timeout covers only its first answer.
            attemptSignal.done();
            const file: ApiFile = { blob: await response.blob(), fileName: fileNameOf(response) };
            return { ok: true, status: response.status, data: file as T };
          }
          if (response.ok) return await success(response, req.schema);
          return await failure(response, Boolean(token));
        } catch (error) {
          if (signal?.aborted) return abortedResult();
          if (attemptSignal.timedOut()) throw error;
          return {
            ok: false,
            status: response.status,
            error: { name: apiErrorNames.invalidResponse, message: i18n.t('common.unknownError') },
          };
        }
      } catch {
        // A network error or a try that took longer than the timeout: a failed try.
        if (signal?.aborted) return abortedResult();
        lastStatus = undefined;
        lastProblem = undefined;
        // The server may have carried out a write it never answered: trying again could do it twice.
        if (!retryNetworkErrors) break;
      } finally {
        attemptSignal.done();
      }
    }

    return {
      ok: false,
      status: lastStatus,
      problem: lastProblem,
      error: { name: apiErrorNames.exceededMaxRetries, message: i18n.t('errors.exceededMaxRetries') },
    };
  }

  async function success<T>(response: Response, schema?: z.ZodType<T>): Promise<ApiResult<T>> {
    const body = await readBody(response);
    if (!schema) return { ok: true, status: response.status, data: body as T };
    const parsed = schema.safeParse(body);
    if (parsed.success) return { ok: true, status: response.status, data: parsed.data };
    return {
      ok: false,
      status: response.status,
      error: { name: apiErrorNames.invalidResponse, message: i18n.t('common.unknownError') },
    };
  }

  async function failure(response: Response, hadToken: boolean): Promise<ApiResult<never>> {
    // Only a request that carried a session can prove the session is dead; a failed sign-in is not.
    if (response.status === 401 && hadToken) onUnauthorized?.();
    const problem = await readProblem(response);
    if (problem) {
      return {
        ok: false,
        status: response.status,
        problem,
        error: { name: apiErrorNames.problem, message: problem.detail ?? problem.title },
      };
    }
    const message = i18n.t('errors.remoteServer', {
      status: String(response.status),
      text: response.statusText,
    });
    return { ok: false, status: response.status, error: { name: apiErrorNames.remoteServer, message } };
  }

  return {
    request,
    get: <T = unknown>(path: string, req?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...req, method: 'GET' }),
    /** GET of a file (an export), read whole as a blob with its file name. */
    getFile: (path: string, req?: Omit<RequestOptions<ApiFile>, 'method' | 'body' | 'schema'>) =>
      request<ApiFile>(path, { ...req, method: 'GET', asFile: true }),
    post: <T = unknown>(path: string, body?: unknown, req?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...req, method: 'POST', body }),
    put: <T = unknown>(path: string, body?: unknown, req?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...req, method: 'PUT', body }),
    delete: <T = unknown>(path: string, req?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
      request<T>(path, { ...req, method: 'DELETE' }),
    /**
     * Opens a long-lived stream (Server-Sent Events) with the caller's token: the raw answer, with no
     * timeout or retries (the reader reconnects). A 401 signs out like any other call.
     */
    async openStream(path: string, req: { headers?: Record<string, string>; signal?: AbortSignal } = {}) {
      const token = options.getAccessToken?.();
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        'Accept-Language': currentLanguage(),
        ...req.headers,
      };
      if (token) headers.Authorization = `Bearer ${token}`;
      const response = await fetchFn(buildUrl(options.baseUrl, path), { headers, signal: req.signal });
      if (response.status === 401 && token) onUnauthorized?.();
      return response;
    },
    /** Registered by the session wiring: a 401 on an authenticated request signs the user out. */
    setOnUnauthorized(handler: (() => void) | undefined) {
      onUnauthorized = handler;
    },
    /** Registered by the config provider: maintenance met by a call switches to the maintenance screen. */
    setOnOffline(handler: (() => void) | undefined) {
      onOffline = handler;
    },
  };
}

/** Thrown by `unwrap` so TanStack Query sees failures while keeping the problem details. */
export class ApiRequestError extends Error {
  readonly status: number | undefined;
  readonly problem: Problem | undefined;

  constructor(result: Extract<ApiResult<unknown>, { ok: false }>) {
    super(result.error.message);
    this.name = result.error.name;
    this.status = result.status;
    this.problem = result.problem;
  }
}

export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new ApiRequestError(result);
}
