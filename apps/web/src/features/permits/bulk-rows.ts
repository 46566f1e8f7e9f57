import {
  ALL_SITES_VALUE,
  DRIVER_NAME_MAX,
  normaliseRegistration,
  normaliseSiteValue,
  PERSON_NAME_PATTERN,
  type PermitAddRow,
  permanentPermitEnd,
  REGISTRATION_PATTERN,
  SITE_INPUT_MAX,
  SITE_VALUE_PATTERN,
  VEHICLE_REGISTRATION_MAX,
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
 * Checks one CSV row against the bulk rules of operations spec section 5, with the spec's messages:
 * every field required, lengths, Yes/No, dates, site format and access, registration and name
 * characters. End Date counts only for temporary permits; a permanent one ends PermanentPermitYears
 * after its start. Date windows and allowances are the server's to check.
 */
export function checkBulkRecord(record: CsvRecord, ctx: BulkRowContext, t: TFunction): BulkRow {
  const messages: string[] = [];
  const cell = (column: BulkColumn) => record.cells[column].trim();
  const required = (field: BulkColumn) => t('permitBulk.rowErrors.required', { field });
  const tooLong = (field: BulkColumn, max: number) =>
    t('permitBulk.rowErrors.tooLong', { field, max: String(max) });

  const site = normaliseSiteValue(cell('Site'));
  if (!site) messages.push(required('Site'));
  else if (site.length > SITE_INPUT_MAX) messages.push(tooLong('Site', SITE_INPUT_MAX));
  else if (site === ALL_SITES_VALUE) {
    // ALL (one permit at every site) is for all-sites users only.
    if (!ctx.accessAllSites) messages.push(t('permitBulk.rowErrors.notAssigned', { value: site }));
  } else if (!SITE_VALUE_PATTERN.test(site)) messages.push(t('permitBulk.rowErrors.site'));
  else if (!ctx.accessAllSites && !ctx.siteNumbers.has(site))
    messages.push(t('permitBulk.rowErrors.notAssigned', { value: site }));

  const vehicleRegistration = normaliseRegistration(cell('Vehicle Registration'));
  if (!vehicleRegistration) messages.push(required('Vehicle Registration'));
  else if (vehicleRegistration.length > VEHICLE_REGISTRATION_MAX)
    messages.push(tooLong('Vehicle Registration', VEHICLE_REGISTRATION_MAX));
  else if (!REGISTRATION_PATTERN.test(vehicleRegistration))
    messages.push(t('permitBulk.rowErrors.vehicleRegistration'));

  const driverName = cell('Driver Name');
  if (!driverName) messages.push(required('Driver Name'));
  else if (driverName.length > DRIVER_NAME_MAX) messages.push(tooLong('Driver Name', DRIVER_NAME_MAX));
  else if (!PERSON_NAME_PATTERN.test(driverName)) messages.push(t('permitBulk.rowErrors.driverName'));

  const temporaryCell = cell('Temporary').toLowerCase();
  const temporary = temporaryCell === 'yes' ? true : temporaryCell === 'no' ? false : undefined;
  if (!temporaryCell) messages.push(required('Temporary'));
  else if (temporary === undefined) messages.push(t('permitBulk.rowErrors.yesOrNo', { field: 'Temporary' }));

  const date = (field: 'Start Date' | 'End Date'): string | undefined => {
    if (!cell(field)) {
      messages.push(required(field));
      return undefined;
    }
    const parsed = parseCsvDate(cell(field));
    if (!parsed) messages.push(t('permitBulk.rowErrors.invalidDate', { field }));
    return parsed;
  };
  const started = date('Start Date');
  const ended =
    temporary === true
      ? date('End Date')
      : temporary === false && started
        ? permanentPermitEnd(started, ctx.permanentYears)
        : undefined;

  const row: BulkRow = {
    line: record.line,
    site: site || cell('Site'),
    vehicleRegistration: vehicleRegistration || cell('Vehicle Registration'),
    driverName,
    temporary,
    started: started ?? cell('Start Date'),
    ended: ended ?? (temporary === false ? '' : cell('End Date')),
    messages,
  };
  if (messages.length > 0 || temporary === undefined || !started) return row;
  return {
    ...row,
    payload: {
      id: record.line,
      site_SiteGroupNumber: site,
      vehicleRegistration,
      driverName,
      duration: temporary ? 'Temporary' : 'Permanent',
      started,
      ended: temporary ? ended : null,
    },
  };
}
