import { emailSchema } from '@client-portal/contract';
import type { TFunction } from 'i18next';
import { ruleField } from '../../i18n/rule-field';

/** The contract's email field, in the sign-in form's words. */
export const emailField = (t: TFunction) => ruleField(emailSchema, t, 'signin.rules', 'email');
