import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MIN } from './constants.js';
import { emailSchema } from './email.js';
import { type RuleCode, type RuleParams, ruleIssue, text } from './rules.js';
import { siteSchema } from './sites.js';

/** The `detail` of a refused password sign-in (ASP.NET Core Identity's result names). All come with 401. */
const signInFailureDetails = ['LockedOut', 'NotAllowed', 'RequiresTwoFactor', 'Failed'] as const;
export type SignInFailureDetail = (typeof signInFailureDetails)[number];

/**
 * A wrong two-factor code is answered RequiresTwoFactor again (the spec's mapping keeps the user on the
 * code step) with this field message, so the browser can say the code was wrong.
 */
export const WRONG_CODE_MESSAGE = 'The code is not correct. Check your authenticator app and try again.';

/** `detail` of a 429 answer from the sign-in and reset-link calls. */
export const TOO_MANY_ATTEMPTS = 'TooManyAttempts';
/** `detail` of a refused single sign-on (bad token 401, no account 403). */
export const SSO_NO_ACCESS = 'NoAccess';

export const RECOVERY_CODE_COUNT = 10;

export const PASSWORD_MAX = 256;

/** The five password rules of the spec, in the order the forms list them, each a rule code. */
export const passwordRuleCodes = [
  'minLength',
  'needsUppercase',
  'needsLowercase',
  'needsDigit',
  'needsSymbol',
] as const satisfies readonly RuleCode[];

/**
 * A new password (reset and change): `maxLength` {max: 256}, then every one of the five rules it
 * breaks: `minLength` {min: 6}, `needsUppercase`, `needsLowercase`, `needsDigit`, `needsSymbol`.
 */
export const newPasswordSchema = text()
  .max(PASSWORD_MAX, 'maxLength')
  .superRefine((v, ctx) => {
    const fail = (code: RuleCode, params: RuleParams = {}) => ctx.addIssue(ruleIssue([], code, params));
    if (v.length < PASSWORD_MIN) fail('minLength', { min: PASSWORD_MIN });
    if (!/[A-Z]/.test(v)) fail('needsUppercase');
    if (!/[a-z]/.test(v)) fail('needsLowercase');
    if (!/[0-9]/.test(v)) fail('needsDigit');
    if (!/[^A-Za-z0-9]/.test(v)) fail('needsSymbol');
  });

export const TWO_FACTOR_CODE_MAX = 20;

/**
 * A TOTP code (6 digits) or a recovery code (`12345-67890`; spaces and hyphens are ignored):
 * `required`, `maxLength` {max: 20}, `pattern` (digits, spaces and hyphens only).
 */
export const twoFactorCodeSchema = text()
  .trim()
  .min(1, 'required')
  .max(TWO_FACTOR_CODE_MAX, 'maxLength')
  .regex(/^[0-9 -]+$/, 'pattern');

/** The sign-in request: email, password (`required`) and, on the second step, the code. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: text().min(1, 'required').max(PASSWORD_MAX),
  code: twoFactorCodeSchema.optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(200) });
export const logoutRequestSchema = z
  .object({ refreshToken: z.string().min(1).max(200).optional() })
  .nullish();

export const ssoLoginRequestSchema = z.object({
  idToken: z.string().min(1).max(20_000),
  /** The nonce the browser sent to the provider; the ID token must carry it. */
  nonce: z.string().min(1).max(500),
});

export const sessionTypeSchema = z.enum(['identity', 'msal']);
export type SessionType = z.infer<typeof sessionTypeSchema>;

const featureInfoSchema = z.object({
  name: z.string(),
  normalizedName: z.string(),
  description: z.string(),
  group: z.object({ name: z.string(), description: z.string() }),
});

const flagInfoSchema = z.object({
  mask: z.string(),
  name: z.string(),
  normalizedName: z.string(),
  description: z.string(),
});

/**
 * The colour modes a user can pick (decision 38): light, dark, or whatever their device prefers.
 * Until they pick one the spec's rule applies: dark only for Application.SysAdmin on a dark device.
 */
export const colourModeSchema = z.enum(['light', 'dark', 'system']);
export type ColourMode = z.infer<typeof colourModeSchema>;

/**
 * The portal's languages (decision 49): English and Welsh (Cymraeg). A user's pick is remembered on
 * the server and their e-mails go out in it; a visitor's is the language of the page they registered on.
 */
export const languageSchema = z.enum(['en', 'cy']);
export type Language = z.infer<typeof languageSchema>;
export const LANGUAGES = languageSchema.options;

/**
 * Body of PUT /user/preferences: what the caller prefers (their colour mode, their language, or both),
 * remembered on the server for every device.
 */
export const userPreferencesSchema = z
  .strictObject({ colourMode: colourModeSchema.optional(), language: languageSchema.optional() })
  .refine((body) => body.colourMode !== undefined || body.language !== undefined, {
    message: 'Give a colour mode, a language or both.',
  });
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

export const userInfoSchema = z.object({
  email: z.string(),
  /** The colour mode the user picked; null until they pick one. */
  colourMode: colourModeSchema.nullable(),
  /** The language the user picked (decision 49); null until they are asked. */
  language: languageSchema.nullable(),
  sessionType: sessionTypeSchema,
  accessAllSites: z.boolean(),
  /** Site and site-group numbers granted to the user. */
  access: z.array(z.string()),
  /** The caller's sites and groups, as GET /sites/accessible answers. */
  sites: z.array(siteSchema),
  features: z.array(featureInfoSchema),
  /** Flags from the catalogue whose mask the user's features cover. */
  visibleFlags: z.array(flagInfoSchema),
  /** The flags the user holds (normalized names). */
  flags: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** The dashboard lists this many of the caller's own latest actions. */
export const RECENT_ACTIONS_MAX = 5;

/** 200 answer of GET /user/recent-actions: what the caller did lately (from the audit), newest first. */
export const recentActionsSchema = z
  .array(z.object({ timestamp: z.iso.datetime({ offset: true }), description: z.string() }))
  .max(RECENT_ACTIONS_MAX);

/**
 * The name a greeting uses, from an email address (accounts hold no name of their own): its local
 * part's words, capitalised: james.wilson@... is James Wilson, reception@... is Reception.
 */
export function greetingNameOf(email: string): string {
  const local = email.split('@')[0] ?? '';
  const words = local.split(/[._-]+/).filter((w) => /^[a-z]+$/i.test(w));
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

export const confirmEmailRequestSchema = z.object({
  code: z.string().min(1).max(200),
  email: z.string().max(EMAIL_MAX).optional(),
});

export const resetLinkRequestSchema = z.object({ email: emailSchema });

export const resetPasswordRequestSchema = z.object({
  password: newPasswordSchema,
  confirmPassword: z.string().max(PASSWORD_MAX).optional(),
});

export const changePasswordRequestSchema = z.object({
  /** `required`. */
  oldPassword: text().min(1, 'required').max(PASSWORD_MAX),
  newPassword: newPasswordSchema,
  confirmPassword: z.string().max(PASSWORD_MAX).optional(),
});

/** Messages of the two forms when the confirmation differs (the server sends them too). */
export const RESET_PASSWORDS_DIFFER = "The entered passwords don't match.";
export const CHANGE_PASSWORDS_DIFFER = 'Passwords do not match.';
export const OLD_PASSWORD_WRONG = 'Incorrect password.';
export const TWO_FACTOR_CODE_WRONG = 'The code is not valid.';

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left (0 when two-factor is off). */
  recoveryCodesLeft: z.number().int(),
});

export const twoFactorSetupSchema = z.object({
  /** Base32 secret, for typing into an authenticator app. */
  secret: z.string(),
  /** otpauth://totp/... URI, for the QR code. */
  otpauthUri: z.string(),
});

export const twoFactorCodeRequestSchema = z.object({ code: twoFactorCodeSchema });

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
