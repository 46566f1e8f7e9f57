import type { MailMessage } from '../../plugins/mail.js';

const PRODUCT = 'Client Portal';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One message in both forms; paragraphs are plain text, escaped for the HTML body. */
function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { label: string; url: string },
): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), `${PRODUCT}`].join('\n\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p style="color:#555;font-size:12px">If the button does not work, copy this address into your browser:<br>${escapeHtml(link.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:sans-serif">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
<p>${PRODUCT}</p>
</body></html>`;
  return { to, subject, text, html };
}

export function invitationMail(to: string, link: string, setsPassword: boolean): MailMessage {
  return compose(
    to,
    `Your ${PRODUCT} account`,
    [
      `An account has been created for you on ${PRODUCT} with the email address ${to}.`,
      setsPassword
        ? 'Open the link below to confirm your email address, then choose your password. The link is valid for 7 days.'
        : 'Open the link below to confirm your email address. The link is valid for 7 days.',
    ],
    { label: 'Confirm your email address', url: link },
  );
}

/** To the new address after an administrator changed an account's email: it must be confirmed again. */
export function emailChangedConfirmMail(to: string, link: string, setsPassword: boolean): MailMessage {
  return compose(
    to,
    `Confirm the new email address of your ${PRODUCT} account`,
    [
      `The email address of your ${PRODUCT} account was changed to ${to}.`,
      setsPassword
        ? 'Open the link below to confirm this address, then choose your password. The link is valid for 7 days.'
        : 'Open the link below to confirm this address. The link is valid for 7 days; until then you cannot sign in.',
    ],
    { label: 'Confirm your email address', url: link },
  );
}

/** To the old address after an email change, so that its owner notices a change they did not make. */
export function emailChangedNoticeMail(to: string, newEmail: string): MailMessage {
  return compose(to, `The email address of your ${PRODUCT} account was changed`, [
    `The email address of the ${PRODUCT} account ${to} was changed to ${newEmail}, and every session of the account was signed out.`,
    'If you did not expect this, tell your administrator at once.',
  ]);
}

/**
 * To the owner of an address for which someone (a client's manager) made an account, when that address
 * already had one (decision 0026). Neutral: it names nobody, carries no link that does anything to the
 * other account, and says that nothing changed for the owner's.
 */
export function addressInUseNoticeMail(to: string, signInUrl: string): MailMessage {
  return compose(
    to,
    `Someone tried to add an account for your address on ${PRODUCT}`,
    [
      `Someone at ${PRODUCT} tried to add an account for the email address ${to}. You already have an account with this address, so nothing changed: your account, its password and its access stay as they are, and no second account can be used with this address.`,
      'If you expected to be given access to more sites, ask the person who added you to ask the operator; otherwise you need do nothing.',
    ],
    { label: 'Sign in', url: signInUrl },
  );
}

export function resetLinkMail(to: string, link: string): MailMessage {
  return compose(
    to,
    `Reset your ${PRODUCT} password`,
    [
      `Someone asked to reset the password of the ${PRODUCT} account ${to}.`,
      'Open the link below to choose a new password. The link is valid for 24 hours and works once.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
    { label: 'Choose a new password', url: link },
  );
}

export function passwordChangedMail(to: string, how: 'changed' | 'reset', signInUrl: string): MailMessage {
  return compose(
    to,
    `Your ${PRODUCT} password was ${how}`,
    [
      `The password of your ${PRODUCT} account ${to} was ${how} just now, and your other sessions were signed out.`,
      'If you did not do this, reset your password at once and tell your administrator.',
    ],
    { label: 'Sign in', url: signInUrl },
  );
}

export function twoFactorChangedMail(to: string, enabled: boolean, accountUrl: string): MailMessage {
  return compose(
    to,
    `Two-factor sign-in was turned ${enabled ? 'on' : 'off'}`,
    [
      enabled
        ? `Two-factor sign-in was turned on for your ${PRODUCT} account ${to}. You will now need a code from your authenticator app, or one of your recovery codes, to sign in.`
        : `Two-factor sign-in was turned off for your ${PRODUCT} account ${to}. You now sign in with your password alone.`,
      'If you did not do this, reset your password at once and tell your administrator.',
    ],
    { label: 'Your account', url: accountUrl },
  );
}
