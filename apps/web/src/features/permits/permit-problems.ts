import { type PermitAddMode, type Problem, permitRowKey, type RuleIssue } from '@client-portal/contract';

/** The key under which the server reports an exceeded permit allowance (the product brief, section 5). */
export const ALLOWANCE_KEY = 'Allowance';

const unique = (messages: readonly string[]) => [...new Set(messages)];

/** The messages of the answer's keys that no row issue stands under (`id`, `Allowance`, ...). */
function otherMessages(problem: Problem, mode: PermitAddMode): string[] {
  const rowKeys = new Set((problem.rows ?? []).map((row) => permitRowKey(mode, row.line ?? 0, row.field)));
  return Object.entries(problem.errors ?? {}).flatMap(([key, messages]) =>
    rowKeys.has(key) ? [] : messages,
  );
}

/**
 * A single add's 400 answer: each row issue in the browser's words, the other messages as sent, and
 * after an allowance message the extra line asking the user to contact their representative.
 */
export function singleAddMessages(
  problem: Problem,
  rowMessage: (issue: RuleIssue) => string,
  allowanceLine: string,
): string[] {
  const messages = [...(problem.rows ?? []).map(rowMessage), ...otherMessages(problem, 'single')];
  return unique(ALLOWANCE_KEY in (problem.errors ?? {}) ? [...messages, allowanceLine] : messages);
}

export interface BulkProblem {
  /** Messages of the row issues, by the line they were sent on. */
  byLine: Map<number, string[]>;
  /** Every other message (including the allowance line when an allowance was exceeded). */
  general: string[];
}

/**
 * A bulk add's 400 answer: row issues of lines sent go back onto their rows; any other message is a
 * whole-file one. An `Allowance` key adds the exceeded-allowance line.
 */
export function splitBulkProblem(
  problem: Problem,
  sentLines: ReadonlySet<number>,
  rowMessage: (issue: RuleIssue) => string,
  allowanceLine: string,
): BulkProblem {
  const byLine = new Map<number, string[]>();
  const general: string[] = [];
  for (const issue of problem.rows ?? []) {
    if (issue.line !== null && sentLines.has(issue.line)) {
      byLine.set(issue.line, [...(byLine.get(issue.line) ?? []), rowMessage(issue)]);
    } else general.push(rowMessage(issue));
  }
  general.push(...otherMessages(problem, 'bulk'));
  if (ALLOWANCE_KEY in (problem.errors ?? {})) general.push(allowanceLine);
  return { byLine, general: unique(general) };
}
