import { type Problem, type TicketRefusalCode, ticketRefusalCodes } from '@client-portal/contract';

const isRefusalCode = (value: string): value is TicketRefusalCode =>
  (ticketRefusalCodes as readonly string[]).includes(value);

/**
 * The refusal codes of a 400 answer: errors.ticketNumber when present, else the comma-joined detail.
 * Anything else (a 400 without codes, a 5xx) yields none, so the caller treats it as a failure.
 */
export function refusalCodesOf(
  status: number | undefined,
  problem: Problem | undefined,
): TicketRefusalCode[] {
  if (status !== 400 || !problem) return [];
  const listed = problem.errors?.ticketNumber ?? (problem.detail ?? '').split(',');
  return [...new Set(listed.map((code) => code.trim()).filter(isRefusalCode))];
}
