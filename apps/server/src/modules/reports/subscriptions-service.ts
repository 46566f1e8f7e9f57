import {
  type Language,
  REPORT_SUBSCRIPTIONS_MAX,
  type ReportSubscription,
  type ReportSubscriptionCreate,
  ukToday,
} from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { translatorFor } from '../../i18n/index.js';
import { conflict, notFound } from '../../plugins/problem.js';
import { type Principal, policy } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { statisticsScope } from '../statistics/index.js';
import { isReportKey, reportDefinitions } from './definitions.js';
import { subscriptionPeriod } from './subscription-periods.js';
import {
  cancelOwnSubscription,
  countActiveSubscriptions,
  insertSubscription,
  listOwnSubscriptions,
  type OwnSubscriptionRow,
} from './subscriptions-repository.js';

function toSubscription(row: OwnSubscriptionRow, today: string): ReportSubscription {
  const fallback = subscriptionPeriod(row.frequency, today);
  const from = row.next_from ?? fallback.from;
  const to = row.next_to ?? fallback.to;
  return {
    id: Number(row.id),
    reportKey: row.report_key,
    reportName: isReportKey(row.report_key) ? reportDefinitions[row.report_key].name : row.report_key,
    site: row.site,
    format: row.format,
    frequency: row.frequency,
    delivery: row.delivery,
    createdAt: row.created_at,
    next: { from, to, sendDay: subscriptionPeriod(row.frequency, to).sendDay },
  };
}

const describe = (input: { reportKey: string; site?: string | null; frequency: string }) =>
  `${isReportKey(input.reportKey) ? reportDefinitions[input.reportKey].name : input.reportKey} for ${
    input.site ?? 'all sites'
  }, ${input.frequency}`;

/**
 * Subscribes the caller to a report for a site or group in their reach (404 otherwise, as for the
 * download), queueing the current period's mail; audited in the same transaction.
 */
export async function subscribe(
  db: Queries,
  principal: Principal,
  input: ReportSubscriptionCreate,
  /** The language of the page that asked (Accept-Language): the refusals are worded in it. */
  language: Language,
  today = ukToday(),
): Promise<ReportSubscription> {
  const t = translatorFor(language);
  if (!isReportKey(input.reportKey) || !policy.mayRunReport(principal, input.reportKey)) {
    throw notFound(t('problems.reports.noSuchReport'));
  }
  await statisticsScope(db, principal, { site: input.site, period: 'this-month' }, today);
  const id = await db.transaction().execute(async (queries) => {
    if ((await countActiveSubscriptions(queries, principal.userId)) >= REPORT_SUBSCRIPTIONS_MAX) {
      throw conflict(t('problems.reports.tooManySubscriptions', { max: String(REPORT_SUBSCRIPTIONS_MAX) }));
    }
    const created = await insertSubscription(
      queries,
      principal.userId,
      input,
      subscriptionPeriod(input.frequency, today),
    );
    await recordAudit(queries, {
      subject: { userId: principal.userId, email: principal.email },
      actor: { userId: principal.userId, email: principal.email },
      type: 'ReportSubscribed',
      description: `Subscribed to the report ${describe(input)} (${input.delivery})`,
      details: { subscriptionId: created, ...input },
    });
    return created;
  });
  const own = await listOwnSubscriptions(db, principal.userId, REPORT_SUBSCRIPTIONS_MAX);
  const row = own.find((r) => Number(r.id) === id)!;
  return toSubscription(row, today);
}

export async function ownSubscriptions(db: Queries, principal: Principal, today = ukToday()) {
  const rows = await listOwnSubscriptions(db, principal.userId, REPORT_SUBSCRIPTIONS_MAX);
  return rows.map((row) => toSubscription(row, today));
}

/** Cancels one of the caller's own subscriptions (anyone else's answers 404); audited. */
export async function cancelSubscription(db: Queries, principal: Principal, id: number): Promise<void> {
  await db.transaction().execute(async (queries) => {
    const row = await cancelOwnSubscription(queries, principal.userId, id);
    if (!row) throw notFound('There is no such subscription.');
    await recordAudit(queries, {
      subject: { userId: principal.userId, email: principal.email },
      actor: { userId: principal.userId, email: principal.email },
      type: 'ReportSubscriptionCancelled',
      description: `Cancelled the report subscription ${describe({
        reportKey: row.report_key,
        site: row.site,
        frequency: row.frequency,
      })}`,
      details: { subscriptionId: id },
    });
  });
}
