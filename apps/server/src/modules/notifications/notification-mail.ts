import type { Language } from '@client-portal/contract';
import { translatorFor } from '../../i18n/index.js';
import type { MailMessage } from '../../plugins/mail.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A notification: lead paragraphs, an optional bullet list, a link and the reason it was sent. */
export function notificationMail(options: {
  /** The recipient's language (decision 49): the caller writes the words in it; this adds the rest. */
  language: Language;
  to: string;
  subject: string;
  intro: string[];
  /** The intro already rendered as safe HTML (a notification's Markdown body), instead of escaping it. */
  introHtml?: string;
  items?: string[];
  /** Paragraphs after the list (what the list leaves out). */
  outro?: string[];
  /** Where to act or read more; none for a recipient without an account (a driver's copy). */
  link?: { label: string; url: string };
  why: string;
}): MailMessage {
  const product = translatorFor(options.language)('mail.product');
  const items = options.items ?? [];
  const text = [
    ...options.intro,
    ...(items.length > 0 ? [items.map((i) => `- ${i}`).join('\n')] : []),
    ...(options.outro ?? []),
    ...(options.link ? [`${options.link.label}: ${options.link.url}`] : []),
    options.why,
    product,
  ].join('\n\n');
  const list = items.length > 0 ? `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : '';
  const html = `<!doctype html><html lang="${options.language}"><body style="font-family:sans-serif">
${options.introHtml ?? options.intro.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${list}
${(options.outro ?? []).map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${options.link ? `<p><a href="${escapeHtml(options.link.url)}">${escapeHtml(options.link.label)}</a></p>` : ''}
<p style="color:#555;font-size:12px">${escapeHtml(options.why)}</p>
<p>${escapeHtml(product)}</p>
</body></html>`;
  return { to: options.to, subject: options.subject, text, html };
}
