import { describe, expect, it } from 'vitest';
import { ruleCheck } from './rules.js';
import {
  ticketActionBodySchema,
  ticketActionParamsSchema,
  ticketActionReasonLine,
  ticketActionReasons,
  ticketHistoryQuerySchema,
  ticketListQuerySchema,
  ticketNumberSchema,
  ticketReasonFormSchema,
  ticketSearchTerm,
} from './tickets.js';

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

describe('the tickets list and action reasons (issue 24)', () => {
  it('finds a number however it is typed', () => {
    expect(ticketSearchTerm('10000002')).toBe('10000002');
    expect(ticketSearchTerm('PCN 10000003')).toBe('10000003');
    expect(ticketSearchTerm(' pcn10000003 ')).toBe('10000003');
    expect(ticketSearchTerm('ab12 cde')).toBe('AB12CDE');
    expect(ticketSearchTerm('AB-12_%')).toBe('AB12');
  });

  it('reads the list query field by field, empty values as no filter', () => {
    expect(ticketListQuerySchema.parse({ status: '', siteNumber: 'all', from: '', search: ' ' })).toEqual({
      siteNumber: 'ALL',
      skip: 0,
    });
    expect(ticketListQuerySchema.parse({ status: 'reduced', from: '2026-11-01', to: '2026-11-30' })).toEqual({
      status: 'reduced',
      from: '2026-11-01',
      to: '2026-11-30',
      skip: 0,
    });
    for (const bad of [{ status: 'settled' }, { from: '2026-02-30' }, { sort: 'amountDue' }]) {
      expect(ticketListQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes an action without a body, or with a reason from the list; Other needs a note', () => {
    expect(ticketActionBodySchema.parse(undefined)).toBeUndefined();
    expect(ticketActionBodySchema.parse({})).toEqual({});
    expect(ticketActionBodySchema.parse({ reason: 'staff', extra: 1 })).toEqual({
      reason: 'staff',
      extra: 1,
    });
    expect(ticketActionBodySchema.safeParse({ reason: 'friend' }).success).toBe(false);
    expect(ruleCheck(ticketActionBodySchema, { reason: 'other', note: '  ' })).toEqual([
      { field: 'note', code: 'required', params: {} },
    ]);
    expect(ticketActionBodySchema.parse({ reason: 'other', note: ' Meter fault ' })).toEqual({
      reason: 'other',
      note: 'Meter fault',
    });
    expect(ticketReasonFormSchema.safeParse({ reason: '', note: '' }).success).toBe(false);
  });

  it('says a reason and its note as one line, from one list', () => {
    expect(ticketActionReasons).toHaveLength(7);
    expect(ticketActionReasonLine('permitNotDisplayed')).toBe('Blue Badge or permit not displayed');
    expect(ticketActionReasonLine('other', 'Meter fault')).toBe('Other: Meter fault');
  });
});
