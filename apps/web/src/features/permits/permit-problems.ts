import type { PermitRowIssue, Problem, RuleIssue } from '@client-portal/contract';

const unique = (messages: readonly string[]) => [...new Set(messages)];

/** The coded refusals of a POST /permits or permit edit answer (the `errors` are their English for other clients). */
const refusalsOf = (problem: Problem): readonly PermitRowIssue[] => problem.rows ?? [];

/** Was a permit allowance exceeded (the product brief, section 5)? */
const allowanceExceeded = (problem: Problem) =>
  refusalsOf(problem).some((issue) => issue.code === 'allowanceExceeded');

/**
 * A single add's 400 answer: each coded refusal in the browser's words, and after an exceeded
 * allowance the extra line asking the user to contact their representative.
 */
export function singleAddMessages(
  problem: Problem,
  rowMessage: (issue: RuleIssue) => string,
  allowanceLine: string,
): string[] {
  const messages = refusalsOf(problem).map(rowMessage);
  return unique(allowanceExceeded(problem) ? [...messages, allowanceLine] : messages);
}

export interface BulkProblem {
  /** Messages of the row refusals, by the line they were sent on. */
  byLine: Map<number, string[]>;
  /** Every other message (including the allowance line when an allowance was exceeded). */
  general: string[];
}

/**
 * A bulk add's 400 answer: refusals of lines sent go back onto their rows; the others (the whole
 * add's: no line) are whole-file messages. An exceeded allowance adds the allowance line.
 */
export function splitBulkProblem(
  problem: Problem,
  sentLines: ReadonlySet<number>,
  rowMessage: (issue: RuleIssue) => string,
  allowanceLine: string,
): BulkProblem {
  const byLine = new Map<number, string[]>();
  const general: string[] = [];
  for (const issue of refusalsOf(problem)) {
    if (issue.line !== null && sentLines.has(issue.line)) {
      byLine.set(issue.line, [...(byLine.get(issue.line) ?? []), rowMessage(issue)]);
    } else general.push(rowMessage(issue));
  }
  if (allowanceExceeded(problem)) general.push(allowanceLine);
  return { byLine, general: unique(general) };
}
