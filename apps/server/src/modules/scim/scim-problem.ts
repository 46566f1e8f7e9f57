import { ProblemError } from '../../plugins/problem.js';

/** SCIM's error detail types (RFC 7644 section 3.12, table 9) that the portal answers. */
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'mutability'
  | 'noTarget'
  | 'uniqueness';

/** A refusal with its SCIM error type: answered in SCIM's error schema, as every SCIM error is. */
export class ScimProblem extends ProblemError {
  constructor(
    status: number,
    detail: string,
    readonly scimType?: ScimType,
  ) {
    super(status, 'SCIM', detail);
  }
}
