import {
  type ClientRetention,
  type ClientRetentionList,
  clientRetentionInputSchema,
  RETENTION_COMPANY_SEARCH_MAX,
  type RetentionNotice,
  ruleIssuesOf,
  type SiteRetentionNotice,
  siteNumberPattern,
} from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import { FieldErrors, notFound } from '../../plugins/problem.js';
import { ruleMessage } from '../../plugins/rule-messages.js';
import { type Principal, policy } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { roleViewer } from '../roles/index.js';
import { privacyRuleMessages } from './privacy-rule-messages.js';
import { readRetentionPolicy } from './retention-policy.js';
import { retentionQueries } from './retention-repository.js';

/**
 * The operator's periods and the shorter ones of the client companies the caller may set (decision
 * 52): any company, found by name, for the operator's administrators; their own for a client's
 * administrator; none for anyone else.
 */
export async function listRetention(
  app: FastifyInstance,
  principal: Principal,
  query: { search: string },
): Promise<ClientRetentionList> {
  const db = app.database.kysely;
  const reach = policy.retentionCompanies(await roleViewer(db, principal));
  const operator = await readRetentionPolicy(db, app.caches.config);
  if (reach === 'none') return { operator, companies: [] };
  const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const companies = await retentionQueries
    .overridesInReach(db, reach, pattern, RETENTION_COMPANY_SEARCH_MAX)
    .execute();
  return { operator, companies };
}

/**
 * The periods that apply to the reader's records (the privacy notice): the operator's, and the shorter
 * ones of the reader's client company when their sites belong to exactly one.
 */
export async function myRetention(app: FastifyInstance, principal: Principal): Promise<RetentionNotice> {
  const db = app.database.kysely;
  const viewer = await roleViewer(db, principal);
  const operator = await readRetentionPolicy(db, app.caches.config);
  if (viewer.companyId === null) return { operator, company: null };
  const company = await retentionQueries.overrideOf(db, viewer.companyId).executeTakeFirst();
  return { operator, company: company ?? null };
}

/** What GET /privacy/retention/sites/{site} answers for anything but a car park's number. */
export const NO_SUCH_CAR_PARK = 'There is no car park with this number.';

/**
 * The periods that apply at one car park, for anyone (decision 54): the operator's, and the owning
 * company's where they shorten them (null otherwise, as for an override saved before the operator
 * shortened theirs: the job applies the shorter of the two). 404 for a site group's number, a
 * malformed one or one no car park has.
 */
export async function siteRetention(app: FastifyInstance, site: string): Promise<SiteRetentionNotice> {
  if (!siteNumberPattern.test(site)) throw notFound(NO_SUCH_CAR_PARK);
  const db = app.database.kysely;
  const row = await retentionQueries.siteNotice(db, site).executeTakeFirst();
  if (!row) throw notFound(NO_SUCH_CAR_PARK);
  const operator = await readRetentionPolicy(db, app.caches.config);
  const shorter = (value: number | null, operatorFigure: number) =>
    value !== null && value < operatorFigure ? value : null;
  return {
    site: row.site,
    siteName: row.siteName,
    operator,
    company:
      row.companyName === null
        ? null
        : {
            name: row.companyName,
            cameraReadDays: shorter(row.cameraReadDays, operator.cameraReadDays),
            permitMonths: shorter(row.permitMonths, operator.permitMonths),
            transactionMonths: shorter(row.transactionMonths, operator.transactionMonths),
          },
  };
}

/**
 * Sets a client's periods: each may only shorten the operator's (400 otherwise, one message per
 * field); audited with the figures (no personal data in them).
 */
export async function setClientRetention(
  app: FastifyInstance,
  principal: Principal,
  companyId: number,
  input: { cameraReadDays: number | null; permitMonths: number | null; transactionMonths: number | null },
): Promise<ClientRetention> {
  const db = app.database.kysely;
  const reach = policy.retentionCompanies(await roleViewer(db, principal));
  if (reach !== 'all' && reach !== companyId) throw notFound();
  const operator = await readRetentionPolicy(db, app.caches.config);
  const parsed = clientRetentionInputSchema(operator).safeParse(input);
  if (!parsed.success) {
    const errors = new FieldErrors();
    for (const issue of ruleIssuesOf(parsed.error))
      errors.add(issue.field, ruleMessage(issue, privacyRuleMessages));
    errors.throwIfAny();
  }
  return db.transaction().execute(async (trx) => {
    const company = await retentionQueries.company(trx, companyId).executeTakeFirst();
    if (!company) throw notFound();
    await retentionQueries.upsertOverride(trx, companyId, input, principal.userId).execute();
    const actor = { userId: principal.userId, email: principal.email };
    await recordAudit(trx, {
      subject: actor,
      actor,
      type: 'RetentionChanged',
      description: `Changed the retention periods of ${company.name}`,
      details: { companyId, ...input },
    });
    return { companyId, companyName: company.name, ...input };
  });
}
