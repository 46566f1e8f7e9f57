import { type Language, type ReportDefinition, ukLongDate } from '@client-portal/contract';
import { translatorFor } from '../../i18n/index.js';
import type { MailMessage } from '../../plugins/mail.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const longDay = (day: string, language: Language) => ukLongDate(`${day}T12:00:00Z`, language);

/** A subscribed report's mail: the file attached, or a link to the Reports page that downloads it. */
export function subscriptionMail(options: {
  to: string;
  definition: ReportDefinition;
  site: string | null;
  period: { from: string; to: string };
  /** The page with this report chosen (sign-in first; the download checks the reader's sites then). */
  link: string;
  attachment?: { filename: string; content: Buffer; contentType: string };
  /** Why the file is linked although the subscription asked for it attached. */
  tooLarge?: boolean;
  frequency: 'weekly' | 'monthly';
  /** The subscriber's language (decision 49). */
  language: Language;
}): MailMessage {
  const { language } = options;
  const t = translatorFor(language);
  const product = t('mail.product');
  const where = options.site
    ? t('mail.subscription.site', { site: options.site })
    : t('mail.subscription.allSites');
  const period = t('mail.subscription.period', {
    from: longDay(options.period.from, language),
    to: longDay(options.period.to, language),
  });
  const report = options.definition.name.toLowerCase();
  const lead = t(`mail.subscription.${options.frequency}`, { report, where, period });
  const fileLine = options.attachment
    ? t('mail.subscription.attached')
    : options.tooLarge
      ? t('mail.subscription.tooLarge')
      : t('mail.subscription.download');
  const manage = t('mail.subscription.why');
  const open = t('mail.subscription.open');
  const text = [lead, fileLine, `${open}: ${options.link}`, manage, product].join('\n\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif">
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(fileLine)}</p>
<p><a href="${escapeHtml(options.link)}">${escapeHtml(open)}</a></p>
<p style="color:#555;font-size:12px">${escapeHtml(manage)}</p>
<p>${escapeHtml(product)}</p>
</body></html>`;
  return {
    to: options.to,
    subject: t('mail.subscription.subject', { report: options.definition.name, period }),
    text,
    html,
    ...(options.attachment ? { attachments: [options.attachment] } : {}),
  };
}
