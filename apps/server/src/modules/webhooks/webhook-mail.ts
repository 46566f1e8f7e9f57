import type { QueuedMail } from '../../plugins/mail.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The owner's notice that their subscription was turned off after a day of failed deliveries. */
export function webhookTurnedOffMail(to: string, url: string, screenUrl: string | undefined): QueuedMail {
  const paragraphs = [
    `Every delivery to your webhook ${url} has failed for a day, so Client Portal has turned it off.`,
    'The deliveries and the answers your receiver gave are in its log. Once the receiver works again, turn the webhook back on there and replay the deliveries you need.',
  ];
  const link = screenUrl ? [`Open your webhooks: ${screenUrl}`] : [];
  return {
    to,
    subject: 'Your Client Portal webhook was turned off',
    text: [...paragraphs, ...link, 'Client Portal'].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:sans-serif">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${screenUrl ? `<p><a href="${escapeHtml(screenUrl)}">Open your webhooks</a></p>` : ''}
<p>Client Portal</p>
</body></html>`,
  };
}
