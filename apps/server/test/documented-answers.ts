import type { FastifyInstance } from 'fastify';

interface OpenApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

/** Routes the API tests add for themselves, and the documentation pages, are not operations of the API. */
const NOT_OPERATIONS = /^\/api\/(test|docs)(\/|$)/;

/**
 * Records every answer the app gives (method, route, status) while the API tests run, and lists the
 * ones the OpenAPI document does not declare for that operation: a route answering a status it does
 * not document makes the test file that saw it fail (see buildTestApp's close).
 */
export function recordAnswers(app: FastifyInstance): { undocumented(): string[] } {
  const seen = new Set<string>();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === undefined || !/^\/(api|scim)\//.test(route) || NOT_OPERATIONS.test(route)) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    seen.add(`${method} ${route} ${reply.statusCode}`);
  });
  return {
    undocumented() {
      const document = app.swagger() as OpenApiDocument;
      return [...seen].sort().flatMap((answer) => {
        const [method, route, status] = answer.split(' ') as [string, string, string];
        const path = route.replace(/:(\w+)/g, '{$1}');
        const operation = document.paths?.[path]?.[method.toLowerCase()];
        if (!operation) return [`${method} ${route} is not in the OpenAPI document`];
        return operation.responses?.[status] ? [] : [`${method} ${route} answers ${status}, undocumented`];
      });
    },
  };
}

/** Fails when the app answered a status its OpenAPI document does not declare for that operation. */
export function assertAnswersDocumented(undocumented: string[]): void {
  if (undocumented.length > 0) {
    throw new Error(`Answers the OpenAPI document does not declare:\n  ${undocumented.join('\n  ')}`);
  }
}
