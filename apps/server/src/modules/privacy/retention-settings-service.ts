import { type ClientRetention, clientRetentionInputSchema, ruleIssuesOf } from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import { FieldErrors, notFound } from '../../plugins/problem.js';
import { ruleMessage } from '../../plugins/rule-messages.js';
import { type Principal, policy } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { privacyRuleMessages } from './privacy-rule-messages.js';
import { readClientOverrides, readRetentionPolicy } from './retention-policy.js';
import { retentionQueries } from './retention-repository.js';

/** The operator's periods and every client company's shorter ones. */
export async function listRetention(app: FastifyInstance, principal: Principal) {
  policy.holdsAnyFeature(principal, 'Application.SysAdmin');
  const operator = await readRetentionPolicy(app.database.kysely, app.caches.config);
  const companies = await readClientOverrides(app.database.kysely);
  return { operator, companies };
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
  if (!policy.holdsAnyFeature(principal, 'Application.SysAdmin')) throw notFound();
  const db = app.database.kysely;
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
