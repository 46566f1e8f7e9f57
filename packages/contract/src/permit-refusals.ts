import type { PermitRowField, PermitRowIssue } from './permit-add.js';
import { displayPlate } from './plate-matcher.js';
import type { RuleCode, RuleIssue, RuleParams } from './rules.js';
import { ISO_DAY_PATTERN, ukDisplayDay } from './uk-days.js';

/**
 * Who says a permit refusal, and so in which words (one table, three voices):
 * - `api`: the spec's English in the `errors` of POST /permits and PUT /permits/{type}/{id};
 * - `upload`: the bulk CSV preview and a refused upload, naming the CSV columns (operations spec 5, bulk);
 * - `form`: the single add and edit forms, in their own words ("Please enter the driver name.").
 */
export type PermitRefusalVoice = 'api' | 'upload' | 'form';

/** How each voice names the row's fields. */
const labels: Record<PermitRefusalVoice, Record<PermitRowField, string>> = {
  api: {
    site_SiteGroupNumber: 'Site',
    vehicleRegistration: 'Vehicle Registration',
    driverName: 'Driver Name',
    duration: 'Duration',
    started: 'Start Date',
    ended: 'End Date',
    reason: 'Reason',
    authorisedBy: 'Authorised By',
    driverEmail: 'Driver Email',
  },
  upload: {
    site_SiteGroupNumber: 'Site',
    vehicleRegistration: 'Vehicle Registration',
    driverName: 'Driver Name',
    duration: 'Temporary',
    started: 'Start Date',
    ended: 'End Date',
    reason: 'reason',
    authorisedBy: 'authorisedBy',
    driverEmail: 'driverEmail',
  },
  form: {
    site_SiteGroupNumber: 'Site or site group',
    vehicleRegistration: 'Vehicle registration',
    driverName: 'Driver name',
    duration: 'Permit type',
    started: 'Start date',
    ended: 'End date',
    reason: 'Reason',
    authorisedBy: 'Authorised by',
    driverEmail: 'Driver email (optional)',
  },
};

/** What a message is built from: the field's label in the voice, the field, and the code's parameters. */
interface Said {
  label: string;
  field: string;
  /** The parameters as given (days yyyy-mm-dd). */
  params: RuleParams;
  /** The parameters as shown: days as dd/mm/yyyy, others as text. */
  shown: Record<string, string>;
}
type Say = (said: Said) => string;
/** A code's message in the spec's English (`api`, also the upload's), and where a voice differs, its own. */
interface Entry {
  api: Say;
  upload?: Say;
  form?: Say;
}

/** Operations spec section 5: what each field's characters rule says. */
const patterns: Partial<Record<string, string>> = {
  site_SiteGroupNumber: 'Site must contain a valid site or site group number.',
  vehicleRegistration: 'Vehicle registration must only contain alphanumeric characters.',
  driverName: 'Driver name contains invalid characters.',
  authorisedBy: 'Authorised by contains invalid characters.',
  driverEmail: 'Enter a valid email address for the driver.',
};

/** The single add form's own words for some fields' codes (operations spec section 5, single permit). */
const formFields: Partial<Record<string, Partial<Record<RuleCode, string | Say>>>> = {
  vehicleRegistration: {
    required: 'Please enter the vehicle registration.',
    pattern: 'Please only enter capital alphanumeric characters.',
  },
  driverName: {
    required: 'Please enter the driver name.',
    pattern: 'Driver name contains invalid characters.',
  },
  driverEmail: { pattern: 'Please enter a valid email address for the driver.' },
  authorisedBy: {
    required: 'Please enter who authorised the permit.',
    pattern: 'Authorised by contains invalid characters.',
  },
  started: {
    required: 'Please enter the start date.',
    tooEarly: ({ shown }) => `The start date cannot be before ${shown.min}.`,
    tooLate: ({ shown }) => `The start date cannot be after ${shown.max}.`,
  },
  ended: {
    required: 'Please enter the end date.',
    tooEarly: ({ shown }) => `The end date cannot be before ${shown.min}.`,
    tooLate: ({ shown }) => `The end date cannot be after ${shown.max}.`,
  },
  duration: {
    required: 'Please choose a permit type.',
    notAllowed: 'Please choose a permit type.',
  },
  /** As the site picker says it. */
  site_SiteGroupNumber: { required: 'Please select a site or site group.' },
};

/** What the server said of a code no permit rule reports. */
const notValid: Say = ({ label }) => `${label} is not valid`;
const between: Say = ({ label, shown }) => `${label} must be between ${shown.min} and ${shown.max}.`;
const didYouMean: Say = ({ params }) =>
  `Did you mean ${params.suggestion}? Use it, or tick "Save anyway" to keep the registration.`;

/**
 * THE table: every rule code a permit refusal can carry, in the spec's English, and where the upload
 * or the forms word it otherwise, their words. The server says its `errors` from it, the browser its
 * screens; nothing else words a permit refusal.
 */
export const permitRefusalMessages: Record<RuleCode, Entry> = {
  required: { api: ({ label }) => `${label} is required` },
  invalidType: {
    api: ({ label }) => `${label} is not valid`,
    form: ({ label }) => `${label} is not valid.`,
  },
  maxLength: { api: ({ label, shown }) => `${label} max. length is ${shown.max} characters` },
  minLength: { api: notValid },
  needsUppercase: { api: notValid },
  needsLowercase: { api: notValid },
  needsDigit: { api: notValid },
  needsSymbol: { api: notValid },
  pattern: { api: ({ label, field }) => patterns[field] ?? `${label} contains invalid characters.` },
  email: { api: notValid },
  /** A support telephone number (config only): no permit field reports it. */
  ukPhone: { api: notValid },
  /** An address already in use: no permit field reports it. */
  taken: { api: notValid },
  invalidDate: {
    api: ({ label }) => `${label} must be a valid date`,
    form: ({ label }) => `${label} is not a valid date.`,
  },
  oneOf: {
    api: ({ label, field }) =>
      field === 'reason'
        ? 'Reason must be one of the listed reasons.'
        : `${label} must be Permanent, Temporary or Custom.`,
    upload: ({ label }) => `${label} must be Yes or No`,
    form: ({ label }) => `${label} is not one of the choices.`,
  },
  tooEarly: { api: between },
  tooLate: { api: between },
  rangeTooLong: { api: notValid },
  outOfRange: { api: notValid },
  tooSmall: { api: notValid },
  tooLarge: { api: notValid },
  wholeNumber: { api: notValid },
  url: { api: notValid },
  notInBulk: { api: () => 'Duration must be Permanent or Temporary.' },
  notAllowed: { api: () => 'You may not add permits with a custom duration.' },
  notAssigned: { api: ({ shown }) => `${shown.value} is not assigned to your account` },
  overlap: { api: () => 'This vehicle already has a permit at this site for these dates.' },
  overlapInUpload: {
    api: ({ shown }) => `This vehicle is also on line ${shown.line} at this site for these dates.`,
  },
  similarSeen: {
    api: ({ params }) =>
      `Did you mean ${displayPlate(String(params.suggestion))}, seen here ${
        Number(params.seenThisWeek) > 0
          ? `${params.seenThisWeek} times this week`
          : `${params.seen30Days} times in 30 days`
      }? Confirm the registration to keep it as typed.`,
    form: didYouMean,
  },
  similarPermit: {
    api: ({ params }) =>
      `Did you mean ${displayPlate(String(params.suggestion))}, which holds a permit here? Confirm the registration to keep it as typed.`,
    form: didYouMean,
  },
  allowanceExceeded: {
    api: ({ shown }) =>
      `The ${shown.kind} permit allowance for ${shown.place} (${shown.cap}) would be exceeded.`,
  },
  lineMissing: { api: ({ shown }) => `Row ${shown.row} has no valid line number (id).` },
  lineRepeated: { api: ({ shown }) => `Line ${shown.line} appears more than once.` },
  tooManyPermits: {
    api: ({ shown }) =>
      `This upload would add ${shown.count} permits (a row naming ALL adds one at every site); ` +
      `at most ${shown.max} can be added at once.`,
  },
};

/** Days in a code's parameters as UK users read them (dd/mm/yyyy); other values as text. */
function shownParams(params: RuleParams): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      const text = String(value);
      return [name, ISO_DAY_PATTERN.test(text) ? ukDisplayDay(text) : text];
    }),
  );
}

/** One refusal of a permit add or edit in `voice`'s words, from the one table above. */
export function permitRefusalMessage(issue: RuleIssue, voice: PermitRefusalVoice = 'api'): string {
  const said: Said = {
    label: labels[voice][issue.field as PermitRowField] ?? issue.field,
    field: issue.field,
    params: issue.params,
    shown: shownParams(issue.params),
  };
  const own = voice === 'form' ? formFields[issue.field]?.[issue.code] : undefined;
  if (own !== undefined) return typeof own === 'string' ? own : own(said);
  const entry = permitRefusalMessages[issue.code];
  const say = (voice === 'api' ? undefined : entry[voice]) ?? entry.api;
  return say(said);
}

/**
 * The spec's key of a refusal in `errors`: `{line}_{field}` for a bulk row's field, the field alone
 * for a single add's field and for the refusals of the whole add (`Allowance`, `id`).
 */
export function permitRefusalKey(issue: Pick<PermitRowIssue, 'line' | 'field'>): string {
  return issue.line === null ? issue.field : `${issue.line}_${issue.field}`;
}

/** Is this refusal about the whole add (an allowance, the lines of the body) rather than one row's field? */
export function isWholeAddRefusal(issue: Pick<PermitRowIssue, 'code'>): boolean {
  return (
    issue.code === 'allowanceExceeded' ||
    issue.code === 'lineMissing' ||
    issue.code === 'lineRepeated' ||
    issue.code === 'tooManyPermits'
  );
}

/** The spec's `errors` of a refusal: each coded refusal said by the table under its key, in order. */
export function permitRefusalErrors(issues: readonly PermitRowIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = permitRefusalKey(issue);
    errors[key] ??= [];
    errors[key].push(permitRefusalMessage(issue, 'api'));
  }
  return errors;
}
