/** The key under which the server reports an exceeded permit allowance (PRODUCT.md section 5). */
export const ALLOWANCE_KEY = 'Allowance';

const unique = (messages: readonly string[]) => [...new Set(messages)];

/**
 * A single add's 400 errors, `{field}` → messages: every message flattened for the warning box, and
 * the allowance message followed by the extra line asking the user to contact their representative.
 */
export function singleAddMessages(errors: Record<string, string[]>, allowanceLine: string): string[] {
  const messages = Object.values(errors).flat();
  return unique(ALLOWANCE_KEY in errors ? [...messages, allowanceLine] : messages);
}

export interface BulkProblem {
  /** Messages of `{line}_{field}` keys, by line. */
  byLine: Map<number, string[]>;
  /** Every other message (including the allowance line when an allowance was exceeded). */
  general: string[];
}

/**
 * A bulk add's 400 errors: keys `{line}_{field}` whose line was sent go back onto that row; other keys
 * are whole-file messages. An `Allowance` key (alone or for a line) adds the exceeded-allowance line.
 */
export function splitBulkProblem(
  errors: Record<string, string[]>,
  sentLines: ReadonlySet<number>,
  allowanceLine: string,
): BulkProblem {
  const byLine = new Map<number, string[]>();
  const general: string[] = [];
  let allowance = false;
  for (const [key, messages] of Object.entries(errors)) {
    const match = /^(\d+)_(.+)$/.exec(key);
    const line = match ? Number(match[1]) : undefined;
    if (key === ALLOWANCE_KEY || match?.[2] === ALLOWANCE_KEY) allowance = true;
    if (line !== undefined && sentLines.has(line))
      byLine.set(line, [...(byLine.get(line) ?? []), ...messages]);
    else general.push(...messages);
  }
  if (allowance) general.push(allowanceLine);
  return { byLine, general: unique(general) };
}
