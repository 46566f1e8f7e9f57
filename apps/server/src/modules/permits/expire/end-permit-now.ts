import type { Permit, PermitKey } from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { notFound } from '../../../plugins/problem.js';
import type { Principal } from '../../access/index.js';
import { type AuditEntry, recordAudit } from '../../audit/index.js';
import { recordWebhookEvent } from '../../webhooks/index.js';
import { recordPermitChanges } from '../history/permit-events-repository.js';
import type { PermitCountCache } from '../list/permit-count-cache.js';
import { findPermit } from './permit-expire-repository.js';

/** Unknown, of the other type, or out of the caller's reach: all answer the same (product brief section 2). */
const noSuchPermit = () => notFound('There is no such permit.');

/** How one use case ends a permit now: what it refuses, what it writes, and what it records. */
export interface PermitEnding {
  /** The kind of the history row the ending writes. */
  kind: 'expired' | 'cancelled';
  /** Throws the conflict that forbids ending this permit at `now`, if there is one. */
  refuse: (permit: Permit, now: Date) => void;
  /** Writes the new end (and any mark that goes with it) and answers the permit as stored. */
  write: (queries: Queries, permitId: number, now: Date) => Promise<Permit>;
  /** The audit event of the ending, told the permit as it was before. */
  audit: (permit: Permit) => Pick<AuditEntry, 'type' | 'description' | 'details'>;
}

/**
 * Ends one permit now (expire and cancel): locks its row, so two endings of the same permit cannot
 * both succeed, asks the use case whether it may end, writes the end, and records the history row
 * (planned end before, now after) and the audit event in the same transaction.
 */
export async function endPermitNow(
  queries: Queries,
  principal: Principal,
  key: PermitKey,
  countCache: PermitCountCache,
  clock: () => Date,
  ending: PermitEnding,
): Promise<Permit> {
  const ended = await queries.transaction().execute(async (tx) => {
    const permit = await findPermit(tx, principal, key, { forUpdate: true });
    if (!permit) throw noSuchPermit();
    const now = clock();
    ending.refuse(permit, now);
    const stored = await ending.write(tx, permit.permitId, now);
    const actor = {
      userId: principal.userId,
      email: principal.email,
      apiKeyId: principal.apiKey?.id ?? null,
    };
    await recordPermitChanges(
      tx,
      [
        {
          permitId: permit.permitId,
          kind: ending.kind,
          field: 'ended',
          from: permit.ended,
          to: stored.ended,
        },
      ],
      actor,
      now,
    );
    await recordAudit(tx, { subject: actor, actor, ...ending.audit(permit) });
    await recordWebhookEvent(
      tx,
      ending.kind === 'expired' ? 'permit.expired' : 'permit.cancelled',
      [stored.site_SiteGroupNumber],
      stored,
    );
    return stored;
  });
  // This process counts the change at once; the others drop their counts on the NOTIFY.
  countCache.invalidate();
  return ended;
}
