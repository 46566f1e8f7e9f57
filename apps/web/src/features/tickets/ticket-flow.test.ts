import type { Ticket, TicketActionResult } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { initialStage, type TicketEvent, type TicketStage, ticketStageReducer } from './ticket-flow';

const ticket: Ticket = {
  ticketNumber: 'PCN10000003',
  vehicleRegistration: 'AB12CDE',
  siteNumber: '1001',
  siteName: 'Acme Central',
  violationDate: '2026-11-19T10:00:00.000Z',
  reducedAmount: 60,
  permitCovered: false,
};
const result: TicketActionResult = { ticketNumber: 'PCN10000003', status: 'cancelled', reducedAmount: 60 };

const run = (...events: TicketEvent[]): TicketStage => events.reduce(ticketStageReducer, initialStage);

describe('ticketStageReducer', () => {
  it('goes search → confirm → loading → complete, and back to search', () => {
    expect(run({ type: 'found', ticket })).toEqual({ name: 'confirm', ticket });
    expect(run({ type: 'found', ticket }, { type: 'confirm' })).toEqual({ name: 'loading', ticket });
    const complete = run({ type: 'found', ticket }, { type: 'confirm' }, { type: 'succeeded', result });
    expect(complete).toEqual({ name: 'complete', ticket, result });
    expect(ticketStageReducer(complete, { type: 'returnToSearch' })).toEqual({ name: 'search' });
  });

  it('goes to failed when the action fails, and refused when the lookup or the action is refused', () => {
    expect(run({ type: 'found', ticket }, { type: 'confirm' }, { type: 'failed' })).toEqual({
      name: 'failed',
      ticket,
    });
    expect(run({ type: 'refused', ticketNumber: 'PCN10000013', codes: ['Paid'] })).toEqual({
      name: 'refused',
      ticketNumber: 'PCN10000013',
      codes: ['Paid'],
    });
    expect(
      run(
        { type: 'found', ticket },
        { type: 'confirm' },
        { type: 'refused', ticketNumber: ticket.ticketNumber, codes: ['ExceededAllowance'] },
      ),
    ).toMatchObject({ name: 'refused', codes: ['ExceededAllowance'] });
  });

  it('ignores events that do not fit the stage', () => {
    expect(run({ type: 'confirm' })).toEqual(initialStage);
    expect(run({ type: 'succeeded', result })).toEqual(initialStage);
    expect(run({ type: 'failed' })).toEqual(initialStage);
    const confirm = run({ type: 'found', ticket });
    expect(ticketStageReducer(confirm, { type: 'found', ticket: { ...ticket, ticketNumber: 'X' } })).toBe(
      confirm,
    );
    expect(ticketStageReducer(confirm, { type: 'refused', ticketNumber: 'X', codes: ['Paid'] })).toBe(
      confirm,
    );
  });
});
