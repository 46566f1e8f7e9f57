import {
  enforcementStatisticsSchema,
  parkingStatisticsSchema,
  permitStatisticsSchema,
  siteComparisonSchema,
  statisticsQuerySchema,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Queries } from '../../db/kysely.js';
import { featureArea } from '../../plugins/feature-area.js';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { statisticsRuleMessages } from './statistics-rule-messages.js';
import {
  enforcementStatistics,
  parkingStatistics,
  permitStatistics,
  type StatisticsScope,
  siteComparison,
  statisticsScope,
} from './statistics-service.js';

const about =
  " for a site, a site group (`site`) or all the caller's sites (no `site`) over a period of UK days: " +
  'this-month, last-month, last-12-months, or custom with `from` and `to` (inclusive, at most 13 months, ' +
  'not after today). A site or group out of reach answers 404. Read from the daily aggregates.';

export async function statisticsRoutes(app: FastifyInstance) {
  app.signedInRoutes(app);
  const { r, gated } = featureArea(app, {
    tag: 'statistics',
    feature: 'Statistics.Access',
    ruleMessages: statisticsRuleMessages,
    apiKeys: true,
  });

  /** A statistics call: its query read and scoped to the caller's sites, then answered by `read`. */
  function statisticsRoute<Answer extends z.ZodType>(
    path: string,
    summary: string,
    answer: Answer,
    read: (db: Queries, scope: StatisticsScope) => Promise<z.output<Answer>>,
  ) {
    r.get(
      path,
      gated({
        summary: `${summary}${about}`,
        querystring: statisticsQuerySchema,
        // Checked against `read` by the signature; the route itself needs no more than a schema.
        response: { 200: answer as z.ZodType, ...problemAnswers('gated', 'item') },
      }),
      async (request) => {
        // The caller's reach from the primary, the aggregates from the replica when there is one (decision 41).
        const { primary, rows } = app.heavyReads.split();
        return read(rows, await statisticsScope(primary, request.principal, request.query));
      },
    );
  }

  statisticsRoute(
    '/statistics/parking',
    'Stays and income per day, average stay, payment methods and occupancy by hour and weekday',
    parkingStatisticsSchema,
    parkingStatistics,
  );
  statisticsRoute(
    '/statistics/permits',
    'Active permits per day by kind, permits added per week and their reasons',
    permitStatisticsSchema,
    permitStatistics,
  );
  statisticsRoute(
    '/statistics/enforcement',
    'Charges issued, cancellations and reductions per month against the monthly allowances',
    enforcementStatisticsSchema,
    enforcementStatistics,
  );
  statisticsRoute(
    '/statistics/sites',
    'Every site compared: stays, income, charges per 1,000 stays, allowance use',
    siteComparisonSchema,
    siteComparison,
  );
}
