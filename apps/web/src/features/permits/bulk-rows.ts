import {
  ALL_SITES_VALUE,
  checkPermitRowFields,
  type PermitAddRow,
  type PermitRowField,
  permanentPermitLastDay,
  permitRefusalMessage,
  permitRowFields,
  type RuleIssue,
} from '@client-portal/contract';
import type { TFunction } from 'i18next';
import type { BulkColumn, CsvRecord } from './bulk-csv';

export interface BulkRowContext {
  accessAllSites: boolean;
  /** Every site and site-group number the user may use (user info `sites`). */
  siteNumbers: ReadonlySet<string>;
  permanentYears: number;
}

/** A checked CSV row: what the preview shows, the payload when valid, and the reasons when not. */
export interface BulkRow {
  line: number;
  site: string;
  vehicleRegistration: string;
  driverName: string;
  /** Undefined when the Temporary cell is not Yes or No. */
  temporary: boolean | undefined;
  /** yyyy-mm-dd when readable, else the cell as written. */
  started: string;
  ended: string;
  messages: string[];
  /** The first message of each column that has one (the edit dialog puts it on the column's field). */
  fieldMessages: Partial<Record<BulkColumn, string>>;
  /** The cells as written (or as last edited in the preview): what the edit dialog starts from. */
  cells: Record<BulkColumn, string>;
  /** Set only for a row without messages. */
  payload?: PermitAddRow;
}

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T].*)?$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/;

/**
 * A CSV date as yyyy-mm-dd: dd/mm/yyyy (UK order, never US) or yyyy-mm-dd, either optionally followed
 * by a time that is ignored (spreadsheets sometimes add 00:00). Impossible dates (31/02) are refused.
 */
export function parseCsvDate(value: string): string | undefined {
  const text = value.trim();
  const dmy = DMY.exec(text);
  const ymd = YMD.exec(text);
  const parts = dmy ? [dmy[3], dmy[2], dmy[1]] : ymd ? [ymd[1], ymd[2], ymd[3]] : undefined;
  if (!parts) return undefined;
  const [y, m, d] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * A refusal of a row (the preview's or the server's), in the upload's words from the contract's one
 * table of permit refusals (the CSV column names the field).
 */
export function bulkRowMessage(issue: RuleIssue, _t?: TFunction): string {
  return permitRefusalMessage(issue, 'upload');
}

/** The CSV column of each row field the preview checks. */
const columnOfField: Partial<Record<PermitRowField, BulkColumn>> = {
  site_SiteGroupNumber: 'Site',
  vehicleRegistration: 'Vehicle Registration',
  driverName: 'Driver Name',
  duration: 'Temporary',
  started: 'Start Date',
  ended: 'End Date',
};

/**
 * Checks one CSV row against the contract's permit row (operations spec section 5, bulk): every field
 * required, lengths, Yes/No, dates, site format and access, registration and name characters. End
 * Date counts only for temporary permits; a permanent one ends PermanentPermitYears after its start.
 * Date windows and allowances are the server's to check.
 */
export function checkBulkRecord(record: CsvRecord, ctx: BulkRowContext, _t?: TFunction): BulkRow {
  const cell = (column: BulkColumn) => record.cells[column].trim();
  // A date the CSV allows (dd/mm/yyyy too) as yyyy-mm-dd; one it cannot read is checked as written.
  const day = (column: BulkColumn) => (cell(column) && parseCsvDate(cell(column))) || cell(column);
  const temporaryCell = cell('Temporary').toLowerCase();
  const temporary = temporaryCell === 'yes' ? true : temporaryCell === 'no' ? false : undefined;
  const { row, issues } = checkPermitRowFields(
    {
      site_SiteGroupNumber: cell('Site'),
      vehicleRegistration: cell('Vehicle Registration'),
      driverName: cell('Driver Name'),
      duration: temporary === undefined ? temporaryCell : temporary ? 'Temporary' : 'Permanent',
      started: day('Start Date'),
      ended: temporary ? day('End Date') : null,
    },
    { mode: 'bulk', mayUseCustom: false },
  );
  const site = row.site_SiteGroupNumber;
  // ALL (one permit at every site) is for all-sites users only; others must hold the site.
  if (site && !ctx.accessAllSites && (site === ALL_SITES_VALUE || !ctx.siteNumbers.has(site))) {
    issues.push({ field: 'site_SiteGroupNumber', code: 'notAssigned', params: { value: site } });
  }
  if (temporary && !cell('End Date')) issues.push({ field: 'ended', code: 'required', params: {} });
  const order = (issue: RuleIssue) => permitRowFields.indexOf(issue.field as PermitRowField);
  const sorted = issues.sort((a, b) => order(a) - order(b));
  const messages = sorted.map((issue) => bulkRowMessage(issue));
  const fieldMessages: Partial<Record<BulkColumn, string>> = {};
  sorted.forEach((issue, index) => {
    const column = columnOfField[issue.field as PermitRowField];
    if (column && !fieldMessages[column]) fieldMessages[column] = messages[index];
  });

  const started = row.started;
  const ended = temporary
    ? row.ended || undefined
    : // The last day the stored permit covers, as the confirmation email says it (not the stored instant's day).
      started && permanentPermitLastDay(started, ctx.permanentYears);
  const shown: BulkRow = {
    line: record.line,
    site: site || cell('Site'),
    vehicleRegistration: row.vehicleRegistration || cell('Vehicle Registration'),
    driverName: cell('Driver Name'),
    temporary,
    started: started ?? cell('Start Date'),
    ended: ended ?? (temporary === false ? '' : cell('End Date')),
    messages,
    fieldMessages,
    cells: record.cells,
  };
  if (messages.length > 0 || !row.duration || !started || !site) return shown;
  return {
    ...shown,
    payload: {
      id: record.line,
      site_SiteGroupNumber: site,
      vehicleRegistration: shown.vehicleRegistration,
      driverName: shown.driverName,
      duration: row.duration,
      started,
      ended: temporary ? (row.ended ?? null) : null,
    },
  };
}
