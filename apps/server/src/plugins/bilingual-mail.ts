import type { Language } from '@client-portal/contract';
import type { MailMessage } from './mail.js';

/**
 * The language a mail goes out in (decision 53): the recipient's recorded one, or both while it is
 * not recorded (a new account, an address with no account), as the Welsh Language Standards ask.
 */
export type MailLanguage = Language | 'both';

/** A recorded language, or both when there is none. */
export const mailLanguageOf = (recorded: string | null | undefined): MailLanguage =>
  recorded === 'cy' || recorded === 'en' ? recorded : 'both';

const BODY = /<body([^>]*)>([\s\S]*)<\/body>/i;

/** One version's HTML as a part marked with its language: the inside of its body, or all of it. */
function part(html: string, language: Language): { attributes: string; inner: string } {
  const found = BODY.exec(html);
  const inner = found ? (found[2] ?? '').trim() : html;
  return {
    attributes: found?.[1] ?? ' style="font-family:sans-serif"',
    inner: `<div lang="${language}">\n${inner}\n</div>`,
  };
}

/**
 * The one place a mail's language is applied: `build` writes it in one language; for a recipient
 * whose language is not recorded both versions go in one message, Welsh first (subject "Welsh /
 * English", the text and the HTML each with both, every HTML part with its `lang`).
 */
export function inRecipientLanguage<M extends Pick<MailMessage, 'subject' | 'text' | 'html'>>(
  language: MailLanguage,
  build: (language: Language) => M,
): M {
  if (language !== 'both') return build(language);
  const welsh = build('cy');
  const english = build('en');
  const cy = part(welsh.html, 'cy');
  const en = part(english.html, 'en');
  return {
    ...english,
    subject: `${welsh.subject} / ${english.subject}`,
    text: `${welsh.text}\n\n${'-'.repeat(40)}\n\n${english.text}`,
    html: `<!doctype html><html lang="cy"><body${cy.attributes}>\n${cy.inner}\n<hr>\n${en.inner}\n</body></html>`,
  };
}
