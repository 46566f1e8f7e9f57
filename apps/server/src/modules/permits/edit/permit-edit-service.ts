import {
  type CheckedPermitEdit,
  checkPermitEditFields,
  type Permit,
  type PermitDetail,
  type PermitEditField,
  type PermitKey,
  permitEndIssues,
  ukToday,
} from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { conflict, forbidden, notFound } from '../../../plugins/problem.js';
import { type Principal, policy } from '../../access/index.js';
import { recordAudit } from '../../audit/index.js';
import { recordWebhookEvent } from '../../webhooks/index.js';
import { checkOverlaps } from '../add/permit-add-conflicts.js';
import { permitPeriod } from '../add/permit-add-periods.js';
import { findPermitsOfVehicles, loadSiteDirectory, lockPermitPlaces } from '../add/permit-add-repository.js';
import type { PlannedPermit } from '../add/permit-add-rows.js';
import { permanentYearsOf } from '../add/permit-add-service.js';
import { PermitRowErrors } from '../add/permit-row-errors.js';
import { type PermitFieldChange, recordPermitChanges } from '../history/permit-events-repository.js';
import type { PermitCaches } from '../list/permit-count-cache.js';
import { presentPermitDetail, presentStoredPermit, type StoredPermit } from '../permit-presenter.js';
import { checkEditedPlateWarnings } from './permit-edit-plates.js';
import { findStoredPermit, type PermitCorrection, updatePermit } from './permit-edit-repository.js';

/** Unknown, of the other type, or out of the caller's reach: all answer the same (product brief section 2). */
const noSuchPermit = () => notFound('There is no such permit.');
/** The inclusive UK end day of an exclusive end instant. */
const lastDayOf = (ended: Date) => ukToday(new Date(ended.getTime() - 1));

export async function permitDetailFor(
  queries: Queries,
  principal: Principal,
  key: PermitKey,
): Promise<PermitDetail> {
  const permit = await findStoredPermit(queries, principal, key);
  if (!permit) throw noSuchPermit();
  return presentPermitDetail(permit);
}

/** The stored permit with the corrections applied; a Permanent permit keeps its computed end. */
function corrected(stored: StoredPermit, edit: Partial<CheckedPermitEdit>, years: number): PermitCorrection {
  const endDay = edit.ended || undefined;
  const ended =
    stored.duration === 'Permanent' || !endDay || endDay === lastDayOf(stored.ended)
      ? stored.ended
      : permitPeriod(stored.duration, ukToday(stored.started), endDay, years).ended;
  return {
    vehicleRegistration: edit.vehicleRegistration ?? stored.vehicleRegistration,
    driverName: edit.driverName ?? stored.driverName,
    reason: edit.reason ?? null,
    ended,
  };
}

/** The edited fields, each with its stored text before and after (`ended` as an ISO instant). */
function changesOf(stored: StoredPermit, next: PermitCorrection): PermitFieldChange[] {
  const text = (v: string | number | Date | null) =>
    v === null ? null : v instanceof Date ? v.toISOString() : String(v);
  const pairs: [PermitEditField, string | null, string | null][] = [
    ['vehicleRegistration', stored.vehicleRegistration, next.vehicleRegistration],
    ['driverName', stored.driverName, next.driverName],
    ['reason', text(stored.reason), text(next.reason)],
    ['ended', text(stored.ended), text(next.ended)],
  ];
  return pairs
    .filter(([, from, to]) => from !== to)
    .map(([field, from, to]) => ({ permitId: stored.id, kind: 'edited', field, from, to }));
}

/** A stored permit as the overlap rule sees a permit being added. */
function asPlanned(stored: StoredPermit, next: PermitCorrection, sites: readonly string[]): PlannedPermit {
  return {
    rowId: 0,
    scope: stored.scope,
    target: stored.target,
    sites,
    vehicleRegistration: next.vehicleRegistration,
    driverName: next.driverName,
    isTemp: stored.isTemp,
    duration: stored.duration,
    started: stored.started,
    ended: next.ended,
    reason: next.reason,
    authorisedBy: stored.authorisedBy,
  };
}

/**
 * Corrects a permit's registration, driver name, reason and end day (Permits.Edit, issue 14) with
 * the add's own rules: each field's contract rule, the end day's window for its duration, and no
 * overlap with another permit of the (new) vehicle at a shared site; a new registration gets the add's
 * plate check (a similar plate's warning must be confirmed, permit-edit-plates.ts). Allowances cannot be exceeded:
 * only a permit that has not ended may be edited, it keeps its place and kind, so it is counted
 * already. Locks as an add does (the permit's sites, then its group), then the permit's row; the
 * history gets one row per changed field in the same transaction.
 */
export async function editPermit(
  queries: Queries,
  principal: Principal,
  key: PermitKey,
  body: Readonly<Record<string, unknown>>,
  caches: PermitCaches,
  now = new Date(),
): Promise<{ permit: Permit; changed: PermitEditField[] }> {
  if (!policy.holdsAnyFeature(principal, 'Permits.Edit')) throw forbidden('You may not edit permits.');
  const seen = await findStoredPermit(queries, principal, key);
  if (!seen) throw noSuchPermit();
  const errors = new PermitRowErrors('single');
  const { edit, issues } = checkPermitEditFields(body);
  for (const issue of issues) errors.row(0, issue);
  errors.throwIfAny();

  const directory = await loadSiteDirectory(queries);
  const years = await permanentYearsOf(queries, caches.config);
  const sites = seen.scope === 'group' ? (directory.groups.get(seen.target) ?? []) : [seen.target];
  const result = await queries.transaction().execute(async (tx) => {
    await lockPermitPlaces(tx, [...sites].sort(), seen.scope === 'group' ? [seen.target] : []);
    const stored = await findStoredPermit(tx, principal, key, { forUpdate: true });
    if (!stored) throw noSuchPermit();
    if (stored.ended.getTime() <= now.getTime()) {
      throw conflict('This permit has already ended, so it cannot be edited.');
    }
    const endDay = edit.ended || undefined;
    if (stored.duration !== 'Permanent' && endDay !== lastDayOf(stored.ended)) {
      const dayIssues = permitEndIssues(
        { duration: stored.duration, started: ukToday(stored.started), ended: endDay },
        ukToday(now),
        years,
      );
      for (const issue of dayIssues) errors.row(0, issue);
      errors.throwIfAny();
    }
    const next = corrected(stored, edit, years);
    const changes = changesOf(stored, next);
    if (changes.length === 0) return { permit: stored, changed: [] };

    await checkEditedPlateWarnings(
      tx,
      principal,
      stored,
      next.vehicleRegistration,
      body.confirmedWarnings === true,
      errors,
      now,
    );
    const others = await findPermitsOfVehicles(
      tx,
      [next.vehicleRegistration],
      stored.started,
      directory,
      stored.id,
    );
    checkOverlaps([asPlanned(stored, next, sites)], others, errors);
    errors.throwIfAny();

    await updatePermit(tx, stored.id, next);
    const actor = {
      userId: principal.userId,
      email: principal.email,
      apiKeyId: principal.apiKey?.id ?? null,
    };
    await recordPermitChanges(tx, changes, actor, now);
    await recordAudit(tx, {
      subject: actor,
      actor,
      type: 'PermitEdited',
      description: `Edited the ${stored.scope} permit ${stored.id} at ${stored.target}: ${changes.map((c) => c.field).join(', ')}.`,
      details: { permitId: stored.id, type: stored.scope, changes },
    });
    const updated: StoredPermit = { ...stored, ...next };
    await recordWebhookEvent(tx, 'permit.edited', [stored.target], presentStoredPermit(updated));
    return { permit: updated, changed: changes.map((c) => c.field as PermitEditField) };
  });
  if (result.changed.length > 0) caches.permitCounts.invalidate();
  return { permit: presentStoredPermit(result.permit), changed: result.changed };
}
