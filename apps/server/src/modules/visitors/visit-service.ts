import crypto from 'node:crypto';
import {
  addIsoDays,
  type Language,
  type Permit,
  type PlateWarning,
  permitReference,
  ukToday,
  VISITOR_CODE_MINUTES,
  VISITOR_CODE_TRIES,
  VISITOR_REMINDER_MINUTES,
  type VisitConfirmAnswer,
  type VisitLinkInfo,
  type VisitorDurationKind,
  type VisitStartAnswer,
  type VisitWarning,
  type visitConfirmSchema,
  type visitStartSchema,
} from '@client-portal/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Queries } from '../../db/kysely.js';
import { type en, translatorFor } from '../../i18n/index.js';
import type { Mailer } from '../../plugins/mail.js';
import { conflict, notFound, validationFailed } from '../../plugins/problem.js';
import { enforceRateLimits } from '../identity/index.js';
import { type JobEngine, jobIdOf } from '../jobs/index.js';
import { addVisitorPermit, type PermitCaches, ukStartOfDay } from '../permits/index.js';
import { plateWarnings } from '../sightings/index.js';
import { recordWebhookEvent } from '../webhooks/index.js';
import { linkState, ukDayStart } from './visitor-links-service.js';
import { languageOf, visitorAwaitingMail, visitorCodeMail, visitorReceiptMail } from './visitor-mails.js';
import { type LinkRow, visitorsQueries } from './visitors-repository.js';

/** What a visitor's use case needs of the app. */
export interface VisitContext {
  db: Queries;
  mailer: Mailer;
  jobs: JobEngine;
  caches: PermitCaches;
  /** The language of the page that asked (its Accept-Language): the problem messages are in it. */
  language: Language;
}

/**
 * Limits per one-minute window, counted in the database (every process shares them). A device is
 * its address: a phone on a hospital's guest Wi-Fi shares it with others, so the limit leaves room
 * for a queue; a reception kiosk (with its key) serves a whole queue.
 */
export const VISIT_RATE_LIMITS = {
  startsPerDevice: 10,
  startsPerKiosk: 60,
  startsPerLink: 300,
  confirmsPerDevice: 30,
  confirmsPerLink: 600,
} as const;

/** A visitor problem's words in the asker's language (`problems.visitors` of the server's tables). */
export const visitorProblem = (
  language: Language,
  key: keyof typeof en.problems.visitors | 'codeWrong',
  values?: Record<string, unknown>,
): string => translatorFor(language)(`problems.visitors.${key}`, values ?? {});

/** When a permit made at `start` through this link ends. */
export function visitEnd(kind: VisitorDurationKind, amount: number | null, start: Date): Date {
  if (kind === 'hours') return new Date(start.getTime() + (amount ?? 1) * 3_600_000);
  // "Days" counts today as the first: one day ends at midnight, like the end of the day.
  const days = kind === 'days' ? (amount ?? 1) : 1;
  return ukStartOfDay(addIsoDays(ukToday(start), days));
}

const durationOf = (row: LinkRow) => ({
  kind: row.duration_kind as VisitorDurationKind,
  amount: row.duration_amount,
});

async function linkByToken(db: Queries, token: string, language: Language, now: Date): Promise<LinkRow> {
  const row = await visitorsQueries.linkByToken(db, token, ukDayStart(now)).executeTakeFirst();
  if (!row) throw notFound(visitorProblem(language, 'unknown'));
  return row;
}

/** Why a link takes nobody now, or null when it is open. */
function closedReason(row: LinkRow, now: Date): 'off' | 'expired' | 'full' | null {
  const state = linkState(row, now);
  if (state !== 'on') return state;
  return Number(row.used_today ?? 0) >= row.daily_cap ? 'full' : null;
}

const isKiosk = (row: LinkRow, key: string | null | undefined) =>
  typeof key === 'string' &&
  key.length === row.kiosk_key.length &&
  crypto.timingSafeEqual(Buffer.from(key), Buffer.from(row.kiosk_key));

/** GET /public/visit/{token}: the link's own words and whether it takes visitors now. */
export async function visitLinkInfo(
  db: Queries,
  token: string,
  kioskKey: string | undefined,
  language: Language,
  now = new Date(),
): Promise<VisitLinkInfo> {
  const row = await linkByToken(db, token, language, now);
  const { kind, amount } = durationOf(row);
  const reason = closedReason(row, now);
  return {
    site: row.site_number,
    siteName: row.site_name,
    linkName: row.name,
    durationKind: kind,
    durationAmount: amount,
    endsAt: visitEnd(kind, amount, now).toISOString(),
    hostApproval: row.host_approval,
    open: reason === null,
    closedReason: reason,
    message: reason ? visitorProblem(language, reason) : null,
    kiosk: isKiosk(row, kioskKey),
  };
}

/**
 * The plate checks of the permits, in plain words for a visitor: a registration one character from a
 * vehicle the site's cameras read lately, and one that is not of a UK format. The seen plate itself is
 * never named (nothing on the public page reveals another vehicle), nor are permits asked about.
 */
export function visitWarningsOf(
  warnings: readonly PlateWarning[] | null,
  language: Language,
): VisitWarning[] {
  const out: VisitWarning[] = [];
  for (const warning of warnings ?? []) {
    if (warning.code === 'similarSeen' || warning.code === 'unknownFormat') {
      out.push({ code: warning.code, message: visitorProblem(language, warning.code) });
    }
  }
  return out;
}

const hashCode = (registrationId: string, code: string) =>
  crypto.createHash('sha256').update(`${registrationId}:${code}`).digest('hex');

const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/** a***@example.com: enough for the visitor to know where to look, not a whole address on screen. */
const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1***$2');

/**
 * POST /public/visit/{token}/start: checks the plate (warnings first, unless confirmed), then keeps the
 * registration with a one-time code, e-mailed to the visitor, or handed to the kiosk that asked with the
 * link's kiosk key (decision 47). Nothing is a permit yet.
 */
export async function startVisit(
  ctx: VisitContext,
  reply: FastifyReply,
  device: string,
  token: string,
  input: z.output<typeof visitStartSchema>,
  now = new Date(),
): Promise<VisitStartAnswer> {
  const row = await linkByToken(ctx.db, token, ctx.language, now);
  const kiosk = isKiosk(row, input.kioskKey);
  await enforceRateLimits(
    ctx.db,
    reply,
    [
      kiosk
        ? { key: `visit:kiosk:${row.id}:${device}`, limit: VISIT_RATE_LIMITS.startsPerKiosk }
        : { key: `visit:device:${device}`, limit: VISIT_RATE_LIMITS.startsPerDevice },
      { key: `visit:link:${row.id}`, limit: VISIT_RATE_LIMITS.startsPerLink },
    ],
    visitorProblem(ctx.language, 'tooMany'),
  );
  const reason = closedReason(row, now);
  if (reason) throw conflict(visitorProblem(ctx.language, reason));
  if (!kiosk && !input.email) {
    throw validationFailed({ email: [visitorProblem(ctx.language, 'emailNeeded')] });
  }
  const [found] = await plateWarnings(
    ctx.db,
    null,
    [{ target: row.site_number, registration: input.vehicleRegistration }],
    now,
  );
  const warnings = visitWarningsOf(found ?? null, ctx.language);
  if (warnings.some((w) => w.code === 'similarSeen') && !input.confirmedWarnings) {
    return { status: 'check', warnings };
  }
  const id = crypto.randomUUID();
  const code = newCode();
  await ctx.db.transaction().execute(async (tx) => {
    await visitorsQueries
      .insertRegistration(tx, {
        id,
        linkId: row.id,
        vehicleRegistration: input.vehicleRegistration,
        visitorName: input.visitorName,
        email: input.email,
        codeHash: hashCode(id, code),
        codeExpiresAt: new Date(now.getTime() + VISITOR_CODE_MINUTES * 60_000),
        language: input.language,
      })
      .execute();
    if (!kiosk && input.email) {
      await ctx.mailer.send(
        visitorCodeMail(input.email, code, row.site_name, input.vehicleRegistration, input.language),
        {
          transaction: tx,
        },
      );
    }
  });
  return {
    status: 'codeSent',
    registrationId: id,
    warnings,
    sentTo: kiosk || !input.email ? null : maskEmail(input.email),
    kioskCode: kiosk ? code : null,
  };
}

/** The permit's receipt and its reminder, queued in the transaction that stores the permit. */
async function queueReceipt(
  ctx: VisitContext,
  tx: Queries,
  registrationId: string,
  email: string | null,
  language: Language,
  permit: Permit,
  siteName: string,
  now: Date,
) {
  if (!email) return;
  await ctx.mailer.send(visitorReceiptMail(email, permit, siteName, language), { transaction: tx });
  const remindAt = new Date(Date.parse(permit.ended) - VISITOR_REMINDER_MINUTES * 60_000);
  if (remindAt > now) {
    await ctx.jobs.send(
      'visitors.remind',
      { registrationId, endsAt: permit.ended },
      { id: jobIdOf('visitor-reminder', registrationId), startAfter: remindAt, transaction: tx },
    );
  }
}

/**
 * Stores the visitor's permit through the permits' one add (decision 47): under the site's lock, the
 * link's daily cap is counted and the allowance and overlaps checked; the registration is marked in
 * the same transaction (a second confirmation of it finds it taken), and the receipt is queued.
 */
export async function registerVisitor(
  ctx: VisitContext,
  row: LinkRow,
  registration: {
    id: string;
    vehicleRegistration: string;
    visitorName: string | null;
    email: string | null;
    language: Language;
  },
  fromStates: readonly string[],
  decidedBy: string | null,
  now: Date,
): Promise<Permit> {
  const { kind, amount } = durationOf(row);
  return addVisitorPermit(
    ctx.db,
    {
      link: { id: row.id, name: row.name, siteNumber: row.site_number, createdBy: row.created_by },
      vehicleRegistration: registration.vehicleRegistration,
      visitorName: registration.visitorName,
      started: now,
      ended: visitEnd(kind, amount, now),
      underLock: async (tx) => {
        const today = await visitorsQueries.countToday(tx, row.id, ukDayStart(now)).executeTakeFirstOrThrow();
        if (Number(today.n) >= row.daily_cap) throw conflict(visitorProblem(ctx.language, 'full'));
      },
      afterStore: async (tx, permit) => {
        const changed = await visitorsQueries
          .setState(tx, registration.id, {
            state: 'registered',
            permitId: permit.permitId,
            fromStates,
            ...(decidedBy ? { decidedBy } : {}),
          })
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1)
          throw conflict(visitorProblem(ctx.language, 'alreadyConfirmed'));
        await queueReceipt(
          ctx,
          tx,
          registration.id,
          registration.email,
          registration.language,
          permit,
          row.site_name,
          now,
        );
        // Beside the permit's own permit.added: which link the visitor came through (decision 47).
        await recordWebhookEvent(tx, 'visitor.registered', [permit.site_SiteGroupNumber], {
          visitorLink: { id: row.id, name: row.name },
          hostApproved: decidedBy !== null,
          permit,
        });
      },
    },
    ctx.caches,
    now,
  );
}

/**
 * POST /public/visit/{token}/confirm: the code e-mailed (or shown at the kiosk) confirms the
 * registration. A wrong code counts a try (five, for fifteen minutes); the right one stores the permit,
 * or hands the visitor to a host when the link asks for approval.
 */
export async function confirmVisit(
  ctx: VisitContext,
  reply: FastifyReply,
  device: string,
  token: string,
  input: z.output<typeof visitConfirmSchema>,
  now = new Date(),
): Promise<VisitConfirmAnswer> {
  const row = await linkByToken(ctx.db, token, ctx.language, now);
  await enforceRateLimits(
    ctx.db,
    reply,
    [
      { key: `visit-confirm:device:${device}`, limit: VISIT_RATE_LIMITS.confirmsPerDevice },
      { key: `visit-confirm:link:${row.id}`, limit: VISIT_RATE_LIMITS.confirmsPerLink },
    ],
    visitorProblem(ctx.language, 'tooMany'),
  );
  // The try is counted in a transaction of its own, so that a wrong code's count stays.
  const registration = await ctx.db.transaction().execute(async (tx) => {
    const found = await visitorsQueries.registrationForUpdate(tx, input.registrationId).executeTakeFirst();
    if (!found || found.link_id !== row.id) return null;
    if (found.state === 'started') await visitorsQueries.countAttempt(tx, found.id).execute();
    return found;
  });
  if (!registration) throw notFound(visitorProblem(ctx.language, 'noRegistration'));
  if (registration.state === 'registered' || registration.state === 'awaiting') {
    throw conflict(visitorProblem(ctx.language, 'alreadyConfirmed'));
  }
  if (registration.state !== 'started') throw conflict(visitorProblem(ctx.language, 'notApproved'));
  if (new Date(registration.code_expires_at) <= now || registration.attempts >= VISITOR_CODE_TRIES) {
    throw validationFailed({ code: [visitorProblem(ctx.language, 'codeExpired')] });
  }
  const expected = Buffer.from(registration.code_hash);
  const given = Buffer.from(hashCode(registration.id, input.code));
  if (!crypto.timingSafeEqual(expected, given)) {
    const left = VISITOR_CODE_TRIES - registration.attempts - 1;
    throw validationFailed({
      code: [
        left > 0
          ? visitorProblem(ctx.language, 'codeWrong', { count: left })
          : visitorProblem(ctx.language, 'codeWrongNoTriesLeft'),
      ],
    });
  }
  const reason = closedReason(row, now);
  if (reason) throw conflict(visitorProblem(ctx.language, reason));
  const visitor = {
    id: registration.id,
    vehicleRegistration: registration.vehicle_registration,
    visitorName: registration.visitor_name,
    email: registration.email,
    language: languageOf(registration.language),
  };
  if (row.host_approval) {
    await ctx.db.transaction().execute(async (tx) => {
      const changed = await visitorsQueries
        .setState(tx, registration.id, { state: 'awaiting', fromStates: ['started'] })
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1)
        throw conflict(visitorProblem(ctx.language, 'alreadyConfirmed'));
      if (visitor.email) {
        await ctx.mailer.send(
          visitorAwaitingMail(visitor.email, visitor.vehicleRegistration, row.site_name, visitor.language),
          {
            transaction: tx,
          },
        );
      }
    });
    return {
      status: 'awaitingApproval',
      reference: null,
      siteName: row.site_name,
      vehicleRegistration: visitor.vehicleRegistration,
      endsAt: null,
    };
  }
  const permit = await registerVisitor(ctx, row, visitor, ['started'], null, now);
  return {
    status: 'registered',
    reference: permitReference(permit.site_SiteGroupNumber, permit.permitId),
    siteName: row.site_name,
    vehicleRegistration: permit.vehicleRegistration,
    endsAt: permit.ended,
  };
}
