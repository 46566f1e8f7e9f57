import { z } from 'zod';
import { EMAIL_MAX } from './constants.js';
import { text } from './rules.js';

/**
 * The email field (operations spec section 5), for sign-in, reset links and user accounts alike:
 * trimmed; `required`, `maxLength` {max: 256}, then `email` (not an email address).
 */
export const emailSchema = text()
  .trim()
  .min(1, 'required')
  .max(EMAIL_MAX, 'maxLength')
  .pipe(z.email('email'));
