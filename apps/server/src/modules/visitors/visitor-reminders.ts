import { permitReference } from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { languageOf, visitorReminderMail } from './visitor-mails.js';
import { visitorsQueries } from './visitors-repository.js';

const reminderJobSchema = z.object({ registrationId: z.uuid(), endsAt: z.string() });

/**
 * The reminder 15 minutes before a visitor permit ends (decision 47), a job queued with its start
 * time when the permit was stored. A permit ended early, cancelled or changed since is not reminded
 * of; once sent, the visitor's address is forgotten.
 */
export function visitorReminderJobs(app: FastifyInstance): void {
  app.jobs.handle('visitors.remind', reminderJobSchema, async ({ registrationId, endsAt }) => {
    const db = app.database.kysely;
    const row = await visitorsQueries.reminderOf(db, registrationId).executeTakeFirst();
    if (!row?.email) return;
    const ended = new Date(row.ended);
    const unchanged = Math.abs(ended.getTime() - Date.parse(endsAt)) < 1000;
    if (row.cancelled_at !== null || !unchanged || ended <= new Date()) return;
    await db.transaction().execute(async (tx) => {
      const reference = permitReference(row.target ?? '', row.permit_id);
      await app.mailer.send(
        visitorReminderMail(
          row.email!,
          row.vehicle_registration,
          row.site_name,
          reference,
          ended,
          languageOf(row.language),
        ),
        {
          transaction: tx,
        },
      );
      await visitorsQueries.forgetEmail(tx, registrationId).execute();
    });
  });
}
