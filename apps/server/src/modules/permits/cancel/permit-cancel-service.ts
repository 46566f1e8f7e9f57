import {
  PERMIT_UPLOAD_TAKE_BACK_MS,
  type Permit,
  type PermitKey,
  type PermitUpload,
} from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { conflict, notFound } from '../../../plugins/problem.js';
import type { Principal } from '../../access/index.js';
import { recordAudit } from '../../audit/index.js';
import { recordWebhookEvents } from '../../webhooks/index.js';
import { endPermitNow } from '../expire/end-permit-now.js';
import { recordPermitChanges } from '../history/permit-events-repository.js';
import type { PermitCountCache } from '../list/permit-count-cache.js';
import { presentPermitUpload } from '../permit-presenter.js';
import {
  cancelPermits,
  countChangeablePermitsOfUpload,
  findUpload,
  lockPermitsOfUpload,
  markUploadTakenBack,
  type StoredUpload,
} from './permit-cancel-repository.js';

/** Unknown, or out of the caller's reach: both answer the same (product brief section 2). */
const noSuchUpload = () => notFound('There is no such upload.');

/**
 * Takes back a permit added by mistake, before it starts (issue 24): it ends now, so it stops
 * counting against the allowance at once, and is marked cancelled; its history keeps the planned
 * end, who and when. A started permit is expired instead (409 says so). The row is locked, so two
 * cancels of the same permit cannot both succeed.
 */
export async function cancelPermit(
  queries: Queries,
  principal: Principal,
  key: PermitKey,
  countCache: PermitCountCache,
  clock: () => Date = () => new Date(),
): Promise<Permit> {
  return endPermitNow(queries, principal, key, countCache, clock, {
    kind: 'cancelled',
    refuse: (permit, now) => {
      if (permit.cancelledAt) throw conflict('This permit has already been cancelled.');
      if (Date.parse(permit.started) <= now.getTime()) {
        throw conflict('This permit has started, so it cannot be cancelled: expire it instead.');
      }
    },
    write: async (tx, permitId, now) => {
      const [stored] = await cancelPermits(tx, [permitId], now);
      if (!stored) throw new Error(`Permit ${permitId} vanished while locked`);
      return stored;
    },
    audit: (permit) => ({
      type: 'PermitCancelled',
      description: `Cancelled the ${permit.type} permit ${permit.permitId} for ${permit.vehicleRegistration} at ${permit.site_SiteGroupNumber} before it started.`,
      details: {
        permitId: permit.permitId,
        type: permit.type,
        started: permit.started,
        endedBefore: permit.ended,
      },
    }),
  });
}

/**
 * An upload is the caller's to see only when every one of its permits is theirs to change (the
 * expire rule): taking it back is all or nothing, so part of an upload is no upload at all.
 */
async function uploadInReach(
  queries: Queries,
  principal: Principal,
  uploadId: number,
  options: { forUpdate?: boolean } = {},
): Promise<StoredUpload> {
  const upload = await findUpload(queries, uploadId, options);
  if (!upload) throw noSuchUpload();
  const changeable = await countChangeablePermitsOfUpload(queries, principal, uploadId);
  if (changeable < upload.permitCount) throw noSuchUpload();
  return upload;
}

/** GET /permits/uploads/{uploadId}: the upload, until when it may be taken back, and whether it was. */
export async function permitUploadFor(
  queries: Queries,
  principal: Principal,
  uploadId: number,
): Promise<PermitUpload> {
  return presentPermitUpload(await uploadInReach(queries, principal, uploadId));
}

/**
 * Takes back a whole bulk upload within its first hour (issue 24), all or nothing: every permit of it
 * that has not ended is cancelled, started or not (the upload was the mistake), in one transaction
 * that locks the upload and then its permits in id order.
 */
export async function takeBackUpload(
  queries: Queries,
  principal: Principal,
  uploadId: number,
  countCache: PermitCountCache,
  clock: () => Date = () => new Date(),
): Promise<PermitUpload> {
  const upload = await queries.transaction().execute(async (tx) => {
    const upload = await uploadInReach(tx, principal, uploadId, { forUpdate: true });
    if (upload.takenBackAt) throw conflict('This upload has already been taken back.');
    const now = clock();
    if (now.getTime() >= upload.addedAt.getTime() + PERMIT_UPLOAD_TAKE_BACK_MS) {
      throw conflict(
        'An upload can be taken back only within an hour of adding it: cancel or expire its permits one by one.',
      );
    }
    const permits = await lockPermitsOfUpload(tx, uploadId);
    const open = permits.filter((p) => !p.cancelledAt && Date.parse(p.ended) > now.getTime());
    const cancelled = await cancelPermits(
      tx,
      open.map((p) => p.permitId),
      now,
    );
    const plannedEnd = new Map(open.map((p) => [p.permitId, p.ended]));
    const actor = {
      userId: principal.userId,
      email: principal.email,
      apiKeyId: principal.apiKey?.id ?? null,
    };
    await recordPermitChanges(
      tx,
      cancelled.map((p) => ({
        permitId: p.permitId,
        kind: 'cancelled' as const,
        field: 'ended',
        from: plannedEnd.get(p.permitId) ?? null,
        to: p.ended,
      })),
      actor,
      now,
    );
    await recordWebhookEvents(
      tx,
      'permit.cancelled',
      cancelled.map((p) => ({ targets: [p.site_SiteGroupNumber], data: p })),
    );
    await markUploadTakenBack(tx, uploadId, principal.userId, now);
    await recordAudit(tx, {
      subject: actor,
      actor,
      type: 'PermitUploadTakenBack',
      description: `Took back the upload ${uploadId}: cancelled ${cancelled.length} of its ${upload.permitCount} permits.`,
      details: { uploadId, permitIds: cancelled.map((p) => p.permitId) },
    });
    return { ...upload, takenBackAt: now, takenBackBy: principal.email };
  });
  countCache.invalidate();
  return presentPermitUpload(upload);
}
