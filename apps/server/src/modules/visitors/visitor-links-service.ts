import crypto from 'node:crypto';
import {
  addIsoDays,
  ukToday,
  type VisitorDurationKind,
  type VisitorLink,
  type VisitorLinkListQuery,
  type VisitorLinkPage,
  type VisitorSummary,
  type visitorLinkInputSchema,
  type visitorLinkUpdateSchema,
} from '@client-portal/contract';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { toPage } from '../../db/keyset.js';
import { columnKeysetClauses } from '../../db/keyset-queries.js';
import type { Queries } from '../../db/kysely.js';
import { FieldErrors, notFound } from '../../plugins/problem.js';
import { type Principal, policy } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { ukStartOfDay } from '../permits/index.js';
import { type LinkRow, linkOrder, type VisitorLinkValues, visitorsQueries } from './visitors-repository.js';

type LinkInput = z.output<typeof visitorLinkInputSchema>;
type LinkUpdate = z.output<typeof visitorLinkUpdateSchema>;

/** A link's public token and kiosk key: 144 random bits each, URL-safe, never derived from the site. */
export const newLinkSecret = () => crypto.randomBytes(18).toString('base64url');

/** The start of today as a UK day: where a link's daily cap counts from. */
export const ukDayStart = (now: Date) => ukStartOfDay(ukToday(now));

export const publicPathOf = (token: string) => `/visit/${token}`;

/** A link is on, turned off, or past its last day. */
export function linkState(row: Pick<LinkRow, 'enabled' | 'expires_at'>, now: Date): VisitorLink['state'] {
  if (!row.enabled) return 'off';
  if (row.expires_at && new Date(row.expires_at) <= now) return 'expired';
  return 'on';
}

/** The last UK day a link works, from the moment it stops working (the next day's start). */
const lastDayOf = (expiresAt: Date | string | null) =>
  expiresAt ? ukToday(new Date(new Date(expiresAt).getTime() - 1)) : null;

export function presentLink(row: LinkRow, publicUrl: string, now: Date): VisitorLink {
  return {
    id: row.id,
    site: row.site_number,
    siteName: row.site_name,
    name: row.name,
    enabled: row.enabled,
    expiresOn: lastDayOf(row.expires_at),
    durationKind: row.duration_kind as VisitorDurationKind,
    durationAmount: row.duration_amount,
    dailyCap: row.daily_cap,
    hostApproval: row.host_approval,
    state: linkState(row, now),
    publicUrl: `${publicUrl}${publicPathOf(row.token)}`,
    kioskUrl: `${publicUrl}${publicPathOf(row.token)}/kiosk?key=${row.kiosk_key}`,
    usedToday: Number(row.used_today ?? 0),
    awaitingApproval: Number(row.awaiting ?? 0),
  };
}

function valuesOf(input: LinkUpdate): VisitorLinkValues {
  return {
    name: input.name,
    enabled: input.enabled,
    // The link works to the end of its last UK day.
    expiresAt: input.expiresOn ? ukStartOfDay(addIsoDays(input.expiresOn, 1)) : null,
    durationKind: input.durationKind,
    durationAmount: input.durationAmount,
    dailyCap: input.dailyCap,
    hostApproval: input.hostApproval,
  };
}

const actorOf = (principal: Principal) => ({ userId: principal.userId, email: principal.email });

/** One page of the links the caller manages (Permits.Add at their site), optionally at one site. */
export async function listVisitorLinks(
  db: Queries,
  principal: Principal,
  query: VisitorLinkListQuery,
  publicUrl: string,
  now = new Date(),
): Promise<VisitorLinkPage> {
  const order = linkOrder(query.direction === 'desc');
  const clauses = columnKeysetClauses(order, query);
  const [rows, count] = await Promise.all([
    visitorsQueries.linksPage(db, principal, query.site, ukDayStart(now), order, clauses).execute(),
    visitorsQueries.linksCount(db, principal, query.site).executeTakeFirst(),
  ]);
  return toPage(rows, clauses, Number(count?.total ?? 0), (row) => presentLink(row, publicUrl, now));
}

/** The dashboard's visitor figures over the links the caller manages. */
export async function visitorSummary(
  db: Queries,
  principal: Principal,
  now = new Date(),
): Promise<VisitorSummary> {
  const row = await visitorsQueries.summary(db, principal, ukDayStart(now), now).executeTakeFirstOrThrow();
  return {
    links: Number(row.links ?? 0),
    today: Number(row.today ?? 0),
    active: Number(row.active ?? 0),
    awaiting: Number(row.awaiting ?? 0),
  };
}

/** One link the caller manages; 404 for any other, as if it did not exist. */
export async function visitorLinkFor(
  db: Queries,
  principal: Principal,
  id: number,
  publicUrl: string,
  now = new Date(),
): Promise<VisitorLink> {
  const row = await visitorsQueries.linkInReach(db, principal, id, ukDayStart(now)).executeTakeFirst();
  if (!row) throw notFound('No such visitor link.');
  return presentLink(row, publicUrl, now);
}

/**
 * A new link at a site where the caller adds permits (an unknown site reads as one out of reach),
 * with fresh random token and kiosk key; audited in the same transaction.
 */
export async function createVisitorLink(
  db: Queries,
  principal: Principal,
  input: LinkInput,
  publicUrl: string,
): Promise<VisitorLink> {
  const known = await visitorsQueries.site(db, input.site).executeTakeFirst();
  if (!known || !policy.reachesSite(principal, input.site)) {
    const errors = new FieldErrors();
    errors.add('site', `Site ${input.site} is not assigned to you.`);
    errors.throwIfAny();
  }
  const id = await db.transaction().execute(async (tx) => {
    const { id } = await visitorsQueries
      .insertLink(
        tx,
        input.site,
        valuesOf(input),
        { token: newLinkSecret(), kioskKey: newLinkSecret() },
        principal.userId,
      )
      .executeTakeFirstOrThrow();
    await recordAudit(tx, {
      subject: actorOf(principal),
      actor: actorOf(principal),
      type: 'VisitorLinkCreated',
      description: `Created the visitor link "${input.name}" for site ${input.site}`,
      details: { visitorLinkId: id },
    });
    return id;
  });
  return visitorLinkFor(db, principal, id, publicUrl);
}

/** Changes a link's settings (never its site or token); 404 out of reach. */
export async function updateVisitorLink(
  db: Queries,
  principal: Principal,
  id: number,
  input: LinkUpdate,
  publicUrl: string,
): Promise<VisitorLink> {
  await db.transaction().execute(async (tx) => {
    const row = await visitorsQueries
      .linkInReach(tx, principal, id, ukDayStart(new Date()))
      .executeTakeFirst();
    if (!row) throw notFound('No such visitor link.');
    await visitorsQueries.updateLink(tx, id, valuesOf(input)).execute();
    await recordAudit(tx, {
      subject: actorOf(principal),
      actor: actorOf(principal),
      type: 'VisitorLinkChanged',
      description: `Changed the visitor link "${input.name}" for site ${row.site_number}`,
      details: { visitorLinkId: id, enabled: input.enabled },
    });
  });
  return visitorLinkFor(db, principal, id, publicUrl);
}

/** The poster's QR code of the public page, drawn on the server as SVG. */
export async function visitorLinkPoster(db: Queries, principal: Principal, id: number, publicUrl: string) {
  const link = await visitorLinkFor(db, principal, id, publicUrl);
  const qrSvg = await QRCode.toString(link.publicUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { link, qrSvg };
}
