import { z } from 'zod';
import { permitRowIssueSchema } from './permit-add.js';

/** RFC 9457 problem details, as every error of the API is sent. */
export const problemSchema = z.object({
  type: z.string().optional(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** POST /permits: each refused check of a row, with its code (the `errors` keep the spec's keys). */
  rows: z.array(permitRowIssueSchema).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
