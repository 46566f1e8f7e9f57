import {
  type ReportFormat,
  type ReportSubscriptionCreate,
  reportFormats,
  type SubscriptionDelivery,
  type SubscriptionFrequency,
  subscriptionDeliveries,
  subscriptionFrequencies,
} from '@client-portal/contract';
import { type Expression, sql } from 'kysely';
import { isoTextOf, type Queries } from '../../db/kysely.js';
import type { SubscriptionPeriod } from './subscription-periods.js';

/** A stored choice as the contract's value (the only ones written); anything else is a broken row. */
function choice<T extends string>(values: readonly T[], value: string): T {
  const found = values.find((v) => v === value);
  if (found === undefined) throw new Error(`Unexpected stored value ${JSON.stringify(value)}.`);
  return found;
}

/** A subscription: the choices narrowed to the contract's values. */
interface SubscriptionRow<Time> {
  id: number;
  user_id: string;
  report_key: string;
  site: string | null;
  format: ReportFormat;
  frequency: SubscriptionFrequency;
  delivery: SubscriptionDelivery;
  created_at: Time;
  cancelled_at: Time | null;
}

/** As stored: a time as either driver reads it (decision 31). */
type StoredSubscription = SubscriptionRow<Date | string>;

export type OwnSubscriptionRow = SubscriptionRow<string> & {
  next_from: string | null;
  next_to: string | null;
};

/** The stored columns of a subscription as the contract's choices. */
const narrowed = <R extends { id: number | string; format: string; frequency: string; delivery: string }>(
  r: R,
) => ({
  ...r,
  id: Number(r.id),
  format: choice(reportFormats, r.format),
  frequency: choice(subscriptionFrequencies, r.frequency),
  delivery: choice(subscriptionDeliveries, r.delivery),
});

/** A day as `YYYY-MM-DD`, null staying null. */
const dayOf = <V extends Date | string | null>(column: Expression<V>) =>
  sql<V extends null ? string | null : string>`to_char(${column}, 'YYYY-MM-DD')`;

const subscriptionColumns = [
  'id',
  'user_id',
  'report_key',
  'site',
  'format',
  'frequency',
  'delivery',
  'created_at',
  'cancelled_at',
] as const;

/** The statements of this repository, built but not run: what subscriptions-repository.sql shows. */
export const subscriptionsQueries = {
  insertSubscription: (db: Queries, userId: string, input: ReportSubscriptionCreate) =>
    db
      .insertInto('report_subscriptions')
      .values({
        user_id: userId,
        report_key: input.reportKey,
        site: input.site ?? null,
        format: input.format,
        frequency: input.frequency,
        delivery: input.delivery,
      })
      .returning('id'),

  insertSend: (db: Queries, subscriptionId: number, period: SubscriptionPeriod) =>
    db
      .insertInto('report_subscription_sends')
      .values({
        subscription_id: subscriptionId,
        period_from: period.from,
        period_to: period.to,
        due_at: period.dueAt.toISOString(),
      })
      .onConflict((oc) => oc.columns(['subscription_id', 'period_from']).doNothing()),

  countActive: (db: Queries, userId: string) =>
    db
      .selectFrom('report_subscriptions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .where('cancelled_at', 'is', null),

  listOwn: (db: Queries, userId: string, limit: number) =>
    db
      .selectFrom('report_subscriptions as s')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('report_subscription_sends')
            .select(['period_from', 'period_to'])
            .whereRef('subscription_id', '=', 's.id')
            .where('sent_at', 'is', null)
            .orderBy('period_from')
            .limit(1)
            .as('n'),
        (join) => join.onTrue(),
      )
      .select((eb) => [
        's.id',
        's.user_id',
        's.report_key',
        's.site',
        's.format',
        's.frequency',
        's.delivery',
        isoTextOf(eb.ref('s.created_at')).as('created_at'),
        's.cancelled_at',
        dayOf(eb.ref('n.period_from')).as('next_from'),
        dayOf(eb.ref('n.period_to')).as('next_to'),
      ])
      .where('s.user_id', '=', userId)
      .where('s.cancelled_at', 'is', null)
      .orderBy('s.id', 'desc')
      .limit(limit),

  cancelOwn: (db: Queries, userId: string, id: number) =>
    db
      .updateTable('report_subscriptions')
      .set((eb) => ({ cancelled_at: eb.fn('now') }))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('cancelled_at', 'is', null)
      .returning(subscriptionColumns),

  dropQueued: (db: Queries, id: number) =>
    db.deleteFrom('report_subscription_sends').where('subscription_id', '=', id).where('sent_at', 'is', null),

  claimDue: (db: Queries, worker: string, now: Date, leaseUntil: Date, limit: number) =>
    db
      .with('due', (db) =>
        db
          .selectFrom('report_subscription_sends')
          .select('id')
          .where('sent_at', 'is', null)
          .where('due_at', '<=', now.toISOString())
          .where((eb) =>
            eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now.toISOString())]),
          )
          .orderBy('due_at')
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('report_subscription_sends as j')
      .set({ claimed_by: worker, claimed_until: leaseUntil.toISOString() })
      .from(['due', 'report_subscriptions as s'])
      .whereRef('j.id', '=', 'due.id')
      .whereRef('s.id', '=', 'j.subscription_id')
      .returning((eb) => [
        'j.id as send_id',
        dayOf(eb.ref('j.period_from')).as('period_from'),
        dayOf(eb.ref('j.period_to')).as('period_to'),
        ...subscriptionColumns.map((column) => `s.${column}` as const),
      ]),

  markDone: (db: Queries, sendId: number, worker: string, outcome: string) =>
    db
      .updateTable('report_subscription_sends')
      .set((eb) => ({ sent_at: eb.fn('now'), outcome, claimed_until: null }))
      .where('id', '=', sendId)
      .where('claimed_by', '=', worker)
      .where('sent_at', 'is', null)
      .returning('id'),

  /** Sets a claimed row's lease (null: given back at once), if this worker still holds it unsent. */
  lease: (db: Queries, sendId: number, worker: string, until: Date | null) =>
    db
      .updateTable('report_subscription_sends')
      .set({ claimed_until: until === null ? null : until.toISOString() })
      .where('id', '=', sendId)
      .where('claimed_by', '=', worker)
      .where('sent_at', 'is', null),

  emailConfirmed: (db: Queries, userId: string) =>
    db.selectFrom('users').select('email_confirmed').where('id', '=', userId),
};

/** Stores a subscription and its first period's job row (call inside the transaction that audits it). */
export async function insertSubscription(
  db: Queries,
  userId: string,
  input: ReportSubscriptionCreate,
  first: SubscriptionPeriod,
): Promise<number> {
  const row = await subscriptionsQueries.insertSubscription(db, userId, input).executeTakeFirstOrThrow();
  const id = Number(row.id);
  await insertSend(db, id, first);
  return id;
}

/** Queues a period's mail; a period already queued stays as it is. */
export async function insertSend(
  db: Queries,
  subscriptionId: number,
  period: SubscriptionPeriod,
): Promise<void> {
  await subscriptionsQueries.insertSend(db, subscriptionId, period).execute();
}

export async function countActiveSubscriptions(db: Queries, userId: string): Promise<number> {
  const row = await subscriptionsQueries.countActive(db, userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The user's live subscriptions, newest first, each with its next unsent period. */
export async function listOwnSubscriptions(
  db: Queries,
  userId: string,
  limit: number,
): Promise<OwnSubscriptionRow[]> {
  const rows = await subscriptionsQueries.listOwn(db, userId, limit).execute();
  // Live rows only: never cancelled.
  return rows.map((r) => ({ ...narrowed(r), cancelled_at: null }));
}

/** Cancels one of the user's live subscriptions and drops its queued mails; null when there is none by that id for them. */
export async function cancelOwnSubscription(
  db: Queries,
  userId: string,
  id: number,
): Promise<StoredSubscription | null> {
  const row = await subscriptionsQueries.cancelOwn(db, userId, id).executeTakeFirst();
  if (!row) return null;
  // Its queued mails go too; one a process has already claimed is passed over when it reads the cancel.
  await subscriptionsQueries.dropQueued(db, id).execute();
  return narrowed(row);
}

export interface ClaimedSend {
  send_id: number;
  period_from: string;
  period_to: string;
  subscription: StoredSubscription;
}

/**
 * Claims up to `limit` due, unsent, unleased job rows for `worker` until `leaseUntil`. FOR UPDATE SKIP
 * LOCKED: a row another process is claiming at the same moment is passed over, not waited for, and
 * the lease keeps it from every other process until it is marked sent (or the lease runs out, after a
 * crash, when another process may take it).
 */
export async function claimDueSends(
  db: Queries,
  worker: string,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedSend[]> {
  const rows = await subscriptionsQueries.claimDue(db, worker, now, leaseUntil, limit).execute();
  return rows.map(({ send_id, period_from, period_to, ...subscription }) => ({
    send_id: Number(send_id),
    period_from,
    period_to,
    subscription: narrowed(subscription),
  }));
}

/** Marks a claimed job row done, if this worker still holds it; false when the lease was lost. */
export async function markSendDone(
  db: Queries,
  sendId: number,
  worker: string,
  outcome: string,
): Promise<boolean> {
  const rows = await subscriptionsQueries.markDone(db, sendId, worker, outcome).execute();
  return rows.length === 1;
}

/** Gives a claimed row back at once (sending failed): the next run of any process tries again. */
export async function releaseSend(db: Queries, sendId: number, worker: string): Promise<void> {
  await subscriptionsQueries.lease(db, sendId, worker, null).execute();
}

/**
 * Is the subscriber's email address confirmed? An address changed by an administrator is unconfirmed
 * until its owner follows the confirmation link (user-accounts: updateAccount), and nothing is mailed
 * to it before then. False for no such user.
 */
export async function subscriberEmailConfirmed(db: Queries, userId: string): Promise<boolean> {
  const row = await subscriptionsQueries.emailConfirmed(db, userId).executeTakeFirst();
  return row?.email_confirmed === true;
}

/** Keeps a claimed row unsent and untouched by any process until `until`, then due again as before. */
export async function holdSend(db: Queries, sendId: number, worker: string, until: Date): Promise<void> {
  await subscriptionsQueries.lease(db, sendId, worker, until).execute();
}
