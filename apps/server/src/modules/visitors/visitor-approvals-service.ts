import {
  permitReference,
  type VisitorApprovalListQuery,
  type VisitorApprovalPage,
} from '@client-portal/contract';
import { toPage } from '../../db/keyset.js';
import { columnKeysetClauses } from '../../db/keyset-queries.js';
import { conflict, notFound } from '../../plugins/problem.js';
import type { Principal } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { registerVisitor, type VisitContext, visitorProblem } from './visit-service.js';
import { ukDayStart } from './visitor-links-service.js';
import { languageOf, visitorRefusedMail } from './visitor-mails.js';
import { approvalOrder, visitorsQueries } from './visitors-repository.js';

/** The host approval queue: a page of the visitors waiting at the links the caller manages, oldest first. */
export async function awaitingApprovals(
  ctx: VisitContext,
  principal: Principal,
  query: VisitorApprovalListQuery,
): Promise<VisitorApprovalPage> {
  const order = approvalOrder(query.direction === 'desc');
  const clauses = columnKeysetClauses(order, query);
  const [rows, count] = await Promise.all([
    visitorsQueries.awaitingPage(ctx.db, principal, order, clauses).execute(),
    visitorsQueries.awaitingCount(ctx.db, principal).executeTakeFirst(),
  ]);
  return toPage(rows, clauses, Number(count?.total ?? 0), (r) => ({
    id: r.id,
    linkId: r.link_id,
    linkName: r.link_name,
    site: r.site_number,
    vehicleRegistration: r.vehicle_registration,
    visitorName: r.visitor_name,
    askedAt: r.asked_at,
  }));
}

/** The waiting registration at a link in reach, and its link; 404 otherwise. */
async function waiting(ctx: VisitContext, principal: Principal, id: string, now: Date) {
  const inReach = await visitorsQueries.registrationLinkInReach(ctx.db, principal, id).executeTakeFirst();
  if (!inReach) throw notFound(visitorProblem(ctx.language, 'noSuchVisitor'));
  const link = await visitorsQueries
    .linkInReach(ctx.db, principal, inReach.link_id, ukDayStart(now))
    .executeTakeFirst();
  const registration = await ctx.db
    .transaction()
    .execute((tx) => visitorsQueries.registrationForUpdate(tx, id).executeTakeFirst());
  if (!link || !registration) throw notFound(visitorProblem(ctx.language, 'noSuchVisitor'));
  if (registration.state !== 'awaiting') throw conflict(visitorProblem(ctx.language, 'alreadyDecided'));
  return { link, registration };
}

const actorOf = (principal: Principal) => ({ userId: principal.userId, email: principal.email });

/**
 * A host approves: the permit is stored now, through the same add as every other (cap, allowance,
 * overlap, locks), and the visitor gets the receipt.
 */
export async function approveVisitor(ctx: VisitContext, principal: Principal, id: string, now = new Date()) {
  const { link, registration } = await waiting(ctx, principal, id, now);
  const permit = await registerVisitor(
    ctx,
    link,
    {
      id,
      vehicleRegistration: registration.vehicle_registration,
      visitorName: registration.visitor_name,
      email: registration.email,
      language: languageOf(registration.language),
    },
    ['awaiting'],
    principal.userId,
    now,
  );
  return {
    status: 'registered' as const,
    reference: permitReference(permit.site_SiteGroupNumber, permit.permitId),
  };
}

/** A host refuses: nothing is stored, the visitor is told by e-mail and their address is forgotten. */
export async function refuseVisitor(ctx: VisitContext, principal: Principal, id: string, now = new Date()) {
  const { link, registration } = await waiting(ctx, principal, id, now);
  await ctx.db.transaction().execute(async (tx) => {
    const changed = await visitorsQueries
      .setState(tx, id, {
        state: 'refused',
        fromStates: ['awaiting'],
        decidedBy: principal.userId,
        forgetEmail: true,
      })
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw conflict(visitorProblem(ctx.language, 'alreadyDecided'));
    if (registration.email) {
      await ctx.mailer.send(
        visitorRefusedMail(
          registration.email,
          registration.vehicle_registration,
          link.site_name,
          languageOf(registration.language),
        ),
        {
          transaction: tx,
        },
      );
    }
    await recordAudit(tx, {
      subject: actorOf(principal),
      actor: actorOf(principal),
      type: 'VisitorRefused',
      description: `Refused the visitor ${registration.vehicle_registration} at the visitor link "${link.name}"`,
      details: { visitorLinkId: link.id, registrationId: id },
    });
  });
  return { status: 'refused' as const, reference: null };
}
