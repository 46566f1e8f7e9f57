import type { Language } from '@client-portal/contract';
import { translatorFor } from '../../i18n/index.js';
import type { QueuedMail } from '../../plugins/mail.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The owner's notice that their subscription was turned off after a day of failed deliveries. */
export function webhookTurnedOffMail(
  to: string,
  url: string,
  screenUrl: string | undefined,
  language: Language = 'en',
): QueuedMail {
  const t = translatorFor(language);
  const product = t('mail.product');
  const open = t('mail.webhooks.open');
  const paragraphs = [t('mail.webhooks.failed', { url, product }), t('mail.webhooks.log')];
  const link = screenUrl ? [`${open}: ${screenUrl}`] : [];
  return {
    to,
    subject: t('mail.webhooks.subject', { product }),
    text: [...paragraphs, ...link, product].join('\n\n'),
    html: `<!doctype html><html lang="${language}"><body style="font-family:sans-serif">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${screenUrl ? `<p><a href="${escapeHtml(screenUrl)}">${escapeHtml(open)}</a></p>` : ''}
<p>${escapeHtml(product)}</p>
</body></html>`,
  };
}
