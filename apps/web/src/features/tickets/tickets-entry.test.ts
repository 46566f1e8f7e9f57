import { describe, expect, it } from 'vitest';
import { ticketsMenuEntries } from './components/tickets-menu';
import { ticketsEntryPath } from './tickets-entry';

const user = (featureNames: string[], accessAllSites = false) => ({ featureNames, accessAllSites });

describe('the /tickets entry and menu', () => {
  it('sends users limited to their sites who may act to the overview', () => {
    expect(ticketsEntryPath(user(['Tickets.Cancel']))).toBe('/tickets/overview');
    expect(ticketsEntryPath(user(['Tickets.Reduce']))).toBe('/tickets/overview');
    expect(ticketsMenuEntries(user(['Tickets.Cancel']))).toEqual(['overview', 'cancel']);
  });

  it('sends users with all sites to cancel, or reduce without Cancel, and hides Overview from them', () => {
    expect(ticketsEntryPath(user(['Tickets.Cancel', 'Tickets.Reduce'], true))).toBe('/tickets/cancel');
    expect(ticketsEntryPath(user(['Tickets.Reduce'], true))).toBe('/tickets/reduce');
    expect(ticketsMenuEntries(user(['Tickets.Cancel', 'Tickets.Reduce'], true))).toEqual([
      'cancel',
      'reduce',
    ]);
  });

  it('has nowhere to send users who may not act', () => {
    expect(ticketsEntryPath(user(['Tickets.ViewCancelled']))).toBe('/');
    expect(ticketsMenuEntries(user(['Tickets.ViewCancelled']))).toEqual([]);
  });
});
