import {
  displayPlate,
  type PermitRowField,
  type RuleCode,
  type RuleIssue,
  ukDisplayDay,
} from '@client-portal/contract';

/** The fields as the spec's messages name them (the CSV columns, where there is one). */
const labels: Record<PermitRowField, string> = {
  site_SiteGroupNumber: 'Site',
  vehicleRegistration: 'Vehicle Registration',
  driverName: 'Driver Name',
  duration: 'Duration',
  started: 'Start Date',
  ended: 'End Date',
  reason: 'Reason',
  authorisedBy: 'Authorised By',
  driverEmail: 'Driver E-mail',
};

/** Operations spec section 5: what each field's characters rule says. */
const patterns: Partial<Record<string, string>> = {
  site_SiteGroupNumber: 'Site must contain a valid site or site group number.',
  vehicleRegistration: 'Vehicle registration must only contain alphanumeric characters.',
  driverName: 'Driver name contains invalid characters.',
  authorisedBy: 'Authorised by contains invalid characters.',
  driverEmail: 'Enter a valid e-mail address for the driver.',
};

type Message = (label: string, params: RuleIssue['params'], field: string) => string;
const between: Message = (label, p) =>
  `${label} must be between ${ukDisplayDay(String(p.min))} and ${ukDisplayDay(String(p.max))}.`;

/** The spec's English for each rule code of a permit row (operations spec section 5). */
const messages: Partial<Record<RuleCode, Message>> = {
  required: (label) => `${label} is required`,
  maxLength: (label, p) => `${label} max. length is ${p.max} characters`,
  pattern: (label, _p, field) => patterns[field] ?? `${label} contains invalid characters.`,
  invalidDate: (label) => `${label} must be a valid date`,
  oneOf: (label, _p, field) =>
    field === 'reason'
      ? 'Reason must be one of the listed reasons.'
      : `${label} must be Permanent, Temporary or Custom.`,
  tooEarly: between,
  tooLate: between,
  notInBulk: () => 'Duration must be Permanent or Temporary.',
  notAllowed: () => 'You may not add permits with a custom duration.',
  notAssigned: (_label, p) => `${p.value} is not assigned to your account`,
  overlap: () => 'This vehicle already has a permit at this site for these dates.',
  overlapInUpload: (_label, p) => `This vehicle is also on line ${p.line} at this site for these dates.`,
  similarSeen: (_label, p) =>
    `Did you mean ${displayPlate(String(p.suggestion))}, seen here ${
      Number(p.seenThisWeek) > 0 ? `${p.seenThisWeek} times this week` : `${p.seen30Days} times in 30 days`
    }? Confirm the registration to keep it as typed.`,
  similarPermit: (_label, p) =>
    `Did you mean ${displayPlate(String(p.suggestion))}, which holds a permit here? Confirm the registration to keep it as typed.`,
};

export function permitRowMessage(issue: RuleIssue): string {
  const label = labels[issue.field as PermitRowField] ?? issue.field;
  return messages[issue.code]?.(label, issue.params, issue.field) ?? `${label} is not valid`;
}
