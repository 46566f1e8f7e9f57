import { PROBLEM_CONTENT_TYPE, type Problem, problemSchema } from '@client-portal/contract';
import type { z } from 'zod';
import { i18n } from '../i18n';

export interface ApiError {
  name: string;
  message: string;
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status?: number; problem?: Problem; error: ApiError };

export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Validates a successful answer; a mismatch is reported as 'Unknown error' rather than trusted. */
  schema?: z.ZodType<T>;
}

/** A file the API sent (a streamed export): its bytes and the name from Content-Disposition. */
export interface ApiFile {
  blob: Blob;
  fileName: string;
}

function fileNameOf(response: Response): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'download.csv';
}

export interface ApiClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  getAccessToken?: () => string | undefined;
  onUnauthorized?: () => void;
  /** Total attempts for network errors and 5xx answers. */
  maxTries?: number;
  retryDelayMs?: number;
  /** Injectable so tests need not wait; must reject or resolve early when the signal aborts. */
  delay?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const API_MAX_TRIES = 3;
export const API_RETRY_DELAY_MS = 500;

export const apiErrorNames = {
  exceededMaxRetries: 'ExceededMaxRetries',
  remoteServer: 'RemoteServerError',
  problem: 'ProblemDetails',
  aborted: 'AbortError',
  invalidResponse: 'InvalidResponse',
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

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
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
  let onUnauthorized = options.onUnauthorized;

  async function request<T = unknown>(
    path: string,
    req: RequestOptions<T> & { asFile?: boolean } = {},
  ): Promise<ApiResult<T>> {
    const { signal } = req;
    const token = options.getAccessToken?.();
    const headers: Record<string, string> = { Accept: `application/json, ${PROBLEM_CONTENT_TYPE}` };
    if (req.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const init: RequestInit = {
      method: req.method ?? 'GET',
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal,
    };
    const url = buildUrl(options.baseUrl, path, req.query);
    let lastStatus: number | undefined;
    let lastProblem: Problem | undefined;

    for (let attempt = 1; attempt <= maxTries; attempt++) {
      if (attempt > 1) await delay(retryDelayMs, signal);
      if (signal?.aborted) return abortedResult();

      let response: Response;
      try {
        response = await fetchFn(url, init);
      } catch (error) {
        if (isAbort(error, signal)) return abortedResult();
        lastStatus = undefined;
        lastProblem = undefined;
        continue;
      }

      if (response.status >= 500) {
        lastStatus = response.status;
        lastProblem = await readProblem(response);
        continue;
      }

      try {
        if (response.ok && req.asFile) {
          const file: ApiFile = { blob: await response.blob(), fileName: fileNameOf(response) };
          return { ok: true, status: response.status, data: file as T };
        }
        if (response.ok) return await success(response, req.schema);
        return await failure(response, Boolean(token));
      } catch (error) {
        if (isAbort(error, signal)) return abortedResult();
        return {
          ok: false,
          status: response.status,
          error: { name: apiErrorNames.invalidResponse, message: i18n.t('common.unknownError') },
        };
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
    /** Registered by the session wiring: a 401 on an authenticated request signs the user out. */
    setOnUnauthorized(handler: (() => void) | undefined) {
      onUnauthorized = handler;
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
