import type { FastifyInstance } from 'fastify';
import { recordFlagNotification } from '../notifications/index.js';
import { readStoredEntries } from './config-repository.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Puts the current latest news in the notification centre of every holder of the LatestNewsEmails
 * flag and mails it to those of them (live, confirmed) who keep that category's email on.
 * Nothing is sent when the news was cleared. One failed recipient does not stop the others.
 */
export async function sendLatestNewsMail(app: FastifyInstance): Promise<number> {
  const entries = await readStoredEntries(app.database.kysely, app.caches.config);
  const heading = entries.LatestNewsMessageHeading ?? '';
  const body = entries.LatestNewsMessageBody ?? '';
  if (!heading && !body) return 0;
  const date = entries.LatestNewsMessageDate ?? '';
  const link = entries.LatestNewsMessageUrl ?? '';
  const portal = `${app.settings.PUBLIC_URL}/`;
  const subject = `Latest news: ${(heading || 'Client Portal').replace(/[\r\n]+/g, ' ')}`;
  const footer = 'You receive this email because latest-news emails are turned on for your account.';

  const text = [
    heading,
    date,
    '',
    body,
    ...(link ? ['', `Read more: ${link}`] : []),
    '',
    `Client Portal: ${portal}`,
    '',
    footer,
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n');
  const html = [
    heading ? `<h2>${escapeHtml(heading)}</h2>` : '',
    date ? `<p><em>${escapeHtml(date)}</em></p>` : '',
    body ? `<p>${escapeHtml(body).replace(/\r?\n/g, '<br>')}</p>` : '',
    link ? `<p><a href="${escapeHtml(link)}">Read more</a></p>` : '',
    `<p><a href="${escapeHtml(portal)}">Open the Client Portal</a></p>`,
    `<p style="color:#666;font-size:12px">${footer}</p>`,
  ].join('\n');

  // Every holder of the flag finds it in their notification centre; those who keep the email get it.
  const recipients = await recordFlagNotification(
    app.database.kysely,
    {
      category: 'LatestNews',
      title: `Latest news: ${heading || 'Client Portal'}`.replace(/[\r\n]+/g, ' '),
      body: [date, body, link ? `[Read more](${link})` : ''].filter(Boolean).join('\n\n') || heading,
      link: '/',
    },
    [{ kind: 'flag', value: 'LatestNewsEmails' }],
  );
  let sent = 0;
  for (const to of recipients) {
    try {
      await app.mailer.send({ to, subject, text, html });
      sent += 1;
    } catch (err) {
      app.log.error({ err }, 'latest news email not sent');
    }
  }
  return sent;
}
