import type { Page, PageQuery, WebhookEventType } from '@client-portal/contract';
import { type InferResult, sql } from 'kysely';
import { toPage, withoutKeys } from '../../db/keyset.js';
import {
  type ColumnKeysetClauses,
  type ColumnKeysetOrder,
  columnKeysetClauses,
  keysetParts,
} from '../../db/keyset-queries.js';
import { isoTextOf, type Queries } from '../../db/kysely.js';
import { policy, type RoleViewer } from '../access/index.js';

/** Deliveries and events older than this leave the log (the daily prune). */
export const WEBHOOK_LOG_DAYS = 30;

type Paging = Pick<PageQuery, 'direction' | 'after' | 'before' | 'skip'>;

/** Each of the webhooks' lists: newest first by default (descending time), then id. */
const newestFirst = (column: string, desc: boolean): ColumnKeysetOrder => ({
  key: { column, type: 'timestamptz' },
  id: { column: 'id', type: 'uuid' },
  desc,
});

/** The subscriptions (as `w`) with their company's name and their creator's address. */
const subscriptions = (db: Queries) =>
  db
    .selectFrom('webhook_subscriptions as w')
    .innerJoin('client_companies as c', 'c.id', 'w.company_id')
    .innerJoin('users as u', 'u.id', 'w.created_by')
    .select((eb) => [
      'w.id',
      'w.url',
      'w.events',
      'w.sites',
      'c.name as companyName',
      'u.email as createdBy',
      'w.created_by as createdById',
      'w.enabled',
      'w.disabled_reason as disabledReason',
      isoTextOf(eb.ref('w.created_at')).as('createdAt'),
      isoTextOf(eb.ref('w.failing_since')).as('failingSince'),
      sql<string | null>`case when ${eb.ref('w.previous_secret_until')} > now()
        then ${isoTextOf(eb.ref('w.previous_secret_until'))} end`.as('previousSecretUntil'),
    ]);

export type WebhookRow = InferResult<ReturnType<typeof subscriptions>>[number];

/** The statements of this repository, built but not run: what webhooks-repository.sql shows. */
export const webhooksQueries = {
  /** One page of the subscriptions the viewer sees (index: company, created, id; or created, id). */
  page: (db: Queries, viewer: RoleViewer, order: ColumnKeysetOrder, clauses: ColumnKeysetClauses) => {
    const keyset = keysetParts('x', order, clauses);
    const listed = subscriptions(db)
      .select('w.created_at as created_key')
      .where(policy.webhookVisibleWhere(viewer));
    return db
      .selectFrom(listed.as('x'))
      .select([
        'x.id',
        'x.url',
        'x.events',
        'x.sites',
        'x.companyName',
        'x.createdBy',
        'x.createdById',
        'x.enabled',
        'x.disabledReason',
        'x.createdAt',
        'x.failingSince',
        'x.previousSecretUntil',
      ])
      .select(keyset.keyColumns)
      .where(keyset.where)
      .$call(keyset.paged);
  },

  count: (db: Queries, viewer: RoleViewer) =>
    db
      .selectFrom('webhook_subscriptions as w')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where(policy.webhookVisibleWhere(viewer)),

  visible: (db: Queries, viewer: RoleViewer, id: string) =>
    subscriptions(db).where('w.id', '=', id).where(policy.webhookVisibleWhere(viewer)),

  visibleForUpdate: (db: Queries, viewer: RoleViewer, id: string) =>
    subscriptions(db).where('w.id', '=', id).where(policy.webhookVisibleWhere(viewer)).forUpdate('w'),

  countOfCompany: (db: Queries, companyId: number) =>
    db
      .selectFrom('webhook_subscriptions')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('company_id', '=', companyId),

  insert: (
    db: Queries,
    row: {
      companyId: number;
      createdBy: string;
      url: string;
      events: string[];
      sites: string[];
      secret: string;
    },
  ) =>
    db
      .insertInto('webhook_subscriptions')
      .values({
        company_id: row.companyId,
        created_by: row.createdBy,
        url: row.url,
        events: row.events,
        sites: row.sites,
        secret: row.secret,
      })
      .returning('id'),

  /** The new secret signs from now on; the old one beside it for a day. */
  rotate: (db: Queries, id: string, secret: string) =>
    db
      .updateTable('webhook_subscriptions')
      .set((eb) => ({
        previous_secret: eb.ref('secret'),
        previous_secret_until: sql<Date>`now() + interval '1 day'`,
        secret,
      }))
      .where('id', '=', id),

  /**
   * On again starts a new count of failures and hears of events from now on (not of those that
   * happened while it was off); off by a person says so.
   */
  setEnabled: (db: Queries, id: string, enabled: boolean) =>
    db
      .updateTable('webhook_subscriptions')
      .set({
        enabled,
        disabled_reason: enabled ? null : 'manual',
        failing_since: null,
        // The right-hand side reads the row as it was: turned on now, or on already.
        ...(enabled ? { hears_since: sql<Date>`case when enabled then hears_since else now() end` } : {}),
      })
      .where('id', '=', id),

  delete: (db: Queries, id: string) => db.deleteFrom('webhook_subscriptions').where('id', '=', id),

  /** A subscription's deliveries (as `d`) with their event's type. */
  deliveries: (db: Queries, subscriptionId: string) =>
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .select((eb) => [
        'd.id',
        'd.event_id as eventId',
        'e.type as eventType',
        'd.status',
        'd.attempts',
        isoTextOf(eb.ref('d.created_at')).as('createdAt'),
        isoTextOf(eb.ref('d.last_attempt_at')).as('lastAttemptAt'),
        'd.duration_ms as durationMs',
        'd.response_code as responseCode',
        'd.response_body as responseBody',
        'd.error',
      ])
      .where('d.subscription_id', '=', subscriptionId),

  /**
   * One page of a subscription's log, all 30 days of it: the keyset runs on the deliveries alone
   * (index: subscription, created, id) and only the page's rows join their events.
   */
  deliveriesPage: (
    db: Queries,
    subscriptionId: string,
    order: ColumnKeysetOrder,
    clauses: ColumnKeysetClauses,
  ) => {
    const keyset = keysetParts('p', order, clauses);
    const paged = db
      .selectFrom('webhook_deliveries as p')
      .select(['p.id', 'p.created_at'])
      .select(keyset.keyColumns)
      .where('p.subscription_id', '=', subscriptionId)
      .where(keyset.where)
      .$call(keyset.paged);
    // The page's rows in the read's order (the same columns on `d` as on `p`).
    const outer = keysetParts('d', order, clauses);
    return webhooksQueries
      .deliveries(db, subscriptionId)
      .innerJoin(paged.as('x'), 'x.id', 'd.id')
      .select(['x.page_key', 'x.page_id'])
      .$call(outer.ordered);
  },

  deliveriesCount: (db: Queries, subscriptionId: string) =>
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('subscription_id', '=', subscriptionId),

  /** One delivery of the subscription's log. */
  delivery: (db: Queries, subscriptionId: string, deliveryId: string) =>
    webhooksQueries.deliveries(db, subscriptionId).where('d.id', '=', deliveryId),

  /** One page of a delivery's attempts (index: delivery, attempted, id). */
  attemptsPage: (db: Queries, deliveryId: string, order: ColumnKeysetOrder, clauses: ColumnKeysetClauses) => {
    const keyset = keysetParts('a', order, clauses);
    return db
      .selectFrom('webhook_delivery_attempts as a')
      .select((eb) => [
        'a.id',
        isoTextOf(eb.ref('a.attempted_at')).as('attemptedAt'),
        'a.status',
        'a.duration_ms as durationMs',
        'a.response_code as responseCode',
        'a.response_body as responseBody',
        'a.error',
      ])
      .select(keyset.keyColumns)
      .where('a.delivery_id', '=', deliveryId)
      .where(keyset.where)
      .$call(keyset.paged);
  },

  attemptsCount: (db: Queries, deliveryId: string) =>
    db
      .selectFrom('webhook_delivery_attempts')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('delivery_id', '=', deliveryId),

  /** A delivery sent again by hand: pending once more, its replays counted (each replay is a job of its own). */
  replay: (db: Queries, subscriptionId: string, deliveryId: string) =>
    db
      .updateTable('webhook_deliveries')
      .set((eb) => ({ status: 'pending', replays: eb('replays', '+', 1) }))
      .where('id', '=', deliveryId)
      .where('subscription_id', '=', subscriptionId)
      .returning(['id', 'replays']),

  // ---- The outbox and its dispatch ------------------------------------------------------------

  /** Is any subscription on for events of this type? When none is, a change writes no event. */
  anyListening: (db: Queries, type: WebhookEventType) =>
    db
      .selectFrom('webhook_subscriptions')
      .select('id')
      .where('enabled', '=', true)
      .where(sql<boolean>`${type} = any(events)`)
      .limit(1),

  /**
   * Events in the outbox, in the caller's transaction: the sites each concerns are its targets that
   * are sites and the sites of its targets that are groups.
   */
  recordEvents: (
    db: Queries,
    type: WebhookEventType,
    events: readonly { targets: readonly string[]; data: unknown }[],
  ) =>
    db.insertInto('webhook_events').values(
      events.map(({ targets, data }) => ({
        type,
        sites: sql<string[]>`array(
          select site_number from sites where site_number = any(${sql.val([...targets])}::text[])
          union
          select site_number from site_group_members where group_number = any(${sql.val([...targets])}::text[]))`,
        data: JSON.stringify(data),
      })),
    ),

  /** Events not yet dispatched, oldest first, locked so that two dispatchers share them out. */
  claimUndispatched: (db: Queries, limit: number) =>
    db
      .selectFrom('webhook_events')
      .select('id')
      .where('dispatched_at', 'is', null)
      .orderBy('occurred_at')
      .limit(limit)
      .forUpdate()
      .skipLocked(),

  /**
   * One delivery per enabled subscription that hears of the event: on since before it happened, its
   * type, a company of one of its sites, and a site of it among the subscription's sites (or the
   * sites of its groups).
   */
  insertDeliveries: (db: Queries, eventIds: readonly string[]) =>
    db
      .insertInto('webhook_deliveries')
      .columns(['subscription_id', 'event_id'])
      .expression((eb) =>
        eb
          .selectFrom('webhook_events as e')
          .innerJoin('webhook_subscriptions as w', (join) =>
            join
              .on('w.enabled', '=', true)
              .onRef('e.occurred_at', '>=', 'w.hears_since')
              .on(sql<boolean>`e.type = any(w.events)`)
              .on(
                sql<boolean>`w.company_id in (select company_id from sites where site_number = any(e.sites))`,
              )
              .on(
                sql<boolean>`(w.sites && e.sites or exists (select 1 from site_group_members m
                  where m.group_number = any(w.sites) and m.site_number = any(e.sites)))`,
              ),
          )
          .select(['w.id', 'e.id'])
          .where('e.id', 'in', [...eventIds]),
      )
      .onConflict((oc) => oc.columns(['subscription_id', 'event_id']).doNothing())
      .returning('id'),

  markDispatched: (db: Queries, eventIds: readonly string[]) =>
    db
      .updateTable('webhook_events')
      .set({ dispatched_at: sql<Date>`now()` })
      .where('id', 'in', [...eventIds]),

  // ---- Delivery -------------------------------------------------------------------------------

  /** What one delivery sends: its event, its subscription's URL and the secrets that sign now. */
  toSend: (db: Queries, deliveryId: string) =>
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
      .innerJoin('webhook_subscriptions as w', 'w.id', 'd.subscription_id')
      .select((eb) => [
        'd.id',
        'd.status',
        'd.subscription_id as subscriptionId',
        'w.url',
        'w.enabled',
        'w.secret',
        sql<string | null>`case when ${eb.ref('w.previous_secret_until')} > now()
          then ${eb.ref('w.previous_secret')} end`.as('previousSecret'),
        'e.id as eventId',
        'e.type',
        'e.data',
        isoTextOf(eb.ref('e.occurred_at')).as('occurredAt'),
      ])
      .where('d.id', '=', deliveryId),

  recordAttempt: (
    db: Queries,
    deliveryId: string,
    outcome: {
      status: 'succeeded' | 'failed';
      durationMs: number;
      responseCode: number | null;
      responseBody: string | null;
      error: string | null;
    },
  ) =>
    db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        status: outcome.status,
        attempts: eb('attempts', '+', 1),
        last_attempt_at: sql<Date>`now()`,
        duration_ms: outcome.durationMs,
        response_code: outcome.responseCode,
        response_body: outcome.responseBody,
        error: outcome.error,
      }))
      .where('id', '=', deliveryId),

  /** Every attempt is kept beside the delivery's latest (decision 51), pruned with its delivery. */
  insertAttempt: (
    db: Queries,
    deliveryId: string,
    outcome: {
      status: 'succeeded' | 'failed';
      durationMs: number;
      responseCode: number | null;
      responseBody: string | null;
      error: string | null;
    },
  ) =>
    db.insertInto('webhook_delivery_attempts').values({
      delivery_id: deliveryId,
      status: outcome.status,
      duration_ms: outcome.durationMs,
      response_code: outcome.responseCode,
      response_body: outcome.responseBody,
      error: outcome.error,
    }),

  /** A delivery went through: the subscription is not failing. */
  noteSuccess: (db: Queries, subscriptionId: string) =>
    db
      .updateTable('webhook_subscriptions')
      .set({ failing_since: null })
      .where('id', '=', subscriptionId)
      .where('failing_since', 'is not', null),

  /**
   * A delivery failed: the subscription fails since its first failure after the last success; a day
   * of nothing but failures turns it off (once: the row that turns it off answers its owner).
   */
  noteFailure: (db: Queries, subscriptionId: string) =>
    db
      .updateTable('webhook_subscriptions')
      .set({ failing_since: sql<Date>`coalesce(failing_since, now())` })
      .where('id', '=', subscriptionId)
      .returning(sql<boolean>`failing_since <= now() - interval '1 day'`.as('failedADay')),

  turnOffFailing: (db: Queries, subscriptionId: string) =>
    db
      .updateTable('webhook_subscriptions as w')
      .from('users as u')
      .set({ enabled: false, disabled_reason: 'failing' })
      .whereRef('u.id', '=', 'w.created_by')
      .where('w.id', '=', subscriptionId)
      .where('w.enabled', '=', true)
      .returning(['w.url', 'w.created_by as ownerId', 'u.email as ownerEmail']),

  /** The log keeps 30 days: older events go, and their deliveries with them. */
  prune: (db: Queries) =>
    db
      .deleteFrom('webhook_events')
      .where('occurred_at', '<', sql<Date>`now() - make_interval(days => ${WEBHOOK_LOG_DAYS})`),
};

/**
 * One page of one of the webhooks' lists, newest first unless asked otherwise (by `column`, then id),
 * read beside its count.
 */
async function readPage<R extends { page_key: string | null; page_id: string }>(
  column: string,
  page: Paging,
  rows: (order: ColumnKeysetOrder, clauses: ColumnKeysetClauses) => { execute(): Promise<R[]> },
  count: { executeTakeFirst(): Promise<{ total: number | string } | undefined> },
) {
  const order = newestFirst(column, page.direction !== 'asc');
  const clauses = columnKeysetClauses(order, page);
  const [read, counted] = await Promise.all([rows(order, clauses).execute(), count.executeTakeFirst()]);
  return toPage(read, clauses, Number(counted?.total ?? 0), withoutKeys);
}

/** One page of the subscriptions the viewer sees; with the count. */
export function pageVisibleWebhooks(
  db: Queries,
  viewer: RoleViewer,
  page: Paging,
): Promise<Page<WebhookRow>> {
  return readPage(
    'created_key',
    page,
    (order, clauses) => webhooksQueries.page(db, viewer, order, clauses),
    webhooksQueries.count(db, viewer),
  );
}

/** One page of a subscription's log (every delivery of the 30 days kept). */
export function pageDeliveries(
  db: Queries,
  subscriptionId: string,
  page: Paging,
): Promise<Page<WebhookDeliveryRow>> {
  return readPage(
    'created_at',
    page,
    (order, clauses) => webhooksQueries.deliveriesPage(db, subscriptionId, order, clauses),
    webhooksQueries.deliveriesCount(db, subscriptionId),
  );
}

/** One page of a delivery's attempts. */
export function pageAttempts(
  db: Queries,
  deliveryId: string,
  page: Paging,
): Promise<Page<WebhookAttemptRow>> {
  return readPage(
    'attempted_at',
    page,
    (order, clauses) => webhooksQueries.attemptsPage(db, deliveryId, order, clauses),
    webhooksQueries.attemptsCount(db, deliveryId),
  );
}

export async function findVisibleWebhook(
  db: Queries,
  viewer: RoleViewer,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookRow | null> {
  const query = options.forUpdate
    ? webhooksQueries.visibleForUpdate(db, viewer, id)
    : webhooksQueries.visible(db, viewer, id);
  return (await query.executeTakeFirst()) ?? null;
}

export type WebhookDeliveryRow = InferResult<ReturnType<typeof webhooksQueries.deliveries>>[number];
export type WebhookAttemptRow = Omit<
  InferResult<ReturnType<typeof webhooksQueries.attemptsPage>>[number],
  'page_key' | 'page_id'
>;
export type DeliveryToSend = InferResult<ReturnType<typeof webhooksQueries.toSend>>[number];
