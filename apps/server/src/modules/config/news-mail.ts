import type { Language } from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import { translatorFor } from '../../i18n/index.js';
import { inRecipientLanguage } from '../../plugins/bilingual-mail.js';
import { languageOfAddress } from '../identity/index.js';
import { recordFlagNotification } from '../notifications/index.js';
import { readStoredEntries } from './config-repository.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Puts the current latest news in the notification centre of every holder of the LatestNewsEmails
 * flag and mails it to those of them (live, confirmed) who keep that category's email on.
 * Nothing is sent when the news was cleared. Answers how many mails were queued.
 */
export async function sendLatestNewsMail(app: FastifyInstance): Promise<number> {
  const entries = await readStoredEntries(app.database.kysely, app.caches.config);
  const heading = entries.LatestNewsMessageHeading ?? '';
  const body = entries.LatestNewsMessageBody ?? '';
  if (!heading && !body) return 0;
  const date = entries.LatestNewsMessageDate ?? '';
  const link = entries.LatestNewsMessageUrl ?? '';
  const portal = `${app.settings.PUBLIC_URL}/`;
  // The news is the operator's words; the mail's own are in each recipient's language (decision 49).
  const mailIn = (language: Language) => {
    const t = translatorFor(language);
    const product = t('mail.product');
    const subject = t('mail.news.subject', { heading: (heading || product).replace(/[\r\n]+/g, ' ') });
    const footer = t('mail.news.why');
    const readMore = t('mail.news.readMore');
    const text = [
      heading,
      date,
      '',
      body,
      ...(link ? ['', `${readMore}: ${link}`] : []),
      '',
      `${product}: ${portal}`,
      '',
      footer,
    ]
      .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
      .join('\n');
    const html = [
      heading ? `<h2>${escapeHtml(heading)}</h2>` : '',
      date ? `<p><em>${escapeHtml(date)}</em></p>` : '',
      body ? `<p>${escapeHtml(body).replace(/\r?\n/g, '<br>')}</p>` : '',
      link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(readMore)}</a></p>` : '',
      `<p><a href="${escapeHtml(portal)}">${escapeHtml(t('mail.news.open', { product }))}</a></p>`,
      `<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`,
    ].join('\n');
    return { subject, text, html };
  };

  // Every holder of the flag finds it in their notification centre; those who keep the email get it,
  // each mail a job queued with the notification (retried there while the mail server is down).
  return app.database.kysely.transaction().execute(async (tx) => {
    const recipients = await recordFlagNotification(
      tx,
      {
        category: 'LatestNews',
        title: `Latest news: ${heading || 'Client Portal'}`.replace(/[\r\n]+/g, ' '),
        body: [date, body, link ? `[Read more](${link})` : ''].filter(Boolean).join('\n\n') || heading,
        link: '/',
      },
      [{ kind: 'flag', value: 'LatestNewsEmails' }],
    );
    for (const to of recipients) {
      const language = await languageOfAddress(tx, to);
      await app.mailer.send({ to, ...inRecipientLanguage(language, mailIn) }, { transaction: tx });
    }
    return recipients.length;
  });
}
