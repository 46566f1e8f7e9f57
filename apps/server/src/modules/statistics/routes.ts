import {
  enforcementStatisticsSchema,
  parkingStatisticsSchema,
  permitStatisticsSchema,
  siteComparisonSchema,
  statisticsQuerySchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { useRuleMessages } from '../../plugins/rule-messages.js';
import { statisticsRuleMessages } from './statistics-rule-messages.js';
import {
  enforcementStatistics,
  parkingStatistics,
  permitStatistics,
  siteComparison,
  statisticsScope,
} from './statistics-service.js';

const common = { tags: ['statistics'], security: [{ bearer: [] }] };
const about =
  " for a site, a site group (`site`) or all the caller's sites (no `site`) over a period of UK days: " +
  'this-month, last-month, last-12-months, or custom with `from` and `to` (inclusive, at most 13 months, ' +
  'not after today). A site or group out of reach answers 404. Read from the daily aggregates.';

export async function statisticsRoutes(app: FastifyInstance) {
  useRuleMessages(app, statisticsRuleMessages);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = app.requireFeatures('Statistics.Access');

  r.get(
    '/statistics/parking',
    {
      preHandler,
      schema: {
        ...common,
        summary: `Stays and income per day, average stay, payment methods and occupancy by hour and weekday${about}`,
        querystring: statisticsQuerySchema,
        response: { 200: parkingStatisticsSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) =>
      parkingStatistics(app.db, await statisticsScope(app.db, request.principal!, request.query)),
  );

  r.get(
    '/statistics/permits',
    {
      preHandler,
      schema: {
        ...common,
        summary: `Active permits per day by kind, permits added per week and their reasons${about}`,
        querystring: statisticsQuerySchema,
        response: { 200: permitStatisticsSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) =>
      permitStatistics(app.db, await statisticsScope(app.db, request.principal!, request.query)),
  );

  r.get(
    '/statistics/enforcement',
    {
      preHandler,
      schema: {
        ...common,
        summary: `Charges issued, cancellations and reductions per month against the monthly allowances${about}`,
        querystring: statisticsQuerySchema,
        response: { 200: enforcementStatisticsSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) =>
      enforcementStatistics(app.db, await statisticsScope(app.db, request.principal!, request.query)),
  );

  r.get(
    '/statistics/sites',
    {
      preHandler,
      schema: {
        ...common,
        summary: `Every site compared: stays, income, charges per 1,000 stays, allowance use${about}`,
        querystring: statisticsQuerySchema,
        response: { 200: siteComparisonSchema, ...problemAnswers('gated', 'item') },
      },
    },
    async (request) =>
      siteComparison(app.db, await statisticsScope(app.db, request.principal!, request.query)),
  );
}
