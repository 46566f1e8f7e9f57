/** What a failed ending (expire, cancel, upload take-back) shows. */
export type PermitEndingFailure =
  /** Gone (404) or no longer in the right state (409): the form stays usable and says why. */
  | { state: 'idle'; warning: string }
  /** Anything else: the form's own failure message. */
  | { state: 'error'; warning: undefined };

/**
 * Maps the status of a failed ending to what the page shows: a 404 and a 409 are warnings in the
 * page's own words (the permit or upload is gone, or it cannot be ended any more); anything else is
 * a failure.
 */
export function permitEndingFailure(
  status: number | undefined,
  warnings: { notFound: string; conflict: string },
): PermitEndingFailure {
  if (status === 404) return { state: 'idle', warning: warnings.notFound };
  if (status === 409) return { state: 'idle', warning: warnings.conflict };
  return { state: 'error', warning: undefined };
}
