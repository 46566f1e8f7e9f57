import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';

/**
 * The tests' one way to call the API in-process: `apiFor(t).as(caller).get(url)`, the answer typed
 * from a contract schema when one is given (`res.json(permitPageSchema)`), raw otherwise.
 * Raw `app.inject` stays only where the raw request is the point (malformed bodies, odd headers).
 */

/** What a signed-in request carries: the bearer header. */
export type AuthHeaders = { authorization: string };

/** Who calls: headers from `bearerFor`, an account from `accountWith`, or `undefined` for nobody. */
export type Caller = AuthHeaders | { headers: AuthHeaders } | undefined;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Everything of an inject request other than the method, URL, caller and body. */
export type RequestOptions = Pick<InjectOptions, 'query' | 'headers' | 'remoteAddress' | 'cookies'>;

/** The inject response, whose `json(schema)` parses with a contract schema and is typed by it. */
export type Answer = Omit<LightMyRequestResponse, 'json'> & {
  json: LightMyRequestResponse['json'] & (<S extends z.ZodType>(schema: S) => z.output<S>);
};

const authorizationOf = (caller: Caller): Partial<AuthHeaders> =>
  caller === undefined
    ? {}
    : { authorization: 'headers' in caller ? caller.headers.authorization : caller.authorization };

/** `source` may be a function for the usual `let t` that `beforeAll` fills in later. */
export function apiFor(source: { app: FastifyInstance } | (() => { app: FastifyInstance })) {
  const request = async (
    caller: Caller,
    method: Method,
    url: string,
    body?: InjectOptions['payload'],
    options: RequestOptions = {},
  ): Promise<Answer> => {
    const { app } = typeof source === 'function' ? source() : source;
    const res = await app.inject({
      method,
      url,
      ...options,
      headers: { ...authorizationOf(caller), ...options.headers },
      ...(body === undefined ? {} : { payload: body }),
    });
    const parsed = res.json.bind(res);
    return Object.assign(res, {
      json: (schema?: z.ZodType) => (schema ? schema.parse(parsed()) : parsed()),
    }) as Answer;
  };

  const as = (caller: Caller) => ({
    request: (method: Method, url: string, body?: InjectOptions['payload'], options?: RequestOptions) =>
      request(caller, method, url, body, options),
    get: (url: string, options?: RequestOptions) => request(caller, 'GET', url, undefined, options),
    delete: (url: string, options?: RequestOptions) => request(caller, 'DELETE', url, undefined, options),
    post: (url: string, body?: InjectOptions['payload'], options?: RequestOptions) =>
      request(caller, 'POST', url, body, options),
    put: (url: string, body?: InjectOptions['payload'], options?: RequestOptions) =>
      request(caller, 'PUT', url, body, options),
    patch: (url: string, body?: InjectOptions['payload'], options?: RequestOptions) =>
      request(caller, 'PATCH', url, body, options),
  });

  /** `api.get(...)` and friends call anonymously; `api.as(caller)` signs them. */
  return { as, ...as(undefined) };
}

export type Api = ReturnType<typeof apiFor>;
