import {
  permitAllowanceListSchema,
  siteOrGroupNumberSchema,
  updatePermitAllowancesSchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { useRuleMessages } from '../../plugins/rule-messages.js';
import { allowanceRuleMessages } from './allowance-rule-messages.js';
import { loadAllowances, saveAllowances } from './permit-allowances-service.js';

const common = { tags: ['permit allowances'], security: [{ bearer: [] }] };
const siteParams = z.object({ site: z.string().trim().toUpperCase().pipe(siteOrGroupNumberSchema) });

export async function permitAllowanceRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  useRuleMessages(app, allowanceRuleMessages);

  r.get(
    '/permits/allowances/:site',
    {
      preValidation: app.requireAnyFeature('Permits.Allowances'),
      schema: {
        ...common,
        summary: 'Allowances of a site, or of a site group and its member sites (null = unlimited)',
        params: siteParams,
        response: { 200: permitAllowanceListSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) => loadAllowances(app.database.kysely, request.principal, request.params.site),
  );

  r.put(
    '/permits/allowances',
    {
      preValidation: app.requireAnyFeature('Permits.Allowances'),
      schema: {
        ...common,
        summary: 'Set allowances of sites and groups, all or nothing (both null removes the caps)',
        body: updatePermitAllowancesSchema,
        response: { 200: permitAllowanceListSchema, ...problemAnswers('gated', 'item', 'write') },
      },
    },
    async (request) => saveAllowances(app.database.kysely, request.principal, request.body),
  );
}
