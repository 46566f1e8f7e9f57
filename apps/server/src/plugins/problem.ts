import type { Problem } from '@client-portal/contract';

/** An error the API answers as application/problem+json with this status. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
    /** RFC 9457 extension members, such as the `rows` of a refused permit add. */
    readonly extensions?: Pick<Problem, 'rows'>,
  ) {
    super(detail ?? title);
  }
}

export const badRequest = (detail: string) => new ProblemError(400, 'Bad Request', detail);
export const unauthorized = (detail = 'Sign in to continue.') =>
  new ProblemError(401, 'Unauthorized', detail);
export const forbidden = (detail = 'You do not have permission to do this.') =>
  new ProblemError(403, 'Forbidden', detail);
export const notFound = (detail = 'The requested resource was not found.') =>
  new ProblemError(404, 'Not Found', detail);
export const conflict = (detail: string) => new ProblemError(409, 'Conflict', detail);
export const validationFailed = (
  errors: Record<string, string[]>,
  detail = 'One or more fields are invalid.',
  extensions?: Pick<Problem, 'rows'>,
) => new ProblemError(400, 'Validation failed', detail, errors, extensions);

/** Collects field messages, then throws one validation problem if any were added. */
export class FieldErrors {
  private readonly errors: Record<string, string[]> = {};
  add(field: string, message: string): this {
    this.errors[field] ??= [];
    this.errors[field].push(message);
    return this;
  }
  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }
  throwIfAny(extensions?: Pick<Problem, 'rows'>): void {
    if (this.any) throw validationFailed(this.errors, undefined, extensions);
  }
}
