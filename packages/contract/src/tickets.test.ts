import { describe, expect, it } from 'vitest';
import { ruleCheck } from './rules.js';
import { ticketActionParamsSchema, ticketHistoryQuerySchema, ticketNumberSchema } from './tickets.js';

describe('ticket numbers', () => {
  it('are compared trimmed and upper-cased', () => {
    expect(ticketNumberSchema.parse(' ab123 ')).toBe('AB123');
  });

  it('are required and at most 12 characters', () => {
    expect(ruleCheck(ticketNumberSchema, '  ')).toEqual([
      { field: '', code: 'required', params: { min: 1 } },
    ]);
    expect(ticketNumberSchema.safeParse('X'.repeat(12)).success).toBe(true);
    expect(ruleCheck(ticketNumberSchema, 'X'.repeat(13))).toEqual([
      { field: '', code: 'maxLength', params: { max: 12 } },
    ]);
  });
});

describe('ticket action parameters', () => {
  it('take Cancel or Pay only', () => {
    expect(ticketActionParamsSchema.parse({ ticketNumber: 't1', action: 'Pay' })).toEqual({
      ticketNumber: 'T1',
      action: 'Pay',
    });
    expect(ticketActionParamsSchema.safeParse({ ticketNumber: 't1', action: 'Reduce' }).success).toBe(false);
  });

  it('the history needs a state and takes its own sort columns only', () => {
    expect(ticketHistoryQuerySchema.parse({ state: 'paid' })).toEqual({ state: 'paid', skip: 0 });
    expect(ticketHistoryQuerySchema.safeParse({}).success).toBe(false);
    expect(ticketHistoryQuerySchema.safeParse({ state: 'paid', sort: 'amount' }).success).toBe(false);
  });
});
