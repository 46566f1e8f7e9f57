import { describe, expect, it } from 'vitest';
import { ticketsMenuEntries } from './components/tickets-menu';
import { ticketsEntryPath } from './tickets-entry';

const user = (featureNames: string[], accessAllSites = false) => ({ featureNames, accessAllSites });
const menu = (u: ReturnType<typeof user>) => ticketsMenuEntries(u).map((entry) => entry.to);

describe('the /tickets entry and menu', () => {
  it('sends users limited to their sites who may act to the overview', () => {
    expect(ticketsEntryPath(user(['Tickets.Cancel']))).toBe('/tickets/overview');
    expect(ticketsEntryPath(user(['Tickets.Reduce']))).toBe('/tickets/overview');
    expect(menu(user(['Tickets.Cancel']))).toEqual(['/tickets/overview', '/tickets/cancel', '/tickets/list']);
  });

  it('sends users with all sites to cancel, or reduce without Cancel, and hides Overview from them', () => {
    expect(ticketsEntryPath(user(['Tickets.Cancel', 'Tickets.Reduce'], true))).toBe('/tickets/cancel');
    expect(ticketsEntryPath(user(['Tickets.Reduce'], true))).toBe('/tickets/reduce');
    expect(menu(user(['Tickets.Cancel', 'Tickets.Reduce'], true))).toEqual([
      '/tickets/cancel',
      '/tickets/reduce',
      '/tickets/list',
    ]);
  });

  it('lists the charges (issue 24) for holders of Cancel or Reduce, never for readers of a history alone', () => {
    expect(menu(user(['Tickets.Reduce']))).toContain('/tickets/list');
    expect(menu(user(['Tickets.ViewCancelled', 'Tickets.ViewReduced']))).not.toContain('/tickets/list');
  });

  it('sends readers of a history alone to that history (issue 24: they had no way in)', () => {
    expect(ticketsEntryPath(user(['Tickets.ViewCancelled']))).toBe('/tickets/cancel');
    expect(menu(user(['Tickets.ViewCancelled']))).toEqual(['/tickets/cancel']);
    expect(ticketsEntryPath(user(['Tickets.ViewReduced']))).toBe('/tickets/reduce');
    expect(menu(user(['Tickets.ViewCancelled', 'Tickets.ViewReduced']))).toEqual([
      '/tickets/cancel',
      '/tickets/reduce',
    ]);
  });

  it('has nowhere to send users without a Tickets feature', () => {
    expect(ticketsEntryPath(user(['Permits.View']))).toBe('/');
    expect(menu(user(['Permits.View']))).toEqual([]);
  });
});
