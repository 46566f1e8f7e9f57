import { type CheckedSightingRow, checkSightingRow, type RuleIssue } from '@client-portal/contract';
import type { Queries } from '../../db/kysely.js';
import { FieldErrors } from '../../plugins/problem.js';
import { existingSites, insertSightings } from './sightings-repository.js';

/** The English of each field's refusal, keyed `{line}_{field}` like a bulk permit add's. */
const labels: Record<string, string> = {
  siteNumber: 'Site number',
  registration: 'Registration',
  enteredAt: 'Entered at',
  exitedAt: 'Exited at',
  readConfidence: 'Read confidence',
};

function sightingMessage(issue: RuleIssue): string {
  const label = labels[issue.field] ?? issue.field;
  switch (issue.code) {
    case 'required':
      return `${label} is required`;
    case 'maxLength':
      return `${label} max. length is ${issue.params.max} characters`;
    case 'invalidDate':
      return `${label} must be an ISO 8601 date and time with an offset, e.g. 2026-11-23T08:15:00Z`;
    case 'pattern':
      return `${label} must only contain letters and digits`;
    case 'outOfRange':
      return `${label} must be between 0 and 1`;
    case 'tooEarly':
      return `${label} must not be before the entry`;
    case 'oneOf':
      return `${label} is not a known site`;
    default:
      return `${label} is not valid`;
  }
}

/**
 * Stores a batch of camera reads all or nothing: each row is checked on its own (line = its 1-based
 * position), unknown sites are refused by line, and either every read is written in one transaction
 * or none is (400 with every line's messages).
 */
export async function importSightings(db: Queries, raw: readonly unknown[]): Promise<number> {
  const errors = new FieldErrors();
  const rows: { line: number; row: CheckedSightingRow }[] = [];
  const issues: (RuleIssue & { line: number })[] = [];
  raw.forEach((value, index) => {
    const line = index + 1;
    const checked = checkSightingRow(value);
    if (checked.row) rows.push({ line, row: checked.row });
    for (const issue of checked.issues) issues.push({ ...issue, line });
  });
  const known = await existingSites(db, [...new Set(rows.map((r) => r.row.siteNumber))]);
  for (const { line, row } of rows) {
    if (!known.has(row.siteNumber)) issues.push({ field: 'siteNumber', code: 'oneOf', params: {}, line });
  }
  for (const issue of issues) errors.add(`${issue.line}_${issue.field}`, sightingMessage(issue));
  errors.throwIfAny({ rows: issues });
  await db.transaction().execute((tx) =>
    insertSightings(
      tx,
      rows.map((r) => r.row),
    ),
  );
  return rows.length;
}
