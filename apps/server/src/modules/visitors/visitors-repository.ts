import type { Language } from '@client-portal/contract';
import { sql } from 'kysely';
import { type ColumnKeysetClauses, type ColumnKeysetOrder, keysetParts } from '../../db/keyset-queries.js';
import { isoTextOf, type Queries } from '../../db/kysely.js';
import { type Condition, type Principal, policy } from '../access/index.js';

/** A link's settings as its columns hold them. */
export interface VisitorLinkValues {
  name: string;
  enabled: boolean;
  expiresAt: Date | null;
  durationKind: string;
  durationAmount: number | null;
  dailyCap: number;
  hostApproval: boolean;
}

/** The links (alias l) a caller manages: at a site in reach, asked of the policy. */
const linksOf = (principal: Principal): Condition =>
  policy.siteInReachWhere(principal, sql.ref('l.site_number'));

/** The links list's order (decision 10): by name, then id (A to Z unless asked otherwise). */
export const linkOrder = (desc: boolean): ColumnKeysetOrder => ({
  key: { column: 'name', type: 'text' },
  id: { column: 'id', type: 'integer' },
  desc,
});

/** The approval queue's order: by when the visitor asked, then id (oldest first unless asked otherwise). */
export const approvalOrder = (desc: boolean): ColumnKeysetOrder => ({
  key: { column: 'created_at', type: 'timestamptz' },
  id: { column: 'id', type: 'uuid' },
  desc,
});

/** The registrations waiting for a host (their partial index, migration 0029) at links in reach. */
const awaiting = (db: Queries, principal: Principal) =>
  db
    .selectFrom('visitor_registrations as r')
    .innerJoin('visitor_links as l', 'l.id', 'r.link_id')
    .where('r.state', '=', 'awaiting')
    .where(linksOf(principal));

/** The statements of this repository, built but not run: what visitors-repository.sql shows. */
export const visitorsQueries = {
  /** Links with their site's name and today's use; `where` narrows them. */
  links: (db: Queries, dayStart: Date) =>
    db
      .selectFrom('visitor_links as l')
      .innerJoin('sites as s', 's.site_number', 'l.site_number')
      .select((eb) => [
        'l.id',
        'l.site_number',
        's.name as site_name',
        'l.name',
        'l.token',
        'l.kiosk_key',
        'l.enabled',
        'l.expires_at',
        'l.duration_kind',
        'l.duration_amount',
        'l.daily_cap',
        'l.host_approval',
        'l.created_by',
        eb
          .selectFrom('permits as p')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('p.visitor_link_id', '=', 'l.id')
          .where('p.created_at', '>=', dayStart)
          .where('p.cancelled_at', 'is', null)
          .as('used_today'),
        eb
          .selectFrom('visitor_registrations as r')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('r.link_id', '=', 'l.id')
          .where('r.state', '=', 'awaiting')
          .as('awaiting'),
      ]),

  /** One page of the links in reach (or at one site), with the page's cursor columns. */
  linksPage: (
    db: Queries,
    principal: Principal,
    site: string | undefined,
    dayStart: Date,
    order: ColumnKeysetOrder,
    clauses: ColumnKeysetClauses,
  ) => {
    const keyset = keysetParts('l', order, clauses);
    return visitorsQueries
      .links(db, dayStart)
      .select(keyset.keyColumns)
      .where(linksOf(principal))
      .$if(site !== undefined, (q) => q.where('l.site_number', '=', site!))
      .where(keyset.where)
      .$call(keyset.paged);
  },

  /** How many links the list holds: the page's total. */
  linksCount: (db: Queries, principal: Principal, site: string | undefined) =>
    db
      .selectFrom('visitor_links as l')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where(linksOf(principal))
      .$if(site !== undefined, (q) => q.where('l.site_number', '=', site!)),

  linkInReach: (db: Queries, principal: Principal, id: number, dayStart: Date) =>
    visitorsQueries.links(db, dayStart).where('l.id', '=', id).where(linksOf(principal)),

  linkByToken: (db: Queries, token: string, dayStart: Date) =>
    visitorsQueries.links(db, dayStart).where('l.token', '=', token),

  site: (db: Queries, site: string) =>
    db.selectFrom('sites').select('site_number').where('site_number', '=', site),

  insertLink: (
    db: Queries,
    site: string,
    values: VisitorLinkValues,
    tokens: { token: string; kioskKey: string },
    createdBy: string,
  ) =>
    db
      .insertInto('visitor_links')
      .values({
        site_number: site,
        name: values.name,
        token: tokens.token,
        kiosk_key: tokens.kioskKey,
        enabled: values.enabled,
        expires_at: values.expiresAt,
        duration_kind: values.durationKind,
        duration_amount: values.durationAmount,
        daily_cap: values.dailyCap,
        host_approval: values.hostApproval,
        created_by: createdBy,
      })
      .returning('id'),

  updateLink: (db: Queries, id: number, values: VisitorLinkValues) =>
    db
      .updateTable('visitor_links')
      .set({
        name: values.name,
        enabled: values.enabled,
        expires_at: values.expiresAt,
        duration_kind: values.durationKind,
        duration_amount: values.durationAmount,
        daily_cap: values.dailyCap,
        host_approval: values.hostApproval,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id),

  /** The link's visitor permits since the UK day began (ended early ones too; cancelled ones not). */
  countToday: (db: Queries, linkId: number, dayStart: Date) =>
    db
      .selectFrom('permits')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('visitor_link_id', '=', linkId)
      .where('created_at', '>=', dayStart)
      .where('cancelled_at', 'is', null),

  insertRegistration: (
    db: Queries,
    values: {
      id: string;
      linkId: number;
      vehicleRegistration: string;
      visitorName: string | null;
      email: string | null;
      codeHash: string;
      codeExpiresAt: Date;
      language: Language;
    },
  ) =>
    db
      .insertInto('visitor_registrations')
      .values({
        id: values.id,
        link_id: values.linkId,
        vehicle_registration: values.vehicleRegistration,
        visitor_name: values.visitorName,
        email: values.email,
        language: values.language,
        code_hash: values.codeHash,
        code_expires_at: values.codeExpiresAt,
        state: 'started',
      })
      .returning('id'),

  /** A registration with its link, locked (the code's tries and the state change are one at a time). */
  registrationForUpdate: (db: Queries, id: string) =>
    db
      .selectFrom('visitor_registrations as r')
      .select([
        'r.id',
        'r.link_id',
        'r.vehicle_registration',
        'r.visitor_name',
        'r.email',
        'r.language',
        'r.code_hash',
        'r.attempts',
        'r.code_expires_at',
        'r.state',
        'r.permit_id',
        'r.created_at',
      ])
      .where('r.id', '=', id)
      .forUpdate(),

  countAttempt: (db: Queries, id: string) =>
    db
      .updateTable('visitor_registrations')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id),

  setState: (
    db: Queries,
    id: string,
    change: {
      state: string;
      /** Only from these states: a second confirmation or decision changes nothing. */
      fromStates: readonly string[];
      permitId?: number | null;
      decidedBy?: string | null;
      forgetEmail?: boolean;
    },
  ) =>
    db
      .updateTable('visitor_registrations')
      .set({
        state: change.state,
        ...(change.permitId !== undefined ? { permit_id: change.permitId } : {}),
        ...(change.decidedBy !== undefined
          ? { decided_by: change.decidedBy, decided_at: sql<Date>`now()` }
          : {}),
        ...(change.forgetEmail ? { email: null } : {}),
      })
      .where('id', '=', id)
      .where((eb) => eb('state', '=', eb.fn.any(eb.val([...change.fromStates])))),

  forgetEmail: (db: Queries, id: string) =>
    db.updateTable('visitor_registrations').set({ email: null }).where('id', '=', id),

  /** One page of the visitors waiting for a host at links in reach, with the page's cursor columns. */
  awaitingPage: (
    db: Queries,
    principal: Principal,
    order: ColumnKeysetOrder,
    clauses: ColumnKeysetClauses,
  ) => {
    const keyset = keysetParts('r', order, clauses);
    return awaiting(db, principal)
      .select((eb) => [
        'r.id',
        'r.link_id',
        'l.name as link_name',
        'l.site_number',
        'r.vehicle_registration',
        'r.visitor_name',
        isoTextOf(eb.ref('r.created_at')).as('asked_at'),
      ])
      .select(keyset.keyColumns)
      .where(keyset.where)
      .$call(keyset.paged);
  },

  /** How many visitors are waiting at links in reach: the queue's total. */
  awaitingCount: (db: Queries, principal: Principal) =>
    awaiting(db, principal).select((eb) => eb.fn.countAll<number | string>().as('total')),

  /**
   * The dashboard's visitor figures over the links in reach: how many links, the visitor permits
   * added since the UK day began and those running now (neither cancelled), and the visitors waiting.
   */
  summary: (db: Queries, principal: Principal, dayStart: Date, now: Date) => {
    const visitorPermits = () =>
      db
        .selectFrom('permits as p')
        .innerJoin('visitor_links as l', 'l.id', 'p.visitor_link_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(linksOf(principal))
        .where('p.cancelled_at', 'is', null);
    return db.selectNoFrom([
      visitorsQueries.linksCount(db, principal, undefined).as('links'),
      visitorPermits().where('p.created_at', '>=', dayStart).as('today'),
      visitorPermits().where('p.ended', '>', now).where('p.started', '<=', now).as('active'),
      visitorsQueries.awaitingCount(db, principal).as('awaiting'),
    ]);
  },

  /** A registration's link id, when the link is in reach (for an approval's 404). */
  registrationLinkInReach: (db: Queries, principal: Principal, id: string) =>
    db
      .selectFrom('visitor_registrations as r')
      .innerJoin('visitor_links as l', 'l.id', 'r.link_id')
      .select('r.link_id')
      .where('r.id', '=', id)
      .where(linksOf(principal)),

  /** What the reminder needs: the permit's end now, whether it was cancelled, and where to write. */
  reminderOf: (db: Queries, registrationId: string) =>
    db
      .selectFrom('visitor_registrations as r')
      .innerJoin('permits as p', 'p.id', 'r.permit_id')
      .innerJoin('visitor_links as l', 'l.id', 'r.link_id')
      .innerJoin('sites as s', 's.site_number', 'l.site_number')
      .select([
        'r.email',
        'r.language',
        'p.id as permit_id',
        'p.target',
        'p.vehicle_registration',
        'p.ended',
        'p.cancelled_at',
        's.name as site_name',
      ])
      .where('r.id', '=', registrationId),
};

export type LinkRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof visitorsQueries.links>['executeTakeFirst']>>
>;
export type RegistrationRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof visitorsQueries.registrationForUpdate>['executeTakeFirst']>>
>;
