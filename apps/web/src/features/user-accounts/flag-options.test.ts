import { type ApplicationRole, flagCatalogue } from '@client-portal/contract';
import { describe, expect, it } from 'vitest';
import { featuresOfRoles, groupFlags, keepOffered, offeredFlags } from './flag-options';

const role = (id: number, features: string[]): ApplicationRole => ({
  applicationRoleId: id,
  name: `Role ${id}`,
  parentApplicationRoleId: null,
  global: true,
  features,
});

const roles = [
  role(1, ['Permits.View', 'Permits.Add', 'Tickets.Cancel']),
  role(2, ['Invoicing.Access']),
  role(3, []),
];
const names = (flags: { normalizedName: string }[]) => flags.map((f) => f.normalizedName);

describe('flag offering', () => {
  it('collects the features of the ticked roles only', () => {
    expect(featuresOfRoles(roles, [2]).sort()).toEqual(['Invoicing.Access']);
    expect(featuresOfRoles(roles, [1, 2]).sort()).toEqual([
      'Invoicing.Access',
      'Permits.Add',
      'Permits.View',
      'Tickets.Cancel',
    ]);
    expect(featuresOfRoles(roles, [])).toEqual([]);
  });

  it('offers nothing while no role with features is ticked', () => {
    expect(offeredFlags(flagCatalogue, featuresOfRoles(roles, []))).toEqual([]);
    expect(offeredFlags(flagCatalogue, featuresOfRoles(roles, [3]))).toEqual([]);
  });

  it('offers a group flag only when a feature of that group is ticked, and *.* for any feature', () => {
    expect(names(offeredFlags(flagCatalogue, featuresOfRoles(roles, [2])))).toEqual(['LatestNewsEmails']);
    expect(names(offeredFlags(flagCatalogue, featuresOfRoles(roles, [1])))).toEqual([
      'TicketActionReceipts',
      'PermitExpiryDigest',
      'LatestNewsEmails',
    ]);
  });

  it('covers a single-feature mask only with that exact feature', () => {
    const flag = { mask: 'Permits.BulkAdd', name: 'Bulk', normalizedName: 'Bulk', description: '' };
    expect(offeredFlags([flag], ['Permits.View'])).toEqual([]);
    expect(offeredFlags([flag], ['Permits.BulkAdd'])).toEqual([flag]);
  });

  it('groups flags by the feature group of their mask, general flags first', () => {
    const groups = groupFlags(flagCatalogue);
    expect(groups.map((g) => [g.group, g.label, names(g.flags)])).toEqual([
      [null, null, ['LatestNewsEmails']],
      ['Permits', 'Vehicle permits', ['PermitExpiryDigest']],
      ['Tickets', 'Parking charge notices', ['TicketActionReceipts']],
    ]);
  });

  it('drops a ticked flag that the roles no longer cover', () => {
    const offered = offeredFlags(flagCatalogue, featuresOfRoles(roles, [2]));
    expect(keepOffered(['TicketActionReceipts', 'LatestNewsEmails'], offered)).toEqual(['LatestNewsEmails']);
  });
});
