import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queries } from '../../db/kysely.js';
import { flagMailQueries } from './flag-mail-repository.js';
import { type DigestContext, sendPermitExpiryDigests } from './permit-expiry-digest.js';

/** The app_secrets row holding the last UK day (yyyy-mm-dd) whose digest some process claimed. */
const DIGEST_MARKER = 'schedule:permit-expiry-digest:last-day';
/** Digests go out from this hour of the UK day, so people find them at the start of work. */
const DIGEST_HOUR = 7;
const CHECK_EVERY_MS = 60 * 60 * 1000;
const FIRST_CHECK_MS = 5 * 60 * 1000;

export function ukDayAndHour(now: Date): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

/**
 * Claims a day's digest for this process: the conditional UPDATE succeeds for exactly one caller per
 * day, however many API processes share the database.
 */
export async function claimDigestDay(db: Queries, day: string): Promise<boolean> {
  await flagMailQueries.ensureMarker(db, DIGEST_MARKER).execute();
  const rows = await flagMailQueries.claimDay(db, DIGEST_MARKER, day).execute();
  return rows.length === 1;
}

/**
 * Sends today's digests if it is past DIGEST_HOUR in the UK and no process has sent them yet.
 * Returns the number of mails sent, or null when it was not this call's turn. At most once a day:
 * a process that dies mid-way does not resend the next hour.
 */
export async function runDailyDigest(ctx: DigestContext, now: Date): Promise<number | null> {
  const { day, hour } = ukDayAndHour(now);
  if (hour < DIGEST_HOUR) return null;
  if (!(await claimDigestDay(ctx.db, day))) return null;
  return sendPermitExpiryDigests(ctx, now);
}

/** Checks hourly (first a few minutes after start-up) while the app runs; off with PERMIT_DIGEST_ENABLED=false. */
export const permitDigestSchedule = fp(async (app: FastifyInstance) => {
  if (!app.settings.PERMIT_DIGEST_ENABLED) return;
  const timers: NodeJS.Timeout[] = [];
  const tick = () => {
    runDailyDigest({ db: app.database.kysely, mailer: app.mailer, settings: app.settings }, new Date())
      .then((sent) => {
        if (sent !== null) app.log.info({ sent }, 'permit expiry digests sent');
      })
      .catch((err: unknown) => app.log.error({ err }, 'permit expiry digest failed'));
  };
  app.addHook('onReady', async () => {
    timers.push(setTimeout(tick, FIRST_CHECK_MS).unref(), setInterval(tick, CHECK_EVERY_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
});
