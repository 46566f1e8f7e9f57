import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { planPermitDigests, sendPermitDigest } from './permit-expiry-digest.js';

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

const digestJobSchema = z.object({ userId: z.uuid(), day: z.iso.date() });

/**
 * The permit-expiry digest's jobs: the cron schedule (modules/jobs/job-kinds.ts, 07:00 UK time) starts
 * `permit-digest.plan`, which queues one `permit-digest.send` per flagged user for the UK day.
 */
export function permitDigestJobs(app: FastifyInstance): void {
  const ctx = { db: app.database.kysely, mailer: app.mailer, settings: app.settings, jobs: app.jobs };
  app.jobs.handle('permit-digest.plan', z.object({}).loose(), async () => {
    const planned = await planPermitDigests(ctx, ukDayAndHour(new Date()).day);
    app.log.info({ planned }, 'permit expiry digests planned');
  });
  app.jobs.handle('permit-digest.send', digestJobSchema, async ({ userId, day }) => {
    await sendPermitDigest(ctx, userId, day, new Date());
  });
}
