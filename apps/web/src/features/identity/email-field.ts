import { EMAIL_MAX } from '@client-portal/contract';
import type { TFunction } from 'i18next';
import { z } from 'zod';

/** The sign-in e-mail rule (spec section 5): required, an e-mail, at most 256 characters. */
export const emailField = (t: TFunction) =>
  z
    .string()
    .trim()
    .min(1, t('signin.emailRequired'))
    .max(EMAIL_MAX, t('signin.emailTooLong', { max: String(EMAIL_MAX) }))
    .pipe(z.email(t('signin.emailInvalid')));
