import type {
  ReportFormat,
  ReportSubscriptionCreate,
  SubscriptionDelivery,
  SubscriptionFrequency,
} from '@client-portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isoText, type RowOf, selectRows } from '../../db/rows.js';
import type { reportSubscriptionSends, reportSubscriptions, users } from '../../db/schema.js';
import type { SubscriptionPeriod } from './subscription-periods.js';

type StoredSubscription = RowOf<typeof reportSubscriptions>;

/**
 * A subscription: columns typed from schema.ts, the choices narrowed to the contract's values (the
 * only ones written), the times as text.
 */
type SubscriptionRow = Pick<StoredSubscription, 'id' | 'user_id' | 'report_key' | 'site'> & {
  format: ReportFormat;
  frequency: SubscriptionFrequency;
  delivery: SubscriptionDelivery;
  created_at: string;
  cancelled_at: string | null;
};

export type OwnSubscriptionRow = SubscriptionRow & { next_from: string | null; next_to: string | null };

const day = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);

/** Stores a subscription and its first period's job row (call inside the transaction that audits it). */
export async function insertSubscription(
  db: Db,
  userId: string,
  input: ReportSubscriptionCreate,
  first: SubscriptionPeriod,
): Promise<number> {
  const [row] = await selectRows<Pick<StoredSubscription, 'id'>>(
    db,
    sql`insert into report_subscriptions (user_id, report_key, site, format, frequency, delivery)
        values (${userId}, ${input.reportKey}, ${input.site ?? null}, ${input.format}, ${input.frequency},
                ${input.delivery})
        returning id`,
  );
  const id = Number(row!.id);
  await insertSend(db, id, first);
  return id;
}

/** Queues a period's mail; a period already queued stays as it is. */
export async function insertSend(db: Db, subscriptionId: number, period: SubscriptionPeriod): Promise<void> {
  await db.execute(
    sql`insert into report_subscription_sends (subscription_id, period_from, period_to, due_at)
        values (${subscriptionId}, ${period.from}, ${period.to}, ${period.dueAt.toISOString()})
        on conflict (subscription_id, period_from) do nothing`,
  );
}

export async function countActiveSubscriptions(db: Db, userId: string): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from report_subscriptions where user_id = ${userId} and cancelled_at is null`,
  );
  return Number(row?.n ?? 0);
}

/** The user's live subscriptions, newest first, each with its next unsent period. */
export async function listOwnSubscriptions(
  db: Db,
  userId: string,
  limit: number,
): Promise<OwnSubscriptionRow[]> {
  return selectRows<OwnSubscriptionRow>(
    db,
    sql`select s.id, s.user_id, s.report_key, s.site, s.format, s.frequency, s.delivery,
               ${isoText(sql`s.created_at`)} as created_at,
               s.cancelled_at, ${day('n.period_from')} as next_from, ${day('n.period_to')} as next_to
        from report_subscriptions s
        left join lateral (
          select period_from, period_to from report_subscription_sends
          where subscription_id = s.id and sent_at is null order by period_from limit 1
        ) n on true
        where s.user_id = ${userId} and s.cancelled_at is null
        order by s.id desc limit ${limit}`,
  );
}

/** Cancels one of the user's live subscriptions and drops its queued mails; null when there is none by that id for them. */
export async function cancelOwnSubscription(
  db: Db,
  userId: string,
  id: number,
): Promise<SubscriptionRow | null> {
  const [row] = await selectRows<SubscriptionRow>(
    db,
    sql`update report_subscriptions set cancelled_at = now()
        where id = ${id} and user_id = ${userId} and cancelled_at is null
        returning id, user_id, report_key, site, format, frequency, delivery, created_at, cancelled_at`,
  );
  if (!row) return null;
  // Its queued mails go too; one a process has already claimed is passed over when it reads the cancel.
  await db.execute(
    sql`delete from report_subscription_sends where subscription_id = ${id} and sent_at is null`,
  );
  return row;
}

export interface ClaimedSend {
  send_id: RowOf<typeof reportSubscriptionSends>['id'];
  period_from: string;
  period_to: string;
  subscription: SubscriptionRow;
}

/**
 * Claims up to `limit` due, unsent, unleased job rows for `worker` until `leaseUntil`. FOR UPDATE SKIP
 * LOCKED: a row another process is claiming at the same moment is passed over, not waited for, and
 * the lease keeps it from every other process until it is marked sent (or the lease runs out, after a
 * crash, when another process may take it).
 */
export async function claimDueSends(
  db: Db,
  worker: string,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedSend[]> {
  const rows = await selectRows<ClaimedSend>(
    db,
    sql`with due as (
          select id from report_subscription_sends
          where sent_at is null and due_at <= ${now.toISOString()}
            and (claimed_until is null or claimed_until < ${now.toISOString()})
          order by due_at, id
          limit ${limit}
          for update skip locked
        )
        update report_subscription_sends j set claimed_by = ${worker}, claimed_until = ${leaseUntil.toISOString()}
        from due, report_subscriptions s
        where j.id = due.id and s.id = j.subscription_id
        returning j.id as send_id, ${day('j.period_from')} as period_from, ${day('j.period_to')} as period_to,
          json_build_object('id', s.id, 'user_id', s.user_id, 'report_key', s.report_key, 'site', s.site,
            'format', s.format, 'frequency', s.frequency, 'delivery', s.delivery,
            'created_at', s.created_at, 'cancelled_at', s.cancelled_at) as subscription`,
  );
  return rows.map((r) => ({
    ...r,
    send_id: Number(r.send_id),
    subscription: typeof r.subscription === 'string' ? JSON.parse(r.subscription) : r.subscription,
  }));
}

/** Marks a claimed job row done, if this worker still holds it; false when the lease was lost. */
export async function markSendDone(
  db: Db,
  sendId: number,
  worker: string,
  outcome: string,
): Promise<boolean> {
  const rows = await selectRows<Pick<RowOf<typeof reportSubscriptionSends>, 'id'>>(
    db,
    sql`update report_subscription_sends set sent_at = now(), outcome = ${outcome}, claimed_until = null
        where id = ${sendId} and claimed_by = ${worker} and sent_at is null returning id`,
  );
  return rows.length === 1;
}

/** Gives a claimed row back at once (sending failed): the next run of any process tries again. */
export async function releaseSend(db: Db, sendId: number, worker: string): Promise<void> {
  await db.execute(
    sql`update report_subscription_sends set claimed_until = null
        where id = ${sendId} and claimed_by = ${worker} and sent_at is null`,
  );
}

/**
 * Is the subscriber's e-mail address confirmed? An address changed by an administrator is unconfirmed
 * until its owner follows the confirmation link (user-accounts: updateAccount), and nothing is mailed
 * to it before then. False for no such user.
 */
export async function subscriberEmailConfirmed(db: Db, userId: string): Promise<boolean> {
  const [row] = await selectRows<Pick<RowOf<typeof users>, 'email_confirmed'>>(
    db,
    sql`select email_confirmed from users where id = ${userId}`,
  );
  return row?.email_confirmed === true;
}

/** Keeps a claimed row unsent and untouched by any process until `until`, then due again as before. */
export async function holdSend(db: Db, sendId: number, worker: string, until: Date): Promise<void> {
  await db.execute(
    sql`update report_subscription_sends set claimed_until = ${until.toISOString()}
        where id = ${sendId} and claimed_by = ${worker} and sent_at is null`,
  );
}
