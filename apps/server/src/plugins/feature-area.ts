import type { FeatureName } from '@client-portal/contract';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOrKeySecurity, sessionSecurity } from './openapi-security.js';
import { type RuleMessages, useRuleMessages } from './rule-messages.js';

/**
 * The routes of an area that one feature opens (statistics, reports, invoicing): the area's rule
 * messages say its 400s, `r` reads requests and answers by their zod schemas, and `gated(schema)` is a
 * route's options: the feature checked before it, the area's tag and the bearer security documented
 * (with `apiKeys`, API keys admitted too, unless a route's schema says its own security).
 */
export function featureArea(
  app: FastifyInstance,
  area: { tag: string; feature: FeatureName; ruleMessages: RuleMessages; apiKeys?: boolean },
) {
  useRuleMessages(app, area.ruleMessages);
  const gate = app.requireAnyFeature(area.feature);
  const documented = { tags: [area.tag], security: area.apiKeys ? sessionOrKeySecurity : sessionSecurity };
  return {
    r: app.withTypeProvider<ZodTypeProvider>(),
    gated: <S extends FastifySchema>(schema: S) => ({
      preValidation: gate,
      schema: { ...documented, ...schema },
    }),
  };
}
