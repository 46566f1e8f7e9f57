import type { Permit } from '@client-portal/contract';
import type { Queries } from '../../../db/kysely.js';
import { conflict } from '../../../plugins/problem.js';
import type { PermitCaches } from '../list/permit-count-cache.js';
import { loadSiteDirectory } from './permit-add-repository.js';
import { storePlannedPermits } from './permit-add-service.js';
import { PermitRowErrors } from './permit-row-errors.js';

/** The visitor link a visitor registers through, as the permit add needs it. */
export interface VisitorPermitLink {
  id: number;
  name: string;
  siteNumber: string;
  /** The staff member who made the link: the permit's creator, so it is in their own list too. */
  createdBy: string;
}

export interface VisitorPermitRequest {
  link: VisitorPermitLink;
  vehicleRegistration: string;
  visitorName: string | null;
  started: Date;
  ended: Date;
  /** The link's daily cap, checked under the site's lock before anything is written. */
  underLock: (tx: Queries) => Promise<void>;
  /** The registration's own writes, in the same transaction. */
  afterStore: (tx: Queries, permit: Permit) => Promise<void>;
}

/** What a refusal tells the visitor: plain words, and what to do instead. */
export const VISITOR_REFUSALS = {
  overlap:
    'This vehicle is already registered at this site for this time, so nothing more is needed. ' +
    'If you think that is wrong, please ask reception.',
  allowanceExceeded:
    'This site has no visitor places left at the moment. Please ask reception, who can register your car.',
} as const;

/**
 * A visitor's own permit (decision 47), through the one write of every permit add
 * (storePlannedPermits): a temporary permit at the link's site, reason Visitor, under the site's lock,
 * counted against its temporary allowance and refused on an overlap like any other. The add of the
 * form and of a CSV file and this one cannot pass each other's checks by racing.
 */
export async function addVisitorPermit(
  queries: Queries,
  request: VisitorPermitRequest,
  caches: PermitCaches,
  now: Date,
): Promise<Permit> {
  const { link } = request;
  const errors = new PermitRowErrors('single');
  const directory = await loadSiteDirectory(queries);
  const history = { userId: null, email: `visitor link "${link.name}"`, apiKeyId: null };
  try {
    const added = await storePlannedPermits(
      queries,
      [
        {
          rowId: 0,
          scope: 'site',
          target: link.siteNumber,
          sites: [link.siteNumber],
          vehicleRegistration: request.vehicleRegistration,
          driverName: request.visitorName ?? 'Visitor',
          isTemp: true,
          duration: 'Temporary',
          started: request.started,
          ended: request.ended,
          // The spec's reason codes: 4 is Visitor.
          reason: 4,
          authorisedBy: null,
          visitorLinkId: link.id,
        },
      ],
      errors,
      now,
      directory,
      {
        createdBy: link.createdBy,
        uploadBy: null,
        history,
        audit: {
          subject: { userId: link.createdBy, email: null },
          actor: null,
          description:
            `A visitor registered ${request.vehicleRegistration} at ${link.siteNumber} ` +
            `through the visitor link "${link.name}".`,
        },
        underLock: request.underLock,
        afterStore: (tx, stored) => request.afterStore(tx, stored[0]!),
      },
    );
    caches.permitCounts.invalidate();
    return added.permits[0]!;
  } catch (error) {
    const codes = errors.issues.map((issue) => issue.code);
    if (codes.includes('overlap')) throw conflict(VISITOR_REFUSALS.overlap);
    if (codes.includes('allowanceExceeded')) throw conflict(VISITOR_REFUSALS.allowanceExceeded);
    throw error;
  }
}
