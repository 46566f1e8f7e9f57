import crypto from 'node:crypto';
import type { ErasureInput, ErasureResult } from '@client-portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Queries } from '../../db/kysely.js';
import { notFound } from '../../plugins/problem.js';
import { type Principal, policy } from '../access/index.js';
import { recordAudit } from '../audit/index.js';
import { loadAnonymiser } from './anonymise.js';
import { erasureQueries } from './erasure-repository.js';
import { type HashKey, retentionQueries } from './retention-repository.js';
import { emptyStats, inBatch, RETENTION_BATCH_ROWS, type RetentionStats } from './retention-service.js';
import { rowsOf, subjectQueries } from './subject-access-repository.js';
import { subjectOf } from './subject-access-service.js';
import type { Subject } from './subject-records.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Batches of `take` until one finds nothing: each batch its own short transaction. */
async function untilNone(
  db: Queries,
  stats: RetentionStats,
  kind: string,
  take: (trx: Queries) => Promise<number>,
): Promise<void> {
  stats.counts[kind] = stats.counts[kind] ?? 0;
  for (;;) {
    const n = await inBatch(db, stats, take);
    stats.counts[kind] += n;
    if (n === 0) return;
  }
}

async function eraseRegistration(db: Queries, key: HashKey, registration: string, stats: RetentionStats) {
  const limit = RETENTION_BATCH_ROWS;
  const batches = [
    ['transactions', erasureQueries.transactions],
    ['sightings', erasureQueries.sightings],
    ['permits', erasureQueries.permits],
  ] as const;
  for (const [kind, batch] of batches)
    await untilNone(db, stats, kind, async (trx) => {
      const done = (await batch(registration, limit, key).execute(trx)).rows[0];
      return Number(done?.changed ?? 0);
    });
  stats.counts.tickets = await inBatch(db, stats, async (trx) =>
    Number((await erasureQueries.closedTickets(registration, key).execute(trx)).numAffectedRows ?? 0),
  );
}

async function eraseEmail(db: Queries, email: string, stats: RetentionStats) {
  const pattern = escapeRegExp(email);
  await inBatch(db, stats, async (trx) => {
    const userIds = (await rowsOf(trx, subjectQueries.accounts(email))).map((a) => String(a.id));
    if (userIds.length > 0) {
      await erasureQueries.eraseAuditOfAccounts(userIds, pattern).execute(trx);
      await erasureQueries.erasePermitHistoryEmails(userIds).execute(trx);
      await erasureQueries.eraseSenderEmails(userIds).execute(trx);
      await erasureQueries.eraseAccounts(userIds).execute(trx);
    }
    stats.counts.accounts = userIds.length;
    const audit = await erasureQueries.eraseAuditOfAddress(email, pattern).execute(trx);
    stats.counts.signInHistory = Number(audit.numAffectedRows ?? 0);
    await erasureQueries.forgetAddressFailures(email).execute(trx);
  });
}

/** What an open charge keeps of a registration, and why. */
async function keptFor(db: Queries, registration: string): Promise<ErasureResult['kept']> {
  const open = await rowsOf(db, erasureQueries.openTickets(registration));
  if (open.length === 0) return [];
  const reason = 'Needed for an open parking charge of this vehicle; erased once the charge is closed.';
  return [
    ...open.map((t) => ({
      kind: 'tickets' as const,
      id: t.id,
      reason: `An open parking charge (status ${t.status}): kept until it is closed.`,
    })),
    ...(await rowsOf(db, erasureQueries.keptSightings(registration))).map((r) => ({
      kind: 'sightings' as const,
      id: r.id,
      reason,
    })),
    ...(await rowsOf(db, erasureQueries.keptPermits(registration))).map((r) => ({
      kind: 'permits' as const,
      id: r.id,
      reason,
    })),
  ];
}

/**
 * An accepted erasure request: the person's records anonymised at once by retention's own code (the
 * keyed hash, names and addresses gone), except what an open charge needs, which is listed with why.
 * The audit row says who did it, the request's reference and how many rows of each kind changed,
 * never the registration or address.
 */
export async function eraseSubject(
  app: FastifyInstance,
  principal: Principal,
  input: ErasureInput,
): Promise<ErasureResult> {
  if (!policy.holdsAnyFeature(principal, 'Privacy.SubjectAccess')) throw notFound();
  const db = app.database.kysely;
  const subject: Subject = subjectOf(input);
  const anonymiser = await loadAnonymiser(db);
  const stats = emptyStats();
  const runKey = `erasure:${crypto.randomUUID()}`;
  const run = (await erasureQueries.claimErasure(runKey).execute(db)).rows[0];
  const kept = 'registration' in subject ? await keptFor(db, subject.registration) : [];
  if ('registration' in subject) await eraseRegistration(db, anonymiser.key, subject.registration, stats);
  else await eraseEmail(db, subject.email, stats);
  if (run) await retentionQueries.finishRun(db, Number(run.id), stats).execute();
  const actor = { userId: principal.userId, email: principal.email };
  await recordAudit(db, {
    subject: actor,
    actor,
    type: 'ErasureCarriedOut',
    description: `Carried out the erasure request ${input.reference}`,
    details: { reference: input.reference, anonymised: stats.counts, kept: kept.length },
  });
  return { anonymised: stats.counts, kept };
}
