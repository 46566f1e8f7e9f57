import {
  type CoveredTickets,
  PERMIT_UPLOAD_TAKE_BACK_MS,
  type Permit,
  type PermitAddResult,
  type PermitDetail,
  type PermitDuration,
  type PermitEditField,
  type PermitEditResult,
  type PermitEvent,
  type PermitType,
  type PermitUpload,
  permitEventKinds,
  permitReference,
} from '@client-portal/contract';
import type { Selectable } from 'kysely';
import type { PermitEvents, Permits, Users } from '../../db/database-types.js';

/**
 * The permits' one presenter (as outline's document presenter): every answer the API gives
 * about a permit is made here from what its use case read or wrote, so a permit reads the same
 * whether it comes from the list, an add, an edit, an expiry or its page. Use cases read and write;
 * they do not shape answers.
 */

/** The columns of a permit that its answer shows, for a query over `permits as p`. */
export const permitColumnRefs = [
  'p.id',
  'p.scope',
  'p.target',
  'p.vehicle_registration',
  'p.driver_name',
  'p.is_temp',
  'p.started',
  'p.ended',
  'p.cancelled_at',
] as const;

/**
 * A permit as those columns select it, typed from the generated database types; `scope` is read as
 * text (the database's check constraint holds it to the two permit types: presentPermit narrows it)
 * and `target` is never null (a generated column of site or group number, one of which is set).
 */
export type PermitRow = Pick<
  Selectable<Permits>,
  'id' | 'vehicle_registration' | 'driver_name' | 'is_temp' | 'started' | 'ended' | 'cancelled_at'
> & {
  scope: string;
  target: string | null;
};

/** A stored permit's columns as the database types give them. */
type PermitColumns = Selectable<Permits>;

/**
 * A permit with every column the detail page and an edit need, under the names they use: typed from
 * the generated database types; `scope` and `duration` narrowed by their check constraints, the times as Dates.
 */
export interface StoredPermit {
  id: PermitColumns['id'];
  scope: PermitType;
  /** Generated from site_number or group_number, so never null. */
  target: NonNullable<PermitColumns['target']>;
  vehicleRegistration: PermitColumns['vehicle_registration'];
  driverName: PermitColumns['driver_name'];
  isTemp: PermitColumns['is_temp'];
  duration: PermitDuration;
  started: Date;
  ended: Date;
  cancelledAt: Date | null;
  uploadId: number | null;
  reason: PermitColumns['reason'];
  authorisedBy: PermitColumns['authorised_by'];
  addedBy: Selectable<Users>['email'] | null;
  addedAt: Date;
  /** The name of the visitor link a visitor registered it through (decision 47), else null. */
  visitorLink: string | null;
}

/** A stored history row: columns typed from the generated database types, `kind` narrowed to the contract's values. */
export type PermitEventRow = Pick<
  Selectable<PermitEvents>,
  'kind' | 'field' | 'from_value' | 'to_value' | 'user_email' | 'at'
> & {
  /** The name of the API key the change came through (decision 43), else null. */
  api_key_name: string | null;
};

/** A stored event's kind: one of the contract's (the permit_events table's check constraint). */
function eventKindOf(kind: string): PermitEvent['kind'] {
  const known = permitEventKinds.find((k) => k === kind);
  if (!known) throw new Error(`Unknown permit event kind: ${kind}`);
  return known;
}

/** Both drivers may hand back a timestamptz as a Date or as text; the answer is always ISO. */
const isoOf = (value: Date | string) => new Date(value).toISOString();

/** A permit as the list, its export, the add and the expiry answer it. */
/** A permit's scope as stored: 'site' or 'group' (the permits table's check constraint). */
function permitTypeOf(scope: string): PermitType {
  return scope === 'group' ? 'group' : 'site';
}

export function presentPermit(r: PermitRow): Permit {
  return {
    type: permitTypeOf(r.scope),
    permitId: r.id,
    reference: permitReference(r.target ?? '', r.id),
    site_SiteGroupNumber: r.target ?? '',
    vehicleRegistration: r.vehicle_registration,
    driverName: r.driver_name,
    isTemp: r.is_temp,
    started: isoOf(r.started),
    ended: isoOf(r.ended),
    cancelledAt: r.cancelled_at === null ? null : isoOf(r.cancelled_at),
  };
}

/**
 * A row of the list's page: the permit, the latest camera read of its vehicle since it started, and
 * the visitor link it came through (decision 47).
 */
export function presentListedPermit(
  permit: Permit,
  listed: { at: string | null; visitorLink: string | null } | undefined,
): Permit {
  return { ...permit, lastSeenAt: listed?.at ?? null, visitorLink: listed?.visitorLink ?? null };
}

/** A permit read for its page or an edit, answered as the list answers it (the edit's `permit`). */
export function presentStoredPermit(p: StoredPermit): Permit {
  return presentPermit({
    id: p.id,
    scope: p.scope,
    target: p.target,
    vehicle_registration: p.vehicleRegistration,
    driver_name: p.driverName,
    is_temp: p.isTemp,
    started: p.started,
    ended: p.ended,
    cancelled_at: p.cancelledAt,
  });
}

/** GET /permits/{type}/{permitId}: the permit with its duration, reason and who added it when. */
export function presentPermitDetail(p: StoredPermit): PermitDetail {
  return {
    ...presentStoredPermit(p),
    duration: p.duration,
    reason: p.reason,
    authorisedBy: p.authorisedBy,
    addedBy: p.addedBy,
    addedAt: p.addedAt.toISOString(),
    uploadId: p.uploadId,
    visitorLink: p.visitorLink,
  };
}

/** POST /permits: the permits stored, in row order, and the open tickets they cover. */
export function presentPermitAddResult(
  permits: Permit[],
  coveredTickets: CoveredTickets,
  uploadId: number | null,
): PermitAddResult {
  return { success: true, permits, coveredTickets, uploadId };
}

/** PUT /permits/{type}/{permitId}: the permit as now stored, the fields changed, the tickets it covers. */
export function presentPermitEditResult(
  permit: Permit,
  changed: PermitEditField[],
  coveredTickets: CoveredTickets,
): PermitEditResult {
  return { permit, changed, coveredTickets };
}

/** One row of a permit's history. */
export function presentPermitEvent(r: PermitEventRow): PermitEvent {
  return {
    kind: eventKindOf(r.kind),
    field: r.field,
    from: r.from_value,
    to: r.to_value,
    by: r.user_email,
    apiKey: r.api_key_name,
    at: isoOf(r.at),
  };
}

/** GET /permits/uploads/{uploadId} and its cancel: the upload and until when it may be taken back. */
export function presentPermitUpload(u: {
  id: number;
  permitCount: number;
  addedAt: Date;
  addedBy: string | null;
  takenBackAt: Date | null;
  takenBackBy: string | null;
}): PermitUpload {
  return {
    uploadId: u.id,
    permitCount: u.permitCount,
    addedBy: u.addedBy,
    addedAt: u.addedAt.toISOString(),
    takeBackUntil: new Date(u.addedAt.getTime() + PERMIT_UPLOAD_TAKE_BACK_MS).toISOString(),
    takenBackAt: u.takenBackAt?.toISOString() ?? null,
    takenBackBy: u.takenBackBy,
  };
}
