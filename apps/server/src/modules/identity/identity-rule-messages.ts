import type { RuleMessages } from '../../plugins/rule-messages.js';

/** The email field's messages (operations spec section 5), wherever an email is asked for. */
export const emailRuleMessages = {
  required: 'Email is required.',
  invalidType: 'Email is required.',
  maxLength: ({ max }) => `Email must be at most ${max} characters.`,
  email: 'Enter a valid email address.',
} satisfies RuleMessages[string];

const twoFactorCode = {
  required: 'Code is required.',
  invalidType: 'Code is required.',
  maxLength: 'The code is too long.',
  pattern: 'The code must be numeric.',
} satisfies RuleMessages[string];

/** The five rules of a new password (reset and change), as the server has always said them. */
const newPassword = {
  required: 'Password is required.',
  invalidType: 'Password is required.',
  maxLength: ({ max }) => `Passwords must be at most ${max} characters.`,
  minLength: ({ min }) => `Passwords must be at least ${min} characters.`,
  needsUppercase: "Passwords must have at least one uppercase ('A'-'Z').",
  needsLowercase: "Passwords must have at least one lowercase ('a'-'z').",
  needsDigit: "Passwords must have at least one digit ('0'-'9').",
  needsSymbol: 'Passwords must have at least one non alphanumeric character.',
} satisfies RuleMessages[string];

/** The identity area's English for the contract's rule codes (sign-in, reset link, two-factor). */
export const identityRuleMessages: RuleMessages = {
  email: emailRuleMessages,
  /** Sign-in's password (`required`) and the reset form's new one. */
  password: newPassword,
  newPassword: {
    ...newPassword,
    required: 'New password is required.',
    invalidType: 'New password is required.',
  },
  oldPassword: { required: 'Old password is required.', invalidType: 'Old password is required.' },
  code: twoFactorCode,
};
