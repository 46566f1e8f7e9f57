import crypto from 'node:crypto';
import os from 'node:os';
import type { Readable } from 'node:stream';
import { ukToday } from '@client-portal/contract';
import type { Database } from '../../db/client.js';
import { inRecipientLanguage } from '../../plugins/bilingual-mail.js';
import { CSV_CONTENT_TYPE, csvBytes } from '../../plugins/csv-download.js';
import type { MailTransport } from '../../plugins/mail.js';
import { ProblemError } from '../../plugins/problem.js';
import type { Settings } from '../../settings.js';
import { loadPrincipalForJob, policy } from '../access/index.js';
import { languageOfUser, mailLanguageOfUser } from '../identity/index.js';
import { isReportKey, reportDefinitions } from './definitions.js';
import { reportFile } from './reports-service.js';
import { subscriptionMail } from './subscription-mail.js';
import { nextSubscriptionPeriod } from './subscription-periods.js';
import {
  type ClaimedSend,
  claimDueSends,
  holdSend,
  insertSend,
  markSendDone,
  releaseSend,
  subscriberEmailConfirmed,
} from './subscriptions-repository.js';

/** Larger files are linked instead of attached (mail servers commonly refuse more than 10 MB). */
const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
/** How long a claimed row stays this process's before another may take it (after a crash). */
const LEASE_MS = 10 * 60 * 1000;
const BATCH = 20;
/** How long a mail held for an unconfirmed address waits before it is looked at again. */
const HOLD_MS = 60 * 1000;

export interface SubscriptionContext {
  database: Database;
  /** Straight to the mail server: this runs as a job (report-subscriptions.due), retried when it fails. */
  transport: MailTransport;
  settings: Pick<Settings, 'PUBLIC_URL'>;
  /** This process's name in claimed_by. */
  worker: string;
}

export const workerName = () => `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;

import { XLSX_CONTENT_TYPE as XLSX } from '../../plugins/xlsx-download.js';

/** The whole file, or undefined when it is larger than ATTACHMENT_MAX_BYTES. */
async function fileBytes(file: Awaited<ReturnType<typeof reportFile>>): Promise<Buffer | undefined> {
  const parts: Buffer[] = [];
  let size = 0;
  const source: AsyncIterable<Buffer | string> = file.lines
    ? csvBytes(file.lines)
    : (file.stream as Readable);
  for await (const piece of source) {
    const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
    size += bytes.length;
    if (size > ATTACHMENT_MAX_BYTES) {
      (file.stream as Readable | undefined)?.destroy();
      return undefined;
    }
    parts.push(bytes);
  }
  return Buffer.concat(parts);
}

/** The signed-in Reports page with this report chosen: the download there checks the reader's sites. */
function reportLink(ctx: SubscriptionContext, job: ClaimedSend): string {
  const s = job.subscription;
  const query = new URLSearchParams({ report: s.report_key, from: job.period_from, to: job.period_to });
  if (s.site) query.set('site', s.site);
  query.set('format', s.format);
  return `${ctx.settings.PUBLIC_URL}/reports?${query}`;
}

/**
 * 'held': the subscriber's address is unconfirmed (changed, not yet proved); the row stays unsent and
 * goes once it is confirmed. 'unconfirmed': it was still unconfirmed when the next period fell due, so
 * this period's mail is dropped (not sent late) and the next one queued.
 */
type Outcome =
  | 'sent'
  | 'cancelled'
  | 'no-user'
  | 'no-feature'
  | 'no-access'
  | 'no-report'
  | 'held'
  | 'unconfirmed';

/**
 * One job row: the subscriber's access is read now, not when they subscribed, so a user who lost a site
 * (or the feature, or their account) gets nothing of it. Returns the outcome; throws when mail failed.
 */
async function sendOne(ctx: SubscriptionContext, job: ClaimedSend, now: Date): Promise<Outcome> {
  const s = job.subscription;
  if (s.cancelled_at) return 'cancelled';
  if (!isReportKey(s.report_key)) return 'no-report';
  const principal = await loadPrincipalForJob(ctx.database.kysely, s.user_id);
  if (!principal) return 'no-user';
  if (!(await subscriberEmailConfirmed(ctx.database.kysely, s.user_id))) {
    const next = nextSubscriptionPeriod(s.frequency, job.period_to);
    return next.dueAt.getTime() <= now.getTime() ? 'unconfirmed' : 'held';
  }
  if (!policy.holdsAnyFeature(principal, 'Reports.Access')) return 'no-feature';
  const language = await languageOfUser(ctx.database.kysely, principal.userId);
  let file: Awaited<ReturnType<typeof reportFile>>;
  try {
    file = await reportFile(
      { primary: ctx.database.kysely, rows: ctx.database.kysely },
      principal,
      s.report_key,
      { site: s.site ?? undefined, from: job.period_from, to: job.period_to, format: s.format },
      language,
      ukToday(now),
    );
  } catch (error) {
    if (error instanceof ProblemError && error.status === 404) return 'no-access';
    throw error;
  }
  const definition = reportDefinitions[s.report_key];
  let content: Buffer | undefined;
  if (s.delivery === 'attached') content = await fileBytes(file);
  else (file.stream as Readable | undefined)?.destroy();
  // The mail in the subscriber's language, or in both while it is not recorded (decision 53).
  const mailLanguage = await mailLanguageOfUser(ctx.database.kysely, principal.userId);
  await ctx.transport.deliver(
    inRecipientLanguage(mailLanguage, (language) =>
      subscriptionMail({
        language,
        to: principal.email,
        definition,
        site: s.site,
        period: { from: job.period_from, to: job.period_to },
        link: reportLink(ctx, job),
        frequency: s.frequency,
        tooLarge: s.delivery === 'attached' && !content,
        attachment: content
          ? {
              filename: file.fileName,
              content,
              contentType: file.format === 'csv' ? CSV_CONTENT_TYPE : XLSX,
            }
          : undefined,
      }),
    ),
  );
  return 'sent';
}

/**
 * Sends every due subscription mail this process can claim, as of `now`. Each job row is claimed with
 * a lease (FOR UPDATE SKIP LOCKED), sent, then marked sent with the next period queued in one
 * transaction. A row held for an unconfirmed address is neither marked nor given back: its lease is
 * set to a minute on, so that it is looked at again then (not again by this call). Returns the outcomes
 * of the rows this call finished.
 */
export async function sendDueSubscriptions(ctx: SubscriptionContext, now = new Date()): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (;;) {
    const jobs = await claimDueSends(
      ctx.database.kysely,
      ctx.worker,
      now,
      new Date(now.getTime() + LEASE_MS),
      BATCH,
    );
    for (const job of jobs) {
      let outcome: Outcome;
      try {
        outcome = await sendOne(ctx, job, now);
      } catch (error) {
        await releaseSend(ctx.database.kysely, job.send_id, ctx.worker);
        throw error;
      }
      if (outcome === 'held') {
        await holdSend(ctx.database.kysely, job.send_id, ctx.worker, new Date(now.getTime() + HOLD_MS));
        continue;
      }
      const keepsGoing = outcome !== 'cancelled' && outcome !== 'no-user' && outcome !== 'no-report';
      await ctx.database.kysely.transaction().execute(async (tx) => {
        const mine = await markSendDone(tx, job.send_id, ctx.worker, outcome);
        if (mine && keepsGoing) {
          await insertSend(
            tx,
            job.subscription.id,
            nextSubscriptionPeriod(job.subscription.frequency, job.period_to),
          );
        }
      });
      outcomes.push(outcome);
    }
    if (jobs.length < BATCH) return outcomes;
  }
}
