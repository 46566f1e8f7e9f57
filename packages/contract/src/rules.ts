import { z } from 'zod';

/**
 * Every contract check reports a stable code (the zod issue's message) and its parameters, never
 * English: the server turns codes into the spec's messages, the browser into its i18n strings, each
 * from one table of its own; a permit refusal on both sides from the one table of permit-refusals.ts.
 */
export const ruleCodes = [
  /** Missing, null or blank. */
  'required',
  /** Of the wrong JSON type (a number where text belongs). */
  'invalidType',
  /** Longer than `max` characters. */
  'maxLength',
  /** Shorter than `min` characters. */
  'minLength',
  /** A password without an uppercase letter, a lowercase letter, a digit or another character. */
  'needsUppercase',
  'needsLowercase',
  'needsDigit',
  'needsSymbol',
  /** Characters the field does not allow. */
  'pattern',
  'email',
  /** Not a UK telephone number (0 and 9 or 10 digits, or +44 and 9 or 10). */
  'ukPhone',
  /** Not a real yyyy-mm-dd day (or, in config, not the date form asked for). */
  'invalidDate',
  /** Not one of the listed values. */
  'oneOf',
  /** Before the earliest allowed `min` (`max` is given too). */
  'tooEarly',
  /** After the latest allowed `max` (`min` is given too). */
  'tooLate',
  /** A period longer than `months` months. */
  'rangeTooLong',
  /** Outside `min`..`max` (numbers). */
  'outOfRange',
  /** A number below `min`. */
  'tooSmall',
  /** A number above `max`, or a list of more than `max` items. */
  'tooLarge',
  'wholeNumber',
  'url',
  /**
   * The caller may not use this value (a Custom permit without Permits.CustomDuration; an address at
   * the operator's staff domain for a client manager, used or free).
   */
  'notAllowed',
  /** Already used by another record the caller may know of (an account's email address). */
  'taken',
  /** A value a bulk upload cannot carry (Custom). */
  'notInBulk',
  /** A site or group out of the caller's reach (unknown ones read the same). */
  'notAssigned',
  /** The vehicle already holds a permit there for these dates. */
  'overlap',
  /** The vehicle is on another row (`line`) of the same upload at that place for those dates. */
  'overlapInUpload',
  /** One slip from a vehicle seen at the site (`suggestion`, `seenThisWeek`, `seen30Days`); confirmable. */
  'similarSeen',
  /** One slip from another permit's vehicle there (`suggestion`); confirmable. */
  'similarPermit',
  /**
   * Refusals of a whole permit add rather than one field (their `field` is the spec's key: `Allowance`
   * or `id`): an allowance (`kind`, `place`, `cap`) would be exceeded; a bulk row without a line number
   * (`row`, its place in the body); a line sent twice (`line`); more than `max` permits (`count`).
   */
  'allowanceExceeded',
  'lineMissing',
  'lineRepeated',
  'tooManyPermits',
] as const;
export type RuleCode = (typeof ruleCodes)[number];

export type RuleParams = Record<string, string | number>;

/** One failed check: the field (a dotted path), its code and the code's parameters. */
export const ruleIssueSchema = z.object({
  field: z.string(),
  code: z.enum(ruleCodes),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type RuleIssue = z.infer<typeof ruleIssueSchema>;

const isRuleCode = (value: string): value is RuleCode => (ruleCodes as readonly string[]).includes(value);

/** The type check of a field: absent reads 'required', another JSON type 'invalidType'. */
export const typeRule = {
  error: (issue: { input?: unknown }) => (issue.input == null ? 'required' : 'invalidType'),
};

/** A text field whose absence reads 'required'. */
export const text = () => z.string(typeRule);

/** A rule-coded issue for a `superRefine`. */
export function ruleIssue(path: (string | number)[], code: RuleCode, params: RuleParams = {}) {
  return { code: 'custom' as const, path, message: code, params };
}

function paramsOf(issue: z.core.$ZodIssue): RuleParams {
  const params: RuleParams = {};
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  if (issue.code === 'custom' && issue.params) Object.assign(params, issue.params);
  return params;
}

function codeOf(issue: z.core.$ZodIssue): RuleCode {
  if (isRuleCode(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return 'invalidType';
    case 'invalid_value':
      return 'oneOf';
    case 'too_big':
      return 'maxLength';
    case 'too_small':
      return 'required';
    default:
      return 'pattern';
  }
}

/** One zod issue as a rule issue (its path joined with dots after `prefix`). */
export function ruleIssueOf(issue: z.core.$ZodIssue, prefix: readonly (string | number)[] = []): RuleIssue {
  return {
    field: [...prefix, ...issue.path].map(String).join('.'),
    code: codeOf(issue),
    params: paramsOf(issue),
  };
}

/** Did the schema itself name this issue's code (rather than zod's default message)? */
export function isCodedIssue(issue: { message: string }): boolean {
  return isRuleCode(issue.message);
}

/** The rule issues of a failed parse, in the order zod found them. */
export function ruleIssuesOf(error: z.ZodError, prefix: (string | number)[] = []): RuleIssue[] {
  return error.issues.map((issue) => ruleIssueOf(issue, prefix));
}

/** The rule issues of `value` against `schema` (none when it passes). */
export function ruleCheck(schema: z.ZodType, value: unknown): RuleIssue[] {
  const result = schema.safeParse(value);
  return result.success ? [] : ruleIssuesOf(result.error);
}

/** The first issue of each field: one message a field, as the forms and the spec show them. */
export function firstIssuePerField(issues: readonly RuleIssue[]): RuleIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.field) && seen.add(issue.field));
}
