import {
  CONFIG_LIMITS,
  configDefaults,
  inferPermitAddMode,
  PERMIT_BULK_MAX_PERMITS,
  type Permit,
  type PermitAddMode,
  ukToday,
} from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { badRequest, forbidden } from '../../../plugins/problem.js';
import { type Principal, policy } from '../../access/index.js';
import { type AuditEntry, recordAudit } from '../../audit/index.js';
import { type ConfigCache, readIntegerEntry } from '../../config/index.js';
import { readAllowances } from '../../permit-allowances/index.js';
import { recordWebhookEvents } from '../../webhooks/index.js';
import { type PermitEventActor, recordPermitsAdded } from '../history/permit-events-repository.js';
import type { PermitCaches } from '../list/permit-count-cache.js';
import { checkAllowances, checkOverlaps } from './permit-add-conflicts.js';
import { checkPlateWarnings } from './permit-add-plates.js';
import {
  countLivePermits,
  findPermitsOfVehicles,
  insertPermits,
  insertUpload,
  loadSiteDirectory,
  lockPermitPlaces,
} from './permit-add-repository.js';
import { checkRows, type PlannedPermit, type SiteDirectory } from './permit-add-rows.js';
import { PermitRowErrors } from './permit-row-errors.js';

const DEFAULT_PERMANENT_YEARS = Number(configDefaults.PermanentPermitYears);
const unique = (values: Iterable<string>) => [...new Set(values)].sort();

/** PermanentPermitYears, within its limit (the edit service reads it too). */
export async function permanentYearsOf(queries: Queries, configCache?: ConfigCache): Promise<number> {
  const years = await readIntegerEntry(queries, 'PermanentPermitYears', DEFAULT_PERMANENT_YEARS, configCache);
  return Math.min(years, CONFIG_LIMITS.permanentPermitYearsMax);
}

function describe(mode: PermitAddMode, count: number, first: PlannedPermit | undefined): string {
  if (mode === 'single' && count === 1 && first) {
    const kind = first.isTemp ? 'temporary' : 'permanent';
    return `Added a ${kind} permit for ${first.vehicleRegistration} at ${first.target}.`;
  }
  return `Added ${count} permits${mode === 'bulk' ? ' from a bulk upload' : ''}.`;
}

/**
 * Adds permits all or nothing (product brief, section 5): one row from the form (`single`, Permits.Add) or
 * the rows of a CSV file (`bulk`, Permits.BulkAdd). Rows are checked one by one first; then, inside
 * one transaction holding the locks of every place the permits are valid at, overlaps and allowances
 * are checked against what is stored right now, and either every permit is written or none is.
 */
/**
 * The spec's call names no mode (decision 0027): inferPermitAddMode reads it from the rows. One row that
 * reads as a CSV row from a caller who may only add single permits is their single add, so that they
 * hear what the form lacks instead of a refusal of bulk adds.
 */
export function permitAddModeFor(
  principal: Principal,
  rows: readonly Record<string, unknown>[],
): PermitAddMode {
  const mode = inferPermitAddMode(rows);
  if (mode === 'bulk' && rows.length === 1 && !policy.holdsAnyFeature(principal, 'Permits.BulkAdd')) {
    return 'single';
  }
  return mode;
}

/** What an add stored: the permits in row order, and a bulk add's upload (null for a single add). */
export interface AddedPermits {
  permits: Permit[];
  uploadId: number | null;
}

export async function addPermits(
  queries: Queries,
  principal: Principal,
  mode: PermitAddMode,
  body: readonly Record<string, unknown>[],
  caches: PermitCaches,
  now = new Date(),
): Promise<AddedPermits> {
  if (!policy.holdsAnyFeature(principal, mode === 'single' ? 'Permits.Add' : 'Permits.BulkAdd')) {
    throw forbidden(mode === 'single' ? 'You may not add permits.' : 'You may not add permits in bulk.');
  }
  if (mode === 'single' && body.length !== 1) throw badRequest('A single add carries exactly one row.');
  const errors = new PermitRowErrors(mode);
  const directory = await loadSiteDirectory(queries);
  const planned = checkRows(
    body,
    {
      mode,
      principal,
      directory,
      today: ukToday(now),
      permanentYears: await permanentYearsOf(queries, caches.config),
      mayUseCustom: policy.holdsAnyFeature(principal, 'Permits.CustomDuration'),
    },
    errors,
  );
  if (planned.length === 0) {
    errors.throwIfAny();
    return { permits: [], uploadId: null };
  }
  if (planned.length > PERMIT_BULK_MAX_PERMITS) {
    errors.whole('id', 'tooManyPermits', { count: planned.length, max: PERMIT_BULK_MAX_PERMITS });
    errors.throwIfAny();
  }
  await checkPlateWarnings(queries, principal, planned, errors, now);
  errors.throwIfAny();

  const actor = {
    userId: principal.userId,
    email: principal.email,
    apiKeyId: principal.apiKey?.id ?? null,
  };
  const added = await storePlannedPermits(queries, planned, errors, now, directory, {
    createdBy: principal.userId,
    uploadBy: mode === 'bulk' ? principal.userId : null,
    history: actor,
    audit: { subject: actor, actor, description: describe(mode, planned.length, planned[0]) },
  });
  // This process counts the new permits at once; the others drop their counts on the NOTIFY.
  caches.permitCounts.invalidate();
  return added;
}

/** How a store of planned permits is recorded: who created them, their history and audit entries. */
export interface PermitStore {
  /** permits.created_by: the adder, or the visitor link's creator for a visitor's permit. */
  createdBy: string;
  /** A bulk add's uploader (an upload row is written), else null. */
  uploadBy: string | null;
  history: PermitEventActor;
  audit: Pick<AuditEntry, 'subject' | 'actor' | 'description'>;
  /** A further check under the same locks (a visitor link's daily cap), before anything is written. */
  underLock?: (tx: Queries) => Promise<void>;
  /** Further writes in the same transaction once the permits are stored (a visitor's registration). */
  afterStore?: (tx: Queries, stored: readonly Permit[]) => Promise<void>;
}

/**
 * The write half of every permit add (the form, a CSV file, a visitor's own registration): inside
 * one transaction holding the locks of every place the permits are valid at, overlaps and allowances
 * are checked against what is stored right now, then every permit is written (with its history and
 * one audit entry) or none is.
 */
export async function storePlannedPermits(
  queries: Queries,
  planned: readonly PlannedPermit[],
  errors: PermitRowErrors,
  now: Date,
  directory: SiteDirectory,
  store: PermitStore,
): Promise<AddedPermits> {
  return queries.transaction().execute(async (tx) => {
    const groups = planned.filter((p) => p.scope === 'group').map((p) => p.target);
    await lockPermitPlaces(tx, unique(planned.flatMap((p) => p.sites)), unique(groups));
    await checkAgainstStored(tx, planned, errors, now, directory);
    errors.throwIfAny();
    await store.underLock?.(tx);

    const uploadId = store.uploadBy ? await insertUpload(tx, store.uploadBy, planned.length, now) : null;
    const stored = await insertPermits(tx, planned, store.createdBy, uploadId);
    const permitIds = stored.map((p) => p.permitId);
    await recordPermitsAdded(tx, permitIds, store.history);
    await recordWebhookEvents(
      tx,
      'permit.added',
      stored.map((p) => ({ targets: [p.site_SiteGroupNumber], data: p })),
    );
    await recordAudit(tx, { ...store.audit, type: 'PermitsAdded', details: { permitIds, uploadId } });
    await store.afterStore?.(tx, stored);
    return { permits: stored, uploadId };
  });
}

/** Overlaps with stored permits and the allowances, read under the locks. */
async function checkAgainstStored(
  tx: Queries,
  planned: readonly PlannedPermit[],
  errors: PermitRowErrors,
  now: Date,
  directory: SiteDirectory,
): Promise<void> {
  const earliest = planned.reduce((min, p) => (p.started < min ? p.started : min), now);
  const vehicles = unique(planned.map((p) => p.vehicleRegistration));
  checkOverlaps(planned, await findPermitsOfVehicles(tx, vehicles, earliest, directory), errors);
  const targets = unique(planned.map((p) => p.target));
  checkAllowances(
    planned,
    await countLivePermits(tx, targets, now),
    await readAllowances(tx, targets),
    errors,
  );
}
