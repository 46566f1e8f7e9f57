import type { Language } from '@client-portal/contract';
import { translatorFor } from '../../i18n/index.js';
import type { MailMessage } from '../../plugins/mail.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * One message in both forms, in the recipient's language (decision 49); paragraphs are plain text,
 * escaped for the HTML body.
 */
function compose(
  language: Language,
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { label: string; url: string },
): MailMessage {
  const t = translatorFor(language);
  const product = t('mail.product');
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), product].join('\n\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p style="color:#555;font-size:12px">${escapeHtml(t('mail.buttonFallback'))}<br>${escapeHtml(link.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
<p>${escapeHtml(product)}</p>
</body></html>`;
  return { to, subject, text, html };
}

const words = (language: Language) => {
  const t = translatorFor(language);
  return { t, product: t('mail.product') };
};

export function invitationMail(
  to: string,
  link: string,
  setsPassword: boolean,
  language: Language = 'en',
): MailMessage {
  const { t, product } = words(language);
  return compose(
    language,
    to,
    t('mail.identity.invitation.subject', { product }),
    [
      t('mail.identity.invitation.created', { product, email: to }),
      setsPassword ? t('mail.identity.invitation.setsPassword') : t('mail.identity.invitation.confirmOnly'),
    ],
    { label: t('mail.identity.confirmLink'), url: link },
  );
}

/** To the new address after an administrator changed an account's email: it must be confirmed again. */
export function emailChangedConfirmMail(
  to: string,
  link: string,
  setsPassword: boolean,
  language: Language = 'en',
): MailMessage {
  const { t, product } = words(language);
  return compose(
    language,
    to,
    t('mail.identity.emailChanged.subject', { product }),
    [
      t('mail.identity.emailChanged.changed', { product, email: to }),
      setsPassword
        ? t('mail.identity.emailChanged.setsPassword')
        : t('mail.identity.emailChanged.confirmOnly'),
    ],
    { label: t('mail.identity.confirmLink'), url: link },
  );
}

/** To the old address after an email change, so that its owner notices a change they did not make. */
export function emailChangedNoticeMail(to: string, newEmail: string, language: Language = 'en'): MailMessage {
  const { t, product } = words(language);
  return compose(language, to, t('mail.identity.emailChangedNotice.subject', { product }), [
    t('mail.identity.emailChangedNotice.changed', { product, email: to, newEmail }),
    t('mail.identity.emailChangedNotice.unexpected'),
  ]);
}

/**
 * To the owner of an address for which someone (a client's manager) made an account, when that address
 * already had one (decision 0026). Neutral: it names nobody, carries no link that does anything to the
 * other account, and says that nothing changed for the owner's.
 */
export function addressInUseNoticeMail(
  to: string,
  signInUrl: string,
  language: Language = 'en',
): MailMessage {
  const { t, product } = words(language);
  return compose(
    language,
    to,
    t('mail.identity.addressInUse.subject', { product }),
    [t('mail.identity.addressInUse.tried', { product, email: to }), t('mail.identity.addressInUse.advice')],
    { label: t('mail.identity.signIn'), url: signInUrl },
  );
}

export function resetLinkMail(to: string, link: string, language: Language = 'en'): MailMessage {
  const { t, product } = words(language);
  return compose(
    language,
    to,
    t('mail.identity.resetLink.subject', { product }),
    [
      t('mail.identity.resetLink.asked', { product, email: to }),
      t('mail.identity.resetLink.open'),
      t('mail.identity.resetLink.ignore'),
    ],
    { label: t('mail.identity.resetLink.link'), url: link },
  );
}

export function passwordChangedMail(
  to: string,
  how: 'changed' | 'reset',
  signInUrl: string,
  language: Language = 'en',
): MailMessage {
  const { t, product } = words(language);
  return compose(
    language,
    to,
    t(`mail.identity.passwordChanged.subject_${how}`, { product }),
    [
      t(`mail.identity.passwordChanged.done_${how}`, { product, email: to }),
      t('mail.identity.passwordChanged.unexpected'),
    ],
    { label: t('mail.identity.signIn'), url: signInUrl },
  );
}

export function twoFactorChangedMail(
  to: string,
  enabled: boolean,
  accountUrl: string,
  language: Language = 'en',
): MailMessage {
  const { t, product } = words(language);
  const state = enabled ? 'on' : 'off';
  return compose(
    language,
    to,
    t(`mail.identity.twoFactor.subject_${state}`),
    [
      t(`mail.identity.twoFactor.done_${state}`, { product, email: to }),
      t('mail.identity.twoFactor.unexpected'),
    ],
    { label: t('mail.identity.twoFactor.link'), url: accountUrl },
  );
}
