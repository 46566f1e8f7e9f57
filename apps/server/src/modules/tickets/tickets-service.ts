import {
  configDefaults,
  type Page,
  TICKET_ACTION_MAX_AGE_DAYS,
  type Ticket,
  type TicketAction,
  type TicketActionBody,
  type TicketActionResult,
  type TicketAllowance,
  type TicketHistoryQuery,
  type TicketHistoryRow,
  type TicketListQuery,
  type TicketListRow,
  type TicketRefusalCode,
  ticketActionReasonLine,
  ticketListRowSchema,
  ukToday,
} from '@client-portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Queries } from '../../db/kysely.js';
import type { Mailer } from '../../plugins/mail.js';
import { ProblemError } from '../../plugins/problem.js';
import type { Settings } from '../../settings.js';
import type { Principal } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { type ConfigCache, readIntegerEntry } from '../config/index.js';
import { sendTicketActionReceipt } from '../notifications/index.js';
import { ukStartOfDay } from '../permits/index.js';
import { recordWebhookEvent } from '../webhooks/index.js';
import { pageTickets } from './ticket-list-repository.js';
import {
  countActionsSince,
  findTicket,
  insertAction,
  listAllowances,
  lockSite,
  markCancelled,
  markReduced,
  pageHistory,
  reasonOf,
  type TicketRecord,
} from './tickets-repository.js';

export interface TicketsContext {
  kysely: Queries;
  /** Read outside the action's transaction. */
  configCache: ConfigCache;
  mailer: Mailer;
  settings: Settings;
  log: FastifyBaseLogger;
}

const DAY_MS = 86_400_000;
const DEFAULT_REDUCE_DAYS = Number(configDefaults.TicketReduceDays);

/** A ticket's status that by itself refuses any action. */
const statusRefusals: Record<string, TicketRefusalCode> = {
  paid: 'Paid',
  cancelled: 'Cancelled',
  settled: 'Settled',
  popla: 'POPLA',
  secondReminder: 'SecondReminder',
  debtRecovery: 'DebtRecovery',
  court: 'Court',
};

/**
 * Allowances are per calendar month of the UK: a month begins at midnight UK time on its first day
 * (23:00 UTC the evening before in summer), so an action at 00:30 on 1 August counts in August.
 */
export function monthStartOf(now: Date): Date {
  return ukStartOfDay(`${ukToday(now).slice(0, 7)}-01`);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** 400 whose detail is the refusal codes joined by commas, as the client shows them. */
export function refused(codes: TicketRefusalCode[]): ProblemError {
  return new ProblemError(400, 'Ticket action refused', codes.join(','), { ticketNumber: codes });
}

/** Every reason the action cannot be taken on this ticket now, given the site's use this month. */
export function refusalsFor(
  ticket: TicketRecord,
  action: TicketAction,
  usedThisMonth: number,
  now: Date,
): TicketRefusalCode[] {
  const codes: TicketRefusalCode[] = [];
  const byStatus = statusRefusals[ticket.status];
  if (byStatus) codes.push(byStatus);
  // A reduction still running is a settlement already agreed: it cannot be reduced twice.
  else if (action === 'Pay' && ticket.reducedUntil && ticket.reducedUntil >= isoDay(now))
    codes.push('Settled');
  if (new Date(ticket.issueDate).getTime() < now.getTime() - TICKET_ACTION_MAX_AGE_DAYS * DAY_MS) {
    codes.push('ExceededMaxAge');
  }
  if (action === 'Pay' && !ticket.allowsReductions) codes.push('SiteInvalid');
  const allowance = action === 'Cancel' ? ticket.cancellationAllowance : ticket.reductionAllowance;
  if (allowance !== null && usedThisMonth >= allowance) codes.push('ExceededAllowance');
  return codes;
}

const pounds = (pence: number) => Math.round(pence) / 100;
const poundsText = (amount: number) => `£${amount.toFixed(2)}`;

/** Whether a reduction still runs on the UK day `today` (its last day is `reducedUntil`). */
const reductionRuns = (reducedUntil: string | null, today: string) =>
  reducedUntil !== null && reducedUntil >= today;

/**
 * What the driver owes now, in pence: nothing once paid, cancelled or settled; the reduced amount while a
 * reduction runs on an open ticket; else the full amount.
 */
export function amountDueOf(
  ticket: {
    status: string;
    fullAmountPence: number;
    reducedAmountPence: number;
    reducedUntil: string | null;
  },
  now: Date,
): number {
  if (['paid', 'cancelled', 'settled'].includes(ticket.status)) return 0;
  return ticket.status === 'open' && reductionRuns(ticket.reducedUntil, ukToday(now))
    ? ticket.reducedAmountPence
    : ticket.fullAmountPence;
}

/** The ticket when the action is allowed; otherwise a refusal listing every reason. */
export async function lookupTicket(
  db: Queries,
  principal: Principal,
  action: TicketAction,
  ticketNumber: string,
  now = new Date(),
): Promise<Ticket> {
  const ticket = await findTicket(db, principal, ticketNumber);
  if (!ticket) throw refused(['NotFound']);
  const used = await countActionsSince(db, ticket.siteNumber, action, monthStartOf(now));
  const codes = refusalsFor(ticket, action, used, now);
  if (codes.length > 0) throw refused(codes);
  return {
    ticketNumber: ticket.ticketNumber,
    vehicleRegistration: ticket.vehicleRegistration,
    siteNumber: ticket.siteNumber,
    siteName: ticket.siteName,
    violationDate: new Date(ticket.violationDate).toISOString(),
    reducedAmount: pounds(ticket.reducedAmountPence),
    permitCovered: ticket.permitCovered,
    fullAmount: pounds(ticket.fullAmountPence),
    amountDue: pounds(amountDueOf(ticket, now)),
  };
}

/**
 * Cancels or reduces a ticket: every rule is checked again inside the transaction that writes the
 * action, holding the site's row lock so concurrent actions at one site count against the allowance
 * one after the other. The receipt goes out after the commit and never fails the request.
 */
export async function takeAction(
  ctx: TicketsContext,
  principal: Principal,
  action: TicketAction,
  ticketNumber: string,
  body: TicketActionBody = undefined,
): Promise<TicketActionResult> {
  const reason = body?.reason;
  const note = reason ? body?.note : undefined;
  const reduceDays = await readIntegerEntry(
    ctx.kysely,
    'TicketReduceDays',
    DEFAULT_REDUCE_DAYS,
    ctx.configCache,
  );
  const { ticket, result, at } = await ctx.kysely.transaction().execute(async (tx) => {
    const seen = await findTicket(tx, principal, ticketNumber);
    if (!seen) throw refused(['NotFound']);
    // Site first, then ticket: every action takes its locks in this order, so none can deadlock.
    await lockSite(tx, seen.siteNumber);
    const ticket = await findTicket(tx, principal, ticketNumber, { forUpdate: true });
    if (!ticket) throw refused(['NotFound']);
    const at = new Date();
    const used = await countActionsSince(tx, ticket.siteNumber, action, monthStartOf(at));
    const codes = refusalsFor(ticket, action, used, at);
    if (codes.length > 0) throw refused(codes);

    let result: TicketActionResult;
    if (action === 'Cancel') {
      await markCancelled(tx, ticket.ticketNumber);
      result = {
        ticketNumber: ticket.ticketNumber,
        status: 'cancelled',
        reducedAmount: pounds(ticket.reducedAmountPence),
      };
    } else {
      const reducedUntil = isoDay(new Date(Date.parse(isoDay(at)) + reduceDays * DAY_MS));
      await markReduced(tx, ticket.ticketNumber, reducedUntil);
      result = {
        ticketNumber: ticket.ticketNumber,
        status: ticket.status,
        reducedAmount: pounds(ticket.reducedAmountPence),
        reducedUntil,
      };
    }
    await insertAction(tx, {
      ticketNumber: ticket.ticketNumber,
      siteNumber: ticket.siteNumber,
      action,
      userId: principal.userId,
      at,
      reason,
      note,
    });
    await recordWebhookEvent(
      tx,
      action === 'Cancel' ? 'ticket.cancelled' : 'ticket.reduced',
      [ticket.siteNumber],
      { ...result, siteNumber: ticket.siteNumber, vehicleRegistration: ticket.vehicleRegistration },
    );
    const actor = { userId: principal.userId, email: principal.email };
    const before = pounds(amountDueOf(ticket, at));
    const after = action === 'Cancel' ? 0 : pounds(ticket.reducedAmountPence);
    const said = reason ? ` Reason: ${ticketActionReasonLine(reason, note)}.` : ' No reason given.';
    await recordAudit(tx, {
      subject: actor,
      actor,
      type: action === 'Cancel' ? 'TicketCancelled' : 'TicketReduced',
      description:
        `${action === 'Cancel' ? 'Cancelled' : 'Reduced'} the ticket ${ticket.ticketNumber} at ${ticket.siteNumber} ` +
        `(amount due ${poundsText(before)} before, ${poundsText(after)} after).${said}`,
      details: {
        ticketNumber: ticket.ticketNumber,
        siteNumber: ticket.siteNumber,
        action,
        reason: reason ?? null,
        note: note ?? null,
        amountBefore: before,
        amountAfter: after,
      },
    });
    return { ticket, result, at };
  });

  sendTicketActionReceipt(
    { ...ctx, db: ctx.kysely },
    {
      userId: principal.userId,
      ticketNumber: ticket.ticketNumber,
      action,
      siteNumber: ticket.siteNumber,
      vehicleRegistration: ticket.vehicleRegistration,
      amountPence: action === 'Pay' ? ticket.reducedAmountPence : undefined,
      at,
    },
  ).catch((error: unknown) =>
    ctx.log.error({ err: error, ticketNumber: ticket.ticketNumber }, 'ticket action receipt failed'),
  );
  return result;
}

export async function allowancesFor(
  db: Queries,
  principal: Principal,
  now = new Date(),
): Promise<TicketAllowance[]> {
  return listAllowances(db, principal, monthStartOf(now));
}

export async function historyFor(
  db: Queries,
  principal: Principal,
  query: TicketHistoryQuery,
): Promise<Page<TicketHistoryRow>> {
  const page = await pageHistory(db, principal, query.state === 'cancelled' ? 'Cancel' : 'Pay', query);
  return {
    ...page,
    rows: page.rows.map((r) => ({
      ticketNumber: r.ticketNumber,
      vehicleRegistration: r.vehicleRegistration,
      site: r.site,
      violationDate: new Date(r.violationDate).toISOString(),
      actionDate: new Date(r.actionDate).toISOString(),
      permitCovered: r.permitCovered,
      reason: r.reason,
      reasonNote: r.reasonNote,
    })),
  };
}

/** One page of the charges at the caller's sites (issue 24): filtered, sorted and paged by the server. */
export async function listFor(
  db: Queries,
  principal: Principal,
  query: TicketListQuery,
  now = new Date(),
): Promise<Page<TicketListRow>> {
  const today = ukToday(now);
  const page = await pageTickets(db, principal, { ...query, today }, query);
  return {
    ...page,
    rows: page.rows.map((r) => {
      const reduced = r.status === 'open' && reductionRuns(r.reducedUntil, today);
      return {
        ticketNumber: r.ticketNumber,
        siteNumber: r.siteNumber,
        siteName: r.siteName,
        vehicleRegistration: r.vehicleRegistration,
        contravention: r.contravention,
        issueDate: new Date(r.issueDate).toISOString(),
        violationDate: new Date(r.violationDate).toISOString(),
        status: reduced ? 'reduced' : listStatusOf(r.status),
        fullAmount: pounds(r.fullAmountPence),
        reducedAmount: pounds(r.reducedAmountPence),
        amountDue: pounds(amountDueOf(r, now)),
        reducedUntil: reduced ? r.reducedUntil : null,
        allowsReductions: r.allowsReductions,
        permitCovered: r.permitCovered,
        reason: reasonOf(r.reason),
        reasonNote: r.reasonNote,
      };
    }),
  };
}

/** A stored status as the list names it (the statuses the brief lists; anything else reads as open). */
function listStatusOf(status: string): TicketListRow['status'] {
  const parsed = ticketListRowSchema.shape.status.safeParse(status);
  return parsed.success && parsed.data !== 'reduced' ? parsed.data : 'open';
}
