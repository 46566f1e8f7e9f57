import { describe, expect, it } from 'vitest';
import type { PrincipalRecord } from './access-repository.js';
import { apiKeyPrincipal } from './api-key-principal.js';

const creator: PrincipalRecord = {
  userId: '00000000-0000-4000-8000-000000000001',
  email: 'manager@client.example',
  securityStamp: 0,
  accessAllSites: false,
  features: ['Permits.Add', 'Permits.View', 'Self.View', 'Users.Add', 'Users.View'],
  flags: ['Tickets.Receipts'],
  access: ['1001', 'SG01'],
  siteNumbers: ['1001', '1002', '1003'],
  session: null,
};

const key = {
  id: '00000000-0000-4000-8000-000000000009',
  name: 'Rota system',
  features: ['Permits.View', 'Permits.Add', 'Tickets.Cancel', 'Users.View'],
  access: ['1001', 'SG01', 'SG02', '1004'],
  siteNumbers: ['1001', '1002', '1003', '1004', '2001'],
  scim: { roleId: null, roleFeatures: [], access: [] },
};

describe('the principal an API key acts as', () => {
  it('is its creator narrowed to the key: features both hold that a key may hold, places both reach', () => {
    expect(apiKeyPrincipal(key, creator)).toEqual({
      userId: creator.userId,
      email: creator.email,
      sessionId: key.id,
      sessionType: 'identity',
      // Tickets.Cancel: not the creator's; Users.View: never a key's; Self.View: not in the key.
      features: ['Permits.Add', 'Permits.View'],
      flags: [],
      accessAllSites: false,
      access: ['1001', 'SG01'],
      siteNumbers: ['1001', '1002', '1003'],
      apiKey: { id: key.id, name: key.name },
    });
  });

  it('never has all-sites access, even when its creator has', () => {
    const operator = { ...creator, accessAllSites: true };
    const principal = apiKeyPrincipal(key, operator);
    expect(principal.accessAllSites).toBe(false);
    expect(principal.access).toEqual(key.access);
    expect(principal.siteNumbers).toEqual(key.siteNumbers);
  });

  it('holds nothing once its creator holds nothing', () => {
    const bare = { ...creator, features: [], access: [], siteNumbers: [] };
    expect(apiKeyPrincipal(key, bare)).toMatchObject({ features: [], access: [], siteNumbers: [] });
  });

  it('carries the SCIM mapping of a Users.Add key: its sites within the key, the role features the creator holds', () => {
    const scimKey = {
      ...key,
      features: ['Users.Add', 'Permits.View'],
      scim: {
        roleId: 7,
        roleFeatures: ['Permits.Add', 'Permits.View', 'Tickets.Cancel'],
        access: ['1001', '1004'],
      },
    };
    expect(apiKeyPrincipal(scimKey, creator).apiKey).toEqual({
      id: key.id,
      name: key.name,
      scim: { roleId: 7, access: ['1001'], features: ['Permits.Add', 'Permits.View'] },
    });
    // Without Users.Add (the creator's or the key's), the mapping gives nothing.
    const withoutAdd = { ...creator, features: ['Permits.View'] };
    expect(apiKeyPrincipal(scimKey, withoutAdd).apiKey).toEqual({ id: key.id, name: key.name });
  });
});
