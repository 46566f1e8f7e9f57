import { PROBLEM_CONTENT_TYPE, problemSchema } from '@client-portal/contract';

/**
 * The kinds of route, by the problems (application/problem+json) each can answer besides its success.
 * Every operation may refuse its input (400: a schema, or a NUL character in any part of the request)
 * and may find the database unreachable or the portal offline for maintenance (503, Retry-After).
 */
const statusesOf = {
  /** Anyone may call it. */
  public: [],
  /** Needs a signed-in caller: 401 without a valid session. */
  signedIn: [401],
  /** Needs a feature (or a rule on the caller) as well: 403 when the caller lacks it. */
  gated: [401, 403],
  /** Names one thing (a path parameter, a token): 404 when it does not exist or is out of reach. */
  item: [404],
  /** Changes stored data: 409 when it conflicts with what is stored. */
  write: [409],
  /** Limited per caller and address: 429 with Retry-After. */
  rateLimited: [429],
} satisfies Record<string, number[]>;

type RouteKind = keyof typeof statusesOf;

const titles: Record<number, string> = {
  400: 'Bad Request: the input is refused, with a message per field',
  401: 'Unauthorized: sign in first',
  403: 'Forbidden: the caller lacks the feature (or calls with an API key where keys are not accepted)',
  404: 'Not Found: it does not exist or is out of the caller’s reach',
  409: 'Conflict: it conflicts with the stored data',
  429: 'Too Many Requests: try again after Retry-After seconds',
  503: 'Service Unavailable: try again after Retry-After seconds',
};

/** One schema object for every problem answer, so the document can tell them from success answers. */
const problemAnswer = problemSchema;

/**
 * The problem answers of a route of these kinds, to spread beside its success answer:
 * `response: { 200: siteSchema, ...problemAnswers('gated', 'item') }`.
 */
export function problemAnswers(...kinds: RouteKind[]): Record<number, typeof problemAnswer> {
  const statuses = new Set([400, 503, ...kinds.flatMap((kind) => statusesOf[kind])]);
  return Object.fromEntries([...statuses].sort().map((status) => [status, problemAnswer]));
}

interface TransformedResponse {
  [status: string]: unknown;
}

/**
 * For the OpenAPI document: a problem answer is sent as application/problem+json, and a 429 or 503
 * carries Retry-After. Applied to the JSON schema the zod transform produced for a route.
 */
export function documentProblemAnswers(
  zodResponse: Record<string, unknown> | undefined,
  jsonResponse: TransformedResponse | undefined,
): TransformedResponse | undefined {
  if (!zodResponse || !jsonResponse) return jsonResponse;
  const documented: TransformedResponse = { ...jsonResponse };
  for (const [status, schema] of Object.entries(zodResponse)) {
    if (schema !== problemAnswer) continue;
    const retries = status === '429' || status === '503';
    documented[status] = {
      description: titles[Number(status)] ?? 'Problem',
      content: { [PROBLEM_CONTENT_TYPE]: { schema: jsonResponse[status] } },
      ...(retries && { headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait' } } }),
    };
  }
  return documented;
}

/**
 * What the security of a signed-in route adds to its problem answers (decision 43): any such route
 * refuses an API key where keys are not accepted (403), and a route that accepts keys counts each
 * key's requests (429 with Retry-After).
 */
export function documentKeyAnswers(
  security: readonly Record<string, unknown>[] | undefined,
  documented: TransformedResponse | undefined,
): TransformedResponse | undefined {
  if (!security || !documented) return documented;
  const problem = Object.values(documented).find(
    (answer): answer is { content: Record<string, unknown> } =>
      typeof answer === 'object' &&
      answer !== null &&
      PROBLEM_CONTENT_TYPE in ((answer as { content?: object }).content ?? {}),
  );
  if (!problem) return documented;
  const added: TransformedResponse = { ...documented };
  const answer = (status: number, retries: boolean) => ({
    description: titles[status],
    content: problem.content,
    ...(retries && { headers: { 'retry-after': { type: 'integer', description: 'Seconds to wait' } } }),
  });
  if (security.some((s) => 'bearer' in s) && !added['403']) added['403'] = answer(403, false);
  if (security.some((s) => 'apiKey' in s) && !added['429']) added['429'] = answer(429, true);
  return added;
}
