import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { Queries } from '../db/kysely.js';
import type { JobEngine } from '../modules/jobs/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (a subscribed report): only straight through a transport. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** The way out of the process: SMTP, or the outbox folder. Only jobs call it (see `Mailer`). */
export interface MailTransport {
  /** `messageId`: the same for every attempt at one mail, so a receiver can tell a resend. */
  deliver(message: MailMessage & { messageId?: string }): Promise<void>;
  /** Closes the connections it keeps open (at shutdown, once no job is delivering). */
  close(): void;
}

/** A mail as the portal queues it: no attachments (a job's data is a database row). */
export type QueuedMail = Pick<MailMessage, 'to' | 'subject' | 'text' | 'html'>;

/**
 * A mail as its job carries it: the address and subject in the clear (the administrators' list of
 * failed jobs shows them), the body sealed, because it may hold a live reset or confirmation link
 * and a job row outlives the request by up to a day (decision 40).
 */
const mailJobSchema = z.object({ to: z.string().min(1), subject: z.string(), sealedBody: z.string() });
const mailBodySchema = z.object({ text: z.string(), html: z.string() });

/** Seals with the key every process of the deployment shares (see `TokenService`). */
export interface MailSealer {
  seal(plain: string): string;
  unseal(sealed: string): string | null;
}

export interface MailSendOptions {
  /** Queue the mail inside this transaction: it goes only if the change commits. */
  transaction?: Queries;
  /** A fixed job id (jobIdOf): queuing the same mail twice sends it once. */
  id?: string;
}

/**
 * How the portal sends mail: `send` queues a `mail.send` job and returns; a worker delivers it,
 * retrying with backoff while the mail server is down (issue 25, decision 40).
 */
export interface Mailer {
  send(message: QueuedMail, options?: MailSendOptions): Promise<void>;
}

/**
 * The SMTP URL with `pool=true` unless it says otherwise: a few connections kept open and reused (up
 * to 100 messages each), rather than a new connection, greeting and goodbye for every mail.
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise writes each message as an .eml file to
 * DATA_DIR/outbox and logs its links, so the demo works with no mail server at all.
 */
export function createMailTransport(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): MailTransport {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(pooled(options.smtpUrl))
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    close: () => transport.close(),
    async deliver(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      if (options.smtpUrl) return;
      fs.mkdirSync(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}.eml`;
      fs.writeFileSync(path.join(options.outboxDir, name), info.message as Buffer);
      // Its address and links (a reset or confirmation code) are in the file, never in a log line.
      options.log.info(
        { subject: message.subject, file: path.join(options.outboxDir, name) },
        'mail written to outbox',
      );
    },
  };
}

/** The Mailer over the job engine; the `mail.send` jobs are delivered by `transport` where jobs run. */
export function queuedMailer(jobs: JobEngine, transport: MailTransport, sealer: MailSealer): Mailer {
  jobs.handle(
    'mail.send',
    mailJobSchema,
    async ({ to, subject, sealedBody }, job) => {
      const unsealed = sealer.unseal(sealedBody);
      // Sealed under another key (the signing key was replaced): it can never be sent; it fails visibly.
      if (unsealed === null) throw new Error('mail body sealed with a key this deployment no longer has');
      const body = mailBodySchema.parse(JSON.parse(unsealed));
      await transport.deliver({ to, subject, ...body, messageId: `<${job.id}@client-portal.mail>` });
      // A retry that went through: the mail server is back, and the mails waiting for it go now.
      if (job.retryCount > 0) await jobs.retryWaitingNow('mail.send');
    },
    { concurrency: 2 },
  );
  return {
    async send(message, options = {}) {
      const { to, subject, text, html } = message;
      const sealedBody = sealer.seal(JSON.stringify({ text, html }));
      await jobs.send('mail.send', { to, subject, sealedBody }, options);
    },
  };
}
