import { siteRetentionNoticeSchema, siteRetentionParamsSchema } from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { problemAnswers } from '../../plugins/problem-answers.js';
import { enforceRateLimits } from '../identity/index.js';
import { siteRetention } from './retention-settings-service.js';

/**
 * Reads of one car park's notice per address a minute, counted in the database (every process shares
 * them), as the visitor page's calls are: far above what people behind one address read, low enough
 * that walking every site number takes hours.
 */
export const SITE_NOTICE_READS_PER_ADDRESS = 60;

const TOO_MANY = 'Too many requests from here in a short time. Please wait a minute and try again.';

/**
 * The privacy notice of one car park (decision 54): no sign-in, like the visitor's page (decision 47)
 * and the public config; nothing answered but what a sign at the car park shows and the periods.
 */
export async function publicPrivacyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/privacy/retention/sites/:site',
    {
      schema: {
        tags: ['privacy'],
        summary:
          "The retention periods that apply at one car park, for anyone: the operator's, and the shorter ones of the client company owning it (null: the operator's), with the car park's and company's names",
        params: siteRetentionParamsSchema,
        response: { 200: siteRetentionNoticeSchema, ...problemAnswers('public', 'item', 'rateLimited') },
      },
    },
    async (request, reply) => {
      await enforceRateLimits(
        app.database.kysely,
        reply,
        [{ key: `privacy-notice:address:${request.ip}`, limit: SITE_NOTICE_READS_PER_ADDRESS }],
        TOO_MANY,
      );
      return siteRetention(app, request.params.site);
    },
  );
}
