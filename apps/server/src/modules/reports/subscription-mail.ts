import { type ReportDefinition, ukLongDate } from '@client-portal/contract';
import type { MailMessage } from '../../plugins/mail.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const longDay = (day: string) => ukLongDate(`${day}T12:00:00Z`);

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
}): MailMessage {
  const where = options.site ? `site or group ${options.site}` : 'all your sites';
  const period = `${longDay(options.period.from)} to ${longDay(options.period.to)}`;
  const lead = `Your ${options.frequency} ${options.definition.name.toLowerCase()} report for ${where}, ${period}.`;
  const fileLine = options.attachment
    ? 'The report is attached.'
    : options.tooLarge
      ? 'The report is too large to attach: download it from the portal (sign in first).'
      : 'Download it from the portal (sign in first).';
  const manage =
    'You receive this because you subscribed to it. Cancel the subscription on the Reports page.';
  const text = [lead, fileLine, `Open the report: ${options.link}`, manage, 'Client Portal'].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeHtml(lead)}</p>
<p>${escapeHtml(fileLine)}</p>
<p><a href="${escapeHtml(options.link)}">Open the report</a></p>
<p style="color:#555;font-size:12px">${escapeHtml(manage)}</p>
<p>Client Portal</p>
</body></html>`;
  return {
    to: options.to,
    subject: `${options.definition.name}: ${period}`,
    text,
    html,
    ...(options.attachment ? { attachments: [options.attachment] } : {}),
  };
}
